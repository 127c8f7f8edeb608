// Reading an input with a ceiling. Bytes are counted as they arrive and reading stops at the
// limit, so `/dev/zero`, a named pipe fed forever or an endless chunked download costs at most
// the limit in memory. readFile() and Response.arrayBuffer() buffer everything first and can
// only check the size afterwards, which is too late: they took the generator to gigabytes.
import { open } from 'node:fs/promises';
import { InputError } from '../diagnostics.js';

/** The most one manifest or schema may be: far above any real one (the bundled schemas are under 200 KiB). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** Reads at most this much per call: small enough that stopping early wastes little. */
const CHUNK_BYTES = 64 * 1024;

const describeLimit = (limit: number): string => (limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MiB (${limit} bytes)` : `${limit} bytes`);

/** The one error every reader throws at the limit: what was read, where from, and the limit. */
export function tooLargeError(what: string, source: string, limit: number, size?: number): InputError {
  // A size known up front (a regular file, a Content-Length) means nothing was read at all.
  const message =
    size === undefined
      ? `${what} is larger than the limit of ${describeLimit(limit)}; stopped reading there`
      : `${what} is ${size} bytes, more than the limit of ${describeLimit(limit)}; not read`;
  return new InputError(message, { file: source });
}

/**
 * A file's bytes, reading no more than `limit` + 1 of them. Works for regular files (refused
 * from their size before any read), devices and named pipes (counted as they are read).
 * Errors of the file system (ENOENT, EISDIR, …) are thrown as they are, for the caller to word.
 */
export async function readFileBounded(path: string, what: string, limit = MAX_INPUT_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (info.isFile() && info.size > limit) throw tooLargeError(what, path, limit, info.size);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // One byte past the limit is enough to know the input is too large.
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit + 1 - total));
      // Position null: read on from the current offset, which pipes and devices require.
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit) throw tooLargeError(what, path, limit);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/**
 * A response body's bytes, reading no more than `limit` of them: past it the body is cancelled
 * (undici then closes the connection) and `stop` aborts the request, so a server that never
 * ends its reply is cut off instead of buffered.
 */
export async function readBodyBounded(response: Response, what: string, source: string, stop: () => void, limit = MAX_INPUT_BYTES): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      stop();
      await reader.cancel().catch(() => undefined); // already errored by the abort: nothing left to release
      throw tooLargeError(what, source, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * A user's input file (manifest, schema), read within the limit; a file that is missing or
 * cannot be read is an InputError that says so — `notFound` words the missing case.
 */
export async function readInputFile(path: string, what: string, notFound: string): Promise<Buffer> {
  try {
    return await readFileBounded(path, what);
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? notFound : `cannot read ${what}: ${code ?? (err as Error).message}`, { file: path });
  }
}
