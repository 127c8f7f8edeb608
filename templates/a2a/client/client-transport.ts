// What the client calls through, whatever the binding: HttpTransport (transport.ts) for JSON-RPC
// and HTTP+JSON, in Node and browsers; a gRPC transport (grpc/grpc-transport.ts) in Node, for an
// agent generated with gRPC. transport-choice.ts picks one.
import type { Auth } from './auth.js';
import type { CallInterceptor } from './interceptors.js';

/** The bindings as cards name them. */
export type ClientBinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';

export interface TransportOptions {
  /** The endpoint of the binding used (fromCardUrl() takes it from the card): a URL, or for gRPC `host:port`. */
  url: string;
  /** The binding `url` speaks, as cards name them: `JSONRPC` (default), `HTTP+JSON`, or `GRPC` (Node, agents generated with gRPC). */
  binding?: ClientBinding;
  /**
   * The A2A version `url` speaks (fromCardUrl() takes it from the interface chosen). Default: this
   * client's own. An older one is spoken by translating each call (version-fallback.ts), where the
   * project was generated with that translation (`compat:`).
   */
  version?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /**
   * Credentials for every request: hooks (see auth.ts: bearer, basic, apiKey, fromCard) or
   * handlers whose `onUnauthorized` refreshes them after HTTP 401 (the call is then sent once more).
   */
  auth?: Auth;
  /** Interceptors that see every call before it is sent and after it ended (see interceptors.ts), outermost first. */
  interceptors?: readonly CallInterceptor[];
  /** Headers sent with every request. */
  headers?: Readonly<Record<string, string>>;
  /** Extensions to ask for on every request (`A2A-Extensions`, spec v1.0 §4.6; extension-headers.ts). */
  extensions?: readonly string[];
  /** Per-call time limit, ms (for streams: until the response starts). Default 30000. */
  timeoutMs?: number;
  /** Retries of idempotent calls after network errors and 502/503/504. Default 2. */
  retries?: number;
  /** First retry delay, ms; doubles each time. Default 200. */
  retryDelayMs?: number;
  /** Check every result against the schema of the generated A2A version. Default false. */
  validateResponses?: boolean;
  /** Longest stream event accepted, in characters: a server that never ends one cannot exhaust memory. Default 16 Mi. */
  maxEventChars?: number;
  /**
   * v1.0 multi-tenancy: the tenant of the interface called (fromCardUrl() takes it from the
   * card), echoed in every request's params that does not name one (spec v1.0 §8.3.2).
   */
  tenant?: string;
  /** gRPC only: the channel's credentials (@grpc/grpc-js ChannelCredentials); default TLS for a `grpcs://` or `https://` url, else plaintext. */
  grpcCredentials?: unknown;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Readonly<Record<string, string>>;
  /** Extensions to ask for on this call, beside the client's own `extensions`. */
  extensions?: readonly string[];
  /** Told which extensions the agent activated for this call (its `A2A-Extensions` answer), once the response starts. */
  onExtensions?: (activated: readonly string[]) => void;
}

export interface ClientTransport {
  readonly options: TransportOptions;
  /** One call; `idempotent` calls are retried on network errors. */
  call(method: string, params: unknown, options?: CallOptions, idempotent?: boolean): Promise<unknown>;
  /** A streaming call: yields each event's result until the server ends the stream. */
  stream(method: string, params: unknown, options?: CallOptions, idempotent?: boolean): AsyncGenerator<unknown, void, undefined>;
}

/** The generated client-grpc.ts of an agent with gRPC: how to load its transport. */
export interface GrpcClientEntry {
  load(): Promise<(options: TransportOptions) => ClientTransport>;
}
