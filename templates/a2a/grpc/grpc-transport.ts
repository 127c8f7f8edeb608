// The client's gRPC transport (Node): each method called as its rpc of the agent's own service
// (grpc-services.ts), with the same typed results and errors, interceptors, credentials (auth
// hooks write metadata instead of headers), time limits, retries of idempotent calls and stream
// resumption as over HTTP. Messages are coded by the runtime's codec; @grpc/grpc-js carries them.
// Loaded by client/transport-choice.ts only when a client is asked for gRPC.
import * as grpc from '@grpc/grpc-js';
import { errorFromWire } from '../errors.js';
import { grpcServices } from '../grpc-services.js';
import { protocol } from '../protocol.js';
import { A2AHttpError, A2AResponseValidationError, A2ATransportError } from '../client/client-errors.js';
import type { CallOptions, ClientTransport, TransportOptions } from '../client/client-transport.js';
import { credentialsOf, type Credentials } from '../client/auth.js';
import { errorFromDetails } from '../client/error-reasons.js';
import { adopt, InterceptorChain, type InterceptedCall, type TransportCall } from '../client/interceptors.js';
import { isRetryable, retryDelay, sleep } from '../client/transport-failures.js';
import { VERSION_HEADER } from '../client/version-header.js';
import { extensionRequestHeaders, reportActivated } from '../client/extension-headers.js';
import { majorMinor, OWN_VERSION } from '../client/version-fallback.js';
import type { GrpcMethod } from './service-types.js';
import { agentCodec, asBuffer } from './agent-codec.js';

const identity = (b: Buffer): Buffer => b;
/** Answers are read as their JSON form has them: REQUIRED fields present even when the wire omitted their default. */
const ANSWERS = { requiredDefaults: true };
/** What a gRPC failure is to the caller, when no ErrorInfo names an A2A error. */
const JSON_RPC_CODE: Partial<Record<number, number>> = {
  [grpc.status.INVALID_ARGUMENT]: -32602,
  [grpc.status.UNIMPLEMENTED]: -32601,
  [grpc.status.INTERNAL]: -32603,
};

export function createGrpcTransport(options: TransportOptions): ClientTransport {
  return new GrpcTransport(options);
}

type Call = TransportCall;

class GrpcTransport implements ClientTransport {
  private readonly client: grpc.Client;
  private readonly rpcs: Map<string, { path: string; rpc: GrpcMethod }>;
  private readonly credentials: Credentials;
  private readonly chain?: InterceptorChain;

  constructor(readonly options: TransportOptions) {
    if (options.version !== undefined && majorMinor(options.version) !== OWN_VERSION)
      throw new A2ATransportError(
        `gRPC speaks this client's own A2A version (${OWN_VERSION}), not ${options.version}: use JSON-RPC or HTTP+JSON for it`,
        'protocol',
      );
    const service = grpcServices.find((s) => !s.translated)!;
    this.rpcs = new Map(service.methods.map((rpc) => [rpc.method, { path: `/${service.name}/${rpc.name}`, rpc }]));
    const { target, tls } = targetOf(options.url);
    const channel =
      (options.grpcCredentials as grpc.ChannelCredentials | undefined) ?? (tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure());
    this.client = new grpc.Client(target, channel);
    this.credentials = credentialsOf(options.auth);
    if (options.interceptors?.length) this.chain = new InterceptorChain([...options.interceptors]);
  }

  call(method: string, params: unknown, options: CallOptions = {}, idempotent = false): Promise<unknown> {
    const call = this.start(method, params, options);
    if (!this.chain) return this.unary(call, options, idempotent);
    return this.chain.unary(this.intercepted(call, false, options), call, (sent) => this.unary(adopt(call, sent), options, idempotent));
  }

  stream(method: string, params: unknown, options: CallOptions = {}, idempotent = false): AsyncGenerator<unknown, void, undefined> {
    const call = this.start(method, params, options);
    if (!this.chain) return this.events(call, options, idempotent);
    return this.chain.stream(this.intercepted(call, true, options), call, (sent) => this.events(adopt(call, sent), options, idempotent));
  }

  private start(method: string, params: unknown, options: CallOptions): Call {
    const tenant = this.options.tenant;
    if (tenant !== undefined && (params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params) && !('tenant' in params))))
      params = { ...(params as object | undefined), tenant };
    const headers = new Headers({ ...VERSION_HEADER, ...this.options.headers, ...extensionRequestHeaders(this.options, options), ...options.headers });
    return { method, params, headers, status: undefined, attempts: 0, refreshed: false };
  }

  private intercepted(call: Call, streaming: boolean, options: CallOptions): InterceptedCall {
    return { method: call.method, params: call.params, headers: call.headers, streaming, signal: options.signal } as InterceptedCall;
  }

  /** The rpc a call goes to, its request encoded once for every attempt, and how many retries it may have. */
  private prepared(call: Call, idempotent: boolean): { path: string; rpc: GrpcMethod; request: Buffer; retries: number } {
    const { path, rpc } = this.rpcOf(call.method);
    const request = asBuffer(agentCodec.encode(rpc.requestType, (call.params ?? {}) as Record<string, unknown>));
    return { path, rpc, request, retries: idempotent ? (this.options.retries ?? 2) : 0 };
  }

  private rpcOf(method: string): { path: string; rpc: GrpcMethod } {
    const found = this.rpcs.get(method);
    if (!found) throw new A2ATransportError(`${method} has no gRPC rpc in A2A ${protocol.name}`, 'protocol');
    return found;
  }

  private async unary(call: Call, options: CallOptions, idempotent: boolean): Promise<unknown> {
    const { path, rpc, request, retries } = this.prepared(call, idempotent);
    for (let attempt = 0; ;) {
      const metadata = await this.metadata(call);
      try {
        const reply = await new Promise<Buffer>((resolve, reject) => {
          const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 30_000;
          const running = this.client.makeUnaryRequest(path, identity, identity, request, metadata, { deadline: Date.now() + timeoutMs }, (err, value) =>
            err ? reject(this.failure(call, err, options)) : resolve(value!),
          );
          running.on('metadata', (received: grpc.Metadata) => reportActivated(options, (name) => received.get(name)[0]?.toString()));
          cancelOn(options.signal, running);
        });
        call.status = 0;
        return this.checked(call.method, agentCodec.decode(rpc.responseType, reply, ANSWERS));
      } catch (err) {
        if (await this.retryAfterRefresh(call, err)) continue;
        if (attempt >= retries || !isRetryable(err)) throw err;
        await sleep(retryDelay(attempt++, this.options.retryDelayMs ?? 200), options.signal);
      }
    }
  }

  private async *events(call: Call, options: CallOptions, idempotent: boolean): AsyncGenerator<unknown, void, undefined> {
    const { path, rpc, request, retries } = this.prepared(call, idempotent);
    for (let attempt = 0; ;) {
      const running = this.client.makeServerStreamRequest(path, identity, identity, request, await this.metadata(call), {});
      running.on('metadata', (received: grpc.Metadata) => reportActivated(options, (name) => received.get(name)[0]?.toString()));
      cancelOn(options.signal, running);
      // The time limit covers the wait for the first message, as over HTTP it covers the wait for the stream to start.
      let timedOut = false;
      const timer = setTimeout(() => ((timedOut = true), running.cancel()), options.timeoutMs ?? this.options.timeoutMs ?? 30_000);
      let started = false;
      try {
        for await (const message of running as AsyncIterable<Buffer>) {
          if (!started) clearTimeout(timer);
          started = true;
          call.status = 0;
          yield this.checked(call.method, agentCodec.decode(rpc.responseType, message, ANSWERS));
        }
        return;
      } catch (err) {
        const failure = timedOut
          ? new A2ATransportError(`${call.method}: no answer within the time limit`, 'timeout')
          : this.failure(call, err as grpc.ServiceError, options);
        if (!started && (await this.retryAfterRefresh(call, failure))) continue;
        if (started || attempt >= retries || !isRetryable(failure)) throw failure;
        await sleep(retryDelay(attempt++, this.options.retryDelayMs ?? 200), options.signal);
      } finally {
        clearTimeout(timer);
        // Leaving early (break, an error, the signal) ends the call.
        running.cancel();
      }
    }
  }

  /** The metadata of one attempt: the call's headers, then the credentials (hooks see a request whose headers become metadata). */
  private async metadata(call: Call): Promise<grpc.Metadata> {
    call.attempts++;
    call.status = undefined;
    const headers = new Headers(call.headers);
    if (this.credentials.hooks.length > 0) {
      const request = { url: new URL(`http://${targetOf(this.options.url).target}`), headers };
      for (const hook of this.credentials.hooks) await hook(request);
    }
    const metadata = new grpc.Metadata();
    headers.forEach((value, name) => metadata.add(name, value));
    return metadata;
  }

  /** After UNAUTHENTICATED, asks the auth handlers (once per call) whether to send the call again, as after HTTP 401. */
  private async retryAfterRefresh(call: Call, err: unknown): Promise<boolean> {
    if (!(err instanceof A2AHttpError) || err.status !== 401 || !this.credentials.refresh || call.refreshed) return false;
    call.refreshed = true;
    return this.credentials.refresh(new Response(err.body, { status: 401, headers: err.wwwAuthenticate ? { 'www-authenticate': err.wwwAuthenticate } : {} }));
  }

  /** A failed call as the caller gets it: the A2A error its status names, else what HTTP would have given. */
  private failure(call: Call, err: grpc.ServiceError, options: CallOptions): Error {
    call.status = err.code;
    if (err.code === grpc.status.CANCELLED && options.signal?.aborted)
      return new A2ATransportError(`${call.method}: aborted`, 'aborted', { cause: options.signal.reason });
    const details = statusDetails(err);
    const typed = errorFromDetails(details, err.details);
    if (typed) return typed;
    switch (err.code) {
      case grpc.status.UNAUTHENTICATED:
        return new A2AHttpError(401, `${call.method}: ${err.details}`, undefined, err.details);
      case grpc.status.PERMISSION_DENIED:
        return new A2AHttpError(403, `${call.method}: ${err.details}`, undefined, err.details);
      case grpc.status.UNAVAILABLE:
        return new A2ATransportError(`${call.method}: ${err.details}`, 'network', { cause: err });
      case grpc.status.DEADLINE_EXCEEDED:
        return new A2ATransportError(`${call.method}: no answer within the time limit`, 'timeout', { cause: err });
    }
    const code = JSON_RPC_CODE[err.code];
    if (code !== undefined) return errorFromWire({ code, message: err.details, data: details });
    return new A2ATransportError(`${call.method}: gRPC status ${err.code} ${err.details}`, 'protocol', { cause: err });
  }

  private checked(method: string, result: unknown): unknown {
    if (this.options.validateResponses) {
      const issues = protocol.methods[method]?.result.check(result);
      if (issues) throw new A2AResponseValidationError(`the result of ${method} does not match the A2A ${protocol.name} schema`, issues, result);
    }
    return result;
  }
}

/** google.rpc.Status's details from `grpc-status-details-bin`, or none. */
function statusDetails(err: grpc.ServiceError): unknown[] {
  const raw = err.metadata?.get('grpc-status-details-bin')[0];
  if (!Buffer.isBuffer(raw)) return [];
  try {
    const status = agentCodec.decode('google.rpc.Status', raw);
    return Array.isArray(status.details) ? status.details : [];
  } catch {
    return [];
  }
}

/** `host:port` as a card gives it, or a URL (`grpcs://`, `https://`: TLS), as a channel target. */
function targetOf(url: string): { target: string; tls: boolean } {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/]+)/i.exec(url);
  if (!m) return { target: url, tls: false };
  const scheme = m[1].toLowerCase();
  const tls = scheme === 'https' || scheme === 'grpcs';
  const host = m[2];
  return { target: /:\d+$/.test(host) ? host : `${host}:${tls ? 443 : 80}`, tls };
}

function cancelOn(signal: AbortSignal | undefined, call: { cancel(): void }): void {
  if (!signal) return;
  if (signal.aborted) call.cancel();
  else signal.addEventListener('abort', () => call.cancel(), { once: true });
}
