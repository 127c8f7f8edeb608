// What a caller is told when the executor throws. A JsonRpcError is the executor's answer;
// another agent's failure and errors marked `expose` are safe to tell; anything else stays in
// the agent's log and the caller learns only that it was internal.
import { JsonRpcError } from '../../errors.js';

/** A JsonRpcError thrown by an executor is its answer; anything else is an internal error. */
export function describeFailure(error: unknown): { message: string; expected: boolean } {
  if (error instanceof JsonRpcError) return { message: error.message, expected: true };
  const e = error as { name?: unknown; message?: unknown; expose?: unknown } | null;
  const text = typeof e?.message === 'string' ? e.message.slice(0, 500) : '';
  // Another agent's failure, as the generated client reports it, is no secret of this one: the
  // caller learns what failed and that it was downstream (the tutorial's relay, say).
  if (typeof e?.name === 'string' && DOWNSTREAM_ERRORS.has(e.name)) return { message: `A call to another agent failed (${e.name}): ${text}`, expected: false };
  // The http-errors convention: an error the author marked as fit for the caller.
  if (e?.expose === true && text) return { message: text, expected: false };
  return { message: "The agent failed while working on this task (an internal error; the agent's log has the details).", expected: false };
}

/** The generated client's errors (client/client-errors.ts), known by name across module copies. */
const DOWNSTREAM_ERRORS = new Set(['A2ATransportError', 'A2AHttpError', 'A2AResponseValidationError', 'A2ATaskStateError']);
