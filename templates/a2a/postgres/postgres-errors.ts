// How a database failure reaches a client: one JSON-RPC error that says what happened and what
// to do, never a driver's stack or a hang. An unreachable database is -32603 "unavailable, try
// again"; a data error (SQLSTATE class 22: text PostgreSQL cannot hold, such as a NUL character)
// is no outage — the same statement would fail for ever — so it says the data was refused. A
// JSON-RPC error raised on purpose (a conflict) passes through unchanged.
import { errorFor, JsonRpcError } from '../errors.js';

/** A data error (SQLSTATE class 22, e.g. 22P05 "unsupported Unicode escape", 22021 "invalid byte sequence"): retrying cannot help. */
export const isDataError = (err: unknown): boolean => /^22[0-9A-Z]{3}$/.test(String((err as { code?: unknown } | undefined)?.code ?? ''));

export function storeError(err: unknown, what: 'read' | 'write'): JsonRpcError {
  if (err instanceof JsonRpcError) return err;
  const e = err as { code?: string; message?: string } | undefined;
  const reason = e?.code ?? e?.message ?? 'no answer in time';
  if (isDataError(err)) return dataError(reason, what);
  const outcome = what === 'read' ? 'nothing was read' : 'the change is kept and written once it is back';
  return new JsonRpcError(-32603, `the task store (PostgreSQL) is unavailable (${reason}); ${outcome} — try again shortly`, { store: 'postgres', reason });
}

/** PostgreSQL refused the data itself: a read's input is invalid params, a write is not kept (nor retried). */
export function dataError(reason: string, what: 'read' | 'write', taskId?: string): JsonRpcError {
  const data = { store: 'postgres', reason };
  if (what === 'read') return errorFor('invalidParams', `the task store (PostgreSQL) cannot search for this text (${reason}); nothing was read`, data);
  const subject = taskId === undefined ? 'the change' : `a change of task ${taskId.slice(0, 64)}`;
  return new JsonRpcError(
    -32603,
    `the task store (PostgreSQL) refused ${subject} (${reason}: data it cannot store); it was not stored and will not be retried`,
    data,
  );
}

/** Another replica changed the row under this one: this replica's change is not saved. */
export const conflictError = (taskId: string): JsonRpcError =>
  new JsonRpcError(-32603, `task ${taskId} was changed by another replica at the same time; this replica's change was not saved — read the task again`);
