// Reading a request's JSON body, the one step both HTTP bindings share: the encoding (refused
// compressed: a small gzip body can expand past every limit), the media type (JSON), the size
// and time limits (the adapter's readBody), strict UTF-8, and a parse that bounds nesting and
// splits a large body over several turns of the event loop. Each binding writes the failure its
// own way (a JSON-RPC error response, an HTTP+JSON error body).
import { errorFor, type JsonRpcError } from '../../errors.js';
import { BodyError, type CoreRequest } from '../http/request.js';
import { nextTurn, parseBody, parseBodyInTurns } from './jsonrpc-envelope.js';

/** An HTTP failure before any JSON exists: its status, what to say, and whether the connection must close (the body may still be arriving). */
export interface HttpFailure {
  status: 400 | 408 | 413 | 415;
  message: string;
  /** The limit broken (`bodyBytes`, `requestTimeoutMs`), for the error's data. */
  limit?: string;
  close: boolean;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; http: HttpFailure } | { ok: false; error: JsonRpcError };

export interface ReadOptions {
  bodyBytes: number;
  jsonDepth: number;
  /** What an empty body is (HTTP+JSON: `{}`, a route's empty request); without it, an empty body must still say it is JSON. */
  empty?: unknown;
  /** The media types the binding names in its 415 message. */
  accepted: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Bodies longer than this are scanned, parsed and validated in separate turns of the event loop. */
export const LARGE_BODY_CHARS = 256 * 1024;

export async function readJsonBody(request: CoreRequest, options: ReadOptions): Promise<JsonBody> {
  const encoding = (request.header('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== '')
    return httpFailure(415, `Content-Encoding ${encoding.slice(0, 40)} is not accepted; send the body uncompressed`);
  const rawType = request.header('content-type');
  const isJson = isJsonType(rawType);
  // A type that is not JSON is refused before a byte is read; none at all only when the body is not empty.
  if (!isJson && (rawType !== undefined || options.empty === undefined)) return httpFailure(415, `Content-Type must be ${options.accepted}`);
  let bytes: Uint8Array;
  try {
    bytes = await request.readBody(options.bodyBytes);
  } catch (err) {
    if (err instanceof BodyError) return { ok: false, http: { status: err.status, message: err.message, limit: err.limit, close: true } };
    throw err;
  }
  if (bytes.length === 0 && options.empty !== undefined) return { ok: true, value: options.empty };
  if (!isJson) return httpFailure(415, `Content-Type must be ${options.accepted}`);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, error: errorFor('jsonParse', 'the request body is not valid UTF-8') };
  }
  const large = text.length > LARGE_BODY_CHARS;
  const parsed = large ? await parseBodyInTurns(text, options.jsonDepth) : parseBody(text, options.jsonDepth);
  if (!parsed.ok) return parsed;
  // What comes next (validation) runs in a turn of its own too.
  if (large) await nextTurn();
  return parsed;
}

function isJsonType(raw: string | undefined): boolean {
  if (raw === 'application/json') return true;
  const type = (raw ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

const httpFailure = (status: 415, message: string): JsonBody => ({ ok: false, http: { status, message, close: false } });
