// The gRPC server of an agent whose manifest serves gRPC: @grpc/grpc-js's HTTP/2 server with the
// services of grpc-services.ts (generated from the proto of each version the agent answers),
// their messages coded by this folder's codec rather than by generated classes, and the standard
// health service (grpc.health.v1.Health/Check). The server's limits hold here too: the largest
// request (server.limits.bodyBytes, RESOURCE_EXHAUSTED past it), streams per connection, and what
// a stream may buffer for a client that does not read.
import * as grpc from '@grpc/grpc-js';
import { grpcErrorStatus, grpcMessageCodecs, grpcServices } from '../grpc-services.js';
import type { BindingConfig } from '../server/bindings/binding.js';
import type { GrpcListening, GrpcStartOptions } from '../server/options.js';
import { GrpcServiceBinding, type StreamHandler, type UnaryHandler } from './grpc-binding.js';
import { agentCodec, asBuffer } from './agent-codec.js';
import { plainFailure, type GrpcFailure } from './rpc-status.js';

const STATUS_DETAILS = 'grpc-status-details-bin';
const HEALTH = 'grpc.health.v1.Health';
const identity = (bytes: Buffer): Buffer => bytes;

const codec = agentCodec;

function failureMetadata(failure: GrpcFailure): grpc.Metadata {
  const metadata = new grpc.Metadata();
  metadata.set(STATUS_DETAILS, asBuffer(failure.statusDetails));
  return metadata;
}

/** A method of raw bytes: the handlers decode and encode themselves, so a bad message is their INVALID_ARGUMENT, not grpc-js's INTERNAL. */
function rawMethod(path: string, responseStream: boolean): grpc.MethodDefinition<Buffer, Buffer> {
  return {
    path,
    requestStream: false,
    responseStream,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  };
}

/** Listens for gRPC on `host:port` (0: a free port) and serves the agent's services through `config`. */
export async function startGrpcServer(config: BindingConfig, options: GrpcStartOptions): Promise<GrpcListening> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': config.limits.bodyBytes,
    'grpc.max_concurrent_streams': options.maxStreamsPerConnection,
  });
  const served: string[] = [];
  for (const service of grpcServices) {
    const binding = new GrpcServiceBinding(service, config, {
      codec,
      statusByCode: grpcErrorStatus,
      maxBufferedBytes: options.maxBufferedBytes,
      messages: grpcMessageCodecs[service.messages],
      metadata: failureMetadata,
    });
    const definition: Record<string, grpc.MethodDefinition<Buffer, Buffer>> = {};
    const handlers: Record<string, UnaryHandler | StreamHandler> = {};
    for (const method of service.methods) {
      const role = binding.roleOf(method);
      if (role === undefined) continue;
      definition[method.name] = rawMethod(`/${service.name}/${method.name}`, method.serverStreaming);
      handlers[method.name] = method.serverStreaming ? binding.stream(method, role) : binding.unary(method, role);
    }
    server.addService(definition, handlers as grpc.UntypedServiceImplementation);
    served.push(service.name);
  }
  server.addService({ Check: rawMethod(`/${HEALTH}/Check`, false) }, { Check: healthCheck(served, config) } as grpc.UntypedServiceImplementation);

  const credentials = options.tls
    ? grpc.ServerCredentials.createSsl(options.tls.ca ?? null, [{ private_key: options.tls.key, cert_chain: options.tls.cert }], options.tls.ca !== undefined)
    : grpc.ServerCredentials.createInsecure();
  const host = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${options.port}`, credentials, (err, bound) => {
      if (!err) return resolve(bound);
      const inUse = /EADDRINUSE|address already in use/i.test(err.message);
      reject(inUse ? new Error(`gRPC port ${options.port} on ${options.host} is in use: set GRPC_PORT to a free port`) : err);
    }),
  );
  return {
    host: options.host,
    port,
    async close(graceMs) {
      // Calls still running get the grace period the HTTP side gets; then they are cut.
      const done = new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([done, timer]);
      server.forceShutdown();
    },
  };
}

/**
 * grpc.health.v1 Check: SERVING for the whole server ('') and each A2A service while the agent
 * accepts calls, NOT_SERVING once it is shutting down; NOT_FOUND for a service it does not have.
 * @see https://github.com/grpc/grpc/blob/master/doc/health-checking.md
 */
function healthCheck(services: readonly string[], config: BindingConfig): UnaryHandler {
  return (call, callback) => {
    let service = '';
    try {
      service = String(codec.decode('grpc.health.v1.HealthCheckRequest', call.request).service ?? '');
    } catch {
      const failure = plainFailure('INVALID_ARGUMENT', 'the HealthCheckRequest cannot be read', codec);
      return callback({ code: failure.code, details: failure.details });
    }
    if (service !== '' && !services.includes(service)) return callback({ code: grpc.status.NOT_FOUND, details: `no service ${service.slice(0, 100)} here` });
    const status = config.accepting && !config.accepting() ? 'NOT_SERVING' : 'SERVING';
    const bytes = codec.encode('grpc.health.v1.HealthCheckResponse', { status });
    callback(null, asBuffer(bytes));
  };
}
