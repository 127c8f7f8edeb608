// Ending a stored task as `failed`, with a message that says why, when its execution is gone: a
// dead replica's orphan (postgres-replica.ts) or a task whose latest writes the database lost
// (postgres-store.ts). The status update is the task's final event: its followers end with it.
import { createMessage, createStatusUpdate, states, type Loose } from '../runtime/objects.js';
import type { Task } from '../types.js';
import type { StreamEvent } from '../server/task-run.js';

/** Sets the task's status to failed with `text` (also added to its history); answers the event to store with it. */
export function markFailed(task: Task, text: string): StreamEvent {
  const t = task as unknown as Loose;
  const contextId = t.contextId as string | undefined;
  const message = createMessage('agent', text, { taskId: task.id, contextId });
  const event = createStatusUpdate(task.id, contextId, { state: states.failed, message }, true);
  t.status = (event as unknown as Loose).status;
  ((t.history ??= []) as unknown[]).push(message);
  return event as unknown as StreamEvent;
}
