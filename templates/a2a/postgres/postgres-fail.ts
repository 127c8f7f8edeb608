// Ending a stored task as `failed`, with a message that says why, when its execution is gone: a
// dead replica's orphan (postgres-replica.ts), a task whose latest writes the database lost or
// whose change it refused (postgres-store.ts). The status update is the task's final event: its followers end with it.
// And finding out whether a write whose answer was lost reached the row after all.
import { contextIdOf, createMessage, createStatusUpdate, states } from '../runtime/objects.js';
import { shapeOf } from '../runtime/shapes.js';
import type { Task } from '../types.js';
import type { StreamEvent } from '../server/tasks/task-run.js';
import type pg from 'pg';
import { batchRow, writeBatch } from './postgres-batch.js';
import { rowOf } from './postgres-row.js';

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

/** The row's version when the write with `token` is the last one that reached it. */
export async function committedBy(pool: pg.Pool, taskId: string, token: string | undefined): Promise<number | undefined> {
  if (!token) return undefined;
  const { rows } = await pool.query<{ version: string; write_token: string }>('SELECT version, write_token FROM a2a_tasks WHERE id = $1', [taskId]);
  return rows[0]?.write_token === token ? Number(rows[0].version) : undefined;
}

/**
 * A task lost while the database still names this replica as its runner — its latest commits
 * were lost (a failover), no other replica took it over — would stay `running` for ever: no
 * sweep takes a live replica's tasks for orphans. It fails here, with one versioned write on
 * the row as it now is (the lost writer stays, refusing what the stopped execution still saves).
 */
export async function failIfStillOurs(
  taskId: string,
  store: {
    load(taskId: string): Promise<Task | undefined>;
    pool: pg.Pool;
    replicaId: string;
    log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
  },
  text = 'The database lost the latest changes of this task (it went back to an earlier version), so its work was stopped. Send the message again.',
): Promise<void> {
  try {
    const task = await store.load(taskId);
    const row = task && rowOf(task);
    if (!task || !row?.running || row.runner !== store.replicaId) return;
    const event = markFailed(task, text);
    const written = await writeBatch(store.pool, store.replicaId, [
      batchRow(task, { expected: row.version, running: false, bytes: 0, events: [{ e: event, f: true }], notify: true }),
    ]);
    if (written.has(taskId)) store.log('warn', `a2a: task ${taskId} failed: ${text}`);
  } catch (err) {
    store.log('error', `a2a: could not fail task ${taskId} (${text})`, err);
  }
}
