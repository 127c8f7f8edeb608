// The gRPC binding (spec v1.0 §10): each rpc of a service is a call of its JSON-RPC method, run
// through the same core as the other bindings — authentication from metadata (the card's
// schemes read `authorization` and API-key metadata as they read headers), the version the
// call speaks, one validation, the roles, the task store and its limits. Requests are decoded
// straight into the JSON-RPC objects (grpc/proto-codec.ts; v0.3.0's proto through proto-v03/),
// answers and stream events encoded from them; a failure is a status with typed details
// (rpc-status.ts). A client that cancels, or whose deadline passes, stops its call's listener,
// as a closed SSE stream does.
import { errorFor, JsonRpcError } from '../errors.js';
import { protocol } from '../protocol.js';
import type { GrpcMessageCodec, MethodRole } from '../runtime/protocol-types.js';
import type { Loose } from '../runtime/shapes.js';
import { authenticated, observed, type BindingConfig } from '../server/bindings/binding.js';
import { activeExtensions, type ExtensionUse } from '../server/bindings/extensions.js';
import { dialectOf, type JsonRpcDialect } from '../server/bindings/jsonrpc-dialect.js';
import type { VersionAdapter } from '../server/bindings/version-adapter.js';
import { negotiate, versionHeader } from '../server/bindings/version-negotiation.js';
import type { Principal } from '../server/executor.js';
import type { HeaderReader } from '../server/http/request.js';
import type { GrpcCall } from './grpc-call.js';
import type { CallMeta, Outcome, StreamFraming } from '../server/roles/dispatch.js';
import type { Connection } from '../server/http/request.js';
import type { SpanHandle } from '../server/observability.js';
import { versionAdapters } from '../version-adapters.js';
import type { ProtoCodec } from './proto-codec.js';
import { ProtoDecodeError } from './proto-reader.js';
import { failureOf, plainFailure, type GrpcFailure } from './rpc-status.js';
import type { GrpcCodeName, GrpcMethod, GrpcService } from './service-types.js';

export interface GrpcBindingOptions {
  codec: ProtoCodec;
  /** gRPC status by JSON-RPC error code (spec v1.0 §5.4), from the model. */
  statusByCode: Readonly<Record<string, GrpcCodeName>>;
  /** Most bytes of a stream's messages waiting for a client that does not read: past it the stream ends (RESOURCE_EXHAUSTED). */
  maxBufferedBytes: number;
  /** How the service's messages become its version's JSON-RPC objects, when they are not those (v0.3.0's proto). */
  messages?: GrpcMessageCodec;
}

/** One service's calls, served through the binding's config. */
export class GrpcServiceBinding {
  private readonly adapter: VersionAdapter | undefined;
  private readonly dialect: JsonRpcDialect;

  constructor(
    private readonly service: GrpcService,
    private readonly config: BindingConfig,
    private readonly options: GrpcBindingOptions,
  ) {
    this.adapter = service.translated ? versionAdapters.find((a) => a.version === service.version) : undefined;
    this.dialect = dialectOf(this.adapter);
  }

  /** The role an rpc runs, or undefined when this agent has no method for it (the rpc is then not served: UNIMPLEMENTED). */
  roleOf(method: GrpcMethod): MethodRole | undefined {
    if (this.service.translated && !this.adapter) return undefined;
    const own = this.adapter ? this.adapter.method(method.method) : method.method;
    return own !== undefined && Object.hasOwn(protocol.methods, own) ? protocol.methods[own].role : undefined;
  }

  /** Serves one call of `method` (its request already read): a unary answer, or a stream. */
  async serve(call: GrpcCall, request: Uint8Array, method: GrpcMethod, role: MethodRole): Promise<void> {
    const framing: StreamFraming<Uint8Array | GrpcFailure> | undefined = method.serverStreaming
      ? {
          event: (value) => this.encodeFramed(method.responseType, this.event(value)),
          error: (error) => this.failure(error instanceof JsonRpcError ? error : errorFor('internal')),
        }
      : undefined;
    const outcome = await this.run(call, request, method, role, framing);
    if ('failure' in outcome) return call.end(outcome.failure);
    if (outcome.kind === 'error') return call.end(this.failure(outcome.error));
    if (outcome.kind === 'result') {
      // A unary answer (or, for a streaming rpc whose role answered at once, its one message).
      const frame = this.encodeFramed(method.responseType, method.serverStreaming ? this.event(outcome.result) : this.answer(role, outcome.result));
      if (!(frame instanceof Uint8Array)) return call.end(frame);
      return call.answer(frame);
    }
    if (!method.serverStreaming) return call.end(this.failure(errorFor('internal', `${method.name} answered with a stream`)));
    this.pipe(call, outcome.source.attach.bind(outcome.source));
  }

  /**
   * Writes a stream's frames into the call; a client that stops reading is cut off at the buffer
   * bound. However the call ends — its last event, a failure, the bound, the client leaving — the
   * run loses this listener. attach() writes what the stream already holds before it returns, so
   * an end reached then is acted on once it has.
   */
  private pipe(call: GrpcCall, attach: Extract<Outcome, { kind: 'stream' }>['source']['attach']): void {
    let done = false;
    let largest = 0;
    let detach: ((fellBehind?: boolean) => void) | undefined;
    let detachOnAttach: { fellBehind: boolean } | undefined;
    const stop = (fellBehind = false): void => {
      if (detach) detach(fellBehind);
      else detachOnAttach = { fellBehind };
    };
    const finish = (failure?: GrpcFailure): void => {
      if (done) return;
      done = true;
      call.end(failure);
      stop();
    };
    detach = attach({
      event: (frame) => {
        if (done) return;
        if (!(frame instanceof Uint8Array)) return finish(frame as GrpcFailure);
        // The bound leaves room for the largest message on top: one message larger than the bound
        // (a big task's snapshot or artifact) and what follows it still reach a client that reads.
        if (frame.length > largest) largest = frame.length;
        call.write(frame);
        if (call.buffered > this.options.maxBufferedBytes + largest) {
          // Its status could only follow the data it does not read: the stream is reset. The task
          // goes on (as an SSE stream cut off for the same reason): read it, or subscribe again.
          done = true;
          call.reset();
          stop(true);
        }
      },
      error: (frame) => finish(frame as GrpcFailure),
      end: () => finish(),
    });
    if (detachOnAttach) detach(detachOnAttach.fellBehind);
    call.onCancel(() => {
      done = true;
      stop();
    });
  }

  /** Everything before the role runs: shutdown, the caller, the version, the message; then the call itself. */
  private async run(
    call: GrpcCall,
    bytes: Uint8Array,
    method: GrpcMethod,
    role: MethodRole,
    framing: StreamFraming<unknown> | undefined,
  ): Promise<Outcome | { failure: GrpcFailure }> {
    const { codec } = this.options;
    try {
      if (this.config.accepting && !this.config.accepting())
        return { failure: plainFailure('UNAVAILABLE', 'the agent is shutting down; call again in a moment (another replica, if there is one)', codec) };
      const reader = call.metadata;
      const auth = await authenticated(reader, this.config);
      if (!auth.ok) return { failure: plainFailure(auth.status === 401 ? 'UNAUTHENTICATED' : 'PERMISSION_DENIED', auth.message, codec) };
      const refused = this.versionRefusal(reader);
      if (refused) return { failure: this.failure(refused) };
      const extensions = activeExtensions(reader, this.config.extensions);
      if (extensions instanceof JsonRpcError) return { failure: this.failure(extensions) };
      const params = this.params(role, codec.decode(method.requestType, bytes));
      const request = { id: null, method: method.method, params };
      // Built field by field: a spread followed by more properties costs microseconds on Node 20, on every call.
      const principal = auth.principal as Principal | undefined;
      const connection = { onDisconnect: (cb: () => void) => call.onCancel(cb) };
      const outcome = await observed(
        request,
        reader,
        this.config,
        (span) => this.dialect.dispatch(request, callMeta(method.method, principal, connection, span, framing, extensions), this.config),
        'grpc',
      );
      // The extensions the executor activated, in the response metadata (§4.6); a stream names those activated before it starts.
      const used = extensions.headers();
      if (used) call.responseMetadata = used;
      return outcome;
    } catch (err) {
      if (err instanceof ProtoDecodeError)
        return { failure: plainFailure('INVALID_ARGUMENT', `the ${method.requestType} message cannot be read: ${err.message}`, codec) };
      if (err instanceof JsonRpcError) return { failure: this.failure(err) };
      this.config.log('error', `a2a: gRPC ${method.name} failed`, err);
      return { failure: this.failure(errorFor('internal')) };
    }
  }

  /**
   * The service is of one version: `a2a-version` (§10.2) may confirm it; naming another is
   * VersionNotSupported (v0.3 clients have a service of their own, with their own messages).
   */
  private versionRefusal(reader: HeaderReader): JsonRpcError | undefined {
    if (this.service.translated || versionHeader === undefined) return undefined;
    const asked = reader.header(versionHeader);
    if (asked === undefined || asked.trim() === '') return undefined;
    const negotiated = negotiate(asked);
    if (negotiated.ok && !negotiated.adapter) return undefined;
    if (!negotiated.ok) return negotiated.error;
    return errorFor(
      'versionNotSupported',
      `this service speaks A2A ${this.service.version}; version ${negotiated.adapter!.version} clients call the service of their version`,
      {
        requested: asked.slice(0, 40),
        supported: this.service.version,
      },
    );
  }

  private params(role: MethodRole, request: Loose): unknown {
    const { messages } = this.options;
    return messages ? messages.params(role, request) : request;
  }

  /** A result in the service's messages (the dialect already wrote it in the service's version). */
  private answer(role: MethodRole, result: unknown): unknown {
    const { messages } = this.options;
    if (messages) return messages.result(role, result);
    // A method with no result (DeleteTaskPushNotificationConfig) answers google.protobuf.Empty.
    return result ?? {};
  }

  /** A stream event (the agent's own version) in the service's messages. */
  private event(value: unknown): unknown {
    const own = this.adapter ? this.adapter.event(value) : value;
    const { messages } = this.options;
    return messages ? messages.event(own) : own;
  }

  private failure(error: JsonRpcError): GrpcFailure {
    return failureOf(error, this.dialect.writeError, this.options.statusByCode, this.options.codec);
  }

  /** A message as a gRPC frame, or the failure to end the call with when it cannot be encoded (a bug: logged). */
  private encodeFramed(type: string, value: unknown): Uint8Array | GrpcFailure {
    try {
      return this.options.codec.encodeFramed(type, value as Record<string, unknown>);
    } catch (err) {
      this.config.log('error', `a2a: a ${type} could not be encoded`, err);
      return this.failure(errorFor('internal'));
    }
  }
}

function callMeta(
  method: string,
  principal: Principal | undefined,
  connection: Connection,
  span: SpanHandle | undefined,
  framing: StreamFraming<unknown> | undefined,
  extensions: ExtensionUse,
): CallMeta {
  const meta: CallMeta = { principal, connection, id: null, method, span, extensions };
  if (framing) meta.framing = framing;
  return meta;
}
