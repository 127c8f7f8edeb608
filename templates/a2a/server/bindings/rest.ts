// The HTTP+JSON binding (spec v1.0 §11, v0.3.0 §3.2.3): a route → the method it encodes, its
// path, query and body → that method's params, and its outcome → an HTTP answer. Everything
// after that is the JSON-RPC binding's own path (dispatch.ts): the same validation, rules,
// handlers, limits and authentication — one behaviour, two encodings.
import { errorFor, JsonRpcError } from '../../errors.js';
import { activeExtensions } from './extensions.js';
import { protocol } from '../../protocol.js';
import { isObject, type Loose } from '../../runtime/shapes.js';
import type { RestBinding } from '../../runtime/protocol-types.js';
import type { CoreRequest, CoreResponse } from '../http/request.js';
import type { StreamFraming } from '../roles/dispatch.js';
import { authenticated, headersWith, observed, versionOf, type BindingConfig, type Cors } from './binding.js';
import { dialectOf, nativeDialect, type JsonRpcDialect } from './jsonrpc-dialect.js';
import { readJsonBody } from './read-body.js';
import { httpFailureBody, noRoute, restErrorBody, retryHeaders, statusOf } from './rest-errors.js';
import { compileRoutes, matchRoute, queryFields, type CompiledRoute } from './rest-routes.js';
import { readProtoNames } from '../roles/request-fields.js';
import { restWire, type RestWire } from './rest-wire.js';
import { SSE_HEADERS } from '../http/sse.js';
import type { VersionAdapter } from './version-adapter.js';

const binding = protocol.rest as RestBinding | undefined;

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

/** This binding's JSON answers: the version's media type (`application/a2a+json` from v1.0, §11.1). */
const JSON_HEADERS_REST: Readonly<Record<string, string>> = Object.freeze({
  'content-type': binding?.mediaType ?? 'application/json',
  'x-content-type-options': 'nosniff',
});
/** What a body may be: the version's media type (§11.1 names it) and plain JSON. */
const REST_TYPES: readonly string[] = [...new Set([binding?.mediaType ?? 'application/json', 'application/json'])];
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
export async function serveRest(request: CoreRequest, path: string, config: BindingConfig, cors: Cors): Promise<CoreResponse> {
  // The version decides the routes (v0.3.0's and v1.0's differ); a version not served is refused once the caller is known.
  const negotiated = versionOf(request);
  const version = restVersionOf(negotiated.ok ? negotiated.adapter : undefined);
  const json =
    version === native
      ? headersWith(JSON_HEADERS_REST, cors)
      : headersWith({ ...JSON_HEADERS_REST, 'content-type': version.binding?.mediaType ?? 'application/json' }, cors);
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

  const auth = await authenticated(request, config);
  if (!auth.ok) return fail(auth.status, auth.message, auth.challenge ? { 'www-authenticate': auth.challenge } : {});
  if (!negotiated.ok) return errorResponse(json, native, negotiated.error);
  const extensions = activeExtensions(request, config.extensions);
  if (extensions instanceof JsonRpcError) return errorResponse(json, native, extensions);

  const { route, bound } = match;
  let body: unknown;
  if (route.body !== undefined) {
    // An empty body is an empty request (`POST /tasks/{id}:cancel`).
    const read = await readJsonBody(request, {
      bodyBytes: config.limits.bodyBytes,
      jsonDepth: config.limits.jsonDepth,
      empty: {},
      types: REST_TYPES,
    });
    if (!read.ok) return 'error' in read ? error(read.error) : fail(read.http.status, read.http.message, read.http.close ? { connection: 'close' } : {});
    if (!isObject(read.value)) return error(errorFor('invalidRequest', 'the request body must be a JSON object'));
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
  const call = { id: null, method: route.method, params };
  const framing = version.framing(route);
  const outcome = await observed(call, request, config, (span) =>
    version.dialect.dispatch(call, { principal: auth.principal, connection: request, id: null, method: route.method, span, framing, extensions }, config),
  );
  // The extensions the executor activated are named in the answer (§4.6); a stream names those activated before it starts.
  const used = extensions.headers();
  if (outcome.kind === 'result')
    return { status: 200, headers: used ? { ...json, ...used } : json, body: JSON.stringify(version.wire.result(route, outcome.result) ?? {}) };
  if (outcome.kind === 'stream') return { status: 200, headers: { ...SSE_HEADERS, ...cors, ...used }, stream: outcome.source };
  return error(outcome.error);
}

function failure(json: Record<string, string>, version: RestVersion, status: number, message: string, extra: Record<string, string>): CoreResponse {
  return { status, headers: { ...json, ...extra }, body: httpFailureBody(status, message, version.binding) };
}

function errorResponse(json: Record<string, string>, version: RestVersion, e: JsonRpcError): CoreResponse {
  const retry = retryHeaders(e);
  return {
    status: statusOf(e, version.binding)[0],
    headers: retry ? { ...json, ...retry } : json,
    body: restErrorBody(e, version.binding, version.dialect.writeError),
  };
}
