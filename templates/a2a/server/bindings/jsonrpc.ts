// The JSON-RPC binding (spec v1.0 §9, v0.x): a POST to the endpoint carries one request or a
// batch; each is checked (jsonrpc-envelope.ts), run in the version it speaks (jsonrpc-dialect.ts:
// the agent's own, or translated) and answered as a JSON-RPC response — or, for a streaming
// method, an SSE stream whose events are responses under the request's id.
import { errorFor, JsonRpcError } from '../../errors.js';
import { activeExtensions, type ExtensionUse } from './extensions.js';
import type { Principal } from '../executor.js';
import type { CoreRequest, CoreResponse } from '../http/request.js';
import { SseWriter, type SseSource } from '../http/sse.js';
import type { Outcome } from '../roles/dispatch.js';
import { callerOf, headersWith, JSON_HEADERS, observed, sseHeaders, type BindingConfig, type Cors } from './binding.js';
import type { JsonRpcDialect } from './jsonrpc-dialect.js';
import { checkRequest, errorJson, type JsonRpcId } from './jsonrpc-envelope.js';
import { readJsonBody } from './read-body.js';

/** JSON-RPC's media type: `application/json` (v1.0 §9.1 names no other for this binding). */
const JSON_RPC_TYPES: readonly string[] = ['application/json'];

/** Answers a POST to the JSON-RPC endpoint. */
export async function serveJsonRpc(request: CoreRequest, config: BindingConfig, cors: Cors): Promise<CoreResponse> {
  if (config.accepting && !config.accepting()) {
    const error = errorFor('internal', 'the agent is shutting down; send the request again in a moment (to another replica, if there is one)');
    return { status: 503, headers: headersWith(JSON_HEADERS, cors, { connection: 'close', 'retry-after': '1' }), body: errorJson(null, error) };
  }
  const caller = await callerOf(request, config);
  if (!caller.auth.ok) return authFailure(caller.auth, cors);
  const { dialect } = caller;
  // A version not served, or an extension the card requires and the request does not name,
  // refuses each request (of a batch, each member) in the agent's own version.
  const extensions = activeExtensions(request, config.extensions);
  const refused = !caller.negotiated.ok ? caller.negotiated.error : extensions instanceof JsonRpcError ? extensions : undefined;
  const active = extensions instanceof JsonRpcError ? undefined : extensions;
  const body = await readJsonBody(request, { bodyBytes: config.limits.bodyBytes, jsonDepth: config.limits.jsonDepth, types: JSON_RPC_TYPES });
  if (!body.ok) {
    if ('error' in body) return jsonAnswer(200, dialect.error(null, body.error), cors);
    const { status, message, limit, close } = body.http;
    // A body too big is no request (-32600); one that never arrived whole cannot be parsed (-32700).
    const key = status === 415 || status === 413 ? 'invalidRequest' : 'jsonParse';
    const error = errorFor(key, message, limit ? { limit, max: config.limits.bodyBytes } : undefined);
    return { status, headers: headersWith(JSON_HEADERS, cors, close ? { connection: 'close' } : undefined), body: dialect.error(null, error) };
  }
  const principal = caller.auth.principal;
  if (Array.isArray(body.value)) return batch(body.value, { principal, extensions: active }, request, config, cors, refused, dialect);

  const checked = checkRequest(body.value);
  if (!checked.ok) return jsonAnswer(200, dialect.error(checked.id, checked.error), cors);
  if (checked.idless) return jsonAnswer(200, dialect.error(null, dialect.idlessError(checked.request.method, checked.request.params, config)), cors);
  const { id, method } = checked.request;
  // Built field by field: on Node 20 a spread followed by more properties ({ ...meta, id })
  // costs microseconds (V8 leaves its fast clone path), and this runs for every request.
  const outcome: Outcome = refused
    ? { kind: 'error', error: refused }
    : await observed(checked.request, request, config, (span) =>
        dialect.dispatch(checked.request, { principal, connection: request, id, method, span, extensions: active }, config),
      );
  // The extensions the executor activated are named in the answer (§4.6); a stream names those activated before it starts.
  const used = active?.headers();
  if (outcome.kind === 'result') return { status: 200, headers: headersWith(JSON_HEADERS, cors, used), body: dialect.success(id, outcome.result) };
  if (outcome.kind === 'stream')
    return { status: 200, headers: used ? { ...sseHeaders(request, cors), ...used } : sseHeaders(request, cors), stream: outcome.source };
  // A refusal is in the agent's own version: the request's version is the one not served. An
  // error known before a stream starts (an unknown or finished task, bad params) is a plain
  // JSON-RPC response, not a stream: a client tells it from a broken stream by its content type
  // — but for v0.x's resubscribe, whose response is always a stream (docs/JSON-RPC.md).
  const answer = refused ? errorJson(id, refused) : dialect.error(id, outcome.error);
  if (!refused && dialect.failsInStream(method) && (request.header('accept') ?? '').includes('text/event-stream'))
    return { status: 200, headers: sseHeaders(request, cors), stream: oneErrorEvent(answer, config.keepAliveMs) };
  return jsonAnswer(200, answer, cors);
}

const jsonAnswer = (status: number, body: string, cors: Cors): CoreResponse => ({ status, headers: headersWith(JSON_HEADERS, cors), body });

/** HTTP authentication happens before JSON-RPC: its failure is a plain HTTP error with a JSON body, not a JSON-RPC one. */
export function authFailure(outcome: { status: 401 | 403; message: string; challenge?: string }, cors: Cors, id: JsonRpcId = null): CoreResponse {
  return {
    status: outcome.status,
    headers: headersWith(JSON_HEADERS, cors, outcome.challenge ? { 'www-authenticate': outcome.challenge } : undefined),
    body: JSON.stringify({ error: outcome.status === 401 ? 'unauthorized' : 'forbidden', message: outcome.message, id }),
  };
}

function oneErrorEvent(json: string, keepAliveMs: number): SseSource {
  return {
    start(sink) {
      const writer = new SseWriter(sink, keepAliveMs);
      writer.error(json);
      writer.stop();
    },
  };
}

/** JSON-RPC batches of unary calls (streams cannot share one response). */
async function batch(
  items: unknown[],
  { principal, extensions }: { principal: Principal | undefined; extensions: ExtensionUse | undefined },
  request: CoreRequest,
  config: BindingConfig,
  cors: Cors,
  refused: JsonRpcError | undefined,
  dialect: JsonRpcDialect,
): Promise<CoreResponse> {
  if (items.length === 0) return jsonAnswer(200, dialect.error(null, errorFor('invalidRequest', 'an empty batch is not a request')), cors);
  const max = config.limits.batchSize;
  if (items.length > max) {
    const error = errorFor('invalidRequest', `a batch may hold at most ${max} requests (limit server.limits.batchSize)`, { limit: 'batchSize', max });
    return jsonAnswer(200, dialect.error(null, error), cors);
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
        dialect.dispatch(checked.request, { principal, id, method, span, extensions }, config),
      );
      if (outcome.kind === 'result') return dialect.success(id, outcome.result);
      return dialect.error(id, outcome.kind === 'error' ? outcome.error : errorFor('internal'));
    }),
  );
  const used = extensions?.headers();
  return used
    ? { status: 200, headers: headersWith(JSON_HEADERS, cors, used), body: `[${answers.join(',')}]` }
    : jsonAnswer(200, `[${answers.join(',')}]`, cors);
}
