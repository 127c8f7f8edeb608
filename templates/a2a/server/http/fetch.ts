// The Fetch API adapter: `(Request) => Promise<Response>`, for Deno, Bun, Cloudflare Workers,
// Node's own fetch-style servers and tests. SSE becomes a ReadableStream; the request's
// signal tells the core when the client is gone.
import { BodyChunks, declaredTooLarge, tooLarge, tooSlow } from './body-limit.js';
import type { Core } from '../core.js';
import type { CoreRequest } from './request.js';

export type FetchHandler = (request: Request) => Promise<Response>;

/** A stream's queue measured in bytes, with no mark to fill: desiredSize is minus what waits for the consumer. */
const UNSENT_BYTES: QueuingStrategy<Uint8Array> = { highWaterMark: 0, size: (chunk) => chunk.byteLength };

async function readLimited(request: Request, limit: number, timeoutMs: number): Promise<Uint8Array> {
  const refused = declaredTooLarge(request.headers.get('content-length'), limit);
  if (refused) throw refused;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks = new BodyChunks(limit);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow(timeoutMs)), timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      if (!chunks.add(value)) throw tooLarge(limit);
    }
  } catch (err) {
    void reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return chunks.bytes();
}

export function toFetchHandler(core: Core, options: { bodyTimeoutMs: number }): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    const coreRequest: CoreRequest = {
      method: request.method.toUpperCase(),
      path: url.pathname,
      query: url.search.slice(1),
      header: (name) => request.headers.get(name) ?? undefined,
      readBody: (limit) => readLimited(request, limit, options.bodyTimeoutMs),
      onDisconnect: (callback) => request.signal?.addEventListener('abort', callback, { once: true }),
    };
    const response = await core(coreRequest);
    if (!response.stream)
      return new Response(request.method === 'HEAD' ? null : (response.body ?? null), { status: response.status, headers: response.headers });
    const source = response.stream;
    const encoder = new TextEncoder();
    let closeCallbacks: (() => void)[] = [];
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      const callbacks = closeCallbacks;
      closeCallbacks = [];
      for (const cb of callbacks) cb();
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          request.signal?.addEventListener('abort', close, { once: true });
          source.start({
            write(chunk) {
              if (closed) return 0;
              const bytes = encoder.encode(chunk);
              controller.enqueue(bytes);
              return bytes.byteLength;
            },
            // What the consumer has not read yet: the queue counts bytes above a mark of 0.
            unsent: () => -(controller.desiredSize ?? 0),
            end() {
              if (closed) return;
              controller.close();
              close();
            },
            // Also after end(): the queue a consumer has not read is dropped.
            abort() {
              controller.error(new Error('the stream was closed: its client was not reading it'));
              close();
            },
            onClose(callback) {
              if (closed) callback();
              else closeCallbacks.push(callback);
            },
          });
        },
        cancel: close,
      },
      UNSENT_BYTES,
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };
}
