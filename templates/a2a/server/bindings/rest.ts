// The HTTP+JSON binding (spec v1.0 §11, v0.3.0 §3.2.3): a route → the method it encodes, its
// path, query and body → that method's params, and its outcome → an HTTP answer. Everything
// after that is the JSON-RPC binding's own path (dispatch.ts): the same validation, rules,
// handlers, limits and authentication — one behaviour, two encodings.
import { errorFor, JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import type { Loose } from '../../runtime/shapes.js';
import type { RestBinding } from '../../runtime/protocol-types.js';
import { AUTH_NOT_REQUIRED, authenticate, authRequired } from './auth.js';
import { type CoreConfig, type CoreRequest, type CoreResponse, BodyError } from '../http/core.js';
import type { Outcome, StreamFraming } from '../roles/dispatch.js';
import type { Principal } from '../executor.js';
import { parseBody } from './jsonrpc-envelope.js';
import { dialectOf, nativeDialect, type JsonRpcDialect } from './jsonrpc-dialect.js';
import { httpFailureBody, noRoute, restErrorBody, statusOf } from './rest-errors.js';
import { compileRoutes, matchRoute, queryFields, type CompiledRoute } from './rest-routes.js';
import { readProtoNames } from '../roles/request-fields.js';
import { restWire, type RestWire } from './rest-wire.js';
import { SSE_HEADERS } from '../http/sse.js';
import { NO_CORS } from '../http/cors.js';
import type { VersionAdapter } from './version-adapter.js';
import { NATIVE, negotiate, requestedVersion, versionHeader } from './version-negotiation.js';

const binding = protocol.rest as RestBinding | undefined;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Runs one call under the core's request log and tracing, with the stream framing of this binding, in the request's version. */
export type RestCall = (
  call: { id: null; method: string; params: Loose },
  framing: StreamFraming,
  principal: Principal | undefined,
  dialect: JsonRpcDialect,
) => Promise<Outcome>;

/** One version's HTTP+JSON: its routes, how its bodies and errors are written, and how its calls run. */
interface RestVersion {
  binding: RestBinding | undefined;
  routes: CompiledRoute[];
  wire: RestWire;
  dialect: JsonRpcDialect;
  /** Stream events as this version's HTTP+JSON writes them. */
  framing(route: CompiledRoute['route']): StreamFraming;
}

const native: RestVersion = {
  binding,
  routes: binding ? compileRoutes(binding.routes) : [],
  wire: restWire,
  dialect: nativeDialect,
  framing: (route) => restWire.framing(route),
};
const translated = new WeakMap<VersionAdapter, RestVersion>();

/** The HTTP+JSON of a version the agent translates (the adapter's routes and codec, its errors). */
function restVersionOf(adapter: VersionAdapter | undefined): RestVersion {
  if (!adapter?.rest) return native;
  let version = translated.get(adapter);
  if (!version) {
    const { binding, wire } = adapter.rest;
    const dialect = dialectOf(adapter);
    const error = (e: unknown): string => restErrorBody(e instanceof JsonRpcError ? e : errorFor('internal'), binding, dialect.writeError);
    version = {
      binding,
      routes: compileRoutes(binding.routes),
      wire,
      dialect,
      framing(route) {
        const own = wire.framing(route);
        return { event: (value) => own.event(adapter.event(value)), error };
      },
    };
    translated.set(adapter, version);
  }
  return version;
}

type Cors = Readonly<Record<string, string>>;

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': binding?.mediaType ?? 'application/json',
  'x-content-type-options': 'nosniff',
});
/** The shared headers object when there is nothing to add (the common case: no CORS), so a request allocates none. */
const jsonHeaders = (cors: Cors): Record<string, string> => (cors === NO_CORS ? (JSON_HEADERS as Record<string, string>) : { ...JSON_HEADERS, ...cors });
const NO_FIELDS: Loose = Object.freeze({}) as Loose;

/** The shape of a method's params (request-fields.ts), for the agent's own version. */
const paramsShapeOf = (method: string): string | undefined => (Object.hasOwn(protocol.methods, method) ? protocol.methods[method].paramsShape : undefined);

/** The proto names of a method's params fields (ProtoJSON), which a query string may use too. */
function protoNamesOf(method: string): Readonly<Record<string, string>> | undefined {
  const shape = paramsShapeOf(method);
  return shape === undefined ? undefined : protocol.requestShapes[shape]?.protoNames;
}

/** A body with its proto field names read as JSON names, before the path's fields join it (they must agree by name). */
function bodyInJsonNames(route: CompiledRoute['route'], body: unknown): unknown {
  const shape = paramsShapeOf(route.method);
  if (shape === undefined || route.body === undefined) return body;
  if (route.body === '*') return readProtoNames(shape, body);
  const field = protocol.requestShapes[shape]?.fields[route.body];
  return typeof field === 'string' ? readProtoNames(field, body) : body;
}

/** Answers a request whose path lies under the binding's base; `path` is the rest of it (`/tasks/abc`). */
export async function handleRest(request: CoreRequest, path: string, config: CoreConfig, cors: Cors, call: RestCall): Promise<CoreResponse> {
  // The version decides the routes (v0.3.0's and v1.0's differ); a version not served is refused once the caller is known.
  const negotiated = versionHeader === undefined ? NATIVE : negotiate(requestedVersion(request));
  const version = restVersionOf(negotiated.ok ? negotiated.adapter : undefined);
  const json =
    version === native ? jsonHeaders(cors) : { 'content-type': version.binding?.mediaType ?? 'application/json', 'x-content-type-options': 'nosniff', ...cors };
  const fail = (status: number, message: string, extra: Record<string, string> = {}): CoreResponse => failure(json, version, status, message, extra);
  const error = (e: JsonRpcError): CoreResponse => errorResponse(json, version, e);

  const match = matchRoute(version.routes, request.method, path === '' ? '/' : path);
  if (match.kind === 'none') return error(noRoute(request.method, path));
  if (match.kind === 'wrongVerb') return fail(405, `${request.method} is not allowed here; use ${match.allow.join(' or ')}`, { allow: match.allow.join(', ') });
  if (match.kind === 'error') return error(match.error);
  if (config.accepting && !config.accepting())
    return fail(503, 'the agent is shutting down; send the request again in a moment (to another replica, if there is one)', {
      connection: 'close',
      'retry-after': '1',
    });

  const auth = authRequired ? await authenticate(request, config.verifiers) : AUTH_NOT_REQUIRED;
  if (!auth.ok) return fail(auth.status, auth.message, auth.challenge ? { 'www-authenticate': auth.challenge } : {});
  if (!negotiated.ok) return errorResponse(json, native, negotiated.error);

  const { route, bound } = match;
  let body: unknown;
  if (route.body !== undefined) {
    const read = await readJsonBody(request, config);
    if (read instanceof JsonRpcError) return error(read);
    if ('status' in read) return fail(read.status, read.message, read.status === 413 || read.status === 408 ? { connection: 'close' } : {});
    body = read.value;
  }
  const query = route.body === undefined && request.query !== '' ? queryFields(request.query, route.query, protoNamesOf(route.method)) : NO_FIELDS;
  if (query instanceof JsonRpcError) return error(query);

  let params: Loose;
  try {
    // The path's fields win over the query's (a query cannot rename the task of the path).
    const named = version === native ? bodyInJsonNames(route, body) : body;
    params = version.wire.params(route, named, query === NO_FIELDS ? bound : Object.assign({}, query, bound));
  } catch (err) {
    if (err instanceof JsonRpcError) return error(err);
    throw err;
  }
  const outcome = await call({ id: null, method: route.method, params }, version.framing(route), auth.principal, version.dialect);
  if (outcome.kind === 'result') return { status: 200, headers: json, body: JSON.stringify(version.wire.result(route, outcome.result) ?? {}) };
  if (outcome.kind === 'stream') return { status: 200, headers: { ...SSE_HEADERS, ...cors }, stream: outcome.source };
  return error(outcome.error);
}

function failure(json: Record<string, string>, version: RestVersion, status: number, message: string, extra: Record<string, string>): CoreResponse {
  return { status, headers: { ...json, ...extra }, body: httpFailureBody(status, message, version.binding) };
}

function errorResponse(json: Record<string, string>, version: RestVersion, e: JsonRpcError): CoreResponse {
  return { status: statusOf(e, version.binding)[0], headers: json, body: restErrorBody(e, version.binding, version.dialect.writeError) };
}

type BodyRead = { value: unknown } | { status: number; message: string } | JsonRpcError;

/** The JSON body of a route that takes one; an empty body is an empty request (`POST /tasks/{id}:cancel`). */
async function readJsonBody(request: CoreRequest, config: CoreConfig): Promise<BodyRead> {
  const rawType = request.header('content-type');
  const encoding = (request.header('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== '')
    return { status: 415, message: `Content-Encoding ${encoding.slice(0, 40)} is not accepted; send the body uncompressed` };
  let bytes: Uint8Array;
  try {
    bytes = await request.readBody(config.limits.bodyBytes);
  } catch (err) {
    if (err instanceof BodyError) return { status: err.status, message: err.message };
    throw err;
  }
  if (bytes.length === 0) return { value: {} };
  const type = rawType === 'application/json' ? rawType : (rawType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type))
    return { status: 415, message: `Content-Type must be ${binding?.mediaType ?? 'application/json'} or application/json` };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return errorFor('jsonParse', 'the request body is not valid UTF-8');
  }
  const parsed = parseBody(text, config.limits.jsonDepth);
  if (!parsed.ok) return parsed.error;
  if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
    return errorFor('invalidRequest', 'the request body must be a JSON object');
  return { value: parsed.value };
}
