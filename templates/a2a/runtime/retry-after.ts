// An error that says "nothing was done, send the same request again in a moment": the task memory
// budget full (server.tasks.memoryBytes), the task store unreachable before anything changed. It
// carries `retryAfterSeconds` in its data, and each binding says it its own way: JSON-RPC in the
// message and data, HTTP+JSON as 503 with `Retry-After`, gRPC as UNAVAILABLE. An error after which
// sending again would repeat work (a task's changes kept for later) carries no such hint.

/** The data field that marks an error as worth retrying, in seconds. */
export const RETRY_AFTER_FIELD = 'retryAfterSeconds';

/** The seconds to wait before sending the same request again, when the error says it is safe to. */
export function retryAfterOf(error: { data?: unknown }): number | undefined {
  const data = error.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const seconds = (data as Record<string, unknown>)[RETRY_AFTER_FIELD];
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
