// HTTP+JSON of A2A v0.3.0 with the official @a2a-js/sdk 0.3.14, both ways: its ClientFactory
// client with the RestTransport drives a generated v0.3.0 agent (send, stream, get, cancel,
// resubscribe, push configs, typed errors), and the generated v0.3.0 client with
// `binding: 'HTTP+JSON'` drives the SDK's restHandler server. Both sides speak the JSON of
// v0.3.0's a2a.proto on the wire and their own JSON-RPC object model in the API.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import express from 'express';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, RestTransportFactory, type Client } from 'a2a-sdk-03/client';
import { DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor, type ExecutionEventBus, type RequestContext } from 'a2a-sdk-03/server';
import { A2AExpressApp, restHandler, UserBuilder } from 'a2a-sdk-03/server/express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdk03TaskChecks } from '../helpers/sdk03-client-checks.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

type Any = any;
const message = (text: string, extra: Record<string, unknown> = {}) => ({
  kind: 'message' as const,
  messageId: randomUUID(),
  role: 'user' as const,
  parts: [{ kind: 'text' as const, text }],
  ...extra,
});

describe('@a2a-js/sdk 0.3.14 client over HTTP+JSON → generated v0.3.0 agent', () => {
  let agent: RunningAgent;
  let client: Client;
  const urls: string[] = [];

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v0.3.0'), { push: { deliver: async () => ({ status: 200 }) } });
    const authed: typeof fetch = (input, init) => {
      urls.push(`${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`);
      return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${TOKEN}` } });
    };
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new RestTransportFactory({ fetchImpl: authed })],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl: authed }),
        preferredTransports: ['HTTP+JSON'],
      }),
    );
    client = await factory.createFromUrl(agent.origin);
  });

  it('finds the HTTP+JSON interface in additionalInterfaces and sends to its routes', async () => {
    const reply = (await client.sendMessage({ message: message('reply hello') })) as Any;
    expect(reply).toMatchObject({ kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'hello' }] });
    expect(urls.at(-1)).toBe('POST /a2a/rest/v1/message:send');
  });

  it('sendMessage: a completed task with its artifact and history', async () => {
    const task = (await client.sendMessage({ message: message('task'), configuration: { blocking: true } })) as Any;
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' }, artifacts: [{ parts: [{ kind: 'text', text: 'result text' }] }] });
  });

  it('sendMessageStream: task, artifact chunks, the final status', async () => {
    const events: Any[] = [];
    for await (const event of client.sendMessageStream({ message: message('chunks 2') })) events.push(event);
    expect(events.map((e) => e.kind)).toEqual(['task', 'artifact-update', 'artifact-update', 'status-update']);
    expect(events.at(-1)).toMatchObject({ final: true, status: { state: 'completed' } });
  });

  sdk03TaskChecks(() => client);
});

/** The SDK's own v0.3.0 agent with its HTTP+JSON binding: a task whose artifact echoes the text; "reply:…" answers with a message. */
function sdkExecutor(): AgentExecutor {
  return {
    async execute(context: RequestContext, bus: ExecutionEventBus) {
      const text = context.userMessage.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
      if (text.startsWith('reply:')) {
        bus.publish({ kind: 'message', messageId: randomUUID(), role: 'agent', parts: [{ kind: 'text', text: text.slice(6) }], contextId: context.contextId });
        return bus.finished();
      }
      const base = { taskId: context.taskId, contextId: context.contextId };
      bus.publish({ kind: 'task', id: context.taskId, contextId: context.contextId, status: { state: 'submitted' }, history: [context.userMessage] });
      bus.publish({ kind: 'artifact-update', ...base, artifact: { artifactId: 'a1', parts: [{ kind: 'text', text }] } });
      bus.publish({ kind: 'status-update', ...base, status: { state: 'completed' }, final: true });
      bus.finished();
    },
    async cancelTask() {},
  };
}

describe('generated v0.3.0 client over HTTP+JSON → @a2a-js/sdk 0.3.14 restHandler server', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let client: Any;
  let lib: Any;

  beforeAll(async () => {
    const app = express();
    const card: Any = {
      name: 'SDK 0.3.14 Agent',
      description: 'The official @a2a-js/sdk 0.3.14 server, HTTP+JSON preferred',
      protocolVersion: '0.3.0',
      version: '1.0.0',
      url: 'http://127.0.0.1:0/rest',
      preferredTransport: 'HTTP+JSON',
      additionalInterfaces: [],
      capabilities: { streaming: true, pushNotifications: false },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 'echo', name: 'Echo', description: 'Echoes text', tags: ['echo'] }],
    };
    const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), sdkExecutor());
    new A2AExpressApp(handler).setupRoutes(app, '/jsonrpc');
    app.use('/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    server.on('connection', (s) => (sockets.add(s), s.once('close', () => sockets.delete(s))));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    card.url = `${origin}/rest`;
    card.additionalInterfaces = [
      { url: `${origin}/rest`, transport: 'HTTP+JSON' },
      { url: `${origin}/jsonrpc`, transport: 'JSONRPC' },
    ];
    const project = await fixtureProject('full-v0.3.0');
    lib = await project.load('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(`${origin}/jsonrpc`, { validateResponses: true });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('takes the card’s preferred HTTP+JSON interface', () => {
    expect(client.transport.options.binding).toBe('HTTP+JSON');
    expect(client.transport.options.url).toMatch(/\/rest$/);
  });

  it('sendMessage: a task and a direct reply, as a2a.json objects', async () => {
    expect(await client.sendMessage({ message: message('hello') })).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    expect(await client.sendMessage({ message: message('reply:hi') })).toMatchObject({ kind: 'message', parts: [{ kind: 'text', text: 'hi' }] });
  });

  it('sendMessageStream, getTask, and the typed TaskNotFoundError', async () => {
    const events: Any[] = [];
    for await (const event of client.sendMessageStream({ message: message('streamed') })) events.push(event);
    expect(events.at(-1)).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    const task = await client.sendMessage({ message: message('to get') });
    expect((await client.getTask({ id: task.id })).artifacts[0].parts[0].text).toBe('to get');
    await expect(client.getTask({ id: 'missing' })).rejects.toBeInstanceOf(lib.TaskNotFoundError);
  });
});
