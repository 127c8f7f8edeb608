// The node:http adapter: IncomingMessage/ServerResponse ↔ the core, with no Fetch objects on
// the way. Bodies are read with a size limit and a deadline (a body that trickles in byte by
// byte is cut off and its socket freed); what one turn of the event loop writes leaves at its end.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
// The timers module's own setImmediate: test tools that fake the global timers leave it alone,
// so answers still leave under vi.useFakeTimers().
import { setImmediate } from 'node:timers';
import { BodyChunks, declaredTooLarge, tooLarge, tooSlow } from './body-limit.js';
import type { Core } from '../core.js';
import { BodyError, type CoreRequest, type CoreResponse } from './request.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export interface NodeAdapterOptions {
  /** Time allowed to receive a whole request body (0: the server enforces it, as listen() sets up). */
  bodyTimeoutMs: number;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

/** The client certificate of a TLS connection that verified it against the server's CAs (mutual TLS); undefined otherwise. */
export function verifiedPeerCertificate(socket: unknown): unknown {
  const tls = socket as Partial<TLSSocket> | undefined;
  if (typeof tls?.getPeerCertificate !== 'function' || !tls.authorized) return undefined;
  const cert = tls.getPeerCertificate();
  return cert && Object.keys(cert).length > 0 ? cert : undefined;
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
    return verifiedPeerCertificate(this.req.socket);
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
      (response) => send(res, req, response, options.log),
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
 * What the adapter writes — unary answers, stream events, stream ends — leaves at the end of
 * the event-loop turn that produced it (setImmediate runs once the turn's I/O callbacks and
 * their promise jobs are done), everything of that turn back to back. Under load, answers
 * written one by one as each is ready land with a peer that has just gone idle again, and each
 * socket write then pays for waking it; written back to back, only the first does (a bare
 * server spinning 20 µs per request: writev 29 µs per answer one by one, 6 µs batched;
 * bench/README.md "Writes at the end of the turn"). A write waits at most for the rest of its
 * turn's work, and nothing when it is alone. The events of a stream made in one turn also
 * leave as one chunk (one write, one chunk header).
 */
const endOfTurn: (() => void)[] = [];

function atEndOfTurn(job: () => void): void {
  if (endOfTurn.length === 0) setImmediate(runEndOfTurn);
  endOfTurn.push(job);
}

function runEndOfTurn(): void {
  for (const job of endOfTurn.splice(0)) job();
}

type Log = NodeAdapterOptions['log'];

function writeAnswer(res: ServerResponse, req: IncomingMessage, response: CoreResponse, log: Log): void {
  if (res.destroyed) return;
  try {
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
  } catch (err) {
    // A header the answer cannot carry (an extra route's own), say: the client gets a reset, the log why.
    log('error', 'a2a: an answer could not be written', err);
    res.destroy();
  }
}

function send(res: ServerResponse, req: IncomingMessage, response: CoreResponse, log: Log): void {
  if (res.destroyed) return;
  if (!response.stream) {
    atEndOfTurn(() => writeAnswer(res, req, response, log));
    return;
  }
  try {
    startStream(res, response.status, response.headers, response.stream);
  } catch (err) {
    log('error', 'a2a: a stream could not be started', err);
    res.destroy();
  }
}

function startStream(res: ServerResponse, status: number, headers: Record<string, string>, source: NonNullable<CoreResponse['stream']>): void {
  res.writeHead(status, headers);
  let pending = '';
  let pendingBytes = 0;
  // Bytes handed to res.write() that the socket has not passed on yet (a client that does not
  // read holds them here): with `pending`, what the stream's bound counts (SseWriter).
  let writing = 0;
  let ending = false;
  let scheduled = false;
  let closed = false;
  // The headers leave with the first events when the stream starts with some; otherwise on
  // their own, so the client knows at once that its stream is open.
  const flush = (): void => {
    scheduled = false;
    if (closed) return;
    const chunk = pending;
    const bytes = pendingBytes;
    pending = '';
    pendingBytes = 0;
    try {
      if (chunk) {
        writing += bytes;
        res.write(chunk, () => (writing -= bytes));
      }
      if (ending) res.end();
      else if (!res.headersSent) res.flushHeaders();
    } catch {
      // Nothing more can reach this client; the other writes of the turn still go.
      res.destroy();
    }
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    atEndOfTurn(flush);
  };
  const closeCallbacks: (() => void)[] = [];
  const onClose = (): void => {
    if (closed) return;
    closed = true;
    for (const cb of closeCallbacks.splice(0)) cb();
  };
  res.on('close', onClose);
  source.start({
    write(chunk) {
      if (closed || ending) return 0;
      const bytes = Buffer.byteLength(chunk);
      pending += chunk;
      pendingBytes += bytes;
      schedule();
      return bytes;
    },
    unsent: () => (closed ? 0 : pendingBytes + writing),
    end() {
      if (closed || ending) return;
      ending = true;
      schedule();
    },
    abort: () => res.destroy(),
    onClose(callback) {
      if (closed) callback();
      else closeCallbacks.push(callback);
    },
  });
  schedule();
}
