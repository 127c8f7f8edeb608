// The transport-neutral core: one request in, one response (or SSE stream) out. The Fetch
// handler, the node:http adapter and the middleware are thin shims around it. (It is not
// itself a Fetch handler: with WHATWG Request/Response objects built per call, a node:http
// server keeps a third of its throughput — bench/server.mjs, docs/ARCHITECTURE.md.)
import { errorFor, JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import type { AgentCard } from '../../types.js';
import { AUTH_NOT_REQUIRED, authenticate, authRequired, type AnyVerifier, type HeaderReader } from '../bindings/auth.js';
import { notModified, servedCard, type ServedCard } from './card-cache.js';
import { corsHeaders, NO_CORS, preflight, type CorsPolicy } from './cors.js';
import { dispatch, type DispatchConfig, type Outcome } from '../roles/dispatch.js';
import type { Principal } from '../executor.js';
import { checkRequest, errorJson, nextTurn, parseBody, parseBodyInTurns, type JsonRpcId } from '../bindings/jsonrpc-envelope.js';
import { dialectOf, type JsonRpcDialect } from '../bindings/jsonrpc-dialect.js';
import type { RequestRecord, SpanHandle, Tracing } from '../observability.js';
import { SseWriter, SSE_HEADERS, type SseSource } from './sse.js';
import { NATIVE, negotiate, requestedVersion, translatesVersions, versionHeader } from '../bindings/version-negotiation.js';
import { handleRest, type RestCall } from '../bindings/rest.js';
import type { VersionAdapter } from '../bindings/version-adapter.js';

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

export interface CoreConfig extends DispatchConfig {
  basePath: string;
  /** Where the HTTP+JSON binding is mounted (its routes are paths under it), when it is served. */
  restPath?: string;
  card: () => AgentCard;
  cors: CorsPolicy;
  verifiers: Readonly<Record<string, AnyVerifier | undefined>>;
  limits: { bodyBytes: number; jsonDepth: number; batchSize: number };
  /** Extra GET routes (the docs), tried before 404. */
  extraRoutes?: (path: string) => CoreResponse | undefined;
  /** False once the server shuts down: new requests get 503 while running work finishes. */
  accepting?: () => boolean;
  /** The request log (one record per JSON-RPC request), when on. */
  requestLog?: (record: RequestRecord) => void;
  tracing?: Tracing;
}

// POST responses are not cached by default: no cache-control needed on the JSON-RPC path.
const JSON_HEADERS = { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' };
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Bodies longer than this are handled in several event-loop turns (see jsonRpc). */
const LARGE_BODY_CHARS = 256 * 1024;

export interface Core {
  (request: CoreRequest): Promise<CoreResponse>;
  /** Whether a path is one of the routes answered here (middleware passes the others on). */
  owns(path: string): boolean;
}

export function createCore(config: CoreConfig): Core {
  const base = normalizePath(config.basePath);
  const cardPaths = new Set<string>();
  for (const p of protocol.wellKnownPaths) {
    cardPaths.add(p);
    if (base !== '/') cardPaths.add(base + p);
  }
  const extendedPaths = new Set<string>();
  if (protocol.extendedCard.via === 'http') {
    // @see spec v0.2.x §7.10: `{AgentCard.url}/../agent/authenticatedExtendedCard`
    const parent = base === '/' ? '' : base.slice(0, base.lastIndexOf('/'));
    extendedPaths.add(`${parent}/${protocol.extendedCard.path}`);
    extendedPaths.add(`${base === '/' ? '' : base}/${protocol.extendedCard.path}`);
  }

  const restBase = config.restPath === undefined || !protocol.rest ? undefined : normalizePath(config.restPath);
  /** The path under the HTTP+JSON base (`/tasks/abc`), or undefined when the request is not for it. */
  const restPathOf = (path: string): string | undefined =>
    restBase === undefined
      ? undefined
      : restBase === '/'
        ? path
        : path === restBase
          ? ''
          : path.startsWith(`${restBase}/`)
            ? path.slice(restBase.length)
            : undefined;

  const owns = (raw: string): boolean => {
    const path = normalizePath(raw);
    return path === base || cardPaths.has(path) || extendedPaths.has(path) || restPathOf(path) !== undefined || config.extraRoutes?.(path) !== undefined;
  };

  return Object.assign(
    async function handle(request: CoreRequest): Promise<CoreResponse> {
      const cors = corsHeaders(request.header('origin'), config.cors);
      const path = normalizePath(request.path);
      if (request.method === 'OPTIONS') {
        const answer = preflight(request.header('origin'), request.header('access-control-request-headers'), config.cors);
        return { status: answer.status, headers: answer.headers };
      }
      if (cardPaths.has(path)) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET', cors);
        return cardResponse(request, config, cors);
      }
      if (extendedPaths.has(path)) {
        if (request.method !== 'GET') return methodNotAllowed('GET', cors);
        return extendedCardOverHttp(request, config, cors);
      }
      if (path === base) {
        if (request.method !== 'POST') return methodNotAllowed('POST', cors);
        if (config.accepting && !config.accepting()) {
          const error = errorFor('internal', 'the agent is shutting down; send the request again in a moment (to another replica, if there is one)');
          return { status: 503, headers: { ...JSON_HEADERS, ...cors, connection: 'close', 'retry-after': '1' }, body: errorJson(null, error) };
        }
        return jsonRpc(request, config, cors);
      }
      if (request.method === 'GET') {
        const extra = config.extraRoutes?.(path);
        if (extra) return { ...extra, headers: { ...extra.headers, ...cors } };
      }
      const restPath = restPathOf(path);
      if (restPath !== undefined) {
        const call: RestCall = (c, framing, principal, dialect) =>
          observed(c, request, config, (span) => dialect.dispatch(c, { principal, connection: request, id: null, method: c.method, span, framing }, config));
        return handleRest(request, restPath, config, cors, call);
      }
      return {
        status: 404,
        headers: { ...JSON_HEADERS, ...cors },
        body: JSON.stringify({ error: 'not found', hint: `the A2A endpoint is POST ${base}; the Agent Card is GET ${protocol.wellKnownPaths[0]}` }),
      };
    },
    { owns },
  );
}

const normalizePath = (p: string): string => {
  const trimmed = p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  return trimmed || '/';
};

/**
 * The public card, in the version the request names when the agent answers several (a request
 * without `A2A-Version` speaks 0.3, §3.6.2, so it gets the 0.3 card); a version not served gets the
 * agent's own card, which lists what is. Cacheable: ETag and Last-Modified per version of the card,
 * and 304 for a client whose copy is current (card-cache.ts).
 */
function cardResponse(request: CoreRequest, config: CoreConfig, cors: Cors): CoreResponse {
  const translates = translatesVersions();
  const negotiated = translates ? negotiate(requestedVersion(request)) : undefined;
  const served = servedCardOf(config.card(), negotiated?.ok ? negotiated.adapter : undefined);
  const headers: Record<string, string> = {
    ...JSON_HEADERS,
    'cache-control': 'public, max-age=60',
    etag: served.etag,
    'last-modified': served.lastModified,
    ...cors,
  };
  if (translates) headers.vary = versionHeader!;
  if (notModified(request, served)) {
    const { 'content-type': _type, ...rest } = headers;
    return { status: 304, headers: rest };
  }
  return { status: 200, headers, body: served.body };
}

/** A card as served in one version, made once per card (the card changes only when the server moves its URL) and version. */
const servedCards = new WeakMap<object, Map<VersionAdapter | undefined, ServedCard>>();
function servedCardOf(card: AgentCard, adapter: VersionAdapter | undefined): ServedCard {
  let byAdapter = servedCards.get(card);
  if (!byAdapter) servedCards.set(card, (byAdapter = new Map()));
  let served = byAdapter.get(adapter);
  if (served === undefined) byAdapter.set(adapter, (served = servedCard(JSON.stringify(adapter ? adapter.card(card) : card))));
  return served;
}

function methodNotAllowed(allow: string, cors: Cors): CoreResponse {
  return { status: 405, headers: { ...JSON_HEADERS, allow, ...cors }, body: JSON.stringify({ error: `method not allowed; use ${allow}` }) };
}

function authFailure(outcome: { status: 401 | 403; message: string; challenge?: string }, cors: Cors, id: JsonRpcId = null): CoreResponse {
  const headers: Record<string, string> = { ...JSON_HEADERS, ...cors };
  if (outcome.challenge) headers['www-authenticate'] = outcome.challenge;
  // The body is a plain error, not a JSON-RPC one: HTTP authentication happens before JSON-RPC.
  return {
    status: outcome.status,
    headers,
    body: JSON.stringify({ error: outcome.status === 401 ? 'unauthorized' : 'forbidden', message: outcome.message, id }),
  };
}

async function extendedCardOverHttp(request: CoreRequest, config: CoreConfig, cors: Cors): Promise<CoreResponse> {
  const auth = await authenticate(request, config.verifiers);
  if (!auth.ok) return authFailure(auth, cors);
  if (!config.extendedCard || !authRequired)
    return { status: 404, headers: { ...JSON_HEADERS, ...cors }, body: JSON.stringify({ error: 'this agent has no authenticated extended card' }) };
  return { status: 200, headers: { ...JSON_HEADERS, ...cors }, body: JSON.stringify(await config.extendedCard(auth.principal)) };
}

type Cors = Readonly<Record<string, string>>;
/** JSON response headers; the shared object when there is nothing to add (the common case). */
const jsonHeaders = (cors: Cors): Record<string, string> => (cors === NO_CORS ? JSON_HEADERS : { ...JSON_HEADERS, ...cors });

/** An error answer, in the version the request speaks. */
const jsonError = (status: number, dialect: JsonRpcDialect, id: JsonRpcId, error: JsonRpcError, cors: Cors): CoreResponse =>
  jsonAnswer(status, dialect.error(id, error), cors);

async function jsonRpc(request: CoreRequest, config: CoreConfig, cors: Cors): Promise<CoreResponse> {
  const auth = authRequired ? await authenticate(request, config.verifiers) : AUTH_NOT_REQUIRED;
  if (!auth.ok) return authFailure(auth, cors);
  // v1.0 on: the version the request speaks — the agent's, one it translates, or refused (each request of a batch alike).
  const negotiated = versionHeader === undefined ? NATIVE : negotiate(requestedVersion(request));
  const dialect = dialectOf(negotiated.ok ? negotiated.adapter : undefined);
  const refused = negotiated.ok ? undefined : negotiated.error;
  // Compressed bodies are refused, not inflated: a small gzip body can expand past every limit.
  const encoding = (request.header('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== '') {
    return jsonError(
      415,
      dialect,
      null,
      errorFor('invalidRequest', `Content-Encoding ${encoding.slice(0, 40)} is not accepted; send the body uncompressed`),
      cors,
    );
  }
  const rawType = request.header('content-type');
  const contentType = rawType === 'application/json' ? rawType : (rawType ?? '').split(';')[0].trim().toLowerCase();
  if (contentType !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(contentType)) {
    return jsonError(415, dialect, null, errorFor('invalidRequest', 'Content-Type must be application/json'), cors);
  }

  let text: string;
  try {
    text = utf8.decode(await request.readBody(config.limits.bodyBytes));
  } catch (err) {
    if (err instanceof BodyError) {
      const error = errorFor(
        err.status === 413 ? 'invalidRequest' : 'jsonParse',
        err.message,
        err.limit ? { limit: err.limit, max: config.limits.bodyBytes } : undefined,
      );
      return { ...jsonError(err.status, dialect, null, error, cors), headers: { ...JSON_HEADERS, ...cors, connection: 'close' } };
    }
    return jsonError(200, dialect, null, errorFor('jsonParse', 'the request body is not valid UTF-8'), cors);
  }
  // A large body is scanned, parsed and validated in separate turns of the event loop, so
  // no single synchronous step holds up other connections for long (each is linear).
  const large = text.length > LARGE_BODY_CHARS;
  const parsed = large ? await parseBodyInTurns(text, config.limits.jsonDepth) : parseBody(text, config.limits.jsonDepth);
  if (!parsed.ok) return jsonError(200, dialect, null, parsed.error, cors);
  if (large) await nextTurn();
  const meta = { principal: auth.principal, connection: request };

  if (Array.isArray(parsed.value)) return batch(parsed.value, meta, request, config, cors, refused, dialect);

  const checked = checkRequest(parsed.value);
  if (!checked.ok) return jsonAnswer(200, dialect.error(checked.id, checked.error), cors);
  if (checked.idless) return jsonAnswer(200, dialect.error(null, dialect.idlessError(checked.request.method, checked.request.params, config)), cors);
  const { id, method } = checked.request;
  // Built field by field: on Node 20 a spread followed by more properties ({ ...meta, id })
  // costs microseconds (V8 leaves its fast clone path), and this runs for every request.
  const outcome: Outcome = refused
    ? { kind: 'error', error: refused }
    : await observed(checked.request, request, config, (span) =>
        dialect.dispatch(checked.request, { principal: meta.principal, connection: meta.connection, id, method, span }, config),
      );
  if (outcome.kind === 'result') return { status: 200, headers: jsonHeaders(cors), body: dialect.success(id, outcome.result) };
  if (outcome.kind === 'stream') return { status: 200, headers: sseHeaders(request, cors), stream: outcome.source };
  // A refusal is in the agent's own version: the request's version is the one not served. An
  // error known before a stream starts (an unknown or finished task, bad params) is a plain
  // JSON-RPC response, not a stream: a client tells it from a broken stream by its content type
  // — but for v0.x's resubscribe, whose response is always a stream (docs/JSON-RPC.md).
  const body = refused ? errorJson(id, refused) : dialect.error(id, outcome.error);
  if (!refused && dialect.failsInStream(method) && (request.header('accept') ?? '').includes('text/event-stream'))
    return { status: 200, headers: sseHeaders(request, cors), stream: oneErrorEvent(body, config.keepAliveMs) };
  return jsonAnswer(200, body, cors);
}

const jsonAnswer = (status: number, body: string, cors: Cors): CoreResponse => ({ status, headers: jsonHeaders(cors), body });

function oneErrorEvent(json: string, keepAliveMs: number): SseSource {
  return {
    start(sink) {
      const writer = new SseWriter(sink, keepAliveMs);
      writer.error(json);
      writer.stop();
    },
  };
}

/** A client that asked for `Connection: close` gets it: the socket ends with the stream. */
function sseHeaders(request: CoreRequest, cors: Cors): Record<string, string> {
  const close = /(^|,)\s*close\s*(,|$)/i.test(request.header('connection') ?? '');
  return close ? { ...SSE_HEADERS, ...cors, connection: 'close' } : { ...SSE_HEADERS, ...cors };
}

/**
 * Runs one call under the request log and a request span, when either is on (otherwise it is
 * the call itself: the hot path pays nothing for observability it does not use).
 */
function observed(
  call: { id: JsonRpcId; method: string; params?: unknown },
  request: CoreRequest,
  config: CoreConfig,
  run: (span: SpanHandle | undefined) => Promise<Outcome>,
): Promise<Outcome> {
  const { requestLog, tracing } = config;
  if (!requestLog && !tracing) return run(undefined);
  const started = performance.now();
  const span = tracing?.request(call.method, (name) => request.header(name));
  span?.set({ 'rpc.system': 'jsonrpc', 'rpc.method': call.method, 'rpc.jsonrpc.request_id': call.id === null ? undefined : String(call.id) });
  const finish = (outcome: Outcome): Outcome => {
    const taskId = taskIdOf(outcome.kind === 'result' ? outcome.result : undefined, call.params);
    const code = outcome.kind === 'error' ? outcome.error.code : undefined;
    if (span) {
      span.set({ 'a2a.task.id': taskId, 'rpc.jsonrpc.error_code': code });
      if (outcome.kind === 'error') span.fail(outcome.error);
      span.end();
    }
    requestLog?.({
      method: call.method,
      id: call.id,
      taskId,
      outcome: outcome.kind === 'result' ? 'ok' : outcome.kind,
      code,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    });
    return outcome;
  };
  return run(span).then(finish);
}

/** The task a request created or named, for the log: the result's, else the params'. */
function taskIdOf(result: unknown, params: unknown): string | undefined {
  const r = result as Record<string, unknown> | null | undefined;
  if (r && typeof r === 'object') {
    if (typeof r.taskId === 'string') return r.taskId;
    if (typeof r.id === 'string' && 'status' in r) return r.id;
  }
  const p = params as Record<string, unknown> | null | undefined;
  if (!p || typeof p !== 'object') return undefined;
  const message = p.message as Record<string, unknown> | undefined;
  const named = p.id ?? p.taskId ?? (message && typeof message === 'object' ? message.taskId : undefined);
  return typeof named === 'string' ? named : undefined;
}

/** JSON-RPC batches of unary calls (streams cannot share one response). */
async function batch(
  items: unknown[],
  meta: { principal?: Principal },
  request: CoreRequest,
  config: CoreConfig,
  cors: Cors,
  refused: JsonRpcError | undefined,
  dialect: JsonRpcDialect,
): Promise<CoreResponse> {
  if (items.length === 0) return jsonError(200, dialect, null, errorFor('invalidRequest', 'an empty batch is not a request'), cors);
  if (items.length > config.limits.batchSize) {
    return jsonError(
      200,
      dialect,
      null,
      errorFor('invalidRequest', `a batch may hold at most ${config.limits.batchSize} requests (limit server.limits.batchSize)`, {
        limit: 'batchSize',
        max: config.limits.batchSize,
      }),
      cors,
    );
  }
  const answers = await Promise.all(
    items.map(async (item) => {
      const checked = checkRequest(item);
      if (!checked.ok) return dialect.error(checked.id, checked.error);
      if (checked.idless) return dialect.error(null, dialect.idlessError(checked.request.method, checked.request.params, config));
      const { id, method } = checked.request;
      if (refused) return errorJson(id, refused);
      if (dialect.isStreaming(method)) return dialect.error(id, errorFor('invalidRequest', `${method} streams its answer and cannot be part of a batch`));
      const outcome = await observed(checked.request, request, config, (span) =>
        dialect.dispatch(checked.request, { principal: meta.principal, id, method, span }, config),
      );
      if (outcome.kind === 'result') return dialect.success(id, outcome.result);
      return dialect.error(id, outcome.kind === 'error' ? outcome.error : errorFor('internal'));
    }),
  );
  return { status: 200, headers: { ...JSON_HEADERS, ...cors }, body: `[${answers.join(',')}]` };
}
