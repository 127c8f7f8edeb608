// Ending a stored task as `failed`, with a message that says why, when its execution is gone: a
// dead replica's orphan (postgres-replica.ts) or a task whose latest writes the database lost
// (postgres-store.ts). The status update is the task's final event: its followers end with it.
import { contextIdOf, createMessage, createStatusUpdate, states } from '../runtime/objects.js';
import { shapeOf } from '../runtime/shapes.js';
import type { Task } from '../types.js';
import type { StreamEvent } from '../server/tasks/task-run.js';

/** Sets the task's status to failed with `text` (also added to its history); answers the event to store with it. */
export function markFailed(task: Task, text: string): StreamEvent {
  const t = shapeOf(task);
  const contextId = contextIdOf(task);
  const message = createMessage('agent', text, { taskId: task.id, contextId });
  const event = createStatusUpdate(task.id, contextId, { state: states.failed, message }, true);
  t.status = shapeOf(event).status;
  (t.history ??= []).push(shapeOf(message));
  return event;
}
