// Keeps a stream going across broken connections: when the connection drops before the
// interaction is final, the stream continues from `tasks/resubscribe` (whose first event is
// the task as it stands now). Errors from the agent itself are not retried.
import { endsInteraction, eventTaskId, isArtifactUpdate, isMessage, isStatusUpdate, isTask, stateOf, statusEndsInteraction } from '../runtime/objects.js';
import { unwrapResult } from '../runtime/result-members.js';
import { A2ATransportError } from './client-errors.js';

export interface ResumeOptions {
  /** Reconnections allowed in a row. Default 3. */
  retries?: number;
  /** Delay before the first reconnection, ms; doubles each time. Default 250. */
  delayMs?: number;
  signal?: AbortSignal;
}

export async function* resumable<T>(
  open: () => AsyncIterable<T>,
  resubscribe: (taskId: string) => AsyncIterable<T>,
  options: ResumeOptions = {},
): AsyncGenerator<T, void, undefined> {
  let taskId: string | undefined;
  let final = false;
  let failures = 0;
  let source = open();
  for (;;) {
    try {
      for await (const event of source) {
        failures = 0;
        // v1.0 streams carry each event in its member ({ task }, { statusUpdate }, …): read what it holds.
        const held = unwrapResult(event);
        if (isTask(held)) {
          taskId = held.id;
          // A task waiting for input ends the interaction too: there is nothing to resume.
          final = endsInteraction(String(stateOf(held)));
        } else if (isStatusUpdate(held)) {
          taskId = eventTaskId(held);
          final = statusEndsInteraction(held);
        } else if (isArtifactUpdate(held)) taskId = eventTaskId(held);
        else if (isMessage(held)) final = taskId === undefined;
        yield event;
      }
      return;
    } catch (err) {
      const broken = err instanceof A2ATransportError && err.reason === 'network';
      if (!broken || final || taskId === undefined || failures >= (options.retries ?? 3) || options.signal?.aborted) throw err;
      await backoff((options.delayMs ?? 250) * 2 ** failures, options.signal);
      if (options.signal?.aborted) throw new A2ATransportError('the stream was aborted while reconnecting', 'aborted', { cause: options.signal.reason });
      failures++;
      source = resubscribe(taskId);
    }
  }
}

/** Waits `ms`, or less when `signal` aborts meanwhile. */
function backoff(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
