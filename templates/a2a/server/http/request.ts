// What the adapters (node.ts, fetch.ts, middleware.ts) and the core exchange: a request reduced
// to what A2A needs of it, and a response that is a body or a stream. A tiny interface rather
// than WHATWG Request/Response objects: building those per call would cost a node:http server a
// third of its throughput (docs/ARCHITECTURE.md, "A transport-neutral core").
import type { SseSource } from './sse.js';

/** The request's headers and query, as verifiers (bindings/auth.ts) read them. */
export interface HeaderReader {
  header(name: string): string | undefined;
  /** The raw query string without `?`. */
  query: string;
  /** The TLS peer certificate, when the request came over mutual TLS. */
  peerCertificate?: unknown;
}

/** What an adapter knows about an incoming request. */
export interface CoreRequest extends HeaderReader {
  /** HTTP method, upper case. */
  method: string;
  /** The path, without the query string. */
  path: string;
  /** Reads the whole body, refusing more than `limit` bytes (throws BodyError). */
  readBody(limit: number): Promise<Uint8Array>;
  /** Registers a callback for when the client goes away before the response is complete. */
  onDisconnect?(callback: () => void): void;
}

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
  stream?: SseSource;
}

/** Thrown by `readBody`: the body broke a limit or never arrived in time. */
export class BodyError extends Error {
  constructor(
    readonly status: 408 | 413 | 400,
    message: string,
    readonly limit?: string,
  ) {
    super(message);
  }
}

/** A client gone before the answer: the disconnect callbacks of the call (blocking sends stop listening). */
export type Connection = Pick<CoreRequest, 'onDisconnect'>;
