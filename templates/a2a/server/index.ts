// createA2AServer(): the agent's server, wired from the manifest's defaults and your options.
// One core serves every adapter: `fetch` (Fetch API), `handler` (node:http), `middleware`
// (Express/Connect/Fastify) and `listen()` (a node:http server of its own).
//
// This module is the server's public API: import from here (src/main.ts does). The other
// modules of this folder are its internals and may change from one a2a-gen version to the next;
// what they offer to agents is re-exported at the end of this file.
import { cardEndpoint, cardTenant, withCardEndpoint } from '../runtime/card-endpoint.js';
import type { Server } from 'node:http';
import { agentCard, extendedAgentCard, serverDefaults } from '../agent.js';
import type { RequestLimits } from '../runtime/protocol-types.js';
import type { AgentCard } from '../types.js';
import { authRequired, type AnyVerifier } from './bindings/auth.js';
import { createCore, type Core, type CoreResponse } from './core.js';
import type { AgentExecutor, Principal } from './executor.js';
import { toFetchHandler, type FetchHandler } from './http/fetch.js';
import type { AuthVerifiers, CustomMethodHandlers, SkillHandlers, SkillId } from './handlers.js';
import { toMiddleware } from './http/middleware.js';
import { toNodeHandler, type NodeHandler } from './http/node.js';
import { PushConfigStore, PushNotifier, type PushConfigs, type PushOptions } from './push/push.js';
import type { TaskEventBus } from './stores/event-bus.js';
import { skillExecutor } from './skill-executor.js';
import { createObserver, type Logger, type StructuredLogger, type Tracing } from './observability.js';
import { TaskManager } from './tasks/task-manager.js';
import { defaultOwnerKey, type TaskOwnerKey } from './tasks/task-owner.js';
import { InMemoryTaskStore, type TaskStore } from './stores/task-store.js';
import { protocol } from '../protocol.js';
import { docsRoutes } from '../docs/routes.js';

/** The manifest's request limits (the contract's RequestLimits) and the budgets of tasks and push configs. */
export interface Limits extends RequestLimits {
  /** Most bytes all tasks together may hold in memory (the default store's budget). */
  memoryBytes: number;
  /** Most push notification configs per task. */
  pushConfigsPerTask: number;
}

interface BaseOptions {
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
}

/** `auth` is required exactly when the card declares security schemes. */
export type A2AServerOptions = BaseOptions & ([keyof AuthVerifiers] extends [never] ? { auth?: AuthVerifiers } : { auth: AuthVerifiers });

export interface Listening {
  url: string;
  host: string;
  port: number;
  server: Server;
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
  /** Starts a node:http server (PORT/HOST, else the manifest's port and 127.0.0.1). */
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

export function createA2AServer(options: A2AServerOptions): A2AServer {
  const observer = createObserver(options);
  const log = observer.log;
  const limits: Limits = {
    ...serverDefaults.limits,
    memoryBytes: serverDefaults.tasks.memoryBytes,
    pushConfigsPerTask: serverDefaults.push.maxConfigsPerTask,
    ...options.limits,
  };
  const capabilities = agentCard.capabilities as { streaming?: boolean; pushNotifications?: boolean };
  const pushEnabled = capabilities.pushNotifications === true;
  const skills = (options.skills ?? {}) as Record<string, never>;
  if (!options.executor && Object.keys(skills).length === 0) throw new Error('createA2AServer: pass `skills` (typed handlers) or an `executor`');
  const executor = Object.keys(skills).length > 0 ? skillExecutor(skills, options.executor) : options.executor!;
  const verifiers = ((options as { auth?: AuthVerifiers }).auth ?? {}) as Readonly<Record<string, AnyVerifier | undefined>>;
  if (authRequired && Object.keys(verifiers).length === 0)
    log('warn', 'a2a: the card declares security but no `auth` verifiers were given: every request will be refused');

  const pushConfigs = options.pushConfigStore ?? new PushConfigStore(protocol.features.pushConfigIds);
  const notifier = pushEnabled
    ? new PushNotifier({
        allowPrivateTargets: serverDefaults.push.allowPrivateTargets,
        maxInFlight: serverDefaults.push.maxDeliveriesInFlight,
        ...options.push,
        log,
      })
    : undefined;
  const store: TaskStore =
    options.taskStore ??
    new InMemoryTaskStore({
      maxFinished: serverDefaults.tasks.maxFinished,
      finishedTtlMs: serverDefaults.tasks.finishedTtlSeconds * 1000,
      maxBytes: limits.memoryBytes,
      onEvict: (id) => pushConfigs.drop(id),
    });
  const manager = new TaskManager({
    executor,
    store,
    pushConfigs,
    bus: options.eventBus,
    notifier,
    capabilities: { streaming: capabilities.streaming === true, pushNotifications: pushEnabled },
    limits,
    ownerKey: authRequired ? (options.taskOwner ?? defaultOwnerKey) : undefined,
    defaultSkill: options.defaultSkill as string | undefined,
    agentModes: { input: (agentCard.defaultInputModes as string[] | undefined) ?? [], output: (agentCard.defaultOutputModes as string[] | undefined) ?? [] },
    cancelTimeoutMs: options.cancelTimeoutMs ?? 5000,
    abandonGraceMs: options.abandonGraceMs ?? 3000,
    log,
    tracing: observer.tracing,
  });

  let card: AgentCard = withUrl(agentCard, options.publicUrl ?? env('A2A_PUBLIC_URL'));
  const extended = options.extendedCard ?? extendedAgentCard;
  const basePath = options.basePath ?? serverDefaults.basePath;
  const core = createCore({
    manager,
    streaming: capabilities.streaming === true,
    keepAliveMs: options.keepAliveMs ?? serverDefaults.keepAliveSeconds * 1000,
    customMethods: (options.methods ?? {}) as Record<string, never>,
    extendedCard: extended === undefined ? undefined : typeof extended === 'function' ? extended : () => withUrl(extended, cardEndpoint(card)),
    // The generator makes an extended card exactly when the manifest's card declares one.
    advertisesExtendedCard: extendedAgentCard !== undefined,
    tenant: cardTenant(agentCard),
    log,
    basePath,
    restPath: restPathOption(options.restPath),
    card: () => card,
    cors: { origins: options.cors?.origins ?? [...serverDefaults.corsOrigins] },
    verifiers,
    limits,
    extraRoutes: (path) => options.routes?.(path) ?? docsRoute(path),
    accepting: () => !closing,
    requestLog: observer.request,
    tracing: observer.tracing,
  });
  const handler = toNodeHandler(core, { bodyTimeoutMs: limits.requestTimeoutMs, log });
  const handles = (url: string): boolean => {
    const q = url.indexOf('?');
    return core.owns(q < 0 ? url : url.slice(0, q));
  };
  let listening: Listening | undefined;
  let closing = false;

  return {
    fetch: toFetchHandler(core, { bodyTimeoutMs: limits.requestTimeoutMs }),
    handler,
    middleware: toMiddleware(handler, handles),
    handles,
    core,
    get card() {
      return card;
    },
    tasks: manager,
    async listen(at = {}) {
      const { createServer } = await import('node:http');
      // This server enforces the request deadline itself (one timer for all connections), so its
      // handler needs no timer per request.
      const server = createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: Math.min(limits.requestTimeoutMs, 60_000),
          connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs),
          keepAliveTimeout: 5000,
        },
        toNodeHandler(core, { bodyTimeoutMs: 0, log }),
      );
      const port = at.port ?? options.port ?? envPort() ?? serverDefaults.port;
      const host = at.host ?? options.host ?? env('HOST') ?? serverDefaults.host;
      await new Promise<void>((resolve, reject) => {
        server.once('error', (err: NodeJS.ErrnoException) =>
          reject(
            err.code === 'EADDRINUSE'
              ? Object.assign(new Error(`port ${port} on ${host} is in use: set PORT to a free port (PORT=${Number(port) + 1} npm start)`), { code: err.code })
              : err,
          ),
        );
        server.listen(port, host, () => {
          server.removeAllListeners('error');
          resolve();
        });
      });
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      if (!options.publicUrl && !env('A2A_PUBLIC_URL')) card = followPort(card, actualPort);
      listening = { url: `http://${shownHost}:${actualPort}${basePath === '/' ? '/' : basePath}`, host, port: actualPort, server };
      return listening;
    },
    async close(at = {}) {
      closing = true;
      const server = listening?.server;
      listening = undefined;
      const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
      await manager.shutdown(at.graceMs ?? options.shutdownGraceMs ?? 10_000, 'the agent is shutting down');
      notifier?.close();
      // A shared store flushes what the shutdown wrote (failed tasks) before letting go.
      await options.eventBus?.close?.();
      await store.close?.();
      if (!server) return;
      // Ended streams and idle keep-alive sockets close on their own; a socket still busy after a
      // short while (a client that stopped reading) is cut.
      const started = Date.now();
      let done = false;
      void closed.then(() => (done = true));
      while (!done && Date.now() - started < 1000) {
        server.closeIdleConnections();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The generated docs (when the manifest enables them): public GET routes, like the card. */
function docsRoute(path: string): CoreResponse | undefined {
  const doc = docsRoutes && Object.prototype.hasOwnProperty.call(docsRoutes, path) ? docsRoutes[path] : undefined;
  if (!doc) return undefined;
  const headers: Record<string, string> = { 'content-type': doc.type, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' };
  // The page's own CSP is a <meta> element, which cannot forbid framing: the header does (its try-it panel takes credentials).
  if (doc.type.startsWith('text/html')) {
    headers['content-security-policy'] = "frame-ancestors 'none'";
    headers['x-frame-options'] = 'DENY';
  }
  return { status: 200, headers, body: doc.body };
}

function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

function envPort(): number | undefined {
  const raw = env('PORT');
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${JSON.stringify(raw)}`);
  return port;
}

/** The HTTP+JSON mount: the option, else the manifest's when it serves the binding (and the version has one). */
function restPathOption(option: string | false | undefined): string | undefined {
  if (option === false || !protocol.rest) return undefined;
  if (option !== undefined) return option;
  return (serverDefaults.bindings as readonly string[]).includes('rest') ? serverDefaults.restPath : undefined;
}

function withUrl(card: AgentCard, url: string | undefined): AgentCard {
  return url ? withCardEndpoint(card, url) : card;
}

/** On loopback, the card's url follows the port actually listened on (PORT=0 in tests, say). */
function followPort(card: AgentCard, port: number): AgentCard {
  try {
    const url = new URL(String(cardEndpoint(card)));
    if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.port === String(port)) return card;
    url.port = String(port);
    return withCardEndpoint(card, url.toString());
  } catch {
    return card;
  }
}

export { acceptSecrets, acceptUsers, forbidden, safeEqual } from './bindings/auth.js';
export type { AgentExecutor, ExecutionEvents, Principal, RequestContext } from './executor.js';
export type { SkillContext, SkillHandler } from './skill-executor.js';
export type { TaskChange, TaskPage, TaskQuery, TaskStore } from './stores/task-store.js';
export { PageTokenError } from './stores/task-query.js';
export type { RemoteFollow, TaskEventBus } from './stores/event-bus.js';
export type { PushConfig, PushConfigs } from './push/push.js';
export type { TaskOwnerKey } from './tasks/task-owner.js';
/** For task stores of your own: a store that copies or serializes tasks must carry the owner key across. */
export { ownerOf as taskOwnerOf, setOwner as setTaskOwner } from './tasks/task-owner.js';
export type { Logger, RequestRecord, SpanHandle, StructuredLogger, Tracing } from './observability.js';
export type { PushDelivery, PushOptions, PushRequest, Resolver } from './push/push.js';
export { InMemoryTaskStore } from './stores/task-store.js';
export type { AuthVerifiers, CustomMethodHandlers, SkillHandlers, SkillId } from './handlers.js';

/** Secrets from a comma-separated environment variable (empty when unset). */
export function secretsFromEnv(name: string): string[] {
  return (env(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
