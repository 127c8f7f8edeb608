// How one JSON-RPC request is run and answered in the version it speaks. The agent's own version
// runs as it is; another version the agent answers (a version adapter, the manifest's `compat`)
// has its method and params translated into the agent's before dispatch — the same validation,
// rules, limits and handlers — and its result, stream events and errors translated back.
import { errorFor, JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { wireError } from './error-details.js';
import { dispatch, idlessError, isStreamingMethod, type CallMeta, type DispatchConfig, type Outcome, type StreamFraming } from '../roles/dispatch.js';
import { errorJson, successJson, successPrefix, type JsonRpcId, type JsonRpcRequest } from './jsonrpc-envelope.js';
import { ruleApplies } from '../spec/rules.js';
import type { VersionAdapter } from './version-adapter.js';

export interface JsonRpcDialect {
  dispatch(request: Pick<JsonRpcRequest, 'method' | 'params'>, meta: CallMeta, config: DispatchConfig): Promise<Outcome>;
  /** The answer to a request without an id (nothing runs; see dispatch.ts idlessError). */
  idlessError(method: string, params: unknown, config: DispatchConfig): JsonRpcError;
  isStreaming(method: string): boolean;
  /**
   * Whether a streaming request that fails before its first event is answered as a stream of its
   * error (an SSE `event: error`) rather than a plain JSON-RPC error response: only v0.x's
   * resubscribe, whose response the text says is always a stream; every other error known
   * before a stream starts is a plain answer (docs/JSON-RPC.md).
   */
  failsInStream(method: string): boolean;
  success(id: JsonRpcId, result: unknown): string;
  error(id: JsonRpcId, error: unknown): string;
  /** An error's wire form in this version (`code`, `message`, `data`): what `error` and HTTP+JSON bodies carry. */
  writeError(error: JsonRpcError): { code: number; message: string; data?: unknown };
}

const roleOf = (method: string) => (Object.hasOwn(protocol.methods, method) ? protocol.methods[method].role : undefined);
const NATIVE_RESUBSCRIBE_FAILS_IN_STREAM = ruleApplies('resubscribe-fails-in-stream');

export const nativeDialect: JsonRpcDialect = {
  dispatch,
  idlessError,
  isStreaming: isStreamingMethod,
  failsInStream: (method) => NATIVE_RESUBSCRIBE_FAILS_IN_STREAM && roleOf(method) === 'resubscribe',
  success: successJson,
  error: errorJson,
  writeError: wireError,
};

const dialects = new WeakMap<VersionAdapter, JsonRpcDialect>();

/** The dialect of a request that speaks an adapter's version (one per adapter, built once). */
export function dialectOf(adapter: VersionAdapter | undefined): JsonRpcDialect {
  if (!adapter) return nativeDialect;
  let dialect = dialects.get(adapter);
  if (!dialect) dialects.set(adapter, (dialect = translatingDialect(adapter)));
  return dialect;
}

/** A request in an adapter's version, as the agent's: its method and params, or the error that says why it has none. */
export function translateRequest(adapter: VersionAdapter, method: string, params: unknown): { method: string; params: unknown } | JsonRpcError {
  const own = adapter.method(method);
  if (own === undefined)
    return errorFor('methodNotFound', `Method not found: ${method.slice(0, 100)}${askForOwnVersion(method)}`, { method: method.slice(0, 100) });
  try {
    return { method: own, params: adapter.params(method, params) };
  } catch (err) {
    if (err instanceof JsonRpcError) return err;
    throw err;
  }
}

/**
 * How to reach a method of the agent's own version that came in an older one's request (a v1.0
 * `SendMessage` without `A2A-Version: 1.0`, which means 0.3): the header that asks for it.
 */
function askForOwnVersion(method: string): string {
  const negotiation = protocol.negotiation;
  if (!negotiation || !Object.hasOwn(protocol.methods, method)) return '';
  return ` in A2A ${negotiation.absentMeans} (what a request without ${negotiation.header} means); it is a method of A2A ${protocol.name}: send "${negotiation.header}: ${negotiation.served[0]}"`;
}

function translatingDialect(adapter: VersionAdapter): JsonRpcDialect {
  // The error as the runtime made it (free `data`, before v1.0's typed details), for the adapter to write in its version.
  const writeError = (e: JsonRpcError) => adapter.error(e.toJSON());
  const error = (id: JsonRpcId, e: unknown): string => errorJson(id, e, writeError);
  const framing = (id: JsonRpcId): StreamFraming => {
    const prefix = successPrefix(id);
    return { event: (value) => `${prefix}${JSON.stringify(adapter.event(value) ?? null)}}`, error: (e) => error(id, e) };
  };
  return {
    async dispatch(request, meta, config) {
      const own = translateRequest(adapter, request.method, request.params);
      if (own instanceof JsonRpcError) return { kind: 'error', error: own };
      // Field by field, and a framing only for a stream: this runs for every translated request.
      const call: CallMeta = {
        principal: meta.principal,
        connection: meta.connection,
        id: meta.id,
        method: own.method,
        span: meta.span,
        extensions: meta.extensions,
      };
      const framed = meta.framing ?? (isStreamingMethod(own.method) ? framing(meta.id) : undefined);
      if (framed) call.framing = framed;
      const outcome = await dispatch(own, call, config);
      if (outcome.kind !== 'result') return outcome;
      const result = adapter.result(own.method, outcome.result);
      // A card is signed in the version it is served in: its signature covers that version's form.
      const card = config.signCard && roleOf(own.method) === 'extendedCard' && result !== null && typeof result === 'object';
      return { kind: 'result', result: card ? config.signCard!(result, adapter.version) : result };
    },
    idlessError(method, params, config) {
      const own = translateRequest(adapter, method, params);
      return own instanceof JsonRpcError ? own : idlessError(own.method, own.params, config);
    },
    isStreaming: (method) => isStreamingMethod(adapter.method(method) ?? ''),
    failsInStream: (method) => adapter.resubscribeFailsInStream === true && roleOf(adapter.method(method) ?? '') === 'resubscribe',
    success: successJson,
    error,
    writeError,
  };
}
