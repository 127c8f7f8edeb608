// The node:http adapter: IncomingMessage/ServerResponse ↔ the core, with no Fetch objects on
// the way. Bodies are read with a size limit and a deadline (a body that trickles in byte by
// byte is cut off and its socket freed); SSE writes made in one tick leave in one packet.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
// The timers module's own setImmediate: test tools that fake the global timers leave it alone,
// so answers still leave under vi.useFakeTimers().
import { setImmediate } from 'node:timers';
import { BodyChunks, declaredTooLarge, tooLarge, tooSlow } from './body-limit.js';
import { BodyError, type Core, type CoreRequest, type CoreResponse } from './core.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export interface NodeAdapterOptions {
  /** Time allowed to receive a whole request body (0: the server enforces it, as listen() sets up). */
  bodyTimeoutMs: number;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

class NodeRequest implements CoreRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;

  constructor(
    private readonly req: IncomingMessage & { body?: unknown },
    private readonly res: ServerResponse,
    private readonly bodyTimeoutMs: number,
    url: string,
  ) {
    this.method = req.method ?? 'GET';
    const q = url.indexOf('?');
    this.path = q < 0 ? url : url.slice(0, q);
    this.query = q < 0 ? '' : url.slice(q + 1);
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  get peerCertificate(): unknown {
    const socket = this.req.socket as TLSSocket;
    if (typeof socket.getPeerCertificate !== 'function' || !socket.authorized) return undefined;
    const cert = socket.getPeerCertificate();
    return cert && Object.keys(cert).length > 0 ? cert : undefined;
  }

  onDisconnect(callback: () => void): void {
    this.res.once('close', () => {
      if (!this.res.writableFinished) callback();
    });
  }

  readBody(limit: number): Promise<Uint8Array> {
    // Frameworks that already parsed the body (express.json()) leave it on req.body.
    const parsed = this.req.body;
    if (parsed !== undefined && (this.req.readableEnded || this.req.complete)) {
      const bytes = typeof parsed === 'string' ? Buffer.from(parsed) : parsed instanceof Uint8Array ? parsed : Buffer.from(JSON.stringify(parsed));
      return bytes.length > limit ? Promise.reject(tooLarge(limit)) : Promise.resolve(bytes);
    }
    const refused = declaredTooLarge(this.req.headers['content-length'], limit);
    if (refused) return Promise.reject(refused);
    const req = this.req;
    return new Promise((resolve, reject) => {
      const chunks = new BodyChunks(limit);
      let settled = false;
      const finish = (error?: BodyError): void => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        if (error) {
          // Stop reading: the response says why, then the connection closes.
          req.pause();
          reject(error);
        } else resolve(chunks.bytes());
      };
      const timeoutMs = this.bodyTimeoutMs;
      const timer = timeoutMs > 0 ? setTimeout(() => finish(tooSlow(timeoutMs)), timeoutMs) : undefined;
      // Listeners stay until the request is garbage: removing them costs more than it saves.
      req.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (!chunks.add(chunk)) finish(tooLarge(limit));
      });
      req.on('end', () => finish());
      req.on('error', () => finish(new BodyError(400, 'the request body could not be read')));
      req.on('aborted', () => finish(new BodyError(400, 'the client aborted the request')));
    });
  }
}

export function toNodeHandler(core: Core, options: NodeAdapterOptions): NodeHandler {
  return (req, res) => {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const request = new NodeRequest(req, res, options.bodyTimeoutMs, url);
    core(request).then(
      (response) => send(res, req, response),
      (err) => {
        options.log('error', 'a2a: request failed', err);
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}');
        } else res.destroy();
      },
    );
  };
}

/**
 * Unary answers made during one turn of the event loop are written together at its end
 * (setImmediate runs once the turn's I/O callbacks and their promise jobs are done). Under
 * load, answers written one by one as each is ready land with a peer that has just gone idle
 * again, and each socket write then pays for waking it; written back to back, only the first
 * does (bench/README.md "Answers written at the end of the turn": T 1.3× on loopback). An
 * answer waits at most for the rest of its turn's work, and nothing when it is alone.
 */
const answers: [ServerResponse, IncomingMessage, CoreResponse][] = [];

function writeAnswers(): void {
  const batch = answers.splice(0);
  for (const [res, req, response] of batch) {
    try {
      writeAnswer(res, req, response);
    } catch {
      res.destroy();
    }
  }
}

function writeAnswer(res: ServerResponse, req: IncomingMessage, response: CoreResponse): void {
  if (res.destroyed) return;
  const closing = response.headers.connection === 'close';
  // Headers set one by one, not through writeHead: then end() sends the body with a
  // Content-Length rather than as one chunk of a chunked response (less to write and parse).
  res.statusCode = response.status;
  const { headers } = response;
  for (const name in headers) res.setHeader(name, headers[name]);
  if (req.method === 'HEAD') {
    // The length a GET would get (RFC 9110 §9.3.2), without the body.
    if (response.body !== undefined) res.setHeader('content-length', Buffer.byteLength(response.body));
    res.end();
  } else res.end(response.body);
  // A refused body may still be arriving: drop the connection rather than read it.
  if (closing) res.once('finish', () => req.socket.destroySoon?.());
}

function send(res: ServerResponse, req: IncomingMessage, response: CoreResponse): void {
  if (res.destroyed) return;
  if (!response.stream) {
    if (answers.length === 0) setImmediate(writeAnswers);
    answers.push([res, req, response]);
    return;
  }
  res.writeHead(response.status, response.headers);
  // Events written in the same tick leave as one chunk (one write, one chunk header), at the
  // end of that tick: nothing waits longer than the code that produced it.
  let pending = '';
  const flush = (): void => {
    const chunk = pending;
    pending = '';
    if (!closed && chunk) res.write(chunk);
  };
  const closeCallbacks: (() => void)[] = [];
  let closed = false;
  const onClose = (): void => {
    if (closed) return;
    closed = true;
    for (const cb of closeCallbacks.splice(0)) cb();
  };
  res.on('close', onClose);
  response.stream.start({
    write(chunk) {
      if (closed) return;
      if (pending === '') process.nextTick(flush);
      pending += chunk;
    },
    end() {
      if (closed) return;
      flush();
      res.end();
    },
    onClose(callback) {
      if (closed) callback();
      else closeCallbacks.push(callback);
    },
  });
  // The headers leave with the first events when the stream starts with some; otherwise on
  // their own, so the client knows at once that its stream is open.
  process.nextTick(() => {
    if (!closed && !res.headersSent) res.flushHeaders();
  });
}
