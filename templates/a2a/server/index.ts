// createA2AServer(): the agent's server, wired from the manifest's defaults and your options.
// One core serves every adapter: `fetch` (Fetch API), `handler` (node:http), `middleware`
// (Express/Connect/Fastify) and `listen()` (a node:http server of its own).
//
// This module is the server's public API: import from here (src/main.ts does). The other
// modules of this folder are its internals and may change from one a2a-gen version to the next;
// what they offer to agents is re-exported at the end of this file.
import { agentCard, extendedAgentCard, serverDefaults } from '../agent.js';
import { docsRoutes } from '../docs/routes.js';
import { protocol } from '../protocol.js';
import { cardEndpoint, cardTenant, GRPC, withBindingUrl } from '../runtime/card-endpoint.js';
import { grpcEntry } from '../grpc-entry.js';
import type { AgentCard } from '../types.js';
import { authRequired, type AnyVerifier } from './bindings/auth.js';
import { unusableAuthWarning } from './bindings/auth-setup.js';
import { extensionPolicy } from './bindings/extensions.js';
import { createCore, type CoreConfig, type CoreResponse } from './core.js';
import { advertisedHost, env, envPort, followPort, hostPort, restPathOption, withUrl } from './environment.js';
import { startGrpc } from './grpc-listen.js';
import type { AuthVerifiers } from './handlers.js';
import { toFetchHandler } from './http/fetch.js';
import { toMiddleware } from './http/middleware.js';
import { toNodeHandler } from './http/node.js';
import { createObserver } from './observability.js';
import type { A2AServer, A2AServerOptions, GrpcListening, Limits, Listening } from './options.js';
import { PushConfigStore } from './push/push-config.js';
import { PushNotifier } from './push/push-notifier.js';
import { cardSigning } from './signing/card-signing.js';
import { notificationSigner } from './signing/push-signature.js';
import { skillExecutor } from './skill-executor.js';
import { InMemoryTaskStore, type TaskStore } from './stores/task-store.js';
import { TaskManager } from './tasks/task-manager.js';
import { defaultOwnerKey } from './tasks/task-owner.js';

export function createA2AServer(options: A2AServerOptions): A2AServer {
  const observer = createObserver(options);
  const log = observer.log;
  const limits: Limits = {
    ...serverDefaults.limits,
    memoryBytes: serverDefaults.tasks.memoryBytes,
    pushConfigsPerTask: serverDefaults.push.maxConfigsPerTask,
    streamBufferedBytes: 8 * 1024 * 1024,
    ...options.limits,
  };
  const capabilities = agentCard.capabilities as { streaming?: boolean; pushNotifications?: boolean };
  const pushEnabled = capabilities.pushNotifications === true;
  const skills = options.skills ?? {};
  if (!options.executor && Object.keys(skills).length === 0) throw new Error('createA2AServer: pass `skills` (typed handlers) or an `executor`');
  const executor = Object.keys(skills).length > 0 ? skillExecutor(skills, options.executor) : options.executor!;
  const verifiers = ((options as { auth?: AuthVerifiers }).auth ?? {}) as Readonly<Record<string, AnyVerifier | undefined>>;
  const authWarning = unusableAuthWarning(verifiers);
  if (authWarning) log('warn', authWarning);

  const pushConfigs = options.pushConfigStore ?? new PushConfigStore(protocol.features.pushConfigIds);
  const signer = cardSigning(options.cardSigningKey);
  const notifier = pushEnabled
    ? new PushNotifier({
        allowPrivateTargets: serverDefaults.push.allowPrivateTargets,
        maxInFlight: serverDefaults.push.maxDeliveriesInFlight,
        // The bodies waiting for a webhook are budgeted like the tasks they copy.
        maxQueuedBytes: limits.memoryBytes,
        ...(signer ? { sign: notificationSigner(signer, () => card) } : {}),
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
  const coreConfig: CoreConfig = {
    manager,
    streaming: capabilities.streaming === true,
    keepAliveMs: options.keepAliveMs ?? serverDefaults.keepAliveSeconds * 1000,
    streamBufferedBytes: limits.streamBufferedBytes,
    // What all streams hold for slow clients counts against a budget as large as the tasks'.
    streamsBufferedBytes: limits.memoryBytes,
    customMethods: options.methods ?? {},
    extendedCard: extended === undefined ? undefined : typeof extended === 'function' ? extended : () => withUrl(extended, cardEndpoint(card)),
    // The generator makes an extended card exactly when the manifest's card declares one.
    advertisesExtendedCard: extendedAgentCard !== undefined,
    tenant: cardTenant(agentCard),
    extensions: extensionPolicy(agentCard),
    signCard: signer && ((served, version) => signer.sign(served, card, version)),
    jwks: signer && { path: signer.jwksPath, body: signer.jwks },
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
  };
  const core = createCore(coreConfig);
  const handler = toNodeHandler(core, { bodyTimeoutMs: limits.requestTimeoutMs, log });
  const handles = (url: string): boolean => {
    const q = url.indexOf('?');
    return core.owns(q < 0 ? url : url.slice(0, q));
  };
  let listening: Listening | undefined;
  let grpcServer: GrpcListening | undefined;
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
      const started: Listening = { url: `http://${shownHost}:${actualPort}${basePath === '/' ? '/' : basePath}`, host, port: actualPort, server };
      if (grpcEntry) {
        try {
          grpcServer = await startGrpc(grpcEntry, coreConfig, host, options.grpc);
        } catch (err) {
          await new Promise((resolve) => server.close(resolve));
          throw err;
        }
        const grpcAddress = options.grpc?.publicAddress ?? env('A2A_PUBLIC_GRPC_ADDRESS') ?? hostPort(advertisedHost(host, card), grpcServer.port);
        card = withBindingUrl(card, GRPC, grpcAddress);
        started.grpc = { address: grpcAddress, port: grpcServer.port };
      }
      listening = started;
      return listening;
    },
    async close(at = {}) {
      closing = true;
      const server = listening?.server;
      const grpc = grpcServer;
      listening = undefined;
      grpcServer = undefined;
      // While running work finishes the listener stays open (DEPLOYING.md): new connections get
      // the card (a health probe) and 503 for A2A requests, rather than a refused connection.
      await manager.shutdown(at.graceMs ?? options.shutdownGraceMs ?? 10_000, 'the agent is shutting down');
      const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
      notifier?.close();
      // A shared store flushes what the shutdown wrote (failed tasks) before letting go.
      await options.eventBus?.close?.();
      await store.close?.();
      await grpc?.close(1000);
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

export { acceptSecrets, acceptUsers, forbidden, safeEqual } from './bindings/auth.js';
export type { AgentExecutor, ExecutionEvents, Principal, RequestContext } from './executor.js';
export type { SkillContext, SkillHandler } from './skill-executor.js';
export type { TaskChange, TaskPage, TaskQuery, TaskStore } from './stores/task-store.js';
export { PageTokenError } from './stores/task-query.js';
export type { RemoteFollow, TaskEventBus } from './stores/event-bus.js';
export type { PushConfig, PushConfigs } from './push/push-config.js';
export type { TaskOwnerKey } from './tasks/task-owner.js';
/** For task stores of your own: a store that copies or serializes tasks must carry the owner key across. */
export { ownerOf as taskOwnerOf, setOwner as setTaskOwner } from './tasks/task-owner.js';
export type { Logger, RequestRecord, SpanHandle, StructuredLogger, Tracing } from './observability.js';
export type { PushDelivery, PushOptions, PushRequest, Resolver } from './push/push-notifier.js';
export { InMemoryTaskStore } from './stores/task-store.js';
export type { AuthVerifiers, CustomMethodHandlers, SkillHandlers, SkillId } from './handlers.js';
export type { A2AServer, A2AServerOptions, BaseOptions, Limits, Listening } from './options.js';
export { secretsFromEnv, usersFromEnv } from './environment.js';
export { signingKeyFromEnv } from './signing/card-signing.js';
export { SigningKeyError, type SigningKey } from './signing/signing-key.js';
// The part builders, in the agent's version's words (file parts take either version's field names).
export { createMessage, dataPart, filePart, textPart, type FileContent } from '../runtime/objects.js';
