// How a database failure reaches a client: one JSON-RPC error that says what happened and what
// to do, never a driver's stack or a hang. An unreachable database is -32603 "unavailable": for a
// read or a change that did nothing, "try again"; for a task's writes, which are kept and written
// once it is back, "do not send again, read the task" — so what the client is told matches what
// is stored in the end. A data error (SQLSTATE class 22: text PostgreSQL cannot hold, such as a NUL character)
// is no outage — the same statement would fail for ever — so it says the data was refused. A
// JSON-RPC error raised on purpose (a conflict) passes through unchanged.
import { errorFor, JsonRpcError } from '../errors.js';
import { clip } from '../runtime/clip.js';
import { RETRY_AFTER_FIELD } from '../runtime/retry-after.js';

/** A data error (SQLSTATE class 22, e.g. 22P05 "unsupported Unicode escape", 22021 "invalid byte sequence"): retrying cannot help. */
export const isDataError = (err: unknown): boolean => /^22[0-9A-Z]{3}$/.test(String((err as { code?: unknown } | undefined)?.code ?? ''));

/**
 * What a failed statement was doing, for the client's instructions: a read or a change that did
 * nothing (send the request again), or a task's writes, kept in order and written once the
 * database is back (do not send again: read the task to see its outcome).
 */
export type StoreAction = 'read' | 'change' | { keptTask: string };

export function storeError(err: unknown, action: StoreAction): JsonRpcError {
  if (err instanceof JsonRpcError) {
    // A task's kept writes met by a change that is not kept (a push config waiting for its task's row): said again for the change.
    const data = err.data as { store?: unknown; reason?: unknown; taskId?: unknown } | undefined;
    if (typeof action === 'string' && data?.store === 'postgres' && typeof data.taskId === 'string') return outageError(String(data.reason), action);
    return err;
  }
  const e = err as { code?: string; message?: string } | undefined;
  const reason = e?.code ?? e?.message ?? 'no answer in time';
  if (isDataError(err)) return dataError(reason, action === 'read' ? 'read' : 'write');
  return outageError(reason, action);
}

function outageError(reason: string, action: StoreAction): JsonRpcError {
  const unavailable = `the task store (PostgreSQL) is unavailable (${reason})`;
  if (typeof action === 'string') {
    // Nothing happened: the same request may be sent again (HTTP+JSON 503 with Retry-After, gRPC UNAVAILABLE).
    const outcome = action === 'read' ? 'nothing was read' : 'nothing was changed';
    return new JsonRpcError(-32603, `${unavailable}; ${outcome} — try again shortly`, { store: 'postgres', reason, [RETRY_AFTER_FIELD]: 1 });
  }
  const taskId = action.keptTask;
  return new JsonRpcError(
    -32603,
    `${unavailable}; the changes of task ${clip(taskId)} are kept and written once it is back — do not send them again: get the task by its id in a moment to see its outcome`,
    { store: 'postgres', reason, taskId },
  );
}

/** PostgreSQL refused the data itself: a read's input is invalid params, a write is not kept (nor retried). */
export function dataError(reason: string, what: 'read' | 'write', taskId?: string): JsonRpcError {
  const data = { store: 'postgres', reason };
  if (what === 'read') return errorFor('invalidParams', `the task store (PostgreSQL) cannot search for this text (${reason}); nothing was read`, data);
  const subject = taskId === undefined ? 'the change' : `a change of task ${clip(taskId)}`;
  return new JsonRpcError(
    -32603,
    `the task store (PostgreSQL) refused ${subject} (${reason}: data it cannot store); it was not stored and will not be retried`,
    data,
  );
}

/** Another replica changed the row under this one: this replica's change is not saved. */
export const conflictError = (taskId: string): JsonRpcError =>
  new JsonRpcError(-32603, `task ${taskId} was changed by another replica at the same time; this replica's change was not saved — read the task again`);
