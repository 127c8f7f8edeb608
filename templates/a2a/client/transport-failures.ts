// How the transport tells failures apart (worth a retry or not, the caller's abort or the
// network) and waits between retries. Kept apart from transport.ts, which sends the calls.
import { A2AHttpError, A2ATransportError } from './client-errors.js';

const RETRYABLE_STATUS = new Set([502, 503, 504]);

/** A promise rejected when the signal aborts (never, without one); `dispose()` detaches it. */
export function abortPromise(signal: AbortSignal | undefined, method: string): { promise: Promise<never>; dispose(): void } | undefined {
  if (!signal) return undefined;
  let onAbort = (): void => undefined;
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(new A2ATransportError(`${method}: aborted`, 'aborted', { cause: signal.reason }));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

export function transportError(err: unknown, userSignal: AbortSignal | undefined, what: string): Error {
  if (err instanceof A2ATransportError) return err;
  if (userSignal?.aborted) return new A2ATransportError(`${what}: aborted`, 'aborted', { cause: userSignal.reason });
  return new A2ATransportError(`${what}: ${(err as Error)?.message ?? String(err)}`, 'network', { cause: err });
}

export function isRetryable(err: unknown): boolean {
  if (err instanceof A2ATransportError) return err.reason === 'network';
  return err instanceof A2AHttpError && RETRYABLE_STATUS.has(err.status);
}

export function retryDelay(attempt: number, base: number): number {
  // Exponential backoff with jitter, so that many clients do not retry in step.
  return Math.min(base * 2 ** attempt, 5000) * (0.75 + Math.random() / 2);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new A2ATransportError('aborted', 'aborted', { cause: signal.reason }));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new A2ATransportError('aborted', 'aborted', { cause: signal?.reason }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
