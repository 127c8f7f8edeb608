// What createA2AServer() takes and gives: the options an agent's main.ts passes (each with its
// default), and the server it gets back.
import type { SigningKey } from './signing/signing-key.js';
import type { Server } from 'node:http';
import type { RequestLimits } from '../runtime/protocol-types.js';
import type { AgentCard } from '../types.js';
import type { BindingConfig } from './bindings/binding.js';
import type { Core, CoreResponse } from './core.js';
import type { AgentExecutor, Principal } from './executor.js';
import type { AuthVerifiers, CustomMethodHandlers, SkillHandlers, SkillId } from './handlers.js';
import type { FetchHandler } from './http/fetch.js';
import type { NodeHandler } from './http/node.js';
import type { Logger, StructuredLogger, Tracing } from './observability.js';
import type { PushConfigs } from './push/push-config.js';
import type { PushOptions } from './push/push-notifier.js';
import type { TaskEventBus } from './stores/event-bus.js';
import type { TaskStore } from './stores/task-store.js';
import type { TaskManager } from './tasks/task-manager.js';
import type { TaskOwnerKey } from './tasks/task-owner.js';

/** The manifest's request limits (the contract's RequestLimits) and the budgets of tasks and push configs. */
export interface Limits extends RequestLimits {
  /** Most bytes all tasks together may hold in memory (the default store's budget). */
  memoryBytes: number;
  /** Most push notification configs per task. */
  pushConfigsPerTask: number;
  /**
   * Most bytes of an SSE stream's events that may wait for a client that reads slowly or not at
   * all, beyond the stream's largest event (so one event larger than this still reaches a client
   * that reads): past it the stream ends with an error event saying so, and its task goes on.
   * Default 8 MiB (gRPC's is `grpc.maxBufferedBytes`).
   */
  streamBufferedBytes: number;
}

export interface BaseOptions {
  /** Typed handlers by skill id; `src/a2a/skills.ts` wires the ones in src/skills/. */
  skills?: Partial<SkillHandlers>;
  /** The skill for messages that name none and match no skill's input (default: the manifest's first). */
  defaultSkill?: SkillId;
  /** Handles messages no skill handles, or everything when no skills are given. */
  executor?: AgentExecutor;
  /** Handlers for methods of this A2A version that a2a-gen does not implement itself. */
  methods?: CustomMethodHandlers;
  /** The authenticated extended card; default: the one generated from the manifest. */
  extendedCard?: AgentCard | ((principal: Principal | undefined) => AgentCard | Promise<AgentCard>);
  taskStore?: TaskStore;
  /** Push configs; default: in memory. A shared store's (postgres-store.ts) lets every replica deliver them. */
  pushConfigStore?: PushConfigs;
  /**
   * What crosses replicas — their task events, cancels — when several processes share one store
   * (see docs/REPLICAS.md). Default: none, one process.
   */
  eventBus?: TaskEventBus;
  /**
   * Who owns a task, when the agent authenticates callers: the key of the principal that
   * created it (default: its `subject`/`sub` claim, else all its claims). Other keys get
   * TaskNotFound. Return e.g. a tenant claim to share tasks within a tenant.
   */
  taskOwner?: TaskOwnerKey;
  push?: Omit<PushOptions, 'log'>;
  cors?: { origins?: string[] };
  limits?: Partial<Limits>;
  /** Listening port for listen(); default: PORT, else the manifest's. */
  port?: number;
  /** Listening address for listen(); default: HOST, else the manifest's (127.0.0.1). */
  host?: string;
  /** Path of the JSON-RPC endpoint; default: the manifest's (from `agent.url`). */
  basePath?: string;
  /** Where the HTTP+JSON binding is mounted, or false to serve JSON-RPC only; default: the manifest's `server.restPath` when `server.bindings` has `rest`. */
  restPath?: string | false;
  /** The URL the card advertises; default: A2A_PUBLIC_URL, else the manifest's `agent.url` (its port follows listen() on loopback). */
  publicUrl?: string;
  /**
   * The private key that signs the cards, when the manifest has `server.cardSigning` (PKCS#8 PEM or
   * a JWK, as text, or a key signingKeyFromEnv() read); default: the manifest's environment variable
   * (A2A_CARD_SIGNING_KEY). createA2AServer throws SigningKeyError when it is missing or unusable.
   */
  cardSigningKey?: string | SigningKey;
  /** Interval of SSE keep-alive comments, ms (0: none). Default 15000. */
  keepAliveMs?: number;
  /** How long tasks/cancel waits for the executor's cancel(), ms. Default 5000. */
  cancelTimeoutMs?: number;
  /**
   * When every client streaming a task has disconnected (and no push webhook is set), how long
   * the work goes on waiting for a tasks/resubscribe before it is canceled, ms. Default 3000.
   */
  abandonGraceMs?: number;
  /**
   * On close(), how long running executions may go on finishing before they are stopped (each
   * stopped task fails with a message that says why, and its streams get that as their last
   * event), ms. Default 10000.
   */
  shutdownGraceMs?: number;
  /**
   * Where warnings, errors and (with `requestLog`) request records go: a function, any
   * pino-compatible logger (`info/warn/error(object, message)`), or `false` for silence.
   * Default: the console (request records as one JSON line each on stdout).
   */
  logger?: Logger | StructuredLogger | false;
  /** One structured record per JSON-RPC request: method, id, task, outcome, code, duration. Default: off. */
  requestLog?: boolean;
  /**
   * Spans per request and per execution, with the A2A ids as attributes. The scaffold's
   * src/tracing.ts adapts OpenTelemetry (`@opentelemetry/api`) to this interface.
   */
  tracing?: Tracing;
  /** Extra GET routes answered before 404 (the docs emitter registers its pages here). */
  routes?: (path: string) => CoreResponse | undefined;
  /** The gRPC binding, when the manifest serves it (`server.bindings` has `grpc`): listen() starts it beside HTTP. */
  grpc?: GrpcOptions;
}

export interface GrpcOptions {
  /** Listening port; default GRPC_PORT, else the manifest's `server.grpcPort` (0: a free port). */
  port?: number;
  /** The address the card gives for it (`host:port`); default A2A_PUBLIC_GRPC_ADDRESS, else where it listens. */
  publicAddress?: string;
  /** TLS (PEM); default none: plaintext HTTP/2, for a proxy that terminates TLS (docs/DEPLOYING.md). `ca` asks clients for certificates. */
  tls?: { key: Buffer; cert: Buffer; ca?: Buffer };
  /** Most concurrent calls on one connection (HTTP/2 streams). Default 1000. */
  maxStreamsPerConnection?: number;
  /** Most bytes a stream holds, beyond its largest message, for a client that does not read before it ends the stream (RESOURCE_EXHAUSTED): one message larger than this still goes to a client that reads. Default 8 MiB. */
  maxBufferedBytes?: number;
}

/** What the gRPC server is started with (grpc/grpc-server.ts). */
export interface GrpcStartOptions {
  host: string;
  port: number;
  tls?: GrpcOptions['tls'];
  maxStreamsPerConnection: number;
  maxBufferedBytes: number;
}

export interface GrpcListening {
  host: string;
  port: number;
  /** Stops it: running calls get `graceMs` to finish, then are cut. */
  close(graceMs: number): Promise<void>;
}

/** The generated grpc-entry.ts of an agent that serves gRPC (undefined otherwise, and then nothing of gRPC is loaded). */
export interface GrpcEntry {
  /** Loads the gRPC server (grpc/grpc-server.ts, on node:http2) when listen() needs it. */
  load(): Promise<(config: BindingConfig, options: GrpcStartOptions) => Promise<GrpcListening>>;
}

/** `auth` is required exactly when the card declares security schemes. */
export type A2AServerOptions = BaseOptions & ([keyof AuthVerifiers] extends [never] ? { auth?: AuthVerifiers } : { auth: AuthVerifiers });

export interface Listening {
  url: string;
  host: string;
  port: number;
  server: Server;
  /** Where gRPC is served, when the agent serves it: the `host:port` its card lists. */
  grpc?: { address: string; port: number };
}

export interface A2AServer {
  /** Fetch API handler: `(Request) => Promise<Response>`. */
  fetch: FetchHandler;
  /** node:http handler: `http.createServer(server.handler)`. */
  handler: NodeHandler;
  /** Express/Connect middleware: answers A2A routes, passes the rest to `next()`. */
  middleware: NodeHandler;
  /**
   * Whether a request URL (path, optionally with a query) is one of this server's routes: for
   * frameworks that must decide before handing over the raw request (Fastify's `onRequest`).
   */
  handles(url: string): boolean;
  core: Core;
  /** Starts a node:http server (PORT/HOST, else the manifest's port and 127.0.0.1), and the gRPC server when the agent serves gRPC (GRPC_PORT). */
  listen(options?: { port?: number; host?: string }): Promise<Listening>;
  /**
   * Graceful shutdown: stops accepting (new requests get 503), lets running executions finish
   * for up to `graceMs` (default: the shutdownGraceMs option), then fails the rest with a final
   * status event that says why, ends every stream, stops push deliveries and closes connections.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  /** The public card as currently served. */
  readonly card: AgentCard;
  readonly tasks: TaskManager;
}
