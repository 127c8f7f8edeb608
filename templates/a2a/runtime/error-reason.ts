// The reason an error has in a google.rpc.ErrorInfo (spec v1.0 §3.3.2, §11.6): its type in
// UPPER_SNAKE_CASE without the "Error" suffix — `TaskNotFoundError` → `TASK_NOT_FOUND`. The
// server writes it; a client reads it back to find the error's code over HTTP+JSON, where the
// code itself is not sent.

/** The reason of an error class by its name (`ERROR_<code>` for an error of no known type). */
export function errorReason(name: string, code: number): string {
  const base = name === 'JsonRpcError' ? `ERROR_${Math.abs(code)}` : name.replace(/Error$/, '');
  return base
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
}
