// An official @a2a-js/sdk 1.3.0 agent (A2A v1.0, JSON-RPC and HTTP+JSON bindings, and gRPC when asked) on Express, on
// 127.0.0.1 with a free port: jsonRpcHandler at /, restHandler at /rest, agentCardHandler at
// /.well-known/agent-card.json,
// InMemoryTaskStore, push notification configs (InMemoryPushNotificationStore) and, when asked,
// delivery (DefaultPushNotificationSender). The executor:
//   "reply:<text>"  → a direct Message reply with <text> (no task),
//   "slow…"         → a task that stays working until CancelTask (or 10 s),
//   anything else   → a task: working status, one artifact holding the text, completed.
// close() ends every open connection (SSE streams included) and the server.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import express from 'express';
import type { AgentCard, Message, Part } from 'a2a-sdk-10';
import { Role, TaskState } from 'a2a-sdk-10';
import {
  AgentEvent,
  DefaultPushNotificationSender,
  DefaultRequestHandler,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from 'a2a-sdk-10/server';
import { UserBuilder, agentCardHandler, jsonRpcHandler, restHandler } from 'a2a-sdk-10/server/express';
import { A2AService, grpcService, UserBuilder as GrpcUserBuilder } from 'a2a-sdk-10/server/grpc';
import * as grpc from '@grpc/grpc-js';

export interface Sdk10Server {
  /** Base URL, e.g. http://127.0.0.1:PORT/ (the JSON-RPC endpoint and the card's base). */
  url: string;
  card: AgentCard;
  close(): Promise<void>;
}

export interface Sdk10ServerOptions {
  /** Deliver push notifications (DefaultPushNotificationSender) to the configs' URLs. */
  pushDelivery?: boolean;
  /** Serve v0.3 clients too (`legacyCompat` on the three handlers; the card lists 0.3 interfaces). */
  legacyCompat?: boolean;
  /** Serve gRPC too (`@a2a-js/sdk/server/grpc` on @grpc/grpc-js, a free loopback port; the card lists it as host:port). */
  grpc?: boolean;
}

export const textPart = (text: string): Part => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' });

const textOf = (message: Message | undefined): string => (message?.parts ?? []).map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

const now = () => new Date().toISOString();

/** The executor described at the top of this file; `stop` ends its slow tasks' waits (server close). */
export function sdk10Executor(stop?: AbortSignal): AgentExecutor {
  const canceled = new Set<string>();
  const contexts = new Map<string, string>(); // taskId → contextId, for the CANCELED event
  return {
    async execute(ctx: RequestContext, bus: ExecutionEventBus) {
      const text = textOf(ctx.userMessage);
      if (text.startsWith('reply:')) {
        bus.publish(
          AgentEvent.message({
            messageId: randomUUID(),
            contextId: ctx.contextId,
            taskId: '',
            role: Role.ROLE_AGENT,
            parts: [textPart(text.slice('reply:'.length))],
            metadata: undefined,
            extensions: [],
            referenceTaskIds: [],
          }),
        );
        bus.finished();
        return;
      }
      const { taskId, contextId } = ctx;
      contexts.set(taskId, contextId);
      if (!ctx.task)
        bus.publish(
          AgentEvent.task({
            id: taskId,
            contextId,
            status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
            artifacts: [],
            history: [ctx.userMessage],
            metadata: undefined,
          }),
        );
      const status = (state: TaskState) =>
        AgentEvent.statusUpdate({ taskId, contextId, status: { state, message: undefined, timestamp: now() }, metadata: undefined });
      bus.publish(status(TaskState.TASK_STATE_WORKING));
      if (text.startsWith('slow')) {
        // Waits for cancelTask (which publishes CANCELED itself); gives up after 10 s.
        for (let i = 0; i < 1000 && !canceled.has(taskId) && !stop?.aborted; i++) await new Promise((r) => setTimeout(r, 10));
        canceled.delete(taskId);
        return;
      }
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: { artifactId: 'result', name: 'result', description: '', parts: [textPart(text)], metadata: undefined, extensions: [] },
          append: false,
          lastChunk: true,
          metadata: undefined,
        }),
      );
      bus.publish(status(TaskState.TASK_STATE_COMPLETED));
      bus.finished();
    },
    async cancelTask(taskId: string, bus: ExecutionEventBus) {
      canceled.add(taskId);
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId: contexts.get(taskId) ?? '',
          status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: now() },
          metadata: undefined,
        }),
      );
      bus.finished();
    },
  };
}

export function sdk10Card(url: string, legacyCompat = false): AgentCard {
  const v03: AgentCard['supportedInterfaces'] = legacyCompat
    ? [
        { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
        { url: `${url}rest`, protocolBinding: 'HTTP+JSON', tenant: '', protocolVersion: '0.3' },
      ]
    : [];
  return {
    name: 'SDK 1.3.0 Agent',
    description: 'The official @a2a-js/sdk 1.3.0 server (A2A v1.0, JSON-RPC and HTTP+JSON)',
    // protocolVersion must be exactly "1.0": the client sends A2A-Version: 1.0 and the server
    // compares that header with the protocolVersion strings of the card's interfaces.
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: `${url}rest`, protocolBinding: 'HTTP+JSON', tenant: '', protocolVersion: '1.0' },
      ...v03,
    ],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: true, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes text', tags: ['echo'], examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
    signatures: [],
  };
}

/** Starts the SDK server on 127.0.0.1 (free port). */
export async function startSdk10Server(options: Sdk10ServerOptions = {}): Promise<Sdk10Server> {
  const card = sdk10Card('http://127.0.0.1:0/', options.legacyCompat);
  const legacyCompat = { enabled: options.legacyCompat === true };
  const pushStore = new InMemoryPushNotificationStore();
  const stop = new AbortController();
  const handler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    sdk10Executor(stop.signal),
    undefined,
    pushStore,
    options.pushDelivery ? new DefaultPushNotificationSender(pushStore, { timeout: 2000 }) : undefined,
  );
  const app = express();
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler, cache: { maxAge: 0 }, legacyCompat }));
  app.use('/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat }));
  const sockets = new Set<Socket>();
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  for (const i of card.supportedInterfaces) i.url = i.protocolBinding === 'JSONRPC' ? url : `${url}rest`;
  const grpcServer = options.grpc ? await startSdkGrpc(handler) : undefined;
  if (grpcServer) card.supportedInterfaces.push({ url: grpcServer.address, protocolBinding: 'GRPC', tenant: '', protocolVersion: '1.0' });
  return {
    url,
    card,
    async close() {
      grpcServer?.server.forceShutdown();
      stop.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The SDK's gRPC service over the same request handler, on a free loopback port. */
async function startSdkGrpc(handler: DefaultRequestHandler): Promise<{ server: grpc.Server; address: string }> {
  const server = new grpc.Server();
  server.addService(A2AService, grpcService({ requestHandler: handler, userBuilder: GrpcUserBuilder.noAuthentication }));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, bound) => (err ? reject(err) : resolve(bound))),
  );
  return { server, address: `127.0.0.1:${port}` };
}
