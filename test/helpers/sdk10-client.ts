// The official @a2a-js/sdk 1.3.0 client (A2A v1.0) built from an agent's base URL with
// ClientFactory: the card is fetched from <base>/.well-known/agent-card.json and the interface
// of the binding asked for (JSONRPC unless told; GRPC through its @grpc/grpc-js transport) is taken. Every HTTP exchange goes through a recording fetch (`wire`), so tests
// can show exactly what the SDK sent and received. close() aborts every request still open (SSE
// streams included); idle keep-alive sockets of the global fetch pool are unref'd by undici and
// end when the server closes (its helper destroys every connection).
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory, type Client } from 'a2a-sdk-10/client';
import { GrpcTransportFactory } from 'a2a-sdk-10/client/grpc';

export interface WireExchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  responseHeaders: Record<string, string>;
  /** The whole response body as text (for SSE: every event), once the body has ended. */
  responseBody: Promise<string>;
}

export interface Sdk10Client {
  client: Client;
  /** Every HTTP exchange, in order (the card fetch first). */
  wire: WireExchange[];
  close(): Promise<void>;
}

/** Builds the SDK client for the agent at `baseUrl` (card at `cardPath`, default the well-known path), speaking `binding`. */
export async function sdk10Client(baseUrl: string, cardPath?: string, binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC' = 'JSONRPC'): Promise<Sdk10Client> {
  const wire: WireExchange[] = [];
  const open = new Set<AbortController>();
  const recordingFetch: typeof fetch = async (input, init) => {
    const controller = new AbortController();
    open.add(controller);
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    const url = input instanceof Request ? input.url : String(input);
    const request = new Request(input, { ...init, signal });
    const requestBody = init?.body == null ? undefined : String(init.body);
    try {
      const response = await fetch(request);
      const copy = response.clone();
      const responseBody = (copy.body ? copy.text() : Promise.resolve('')).catch(() => '').finally(() => open.delete(controller));
      wire.push({
        method: request.method,
        url,
        requestHeaders: Object.fromEntries(request.headers),
        requestBody,
        status: response.status,
        responseHeaders: Object.fromEntries(response.headers),
        responseBody,
      });
      return response;
    } catch (error) {
      open.delete(controller);
      throw error;
    }
  };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [
        binding === 'JSONRPC'
          ? new JsonRpcTransportFactory({ fetchImpl: recordingFetch })
          : binding === 'HTTP+JSON'
            ? new RestTransportFactory({ fetchImpl: recordingFetch })
            : new GrpcTransportFactory(),
      ],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: recordingFetch }),
      preferredTransports: [binding],
    }),
  );
  const client = await factory.createFromUrl(baseUrl, cardPath);
  return {
    client,
    wire,
    async close() {
      for (const controller of open) controller.abort();
      open.clear();
    },
  };
}
