// The gRPC binding (spec v1.0 §10): each rpc of a service is a call of its JSON-RPC method, run
// through the same core as the other bindings — authentication from metadata (the card's
// schemes read `authorization` and API-key metadata as they read headers), the version the
// call speaks, one validation, the roles, the task store and its limits. Requests are decoded
// straight into the JSON-RPC objects (grpc/proto-codec.ts; v0.3.0's proto through proto-v03/),
// answers and stream events encoded from them; a failure is a status with typed details
// (rpc-status.ts). A client that cancels, or whose deadline passes, stops its call's listener,
// as a closed SSE stream does.
import type { Metadata, sendUnaryData, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import { errorFor, JsonRpcError } from '../errors.js';
import { protocol } from '../protocol.js';
import type { GrpcMessageCodec, MethodRole } from '../runtime/protocol-types.js';
import type { Loose } from '../runtime/shapes.js';
import { authenticated, observed, type BindingConfig } from '../server/bindings/binding.js';
import { dialectOf, type JsonRpcDialect } from '../server/bindings/jsonrpc-dialect.js';
import type { VersionAdapter } from '../server/bindings/version-adapter.js';
import { negotiate, versionHeader } from '../server/bindings/version-negotiation.js';
import type { Principal } from '../server/executor.js';
import type { HeaderReader } from '../server/http/request.js';
import type { Outcome, StreamFraming } from '../server/roles/dispatch.js';
import { versionAdapters } from '../version-adapters.js';
import { asBuffer } from './agent-codec.js';
import type { ProtoCodec } from './proto-codec.js';
import { ProtoDecodeError } from './proto-reader.js';
import { failureOf, plainFailure, type GrpcFailure } from './rpc-status.js';
import { resetSlowReader } from './slow-reader.js';
import type { GrpcCodeName, GrpcMethod, GrpcService } from './service-types.js';

export type UnaryHandler = (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => void;
export type StreamHandler = (call: ServerWritableStream<Buffer, Buffer>) => void;
/** What a unary and a streaming call have alike. */
type AnyCall = ServerUnaryCall<Buffer, Buffer> | ServerWritableStream<Buffer, Buffer>;

export interface GrpcBindingOptions {
  codec: ProtoCodec;
  /** gRPC status by JSON-RPC error code (spec v1.0 §5.4), from the model. */
  statusByCode: Readonly<Record<string, GrpcCodeName>>;
  /** Most bytes of a stream's messages waiting for a client that does not read: past it the stream ends (RESOURCE_EXHAUSTED). */
  maxBufferedBytes: number;
  /** How the service's messages become its version's JSON-RPC objects, when they are not those (v0.3.0's proto). */
  messages?: GrpcMessageCodec;
  /** Builds the trailer metadata of a failure (grpc-js's Metadata, passed in so this module needs no value import of it). */
  metadata(failure: GrpcFailure): Metadata;
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

  unary(method: GrpcMethod, role: MethodRole): UnaryHandler {
    return (call, callback) => {
      const fail = (failure: GrpcFailure): void => callback({ code: failure.code, details: failure.details, metadata: this.options.metadata(failure) });
      void this.run(call, method, role, undefined).then((outcome) => {
        if ('failure' in outcome) return fail(outcome.failure);
        if (outcome.kind === 'error') return fail(this.failure(outcome.error));
        if (outcome.kind === 'stream') return fail(this.failure(errorFor('internal', `${method.name} answered with a stream`)));
        const encoded = this.encode(method.responseType, this.answer(role, outcome.result));
        if ('failure' in encoded) return fail(encoded.failure);
        callback(null, encoded.bytes);
      });
    };
  }

  stream(method: GrpcMethod, role: MethodRole): StreamHandler {
    return (call) => {
      const end = (failure: GrpcFailure): void => {
        if (!call.writableEnded) call.emit('error', { code: failure.code, details: failure.details, metadata: this.options.metadata(failure) });
      };
      const framing: StreamFraming<Buffer | GrpcFailure> = {
        event: (value) => {
          const encoded = this.encode(method.responseType, this.event(value));
          return 'failure' in encoded ? encoded.failure : encoded.bytes;
        },
        error: (error) => this.failure(error instanceof JsonRpcError ? error : errorFor('internal')),
      };
      void this.run(call, method, role, framing).then((outcome) => {
        if ('failure' in outcome) return end(outcome.failure);
        if (outcome.kind === 'error') return end(this.failure(outcome.error));
        if (outcome.kind === 'result') {
          // A streaming rpc whose role answered at once (none does today): its one message, then the end.
          const encoded = this.encode(method.responseType, this.event(outcome.result));
          if ('failure' in encoded) return end(encoded.failure);
          call.write(encoded.bytes);
          return call.end();
        }
        this.pipe(call, outcome.source.attach.bind(outcome.source), end);
      });
    };
  }

  /** Writes a stream's frames into the call; a client that stops reading is cut off at the buffer bound. */
  private pipe(
    call: ServerWritableStream<Buffer, Buffer>,
    attach: Extract<Outcome, { kind: 'stream' }>['source']['attach'],
    end: (f: GrpcFailure) => void,
  ): void {
    let buffered = 0;
    let done = false;
    const finish = (failure?: GrpcFailure): void => {
      if (done) return;
      done = true;
      if (failure) end(failure);
      else call.end();
    };
    const closed = attach({
      event: (frame) => {
        if (done) return;
        if (!Buffer.isBuffer(frame)) return finish(frame as GrpcFailure);
        buffered += frame.length;
        if (buffered > this.options.maxBufferedBytes) {
          closed();
          // Its status could only follow the data it does not read: the stream is reset (slow-reader.ts).
          if (resetSlowReader(call)) {
            done = true;
            return;
          }
          return finish(
            plainFailure(
              'RESOURCE_EXHAUSTED',
              'the client does not read its stream: more than the server buffers for one stream is waiting',
              this.options.codec,
            ),
          );
        }
        call.write(frame, () => (buffered -= frame.length));
      },
      error: (frame) => finish(frame as GrpcFailure),
      end: () => finish(),
    });
    call.once('cancelled', () => {
      done = true;
      closed();
    });
    if (call.cancelled) {
      done = true;
      closed();
    }
  }

  /** Everything before the role runs: shutdown, the caller, the version, the message; then the call itself. */
  private async run(
    call: AnyCall,
    method: GrpcMethod,
    role: MethodRole,
    framing: StreamFraming<unknown> | undefined,
  ): Promise<Outcome | { failure: GrpcFailure }> {
    const { codec } = this.options;
    try {
      if (this.config.accepting && !this.config.accepting())
        return { failure: plainFailure('UNAVAILABLE', 'the agent is shutting down; call again in a moment (another replica, if there is one)', codec) };
      const reader = metadataReader(call);
      const auth = await authenticated(reader, this.config);
      if (!auth.ok) return { failure: plainFailure(auth.status === 401 ? 'UNAUTHENTICATED' : 'PERMISSION_DENIED', auth.message, codec) };
      const refused = this.versionRefusal(reader);
      if (refused) return { failure: this.failure(refused) };
      const params = this.params(role, codec.decode(method.requestType, call.request));
      const meta = {
        principal: auth.principal as Principal | undefined,
        connection: { onDisconnect: (cb: () => void) => call.once('cancelled', cb) },
        id: null,
      };
      const request = { id: null, method: method.method, params };
      return await observed(
        request,
        reader,
        this.config,
        (span) =>
          this.dialect.dispatch(request, framing ? { ...meta, method: method.method, span, framing } : { ...meta, method: method.method, span }, this.config),
        'grpc',
      );
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

  private encode(type: string, value: unknown): { bytes: Buffer } | { failure: GrpcFailure } {
    try {
      return { bytes: asBuffer(this.options.codec.encode(type, value as Record<string, unknown>)) };
    } catch (err) {
      this.config.log('error', `a2a: a ${type} could not be encoded`, err);
      return { failure: this.failure(errorFor('internal')) };
    }
  }
}

/** Metadata as the headers verifiers and version negotiation read (text entries; a repeated key joined by commas). */
function metadataReader(call: AnyCall): HeaderReader {
  const { metadata } = call;
  const reader: HeaderReader = {
    header(name) {
      const values = metadata.get(name.toLowerCase()).filter((v: string | Buffer): v is string => typeof v === 'string');
      return values.length === 0 ? undefined : values.join(', ');
    },
    query: '',
  };
  const certificate = call.getAuthContext?.().sslPeerCertificate;
  if (certificate) reader.peerCertificate = certificate;
  return reader;
}
