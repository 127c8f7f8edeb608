// One gRPC call on an HTTP/2 stream (node:http2), as gRPC over HTTP/2 frames it: the request's
// length-prefixed message read whole (and bounded), `grpc-timeout` as a deadline, metadata as
// headers; the answer's messages, then trailers with the status (`grpc-status`, `grpc-message`,
// `grpc-status-details-bin`), or trailers alone when a call fails before its first message.
// A client that cancels, resets the stream or lets its deadline pass cancels the call.
// @see https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md
import { constants, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import { verifiedPeerCertificate } from '../server/http/node.js';
import type { HeaderReader } from '../server/http/request.js';
import type { GrpcFailure } from './rpc-status.js';

const { HTTP2_HEADER_STATUS, HTTP2_HEADER_CONTENT_TYPE, NGHTTP2_ENHANCE_YOUR_CALM, NGHTTP2_CANCEL } = constants;
const RESPONSE_HEADERS = { [HTTP2_HEADER_STATUS]: 200, [HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc' };
const OK = { 'grpc-status': '0' };
/** Trailers follow the messages. */
const ANSWER_OPTIONS = { waitForTrailers: true };
/** grpc-timeout's units, in ms. */
const UNIT_MS: Record<string, number> = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 0.001, n: 0.000_001 };

/** Why a request cannot be read: the status it gets. */
export type RequestProblem = { code: 'RESOURCE_EXHAUSTED' | 'UNIMPLEMENTED' | 'INTERNAL' | 'INVALID_ARGUMENT' | 'DEADLINE_EXCEEDED'; message: string };

/**
 * A stream's call, for the listeners below: they are shared by every stream rather than closures
 * made per call — a call costs the server about as much as its HTTP/2 stream, and listeners
 * made per call showed in its profile (bench/README.md, "gRPC").
 */
const CALL = Symbol('grpc call');
type CallStream = ServerHttp2Stream & { [CALL]: GrpcCall };
function onClose(this: CallStream): void {
  this[CALL].closed();
}
function onData(this: CallStream, chunk: Buffer): void {
  this[CALL].received(chunk);
}
function onEnd(this: CallStream): void {
  this[CALL].requestEnded();
}
function onWantTrailers(this: CallStream): void {
  this.sendTrailers(this[CALL].trailers);
}

/** A request being read: its chunks, the length its prefix declares (once known), and whom to tell. */
interface Reading {
  maxBytes: number;
  chunks: Buffer[];
  length: number;
  /** 5 + the declared message length, once the prefix has arrived. */
  expected?: number;
  resolve: (value: Uint8Array | RequestProblem) => void;
  /** The request must arrive whole within server.limits.requestTimeoutMs. */
  timer: ReturnType<typeof setTimeout>;
}

/** setTimeout's longest delay: a deadline further away than this (24.8 days) is no deadline. */
const MAX_TIMER_MS = 2_147_483_647;

export class GrpcCall {
  cancelled = false;
  /** Bytes of messages written but not yet taken by HTTP/2 (a client that reads slowly holds them). */
  buffered = 0;
  private headersSent = false;
  private ended = false;
  private readonly cancelHandlers: (() => void)[] = [];
  private deadline?: ReturnType<typeof setTimeout>;
  private reading?: Reading;
  /** What the trailers say once the messages are out. */
  trailers: Record<string, string> = OK;
  /** Metadata the response headers carry beside gRPC's own (the activated extensions), set before the first message. */
  responseMetadata?: Record<string, string>;
  readonly metadata: HeaderReader;

  constructor(
    private readonly stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    onDeadline: (call: GrpcCall) => void,
  ) {
    this.metadata = metadataOf(headers, stream);
    (stream as CallStream)[CALL] = this;
    stream.on('close', onClose);
    const timeout = deadlineMs(headers['grpc-timeout']);
    if (timeout !== undefined) this.deadline = setTimeout(() => onDeadline(this), timeout);
  }

  /**
   * The one request message, or why there is none: more than `maxBytes`, compressed, longer or
   * shorter than its prefix says, or not arrived whole within `timeoutMs`. Chunks are joined
   * once, at the end: a request sent a byte at a time costs no more than one sent at once.
   */
  read(maxBytes: number, timeoutMs: number): Promise<Uint8Array | RequestProblem> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () =>
          this.settleRead({ code: 'DEADLINE_EXCEEDED', message: `the request did not arrive whole within ${timeoutMs} ms (server.limits.requestTimeoutMs)` }),
        timeoutMs,
      );
      this.reading = { maxBytes, chunks: [], length: 0, resolve, timer };
      this.stream.on('data', onData);
      this.stream.on('end', onEnd);
    });
  }

  /** A chunk of the request (onData): refused as soon as its prefix says compressed or too large, or the body runs past it. */
  received(chunk: Buffer): void {
    const r = this.reading;
    if (!r) return;
    r.length += chunk.length;
    r.chunks.push(chunk);
    if (r.expected === undefined) {
      if (r.length < 5) return;
      const head = r.chunks.length === 1 ? r.chunks[0] : Buffer.concat(r.chunks, 5);
      if (head[0] !== 0) return this.settleRead({ code: 'UNIMPLEMENTED', message: 'compressed messages are not accepted (grpc-accept-encoding: identity)' });
      const declared = head.readUInt32BE(1);
      if (declared > r.maxBytes)
        return this.settleRead({
          code: 'RESOURCE_EXHAUSTED',
          message: `the request is larger than the server's ${r.maxBytes} bytes (server.limits.bodyBytes)`,
        });
      r.expected = 5 + declared;
    }
    if (r.length > r.expected)
      this.settleRead({ code: 'INTERNAL', message: 'the request is longer than its one message: a unary or server-streaming call carries exactly one' });
  }

  /** The request's end (onEnd): exactly one whole message, or a problem. */
  requestEnded(): void {
    const r = this.reading;
    if (!r) return;
    if (r.expected === undefined || r.length !== r.expected) return this.settleRead({ code: 'INTERNAL', message: 'the request is not one whole gRPC message' });
    const body = r.chunks.length === 1 ? r.chunks[0] : Buffer.concat(r.chunks, r.length);
    this.settleRead(body.subarray(5));
  }

  private settleRead(value: Uint8Array | RequestProblem): void {
    const r = this.reading;
    if (!r) return;
    this.reading = undefined;
    clearTimeout(r.timer);
    this.stream.off('data', onData);
    r.resolve(value);
  }

  /** The stream closed (onClose): a request still being read was not sent whole, and the call is cancelled unless it ended. */
  closed(): void {
    this.settleRead({ code: 'INTERNAL', message: 'the request was not sent whole' });
    this.cancel();
  }

  /** The call has its status already, or was cancelled: nothing more is to be done for it. */
  get done(): boolean {
    return this.ended || this.cancelled;
  }

  onCancel(handler: () => void): void {
    if (this.cancelled) handler();
    else this.cancelHandlers.push(handler);
  }

  /** A unary answer: headers, its one message and the OK status, in as few writes as HTTP/2 allows. */
  answer(frame: Uint8Array): void {
    if (this.ended || this.cancelled || this.stream.destroyed) return;
    this.ended = true;
    this.headersSent = true;
    clearTimeout(this.deadline);
    this.stream.respond(this.responseHeaders(), ANSWER_OPTIONS);
    this.stream.on('wantTrailers', onWantTrailers);
    this.stream.end(frame);
  }

  /** A message of the answer (framed: its gRPC prefix in front). */
  write(frame: Uint8Array): void {
    if (this.ended || this.cancelled) return;
    this.sendHeaders();
    this.buffered += frame.length;
    this.stream.write(frame, () => (this.buffered -= frame.length));
  }

  /** Ends the call: OK, or the failure's status (trailers alone when nothing was written). */
  end(failure?: GrpcFailure): void {
    if (this.ended || this.cancelled || this.stream.destroyed) return;
    this.ended = true;
    clearTimeout(this.deadline);
    this.trailers = failure ? statusTrailers(failure) : OK;
    if (!this.headersSent) {
      // Trailers-only: the status in the one HEADERS frame (and the one encoding accepted, which a refused compressed request needs to hear).
      this.stream.respond({ ...RESPONSE_HEADERS, 'grpc-accept-encoding': 'identity', ...this.trailers }, { endStream: true });
      return;
    }
    this.stream.on('wantTrailers', onWantTrailers);
    this.stream.end();
  }

  /**
   * Resets the stream with ENHANCE_YOUR_CALM (gRPC clients: RESOURCE_EXHAUSTED): for a client that
   * does not read, whose status could only follow the data it holds back, in memory.
   */
  reset(): void {
    this.ended = true;
    if (!this.stream.destroyed) this.stream.close(NGHTTP2_ENHANCE_YOUR_CALM);
  }

  /**
   * The deadline passed or the server stops: the status goes out when it still can, the stream is
   * cancelled, and so is the call — its work loses this listener even though a status was sent.
   */
  abort(failure: GrpcFailure): void {
    this.end(failure);
    if (!this.stream.destroyed) setTimeout(() => this.stream.destroyed || this.stream.close(NGHTTP2_CANCEL), 100).unref();
    this.cancel(true);
  }

  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.respond(this.responseHeaders(), ANSWER_OPTIONS);
  }

  private responseHeaders(): Record<string, string | number> {
    return this.responseMetadata ? { ...RESPONSE_HEADERS, ...this.responseMetadata } : RESPONSE_HEADERS;
  }

  private cancel(aborted = false): void {
    clearTimeout(this.deadline);
    if (this.cancelled) return;
    // A stream that closes after its status went out was not cancelled: its handlers ran their
    // course. (rstCode reads NO_ERROR until the stream is reset, so an abort says so itself.)
    if (!aborted && this.ended && this.stream.rstCode === constants.NGHTTP2_NO_ERROR) return;
    this.cancelled = true;
    for (const handler of this.cancelHandlers.splice(0)) handler();
  }
}

function statusTrailers(failure: GrpcFailure): Record<string, string> {
  return {
    'grpc-status': String(failure.code),
    // Percent-encoded as PROTOCOL-HTTP2.md says, the status detail unpadded base64 (binary headers).
    'grpc-message': percentEncoded(failure.details),
    'grpc-status-details-bin': Buffer.from(failure.statusDetails).toString('base64').replace(/=+$/, ''),
  };
}

/**
 * `grpc-message` (PROTOCOL-HTTP2.md): every UTF-8 byte outside printable ASCII, and `%`, as `%XX`;
 * the rest as it is. encodeURIComponent also escaped `/`, `:`, `,` …, which @grpc/grpc-js
 * decodes with decodeURI and so showed as `%2F` — a path in a message came out unreadable.
 */
function percentEncoded(text: string): string {
  if (/^[\x20-\x24\x26-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const byte of Buffer.from(text, 'utf8'))
    out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** `grpc-timeout: 30S` → 30000 ms; undefined when absent or malformed (no deadline). */
function deadlineMs(value: string | string[] | undefined): number | undefined {
  const m = typeof value === 'string' ? /^(\d{1,8})([HMSmun])$/.exec(value) : null;
  if (!m) return undefined;
  const ms = Math.max(1, Math.ceil(Number(m[1]) * UNIT_MS[m[2]]));
  return ms > MAX_TIMER_MS ? undefined : ms;
}

/** Metadata as the headers verifiers and version negotiation read (text entries; pseudo-headers and binary ones left out). */
function metadataOf(headers: IncomingHttpHeaders, stream: ServerHttp2Stream): HeaderReader {
  return {
    header(name) {
      const key = name.toLowerCase();
      if (key.startsWith(':') || key.endsWith('-bin')) return undefined;
      const value = headers[key];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    query: '',
    // Read only by verifiers that ask for it (mutual TLS), as over HTTP; only TLS sessions have one.
    get peerCertificate(): unknown {
      return stream.session?.encrypted ? verifiedPeerCertificate(stream.session.socket) : undefined;
    },
  };
}
