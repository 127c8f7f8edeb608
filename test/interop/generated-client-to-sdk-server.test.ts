// The generated client against the official @a2a-js/sdk servers (0.3.x for v0.3.0, 0.2.x for
// v0.2.5) on Express: send, stream, get, cancel and push notification configs.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import { DefaultRequestHandler as Handler03, InMemoryTaskStore as Store03 } from 'a2a-sdk-03/server';
import { A2AExpressApp as ExpressApp03 } from 'a2a-sdk-03/server/express';
import { A2AExpressApp as ExpressApp02, DefaultRequestHandler as Handler02, InMemoryTaskStore as Store02 } from 'a2a-sdk-02/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject } from '../helpers/server.js';
import { textMessage as message } from '../helpers/http.js';

type Any = any;

/** An SDK executor: `reply <text>`, `task` (working, artifact, completed), `slow` (until canceled). */
function sdkExecutor() {
  const canceled = new Set<string>();
  const status = (ctx: Any, state: string, final: boolean) => ({
    kind: 'status-update',
    taskId: ctx.taskId,
    contextId: ctx.contextId,
    status: { state, timestamp: new Date().toISOString() },
    final,
  });
  return {
    async execute(ctx: Any, bus: Any) {
      const text = ctx.userMessage.parts.map((p: Any) => p.text ?? '').join(' ');
      if (text.startsWith('reply')) {
        bus.publish({ kind: 'message', role: 'agent', messageId: randomUUID(), contextId: ctx.contextId, parts: [{ kind: 'text', text: text.slice(6) }] });
        return bus.finished();
      }
      if (!ctx.task)
        bus.publish({
          kind: 'task',
          id: ctx.taskId,
          contextId: ctx.contextId,
          status: { state: 'submitted', timestamp: new Date().toISOString() },
          history: [ctx.userMessage],
        });
      bus.publish(status(ctx, 'working', false));
      if (text === 'slow') {
        for (let i = 0; i < 200 && !canceled.has(ctx.taskId); i++) await new Promise((r) => setTimeout(r, 10));
        return;
      }
      bus.publish({
        kind: 'artifact-update',
        taskId: ctx.taskId,
        contextId: ctx.contextId,
        artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'result' }] },
      });
      bus.publish(status(ctx, 'completed', true));
      bus.finished();
    },
    async cancelTask(taskId: string, bus: Any) {
      canceled.add(taskId);
      bus.publish({ kind: 'status-update', taskId, contextId: '', status: { state: 'canceled', timestamp: new Date().toISOString() }, final: true });
      bus.finished();
    },
  };
}

async function serve(setup: (app: express.Express, card: Any) => void, version: string): Promise<{ url: string; card: Any; close(): Promise<void> }> {
  const card: Any = {
    name: 'SDK Agent',
    description: 'An official-SDK agent',
    version: '1.0.0',
    protocolVersion: version,
    url: 'http://127.0.0.1:0/',
    capabilities: { streaming: true, pushNotifications: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes', tags: [] }],
  };
  if (version === '0.3.0') card.preferredTransport = 'JSONRPC';
  const app = express();
  setup(app, card);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  card.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  return {
    url: card.url,
    card,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each([
  {
    version: '0.3.0',
    sdk: '0.3.x',
    setup: (app: express.Express, card: Any) => new ExpressApp03(new Handler03(card, new Store03(), sdkExecutor())).setupRoutes(app),
  },
  {
    version: '0.2.5',
    sdk: '0.2.x',
    setup: (app: express.Express, card: Any) => new ExpressApp02(new Handler02(card, new Store02(), sdkExecutor())).setupRoutes(app),
  },
])('generated v$version client → @a2a-js/sdk $sdk server', ({ version, setup }) => {
  let sdk: Awaited<ReturnType<typeof serve>>;
  let client: Any;
  const cfg = { acceptedOutputModes: ['text/plain'] };

  beforeAll(async () => {
    sdk = await serve(setup, version);
    const lib: Any = await (await fixtureProject(`full-v${version}`)).load('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(sdk.url, { validateResponses: true });
  });
  afterAll(() => sdk.close());

  it("discovers the SDK agent through the version's well-known path", () => {
    expect(client.card.name).toBe('SDK Agent');
  });

  it('sendMessage: a Message and a Task', async () => {
    expect(await client.sendMessage({ message: message('reply hi') })).toMatchObject({ kind: 'message', parts: [{ text: 'hi' }] });
    const task = await client.sendMessage({ message: message('task') });
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' }, artifacts: [{ artifactId: 'a1' }] });
  });

  it('sendMessageStream', async () => {
    const kinds = [];
    for await (const event of client.sendMessageStream({ message: message('task') })) kinds.push(event.kind);
    expect(kinds).toEqual(['task', 'status-update', 'artifact-update', 'status-update']);
  });

  it('getTask and cancelTask', async () => {
    const started = await client.sendMessage({ message: message('slow'), configuration: { ...cfg, blocking: false } });
    expect((await client.getTask({ id: started.id })).id).toBe(started.id);
    const canceled = await client.cancelTask({ id: started.id });
    expect(canceled.id).toBe(started.id);
    // The 0.2.x SDK answers with the task as stored before its executor applies the cancellation.
    let state = canceled.status.state;
    for (let i = 0; i < 50 && state !== 'canceled'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      state = (await client.getTask({ id: started.id })).status.state;
    }
    expect(state).toBe('canceled');
  });

  it('push notification config: set and get (and list/delete on 0.3.x)', async () => {
    const task = await client.sendMessage({ message: message('task') });
    const config = { url: 'https://hooks.example.com/a2a', token: 'tok' };
    expect((await client.setTaskPushNotificationConfig({ taskId: task.id, pushNotificationConfig: config })).pushNotificationConfig).toMatchObject(config);
    expect((await client.getTaskPushNotificationConfig({ id: task.id })).pushNotificationConfig).toMatchObject(config);
    if (version === '0.3.0') {
      expect(await client.listTaskPushNotificationConfig({ id: task.id })).toHaveLength(1);
      expect(await client.deleteTaskPushNotificationConfig({ id: task.id, pushNotificationConfigId: task.id })).toBeNull();
    }
  });
});
