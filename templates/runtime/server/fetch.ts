// The Fetch API adapter: `(Request) => Promise<Response>`, for Deno, Bun, Cloudflare Workers,
// Node's own fetch-style servers and tests. SSE becomes a ReadableStream; the request's
// signal tells the core when the client is gone.
import { BodyError, type Core, type CoreRequest } from './core.js';

export type FetchHandler = (request: Request) => Promise<Response>;

async function readLimited(request: Request, limit: number, timeoutMs: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw new BodyError(413, `the request body is ${declared} bytes; the limit is ${limit} (server.limits.bodyBytes)`, 'bodyBytes');
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyError(408, `the request body did not arrive within ${timeoutMs} ms (limit server.limits.requestTimeoutMs)`, 'requestTimeoutMs')), timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new BodyError(413, `the request body is larger than ${limit} bytes (limit server.limits.bodyBytes)`, 'bodyBytes');
      chunks.push(value);
    }
  } catch (err) {
    void reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
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
    if (!response.stream) return new Response(request.method === 'HEAD' ? null : (response.body ?? null), { status: response.status, headers: response.headers });
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
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        request.signal?.addEventListener('abort', close, { once: true });
        source.start({
          write(chunk) {
            if (!closed) controller.enqueue(encoder.encode(chunk));
          },
          end() {
            if (closed) return;
            controller.close();
            close();
          },
          onClose(callback) {
            if (closed) callback();
            else closeCallbacks.push(callback);
          },
        });
      },
      cancel: close,
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}
