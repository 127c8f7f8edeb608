// One HTTP exchange of the transport: the request sent with a time limit and the caller's
// AbortSignal wired to it until the connection is closed. Kept apart from transport.ts, which
// decides what to send, when to retry and how to read the answer.
import { A2ATransportError } from './client-errors.js';
import { transportError } from './transport-failures.js';

export interface Connection {
  response: Response;
  /** Aborted by the time limit or the caller's signal; its reason says which. */
  signal: AbortSignal;
  stopTimer(): void;
  close(): void;
}

export interface HttpRequest {
  url: string;
  verb: string;
  headers: Record<string, string> | Headers;
  body: string | undefined;
}

/**
 * Sends the request. The returned connection keeps the caller's signal (and, until
 * `stopTimer()`, the time limit) wired to the request until `close()`. A network failure comes
 * back as a value when the caller may retry (`mayRetry`), and is thrown otherwise.
 */
export async function openConnection(
  fetchImpl: typeof fetch,
  request: HttpRequest,
  method: string,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  mayRetry: boolean,
): Promise<Connection | Error> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(
    () => controller.abort(new A2ATransportError(`no response to ${method} within ${timeoutMs} ms`, 'timeout')),
    timeoutMs,
  );
  const forward = (): void => controller.abort(new A2ATransportError(`${method}: aborted`, 'aborted', { cause: callerSignal?.reason }));
  if (callerSignal?.aborted) forward();
  callerSignal?.addEventListener('abort', forward, { once: true });
  const connection: Connection = {
    response: undefined as unknown as Response,
    signal: controller.signal,
    stopTimer: () => {
      clearTimeout(timer);
      timer = undefined;
    },
    close: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forward);
    },
  };
  try {
    connection.response = await fetchImpl(request.url, { method: request.verb, headers: request.headers, body: request.body, signal: controller.signal });
    return connection;
  } catch (err) {
    connection.close();
    const error = transportError(controller.signal.reason instanceof A2ATransportError ? controller.signal.reason : err, callerSignal, `${method} failed`);
    if (mayRetry) return error;
    throw error;
  }
}
