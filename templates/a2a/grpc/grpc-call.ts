// One gRPC call on an HTTP/2 stream (node:http2), as gRPC over HTTP/2 frames it: the request's
// length-prefixed message read whole (and bounded), `grpc-timeout` as a deadline, metadata as
// headers; the answer's messages, then trailers with the status (`grpc-status`, `grpc-message`,
// `grpc-status-details-bin`), or trailers alone when a call fails before its first message.
// A client that cancels, resets the stream or lets its deadline pass cancels the call.
// @see https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md
import { constants, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
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
export type RequestProblem = { code: 'RESOURCE_EXHAUSTED' | 'UNIMPLEMENTED' | 'INTERNAL' | 'INVALID_ARGUMENT'; message: string };

export class GrpcCall {
  cancelled = false;
  /** Bytes of messages written but not yet taken by HTTP/2 (a client that reads slowly holds them). */
  buffered = 0;
  private headersSent = false;
  private ended = false;
  private readonly cancelHandlers: (() => void)[] = [];
  private deadline?: ReturnType<typeof setTimeout>;
  readonly metadata: HeaderReader;

  constructor(
    private readonly stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    onDeadline: (call: GrpcCall) => void,
  ) {
    this.metadata = metadataOf(headers, stream);
    stream.once('close', () => this.cancel());
    const timeout = deadlineMs(headers['grpc-timeout']);
    if (timeout !== undefined) this.deadline = setTimeout(() => onDeadline(this), timeout);
  }

  /** The one request message, or why there is none: more than `maxBytes`, compressed, cut short. */
  read(maxBytes: number): Promise<Uint8Array | RequestProblem> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let length = 0;
      let settled = false;
      const settle = (value: Uint8Array | RequestProblem): void => {
        if (settled) return;
        settled = true;
        this.stream.off('data', onData);
        resolve(value);
      };
      const onData = (chunk: Buffer): void => {
        length += chunk.length;
        chunks.push(chunk);
        if (length >= 5) {
          const head = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
          if (head[0] !== 0) return settle({ code: 'UNIMPLEMENTED', message: 'compressed messages are not accepted (grpc-accept-encoding: identity)' });
          if (head.readUInt32BE(1) > maxBytes)
            return settle({ code: 'RESOURCE_EXHAUSTED', message: `the request is larger than the server's ${maxBytes} bytes (server.limits.bodyBytes)` });
        }
      };
      this.stream.on('data', onData);
      this.stream.once('end', () => {
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        if (body.length < 5 || body.length !== 5 + body.readUInt32BE(1))
          return settle({ code: 'INTERNAL', message: 'the request is not one whole gRPC message' });
        settle(body.subarray(5));
      });
      this.stream.once('close', () => settle({ code: 'INTERNAL', message: 'the request was not sent whole' }));
    });
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
    this.stream.respond(RESPONSE_HEADERS, ANSWER_OPTIONS);
    this.stream.once('wantTrailers', () => this.stream.sendTrailers(OK));
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
    const trailers = failure ? statusTrailers(failure) : OK;
    if (!this.headersSent) {
      // Trailers-only: the status in the one HEADERS frame (and the one encoding accepted, which a refused compressed request needs to hear).
      this.stream.respond({ ...RESPONSE_HEADERS, 'grpc-accept-encoding': 'identity', ...trailers }, { endStream: true });
      return;
    }
    this.stream.once('wantTrailers', () => this.stream.sendTrailers(trailers));
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

  /** The deadline passed or the server stops: the stream is cancelled (after the status, when one could still be sent). */
  abort(failure: GrpcFailure): void {
    this.end(failure);
    if (!this.stream.destroyed) setTimeout(() => this.stream.destroyed || this.stream.close(NGHTTP2_CANCEL), 100).unref();
    this.cancel();
  }

  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.respond(RESPONSE_HEADERS, ANSWER_OPTIONS);
  }

  private cancel(): void {
    clearTimeout(this.deadline);
    if (this.cancelled) return;
    // A stream that closes after its status went out was not cancelled: its handlers ran their course.
    if (this.ended && this.stream.rstCode === constants.NGHTTP2_NO_ERROR) return;
    this.cancelled = true;
    for (const handler of this.cancelHandlers.splice(0)) handler();
  }
}

function statusTrailers(failure: GrpcFailure): Record<string, string> {
  return {
    'grpc-status': String(failure.code),
    // Percent-encoded (PROTOCOL-HTTP2.md: grpc-message), the status detail unpadded base64 (binary headers).
    'grpc-message': encodeURIComponent(failure.details),
    'grpc-status-details-bin': Buffer.from(failure.statusDetails).toString('base64').replace(/=+$/, ''),
  };
}

/** `grpc-timeout: 30S` → 30000 ms; undefined when absent or malformed (no deadline). */
function deadlineMs(value: string | string[] | undefined): number | undefined {
  const m = typeof value === 'string' ? /^(\d{1,8})([HMSmun])$/.exec(value) : null;
  return m ? Math.max(1, Math.ceil(Number(m[1]) * UNIT_MS[m[2]])) : undefined;
}

/** Metadata as the headers verifiers and version negotiation read (text entries; pseudo-headers and binary ones left out). */
function metadataOf(headers: IncomingHttpHeaders, stream: ServerHttp2Stream): HeaderReader {
  const reader: HeaderReader = {
    header(name) {
      const key = name.toLowerCase();
      if (key.startsWith(':') || key.endsWith('-bin')) return undefined;
      const value = headers[key];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    query: '',
  };
  const socket = stream.session?.socket as { getPeerCertificate?: () => unknown } | undefined;
  const certificate = socket?.getPeerCertificate?.();
  if (certificate && typeof certificate === 'object' && Object.keys(certificate).length > 0) reader.peerCertificate = certificate;
  return reader;
}
