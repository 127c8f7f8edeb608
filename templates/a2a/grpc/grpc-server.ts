// The gRPC server of an agent whose manifest serves gRPC: node:http2 speaking gRPC's HTTP/2
// protocol itself (grpc-call.ts), routing each `/<service>/<rpc>` path to the binding of its
// service (grpc-services.ts, generated from the proto of each version the agent answers), and the
// standard health service (grpc.health.v1.Health/Check). Measured against @grpc/grpc-js's server,
// which spends more on each call than the agent's own work (bench/README.md, "gRPC"). The
// server's limits hold here too: the largest request (server.limits.bodyBytes:
// RESOURCE_EXHAUSTED), streams per connection (HTTP/2 SETTINGS), what a stream may hold for a
// client that does not read, and the time a call may take to arrive.
import { createSecureServer, createServer, type Http2Server, type Http2Session, type ServerHttp2Stream } from 'node:http2';
import { grpcErrorStatus, grpcMessageCodecs, grpcServices } from '../grpc-services.js';
import type { MethodRole } from '../runtime/protocol-types.js';
import type { BindingConfig } from '../server/bindings/binding.js';
import type { GrpcListening, GrpcStartOptions } from '../server/options.js';
import { agentCodec } from './agent-codec.js';
import { GrpcCall } from './grpc-call.js';
import { GrpcServiceBinding } from './grpc-binding.js';
import { plainFailure } from './rpc-status.js';
import type { GrpcMethod } from './service-types.js';

const HEALTH_CHECK = '/grpc.health.v1.Health/Check';
/** gRPC's own content types: `application/grpc`, `+proto`, with parameters — not gRPC-Web's or `+json`, whose framing differs. */
const GRPC_CONTENT_TYPE = /^application\/grpc(\+proto)?\s*(;|$)/i;

interface Route {
  binding: GrpcServiceBinding;
  method: GrpcMethod;
  role: MethodRole;
}

/** Listens for gRPC on `host:port` (0: a free port) and serves the agent's services through `config`. */
export async function startGrpcServer(config: BindingConfig, options: GrpcStartOptions): Promise<GrpcListening> {
  const routes = new Map<string, Route>();
  for (const service of grpcServices) {
    const binding = new GrpcServiceBinding(service, config, {
      codec: agentCodec,
      statusByCode: grpcErrorStatus,
      maxBufferedBytes: options.maxBufferedBytes,
      messages: grpcMessageCodecs[service.messages],
    });
    for (const method of service.methods) {
      const role = binding.roleOf(method);
      if (role !== undefined) routes.set(`/${service.name}/${method.name}`, { binding, method, role });
    }
  }
  const served = new Set(grpcServices.map((s) => s.name));
  const settings = { maxConcurrentStreams: options.maxStreamsPerConnection };
  const server: Http2Server = options.tls
    ? createSecureServer({
        key: options.tls.key,
        cert: options.tls.cert,
        ca: options.tls.ca,
        requestCert: options.tls.ca !== undefined,
        allowHTTP1: false,
        settings,
      })
    : createServer({ settings });
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    // A peer that breaks the protocol loses its connection, never the server.
    session.on('error', () => session.destroy());
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    const path = String(headers[':path'] ?? '');
    if (headers[':method'] !== 'POST' || !GRPC_CONTENT_TYPE.test(String(headers['content-type'] ?? ''))) {
      stream.respond({ ':status': headers[':method'] !== 'POST' ? 405 : 415 }, { endStream: true });
      return;
    }
    const call = new GrpcCall(stream, headers, (late) => late.abort(plainFailure('DEADLINE_EXCEEDED', 'the deadline passed', agentCodec)));
    void serve(call, path, stream);
  });

  async function serve(call: GrpcCall, path: string, stream: ServerHttp2Stream): Promise<void> {
    const route = routes.get(path);
    if (path === HEALTH_CHECK) return healthCheck(call, served, config);
    if (!route) {
      stream.resume();
      return call.end(plainFailure('UNIMPLEMENTED', `no method ${path.slice(0, 200)} here`, agentCodec));
    }
    const request = await call.read(config.limits.bodyBytes, config.limits.requestTimeoutMs);
    // A deadline that passed (or a client that left) while the request arrived: nothing runs.
    if (call.done) return;
    // A request that cannot be read gets its status, then its stream is closed: a client still
    // sending (too much, or never the end) is stopped rather than read on.
    if (!(request instanceof Uint8Array)) return call.abort(plainFailure(request.code, request.message, agentCodec));
    try {
      await route.binding.serve(call, request, route.method, route.role);
    } catch (err) {
      config.log('error', `a2a: gRPC ${path} failed`, err);
      call.end(plainFailure('INTERNAL', 'internal error', agentCodec));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`gRPC port ${options.port} on ${options.host} is in use: set GRPC_PORT to a free port`) : err),
    );
    server.listen(options.port, options.host.replace(/^\[(.*)\]$/, '$1'), () => {
      server.removeAllListeners('error');
      server.on('error', (err) => config.log('error', 'a2a: the gRPC server failed', err));
      resolve();
    });
  });
  const address = server.address();
  return {
    host: options.host,
    port: typeof address === 'object' && address ? address.port : options.port,
    async close(graceMs) {
      // Calls still running get the grace period; then their connections are cut.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.close();
      const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([closed, timer]);
      for (const session of sessions) session.destroy();
      await closed;
    },
  };
}

/**
 * grpc.health.v1 Check: SERVING for the whole server ('') and each A2A service while the agent
 * accepts calls, NOT_SERVING once it is shutting down; NOT_FOUND for a service it does not have.
 * @see https://github.com/grpc/grpc/blob/master/doc/health-checking.md
 */
async function healthCheck(call: GrpcCall, services: ReadonlySet<string>, config: BindingConfig): Promise<void> {
  const request = await call.read(4096, config.limits.requestTimeoutMs);
  if (call.done) return;
  let service = '';
  try {
    if (!(request instanceof Uint8Array)) throw new Error(request.message);
    service = String(agentCodec.decode('grpc.health.v1.HealthCheckRequest', request).service ?? '');
  } catch {
    return call.end(plainFailure('INVALID_ARGUMENT', 'the HealthCheckRequest cannot be read', agentCodec));
  }
  if (service !== '' && !services.has(service)) return call.end(plainFailure('NOT_FOUND', `no service ${service.slice(0, 100)} here`, agentCodec));
  const status = config.accepting && !config.accepting() ? 'NOT_SERVING' : 'SERVING';
  call.write(agentCodec.encodeFramed('grpc.health.v1.HealthCheckResponse', { status }));
  call.end();
}
