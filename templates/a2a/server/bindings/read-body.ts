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
  /** The media types the binding accepts (lower case): `application/json`, and what its version's text names (v1.0 HTTP+JSON: `application/a2a+json`). */
  types: readonly string[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Bodies longer than this are scanned, parsed and validated in separate turns of the event loop. */
export const LARGE_BODY_CHARS = 256 * 1024;

export async function readJsonBody(request: CoreRequest, options: ReadOptions): Promise<JsonBody> {
  const encoding = (request.header('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== '')
    return httpFailure(415, `Content-Encoding ${encoding.slice(0, 40)} is not accepted; send the body uncompressed`);
  const rawType = request.header('content-type');
  const typeError = rawType === undefined ? undefined : mediaTypeError(rawType, options.types);
  const isJson = rawType !== undefined && typeError === undefined;
  // A type that is not JSON is refused before a byte is read; none at all only when the body is not empty.
  if (!isJson && (rawType !== undefined || options.empty === undefined)) return httpFailure(415, typeError ?? mustBe(options.types));
  let bytes: Uint8Array;
  try {
    bytes = await request.readBody(options.bodyBytes);
  } catch (err) {
    if (err instanceof BodyError) return { ok: false, http: { status: err.status, message: err.message, limit: err.limit, close: true } };
    throw err;
  }
  if (bytes.length === 0 && options.empty !== undefined) return { ok: true, value: options.empty };
  if (!isJson) return httpFailure(415, mustBe(options.types));
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

const mustBe = (types: readonly string[]): string => `Content-Type must be ${types.join(' or ')}`;

/**
 * Why a Content-Type is refused, or undefined when it is one of `types` in UTF-8: a body in
 * another charset would be read as UTF-8 and mean something else, and a type that merely ends
 * in `+json` (`application/vnd.evil+json`) is another format.
 */
function mediaTypeError(raw: string, types: readonly string[]): string | undefined {
  if (raw === 'application/json' && types.includes(raw)) return undefined;
  const [type, ...parameters] = raw.split(';');
  if (!types.includes(type.trim().toLowerCase())) return `${mustBe(types)}, not ${JSON.stringify(raw.slice(0, 100))}`;
  for (const parameter of parameters) {
    const eq = parameter.indexOf('=');
    if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return `the body must be UTF-8; charset ${JSON.stringify(charset.slice(0, 40))} is not accepted`;
  }
  return undefined;
}

const httpFailure = (status: 415, message: string): JsonBody => ({ ok: false, http: { status, message, close: false } });
