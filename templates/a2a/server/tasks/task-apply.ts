// How events change a stored task: history kept to its limit, artifacts added, replaced or
// extended in place. Each function charges the budget before it changes anything.
import { artifactEventParts } from '../../runtime/objects.js';
import { shapeOf, type ArtifactShape, type Loose } from '../../runtime/shapes.js';
import type { Message, Task, TaskArtifactUpdateEvent } from '../../types.js';
import type { TaskBudget } from './task-budget.js';
import { sizeOf } from './task-size.js';

/** Appends to the history and drops the oldest messages past `maxHistory` (their bytes are freed). */
export function appendHistory(task: Task, message: Message, maxHistory: number, budget: TaskBudget): void {
  const history = (shapeOf(task).history ??= []);
  history.push(shapeOf(message));
  if (history.length > maxHistory) {
    for (const dropped of history.splice(0, history.length - maxHistory)) budget.bytes -= sizeOf(dropped);
  }
}

/** Applies an artifact-update event; true when it added a new artifact to the task. */
export function applyArtifact(task: Task, event: TaskArtifactUpdateEvent, budget: TaskBudget): boolean {
  const { artifact, key, append } = artifactEventParts(event);
  const artifacts = (shapeOf(task).artifacts ??= []);
  const at = artifacts.findIndex((a) => String(a.artifactId ?? a.index ?? 0) === key);
  const parts = shapeOf(artifact).parts ?? [];
  if (at >= 0 && append) {
    budget.grow(sizeOf(parts), 'an artifact chunk');
    // In place: a stream of n chunks costs O(n), not O(n²) copies of the parts so far.
    const stored = artifacts[at];
    if (Array.isArray(stored.parts)) for (const part of parts) stored.parts.push(part);
    else stored.parts = [...parts];
    return false;
  }
  const stored = storedArtifact(shapeOf(artifact), parts);
  const size = sizeOf(stored);
  budget.grow(at < 0 ? size : size - sizeOf(artifacts[at]), 'an artifact');
  if (at >= 0) {
    artifacts[at] = stored;
    return false;
  }
  artifacts.push(stored);
  return true;
}

/** The artifact as the task keeps it: the event's, without the chunk flags, with parts of its own. */
function storedArtifact(artifact: ArtifactShape, parts: Loose[]): ArtifactShape {
  // A plain spread (a fast clone, and safe for a `__proto__` key); delete only where the
  // version keeps the flags on the artifact (v0.1.0), as delete slows the object down.
  const stored: ArtifactShape = { ...artifact };
  stored.parts = parts.slice();
  if ('append' in stored) delete stored.append;
  if ('lastChunk' in stored) delete stored.lastChunk;
  return stored;
}
