// How a database failure reaches a client: one JSON-RPC internal error (-32603) that says the
// task store is unreachable and what to do, never a driver's stack or a hang. A JSON-RPC error
// raised on purpose (a conflict) passes through unchanged.
import { JsonRpcError } from '../errors.js';

export function storeError(err: unknown, what: 'read' | 'write'): JsonRpcError {
  if (err instanceof JsonRpcError) return err;
  const e = err as { code?: string; message?: string } | undefined;
  const reason = e?.code ?? e?.message ?? 'no answer in time';
  const outcome = what === 'read' ? 'nothing was read' : 'the change is kept and written once it is back';
  return new JsonRpcError(-32603, `the task store (PostgreSQL) is unavailable (${reason}); ${outcome} — try again shortly`, { store: 'postgres', reason });
}
