// What every binding shares around its own encoding: the configuration it is served with, the
// caller (authentication from the card's schemes) and the version the request speaks (§3.6),
// JSON and SSE answer headers, and the request log and spans around each call.
import type { DispatchConfig, Outcome } from '../roles/dispatch.js';
import type { CoreRequest, HeaderReader } from '../http/request.js';
import { NO_CORS } from '../http/cors.js';
import { SSE_HEADERS } from '../http/sse.js';
import type { RequestRecord, SpanHandle, Tracing } from '../observability.js';
import { AUTH_NOT_REQUIRED, authenticate, authRequired, type AnyVerifier, type AuthOutcome } from './auth.js';
import type { ExtensionPolicy } from './extensions.js';
import { dialectOf, type JsonRpcDialect } from './jsonrpc-dialect.js';
import type { JsonRpcId } from './jsonrpc-envelope.js';
import type { VersionAdapter } from './version-adapter.js';
import { NATIVE, negotiate, requestedVersion, versionHeader, type Negotiated } from './version-negotiation.js';

export interface BindingConfig extends DispatchConfig {
  verifiers: Readonly<Record<string, AnyVerifier | undefined>>;
  limits: { bodyBytes: number; jsonDepth: number; batchSize: number; requestTimeoutMs: number };
  /** The card's extensions: which a request may activate, which it must (bindings/extensions.ts). */
  extensions: ExtensionPolicy;
  /** False once the server shuts down: new requests get 503 while running work finishes. */
  accepting?: () => boolean;
  /** The request log (one record per call), when on. */
  requestLog?: (record: RequestRecord) => void;
  tracing?: Tracing;
}

export type Cors = Readonly<Record<string, string>>;

/** Who calls, and in which version: the two questions every binding asks before it reads a call. */
export interface Caller {
  auth: AuthOutcome;
  negotiated: Negotiated;
  /** How calls of that version run and are written (the agent's own, or translated). */
  dialect: JsonRpcDialect;
  adapter: VersionAdapter | undefined;
}

export async function callerOf(request: CoreRequest, config: BindingConfig): Promise<Caller> {
  const auth = await authenticated(request, config);
  const negotiated = versionOf(request);
  const adapter = negotiated.ok ? negotiated.adapter : undefined;
  return { auth, negotiated, dialect: dialectOf(adapter), adapter };
}

/** The caller, from the card's security schemes (no await when the card declares none). */
export const authenticated = (request: HeaderReader, config: BindingConfig): AuthOutcome | Promise<AuthOutcome> =>
  authRequired ? authenticate(request, config.verifiers) : AUTH_NOT_REQUIRED;

/** v1.0 on: the version the request speaks — the agent's, one it translates, or refused. */
export const versionOf = (request: CoreRequest): Negotiated => (versionHeader === undefined ? NATIVE : negotiate(requestedVersion(request)));

// POST responses are not cached by default: no cache-control needed on the call paths.
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });

/** Answer headers of a media type; the shared object when there is nothing to add (the common case: no CORS). */
export function headersWith(base: Readonly<Record<string, string>>, cors: Cors, extra?: Readonly<Record<string, string>>): Record<string, string> {
  return cors === NO_CORS && !extra ? (base as Record<string, string>) : { ...base, ...cors, ...extra };
}

/** SSE headers; a client that asked for `Connection: close` gets it: the socket ends with the stream. */
export function sseHeaders(request: CoreRequest, cors: Cors): Record<string, string> {
  const close = /(^|,)\s*close\s*(,|$)/i.test(request.header('connection') ?? '');
  return close ? { ...SSE_HEADERS, ...cors, connection: 'close' } : { ...SSE_HEADERS, ...cors };
}

/**
 * Runs one call under the request log and a request span, when either is on (otherwise it is
 * the call itself: the hot path pays nothing for observability it does not use).
 */
export function observed(
  call: { id: JsonRpcId; method: string; params?: unknown },
  request: Pick<CoreRequest, 'header'>,
  config: BindingConfig,
  run: (span: SpanHandle | undefined) => Promise<Outcome>,
  system: 'jsonrpc' | 'grpc' = 'jsonrpc',
): Promise<Outcome> {
  const { requestLog, tracing } = config;
  if (!requestLog && !tracing) return run(undefined);
  const started = performance.now();
  const span = tracing?.request(call.method, (name) => request.header(name));
  span?.set({ 'rpc.system': system, 'rpc.method': call.method, 'rpc.jsonrpc.request_id': call.id === null ? undefined : String(call.id) });
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
