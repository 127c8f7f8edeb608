// The request body's limits, shared by the adapters (node.ts, fetch.ts): its size
// (server.limits.bodyBytes) and the time it may take to arrive (server.limits.requestTimeoutMs).
// Each adapter reads bytes its own way; what counts as too big or too late, and how the client
// is told, is decided here once.
import { BodyError } from './request.js';

/** A declared Content-Length over the limit: refused before a byte is read. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): BodyError | undefined {
  const declared = Number(contentLength);
  return declared > limit
    ? new BodyError(413, `the request body is ${declared} bytes; the limit is ${limit} (server.limits.bodyBytes)`, 'bodyBytes')
    : undefined;
}

export const tooLarge = (limit: number): BodyError =>
  new BodyError(413, `the request body is larger than ${limit} bytes (limit server.limits.bodyBytes)`, 'bodyBytes');

export const tooSlow = (timeoutMs: number): BodyError =>
  new BodyError(408, `the request body did not arrive within ${timeoutMs} ms (limit server.limits.requestTimeoutMs)`, 'requestTimeoutMs');

/** A body's chunks, counted against the limit as they arrive. */
export class BodyChunks {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  /** Keeps a chunk; false (and the chunk dropped) once the body has passed the limit. */
  add(chunk: Uint8Array): boolean {
    this.size += chunk.byteLength;
    if (this.size > this.limit) return false;
    this.chunks.push(chunk);
    return true;
  }

  /** The whole body: the one chunk itself when there is only one (the common case: no copy). */
  bytes(): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0];
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return out;
  }
}
