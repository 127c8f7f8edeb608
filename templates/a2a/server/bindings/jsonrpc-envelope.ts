// JSON-RPC 2.0 framing exactly as its specification says: parse errors (-32700), invalid
// request objects (-32600), responses that echo the request id, batches. The one A2A matter,
// the form of an error's `data`, is error-details.ts's.
// @see https://www.jsonrpc.org/specification
import { errorFor, JsonRpcError } from '../../errors.js';
import { isObject } from '../../runtime/shapes.js';
import { wireError } from './error-details.js';

export type JsonRpcId = string | number | null;

export interface JsonRpcRequest {
  id: string | number;
  method: string;
  params?: unknown;
}

/**
 * A request, or the error to answer it with (and the id to answer under, when known).
 * `idless` marks a request object without an `id`: A2A defines no notifications (every request
 * schema requires an id), so it is answered, under `id: null`, with the most specific error —
 * an unknown method or invalid params first, else "id is required" (docs/JSON-RPC.md).
 */
export type Parsed =
  | { ok: true; request: JsonRpcRequest; idless?: false }
  | { ok: true; request: { id: null; method: string; params?: unknown }; idless: true }
  | { ok: false; id: JsonRpcId; error: JsonRpcError };

/** Nesting deeper than this is refused before parsing, so no later recursion can overflow. */
export function exceedsDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

type ParsedBody = { ok: true; value: unknown } | { ok: false; error: JsonRpcError };

const tooDeep = (maxDepth: number): ParsedBody => ({
  ok: false,
  error: errorFor('invalidRequest', `JSON nesting is deeper than ${maxDepth} levels (limit server.limits.jsonDepth)`, { limit: 'jsonDepth', max: maxDepth }),
});

/** Resolves on a later turn of the event loop, after pending I/O callbacks have run. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

export function parseBody(text: string, maxDepth: number): ParsedBody {
  return exceedsDepth(text, maxDepth) ? tooDeep(maxDepth) : parseJson(text);
}

/** parseBody for large texts: the depth scan and the parse run in separate turns. */
export async function parseBodyInTurns(text: string, maxDepth: number): Promise<ParsedBody> {
  if (exceedsDepth(text, maxDepth)) return tooDeep(maxDepth);
  await nextTurn();
  return parseJson(text);
}

function parseJson(text: string): ParsedBody {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: errorFor('jsonParse', undefined, { reason: (err as Error).message.slice(0, 200) }) };
  }
}

const validId = (id: unknown): id is string | number => typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));

/** Checks one request object's envelope (the method and params are the dispatcher's). */
export function checkRequest(value: unknown): Parsed {
  if (!isObject(value)) return { ok: false, id: null, error: errorFor('invalidRequest', 'the request must be a JSON object') };
  const id: JsonRpcId = validId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return { ok: false, id, error: errorFor('invalidRequest', '"jsonrpc" must be "2.0"') };
  if (typeof value.method !== 'string') return { ok: false, id, error: errorFor('invalidRequest', '"method" must be a string') };
  if ('id' in value && !validId(value.id)) return { ok: false, id: null, error: errorFor('invalidRequest', '"id" must be a string or an integer') };
  if ('params' in value && value.params !== undefined && typeof value.params !== 'object') {
    return { ok: false, id, error: errorFor('invalidRequest', '"params" must be an object or an array') };
  }
  if (!('id' in value)) return { ok: true, idless: true, request: { id: null, method: value.method, params: value.params } };
  return { ok: true, request: { id: value.id as string | number, method: value.method, params: value.params } };
}

/** The answer to an id-less request whose method and params passed: it is never executed. */
export const idRequired = (): JsonRpcError => errorFor('invalidRequest', '"id" is required: A2A requests are not notifications');

/** `{"jsonrpc":"2.0","id":…,"result":` — a stream writes many results under one id. */
export const successPrefix = (id: JsonRpcId): string => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;

export function successJson(id: JsonRpcId, result: unknown): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result === undefined ? 'null' : JSON.stringify(result)}}`;
}

/** An error response; `write` gives the error's wire form (another version's, for a translated request). */
export function errorJson(id: JsonRpcId, error: unknown, write: (error: JsonRpcError) => unknown = wireError): string {
  const e = error instanceof JsonRpcError ? error : errorFor('internal');
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":${JSON.stringify(write(e))}}`;
}
