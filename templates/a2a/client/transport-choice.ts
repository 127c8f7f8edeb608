// Which transport a client calls through (client-transport.ts): fetch for JSON-RPC and HTTP+JSON;
// gRPC, in Node, for an agent generated with it (the generated client-grpc.ts says whether and
// where). The gRPC transport is loaded only when a client uses it, by a specifier bundlers do not
// follow: a browser bundle never pulls @grpc/grpc-js in.
import { grpcClient } from '../client-grpc.js';
import { A2ATransportError } from './client-errors.js';
import type { ClientTransport, GrpcClientEntry } from './client-transport.js';
import { HttpTransport, type CallOptions, type TransportOptions } from './transport.js';

/** Whether this client can speak gRPC here: generated with it, and running in Node (gRPC needs HTTP/2 with trailers, which browsers do not give). */
export const speaksGrpc = (): boolean =>
  grpcClient !== undefined && typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';

export function transportFor(options: TransportOptions): ClientTransport {
  return options.binding === 'GRPC' ? new DeferredTransport(options) : new HttpTransport(options);
}

/** The gRPC transport, loaded on the first call (the constructor of a client is synchronous). */
class DeferredTransport implements ClientTransport {
  private loaded?: Promise<ClientTransport>;

  constructor(readonly options: TransportOptions) {}

  private transport(): Promise<ClientTransport> {
    const entry = grpcClient as GrpcClientEntry | undefined;
    if (!speaksGrpc() || !entry)
      return Promise.reject(
        new A2ATransportError(
          entry
            ? 'gRPC needs Node: in a browser use JSON-RPC or HTTP+JSON'
            : "this client was generated without gRPC (the manifest's server.bindings has no grpc)",
          'protocol',
        ),
      );
    return (this.loaded ??= entry.load().then((create) => create(this.options)));
  }

  async call(method: string, params: unknown, options?: CallOptions, idempotent?: boolean): Promise<unknown> {
    return (await this.transport()).call(method, params, options, idempotent);
  }

  async *stream(method: string, params: unknown, options?: CallOptions, idempotent?: boolean): AsyncGenerator<unknown, void, undefined> {
    yield* (await this.transport()).stream(method, params, options, idempotent);
  }
}
