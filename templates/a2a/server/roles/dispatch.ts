// A checked JSON-RPC request → its outcome: a result, an error, or an SSE stream. Params are
// validated by the generated validators before any handler sees them (-32602 with the
// findings in `data`); each method then goes to the handler of its role.
import { errorFor, JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { createStatusUpdate, contextIdOf, getPath, isTask } from '../../runtime/objects.js';
import { fromShape, shapeOf, type Loose } from '../../runtime/shapes.js';
import { wrapResult } from '../../runtime/result-members.js';
import type { MethodDescriptor } from '../../runtime/protocol-types.js';
import type { AgentCard, Message, Task, TaskState } from '../../types.js';
import type { Principal } from '../executor.js';
import { errorJson, idRequired, successPrefix, type JsonRpcId, type JsonRpcRequest } from '../bindings/jsonrpc-envelope.js';
import { checkClientMessage, checkHistoryLength, checkPushUrl, invalidParams, ruleApplies, ruleError } from './rules.js';
import { checkListQuery } from './list-tasks.js';
import { dropUnknownFields, readProtoNames } from './request-fields.js';
import { SseWriter, type SseSink, type SseSource } from '../http/sse.js';
import type { CallInfo, TaskManager } from '../tasks/task-manager.js';
import { budgetError, sizeOfMessage } from '../tasks/task-size.js';
import type { RunListener, StreamEvent } from '../tasks/task-run.js';

export type Outcome = { kind: 'result'; result: unknown } | { kind: 'error'; error: JsonRpcError } | { kind: 'stream'; source: SseSource };

/** Context a custom (schema-defined, non-core) method handler receives. */
export interface CallContext {
  method: string;
  principal?: Principal;
  signal: AbortSignal;
}

export type CustomHandler = (params: never, context: CallContext) => unknown;

export interface DispatchConfig {
  manager: TaskManager;
  streaming: boolean;
  keepAliveMs: number;
  customMethods: Readonly<Record<string, CustomHandler | undefined>>;
  extendedCard?: (principal: Principal | undefined) => AgentCard | Promise<AgentCard>;
  /** The public card declares an extended card (`capabilities.extendedAgentCard`, v0.x `supportsAuthenticatedExtendedCard`). */
  advertisesExtendedCard: boolean;
  /** The tenant of this agent's interface (v1.0 multi-tenancy), when it has one. */
  tenant?: string;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

export interface CallMeta extends CallInfo {
  id: JsonRpcId;
  /** Tells when the client goes away before its answer (blocking sends stop listening). */
  connection?: { onDisconnect?(callback: () => void): void };
  /** How a stream writes its events; JSON-RPC responses under `id` when absent. */
  framing?: StreamFraming;
}

/** How one binding writes a stream's events (SSE `data`) and its failure (an `error` event). */
export interface StreamFraming {
  event(value: unknown): string;
  error(error: unknown): string;
}

/** JSON-RPC's: every event is a response under the request's id (the prefix is built once per stream). */
function jsonRpcFraming(id: JsonRpcId): StreamFraming {
  const prefix = successPrefix(id);
  return {
    event: (value) => `${prefix}${value === undefined ? 'null' : JSON.stringify(value)}}`,
    error: (error) => errorJson(id, error),
  };
}

type Descriptor = MethodDescriptor;
const methods = protocol.methods;
const features = protocol.features;
const pathText = (path: readonly string[] | undefined): string => '/' + (path ?? []).join('/');
const HISTORY_LENGTH_PATH = pathText(features.send.historyLength);
const streamsTasks = protocol.features.streamCarriesTask;
/** ProtoJSON (v1.0 on): requests may name fields by their proto names. */
const PROTO_NAMES = Object.values(protocol.requestShapes).some((shape) => shape.protoNames !== undefined);

export const isStreamingMethod = (method: string): boolean => Object.prototype.hasOwnProperty.call(methods, method) && methods[method].streaming;

/** `request` is a JSON-RPC request, or the method and params an HTTP+JSON route stands for (rest.ts). */
export async function dispatch(request: Pick<JsonRpcRequest, 'method' | 'params'>, meta: CallMeta, config: DispatchConfig): Promise<Outcome> {
  try {
    const { descriptor, params } = validate(request.method, request.params, config);
    const { manager } = config;
    switch (descriptor.role) {
      case 'send':
        return { kind: 'result', result: wrapResult(await manager.send(params, meta, meta.connection)) };
      case 'stream':
        requireStreaming(config);
        return await streamRun(params, meta, config);
      case 'resubscribe':
        requireStreaming(config);
        return await streamResubscribe(params, meta, config);
      case 'get':
        return { kind: 'result', result: await manager.get(params, meta) };
      case 'list':
        return { kind: 'result', result: await manager.list(params, meta) };
      case 'cancel':
        return { kind: 'result', result: await manager.cancel(params, meta) };
      case 'pushSet':
        return { kind: 'result', result: await manager.pushMethods.set(params, meta) };
      case 'pushGet':
        return { kind: 'result', result: await manager.pushMethods.get(params, meta) };
      case 'pushList':
        return { kind: 'result', result: await manager.pushMethods.list(params, meta) };
      case 'pushDelete':
        return { kind: 'result', result: await manager.pushMethods.delete(params, meta) };
      case 'extendedCard':
        // Not declared by the card: unsupported (v1.0 §3.3.4); declared but not configured: -32007.
        if (!config.advertisesExtendedCard && ruleApplies('extended-card-capability')) throw ruleError('extended-card-capability', '');
        if (!config.extendedCard) return { kind: 'error', error: errorFor('authenticatedExtendedCardNotConfigured') };
        return { kind: 'result', result: await config.extendedCard(meta.principal) };
      default:
        return await callCustom(request.method, descriptor.streaming, params, meta, config);
    }
  } catch (err) {
    if (err instanceof JsonRpcError) return { kind: 'error', error: err };
    config.log('error', `a2a: ${request.method} failed`, err);
    return { kind: 'error', error: errorFor('internal') };
  }
}

/**
 * The error for a request that came without an id: the same checks as any request (method,
 * params and the rules on them), then "id is required". Nothing is looked up or executed.
 */
export function idlessError(method: string, params: unknown, config: DispatchConfig): JsonRpcError {
  try {
    validate(method, params, config);
    return idRequired();
  } catch (err) {
    return err instanceof JsonRpcError ? err : errorFor('internal');
  }
}

/**
 * Everything that can be said of a request from the request alone — the method exists, the
 * params match the schema and the spec's rules on them — before any task is looked up: an
 * invalid request is -32602 whatever the store holds (and says nothing of what it holds).
 */
function validate(method: string, raw: unknown, config: DispatchConfig): { descriptor: Descriptor; params: Loose } {
  if (!Object.prototype.hasOwnProperty.call(methods, method)) {
    throw errorFor('methodNotFound', `Method not found: ${method.slice(0, 100)}`, { method: method.slice(0, 100) });
  }
  const descriptor = methods[method];
  const shape = descriptor.paramsShape;
  const params = checkParams(shape && PROTO_NAMES ? readProtoNames(shape, raw) : raw, descriptor);
  // A request names its tenant (or none, when a gateway took it off): another one is not this agent.
  if (config.tenant !== undefined && typeof params.tenant === 'string' && params.tenant !== '' && params.tenant !== config.tenant)
    throw invalidParams(
      '/tenant',
      `tenant ${JSON.stringify(params.tenant.slice(0, 100))} is not served here; this interface's tenant is ${JSON.stringify(config.tenant)}`,
    );
  switch (descriptor.role) {
    case 'send':
    case 'stream': {
      const { limits } = config.manager;
      checkClientMessage(params.message as Loose, '/message', limits.partsPerMessage);
      const bytes = sizeOfMessage(params.message as Loose);
      if (bytes > limits.messageBytes) throw budgetError('messageBytes', limits.messageBytes, `the message holds ${bytes} bytes`, '/message');
      checkHistoryLength(getPath(params, features.send.historyLength), HISTORY_LENGTH_PATH);
      const push = getPath(params, features.send.pushNotificationConfig) as Loose | undefined | null;
      if (push !== undefined && push !== null) checkPushUrl(push.url, `${pathText(features.send.pushNotificationConfig)}/url`);
      break;
    }
    case 'get':
      checkHistoryLength(params.historyLength, '/historyLength');
      break;
    case 'list':
      checkListQuery(params);
      break;
    case 'pushSet': {
      // The config is the params themselves in v1.0, under `pushNotificationConfig` before.
      const field = features.pushMethods.configField;
      checkPushUrl((field ? (params[field] as Loose | undefined) : params)?.url, field ? `/${field}/url` : '/url');
      break;
    }
  }
  // Judged as sent (the rules see a v0.3 `kind` in a v1.0 part); kept without what the schema does not know.
  return { descriptor, params: shape ? dropUnknownFields(shape, params) : params };
}

function checkParams(raw: unknown, descriptor: Descriptor): Loose {
  if (!descriptor.params) return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Loose) : {};
  if (raw === undefined) {
    if (descriptor.paramsRequired)
      throw errorFor('invalidParams', 'params are required for this method', { issues: [{ path: '', message: 'must be an object', keyword: 'required' }] });
    return {};
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw errorFor('invalidParams', 'params must be an object (A2A uses named parameters)', {
      issues: [{ path: '', message: 'must be object', keyword: 'type' }],
    });
  }
  const issues = descriptor.params.check(raw);
  if (issues) throw errorFor('invalidParams', `Invalid params: ${issues[0].path || '(root)'} ${issues[0].message}`, { issues });
  return raw as Loose;
}

function requireStreaming(config: DispatchConfig): void {
  if (config.streaming) return;
  if (ruleApplies('streaming-capability')) throw ruleError('streaming-capability', '');
  throw errorFor('unsupportedOperation', 'this agent does not stream');
}

/**
 * An event as the stream carries it: wrapped in its StreamResponse member (v1.0); v0.1.0
 * streams carry only update events, so there a Task becomes a status update with its status.
 */
function toStreamEvent(event: StreamEvent): unknown {
  if (streamsTasks || !isTask(event)) return wrapResult(event);
  const task = event as Task;
  const { state, message, timestamp } = shapeOf(task).status;
  return createStatusUpdate(task.id, contextIdOf(task), { state: state as TaskState, message: message && fromShape<Message>(message), timestamp }, false);
}

/** A stream whose events are buffered until the adapter attaches the sink. */
class PendingStream implements SseSource {
  private writer: SseWriter | undefined;
  private readonly buffer: { kind: 'event' | 'error'; json: string }[] = [];
  private ended = false;
  private closeHandlers: (() => void)[] = [];

  constructor(private readonly keepAliveMs: number) {}

  /** Ends the stream after what was pushed so far. */
  end(): void {
    if (this.writer) this.writer.stop();
    else this.ended = true;
  }

  push(kind: 'event' | 'error', json: string, final: boolean): void {
    if (this.writer) {
      if (kind === 'event') this.writer.event(json);
      else this.writer.error(json);
      if (final) this.writer.stop();
    } else {
      this.buffer.push({ kind, json });
      if (final) this.ended = true;
    }
  }

  onClose(handler: () => void): void {
    this.closeHandlers.push(handler);
  }

  start(sink: SseSink): void {
    const writer = new SseWriter(sink, this.keepAliveMs);
    this.writer = writer;
    sink.onClose(() => {
      const handlers = this.closeHandlers;
      this.closeHandlers = [];
      for (const h of handlers) h();
    });
    for (const item of this.buffer.splice(0)) item.kind === 'event' ? writer.event(item.json) : writer.error(item.json);
    if (this.ended) writer.stop();
  }
}

async function streamRun(params: Loose, meta: CallMeta, config: DispatchConfig): Promise<Outcome> {
  const stream = new PendingStream(config.keepAliveMs);
  const framing = meta.framing ?? jsonRpcFraming(meta.id);
  const listener: RunListener = (event, final, error) => {
    if (error !== undefined || event === undefined) stream.push('error', framing.error(error), true);
    else stream.push('event', framing.event(toStreamEvent(event)), final);
  };
  const run = await config.manager.start(params, meta, 'stream', listener);
  stream.onClose(() => config.manager.unlisten(run, listener));
  return { kind: 'stream', source: stream };
}

async function streamResubscribe(params: Loose, meta: CallMeta, config: DispatchConfig): Promise<Outcome> {
  const stream = new PendingStream(config.keepAliveMs);
  const framing = meta.framing ?? jsonRpcFraming(meta.id);
  // Events that arrive while the current state is being sent are held back, to keep the order.
  let held: [StreamEvent | undefined, boolean, unknown][] | undefined = [];
  const forward: RunListener = (event, final, error) => {
    if (error !== undefined || event === undefined) stream.push('error', framing.error(error), true);
    else stream.push('event', framing.event(toStreamEvent(event)), final);
  };
  const listener: RunListener = (event, final, error) => (held ? held.push([event, final, error]) : forward(event, final, error));
  const { task, subscription } = await config.manager.resubscribe(params, meta, listener);
  // The current state first, then whatever happens next.
  stream.push('event', framing.event(toStreamEvent(config.manager.snapshot(task, undefined))), subscription === undefined);
  const pending = held;
  held = undefined;
  for (const [event, final, error] of pending) forward(event, final, error);
  if (subscription) stream.onClose(() => subscription.close());
  return { kind: 'stream', source: stream };
}

async function callCustom(method: string, streaming: boolean, params: Loose, meta: CallMeta, config: DispatchConfig): Promise<Outcome> {
  const handler = config.customMethods[method];
  if (!handler) return { kind: 'error', error: errorFor('unsupportedOperation', `${method} is part of this A2A version but this agent does not implement it`) };
  const controller = new AbortController();
  const context: CallContext = { method, principal: meta.principal, signal: controller.signal };
  const value = await handler(params as never, context);
  if (!streaming) return { kind: 'result', result: value };
  const stream = new PendingStream(config.keepAliveMs);
  const framing = meta.framing ?? jsonRpcFraming(meta.id);
  const iterator = (value as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  stream.onClose(() => {
    controller.abort(new Error('the client disconnected'));
    void iterator.return?.();
  });
  void (async () => {
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        stream.push('event', framing.event(next.value), false);
      }
      stream.end();
    } catch (err) {
      stream.push('error', framing.error(err instanceof JsonRpcError ? err : errorFor('internal')), true);
    }
  })();
  return { kind: 'stream', source: stream };
}
