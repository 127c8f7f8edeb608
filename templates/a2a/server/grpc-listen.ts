// Starting the gRPC server beside the HTTP one (listen() in index.ts), for agents that serve gRPC:
// its port from the options, GRPC_PORT or the manifest, and its limits' defaults.
import { serverDefaults } from '../agent.js';
import { envPort } from './environment.js';
import type { BindingConfig } from './bindings/binding.js';
import type { GrpcEntry, GrpcListening, GrpcOptions } from './options.js';

const DEFAULT_STREAMS_PER_CONNECTION = 1000;
const DEFAULT_BUFFERED_BYTES = 8 * 1024 * 1024;

export async function startGrpc(entry: GrpcEntry, config: BindingConfig, host: string, options: GrpcOptions = {}): Promise<GrpcListening> {
  const start = await entry.load();
  return start(config, {
    host,
    port: options.port ?? envPort('GRPC_PORT') ?? serverDefaults.grpcPort,
    tls: options.tls,
    maxStreamsPerConnection: options.maxStreamsPerConnection ?? DEFAULT_STREAMS_PER_CONNECTION,
    maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_BUFFERED_BYTES,
  });
}
