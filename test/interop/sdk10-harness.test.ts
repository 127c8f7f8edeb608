// The A2A v1.0 interop harness proven on itself: the official @a2a-js/sdk 1.3.0 client against
// the SDK 1.3.0 server (JSON-RPC binding, loopback). Each method's first exchange is checked on
// the wire too; SDK10_WIRE=<file> writes every captured exchange there (docs/interop/sdk-1.3.0.md
// quotes them).
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Message, StreamResponse, Task, TaskPushNotificationConfig } from 'a2a-sdk-10';
import { Role, TaskState } from 'a2a-sdk-10';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from 'a2a-sdk-10/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config, isTask, send } from '../helpers/sdk10-requests.js';
import { sdk10Client, type Sdk10Client, type WireExchange } from '../helpers/sdk10-client.js';
import { startSdk10Server, type Sdk10Server } from '../helpers/sdk10-server.js';

interface PlainExchange {
  request: { method: string; url: string; headers: Record<string, string>; body: unknown };
  /** body: the parsed JSON response; for SSE, sseRaw (the stream as sent) and events (each event's parsed data). */
  response: { status: number; headers: Record<string, string>; body?: unknown; sseRaw?: string; events?: unknown[] };
}

/** One captured exchange as plain JSON: the headers that matter and parsed bodies. */
async function plain(x: WireExchange): Promise<PlainExchange> {
  const body = await x.responseBody;
  const isSse = (x.responseHeaders['content-type'] ?? '').startsWith('text/event-stream');
  const pick = (h: Record<string, string>, names: string[]) => Object.fromEntries(names.filter((n) => n in h).map((n) => [n, h[n]]));
  return {
    request: {
      method: x.method,
      url: x.url,
      headers: pick(x.requestHeaders, ['a2a-version', 'a2a-extensions', 'content-type', 'accept']),
      body: x.requestBody === undefined ? undefined : JSON.parse(x.requestBody),
    },
    response: {
      status: x.status,
      headers: pick(x.responseHeaders, ['content-type', 'cache-control', 'etag', 'vary', 'a2a-extensions']),
      ...(isSse
        ? {
            sseRaw: body,
            events: body
              .split('\n\n')
              .filter((e) => e.trim())
              .map((e) => {
                const data = e
                  .split('\n')
                  .filter((l) => l.startsWith('data:'))
                  .map((l) => l.slice(5).trimStart())
                  .join('\n');
                const event = e.split('\n').find((l) => l.startsWith('event:'));
                return event ? { event: event.slice(6).trim(), data: JSON.parse(data) } : JSON.parse(data);
              }),
          }
        : { body: body ? JSON.parse(body) : body }),
    },
  };
}

/** Raw JSON-RPC POST (no SDK client), for what the client never sends. */
async function rawRpc(url: string, method: string, params: unknown, headers: Record<string, string> = { 'A2A-Version': '1.0' }) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: res.status, body: (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown[] } } };
}

/** A loopback webhook receiver for push notifications. */
async function webhook(): Promise<{ url: string; received: { headers: IncomingHttpHeaders; body: unknown }[]; close(): Promise<void> }> {
  const received: { headers: IncomingHttpHeaders; body: unknown }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function waitFor(check: () => boolean, ms = 5000) {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('SDK 1.3.0 client ↔ SDK 1.3.0 server (A2A v1.0, JSON-RPC, loopback)', () => {
  let server: Sdk10Server;
  let sdk: Sdk10Client;
  let hook: Awaited<ReturnType<typeof webhook>>;
  const captures: Record<string, unknown> = {};
  /** Captures the exchanges made by `run` under `name` and returns them. */
  async function capture<T>(name: string, run: () => Promise<T>): Promise<{ value: T; wire: PlainExchange[] }> {
    const from = sdk.wire.length;
    const value = await run();
    const wire = await Promise.all(sdk.wire.slice(from).map(plain));
    captures[name] = wire;
    return { value, wire };
  }

  beforeAll(async () => {
    hook = await webhook();
    server = await startSdk10Server({ pushDelivery: true });
    sdk = await sdk10Client(server.url);
  });

  afterAll(async () => {
    await sdk?.close();
    await server?.close();
    await hook?.close();
    if (process.env.SDK10_WIRE) await writeFile(process.env.SDK10_WIRE, JSON.stringify(captures, null, 2) + '\n');
  });

  it('fetches the card from /.well-known/agent-card.json with A2A-Version: 1.0 and picks the JSONRPC interface', async () => {
    const [card] = await Promise.all(sdk.wire.slice(0, 1).map(plain));
    captures['agentCard'] = [card];
    expect(card!.request).toMatchObject({ method: 'GET', url: `${server.url}.well-known/agent-card.json`, headers: { 'a2a-version': '1.0' } });
    expect(card!.response.body).toMatchObject({
      supportedInterfaces: [
        { url: server.url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${server.url}rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      ],
    });
    expect(sdk.client.protocolVersion).toBe('1.0');
  });

  it('SendMessage: a task (blocking) and a direct Message reply', async () => {
    const { value: task, wire } = await capture('SendMessage (task)', () => sdk.client.sendMessage(send('hello', config())));
    expect(isTask(task)).toBe(true);
    if (!isTask(task)) return;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts[0]?.parts[0]?.content).toEqual({ $case: 'text', value: 'hello' });
    expect(wire[0]!.request.headers).toEqual({ 'a2a-version': '1.0', 'content-type': 'application/json', accept: 'application/json' });
    expect(wire[0]!.request.body).toMatchObject({
      jsonrpc: '2.0',
      method: 'SendMessage',
      params: { message: { role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
    });
    expect(wire[0]!.response.body).toMatchObject({ jsonrpc: '2.0', result: { task: { status: { state: 'TASK_STATE_COMPLETED' } } } });

    const { value: reply, wire: replyWire } = await capture('SendMessage (direct reply)', () => sdk.client.sendMessage(send('reply:hi there')));
    expect(isTask(reply)).toBe(false);
    expect((reply as Message).role).toBe(Role.ROLE_AGENT);
    expect((reply as Message).parts[0]?.content).toEqual({ $case: 'text', value: 'hi there' });
    expect(replyWire[0]!.response.body).toMatchObject({ result: { message: { role: 'ROLE_AGENT', parts: [{ text: 'hi there' }] } } });
  });

  it('SendStreamingMessage: task, working, artifact, completed, then the stream ends', async () => {
    const { value: events, wire } = await capture('SendStreamingMessage', async () => {
      const events: StreamResponse[] = [];
      for await (const event of sdk.client.sendMessageStream(send('stream me', config()))) events.push(event);
      return events;
    });
    expect(events.map((e) => e.payload?.$case)).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    const last = events.at(-1)!.payload;
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(wire[0]!.request.headers).toMatchObject({ 'a2a-version': '1.0', accept: 'text/event-stream' });
    expect(wire[0]!.response.headers['content-type']).toBe('text/event-stream');
    expect(wire[0]!.response.events).toMatchObject([
      { jsonrpc: '2.0', result: { task: {} } },
      { result: { statusUpdate: { status: { state: 'TASK_STATE_WORKING' } } } },
      { result: { artifactUpdate: { artifact: { parts: [{ text: 'stream me' }] }, lastChunk: true } } },
      { result: { statusUpdate: { status: { state: 'TASK_STATE_COMPLETED' } } } },
    ]);

    const { value: reply } = await capture('SendStreamingMessage (direct reply)', async () => {
      const events: StreamResponse[] = [];
      for await (const event of sdk.client.sendMessageStream(send('reply:streamed'))) events.push(event);
      return events;
    });
    expect(reply.map((e) => e.payload?.$case)).toEqual(['message']);
  });

  it('GetTask and ListTasks', async () => {
    const task = (await sdk.client.sendMessage(send('to get', config()))) as Task;
    const { value: got, wire } = await capture('GetTask', () => sdk.client.getTask({ tenant: '', id: task.id, historyLength: 1 }));
    expect(got).toMatchObject({ id: task.id, status: { state: TaskState.TASK_STATE_COMPLETED } });
    expect(got.history).toHaveLength(1);
    expect(wire[0]!.request.body).toMatchObject({ method: 'GetTask', params: { id: task.id, historyLength: 1 } });
    expect(wire[0]!.response.body).toMatchObject({ result: { id: task.id, status: { state: 'TASK_STATE_COMPLETED' } } });

    const { value: list, wire: listWire } = await capture('ListTasks', () =>
      sdk.client.listTasks({
        tenant: '',
        contextId: task.contextId,
        status: TaskState.TASK_STATE_UNSPECIFIED,
        pageSize: 10,
        pageToken: '',
        statusTimestampAfter: undefined,
      }),
    );
    expect(list.tasks.map((t) => t.id)).toEqual([task.id]);
    expect(listWire[0]!.response.body).toMatchObject({ result: { tasks: [{ id: task.id }], pageSize: 10, totalSize: 1 } });

    const { wire: missing } = await capture('GetTask (unknown id: error)', () =>
      sdk.client.getTask({ tenant: '', id: 'no-such-task' }).then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    expect(missing[0]!.response.body).toMatchObject({
      error: { code: -32001, data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }] },
    });
    await expect(sdk.client.getTask({ tenant: '', id: 'no-such-task' })).rejects.toMatchObject({ name: 'TaskNotFoundError', envelopeCode: -32001 });
  });

  it('CancelTask on a working task', async () => {
    const started = (await sdk.client.sendMessage(send('slow cancel me', config({ returnImmediately: true })))) as Task;
    expect(started.status?.state).not.toBe(TaskState.TASK_STATE_COMPLETED);
    const { value: canceled, wire } = await capture('CancelTask', () => sdk.client.cancelTask({ tenant: '', id: started.id, metadata: undefined }));
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(wire[0]!.request.body).toMatchObject({ method: 'CancelTask', params: { id: started.id } });
    expect(wire[0]!.response.body).toMatchObject({ result: { id: started.id, status: { state: 'TASK_STATE_CANCELED' } } });

    const done = (await sdk.client.sendMessage(send('done', config()))) as Task;
    const { value: refused, wire: refusedWire } = await capture('CancelTask (completed task: error)', () =>
      sdk.client.cancelTask({ tenant: '', id: done.id, metadata: undefined }).then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    expect(refused).toMatchObject({ name: 'TaskNotCancelableError', envelopeCode: -32002 });
    expect(refusedWire[0]!.response.body).toMatchObject({ error: { code: -32002, data: [{ reason: 'TASK_NOT_CANCELABLE' }] } });
  });

  it('SubscribeToTask: the current task first, then its updates until a terminal state', async () => {
    const started = (await sdk.client.sendMessage(send('slow subscribe', config({ returnImmediately: true })))) as Task;
    const { value: events, wire } = await capture('SubscribeToTask', async () => {
      const events: StreamResponse[] = [];
      for await (const event of sdk.client.resubscribeTask({ tenant: '', id: started.id })) {
        events.push(event);
        if (events.length === 1) await sdk.client.cancelTask({ tenant: '', id: started.id, metadata: undefined });
      }
      return events;
    });
    expect(events[0]?.payload?.$case).toBe('task');
    const last = events.at(-1)!.payload;
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const sub = wire.find((x) => (x.request.body as { method: string }).method === 'SubscribeToTask')!;
    expect(sub.request.body).toMatchObject({ method: 'SubscribeToTask', params: { id: started.id } });
    expect(sub.response.events?.[0]).toMatchObject({ result: { task: { id: started.id } } });
  });

  it('SubscribeToTask on a finished task: the error comes as a plain JSON-RPC response, not SSE', async () => {
    const done = (await sdk.client.sendMessage(send('finished', config()))) as Task;
    const { value: error, wire } = await capture('SubscribeToTask (terminal task: error before the stream)', async () => {
      try {
        for await (const _ of sdk.client.resubscribeTask({ tenant: '', id: done.id })) return undefined;
      } catch (e) {
        return e;
      }
    });
    expect(error).toMatchObject({ name: 'UnsupportedOperationError', envelopeCode: -32004 });
    expect(wire[0]!.response.headers['content-type']).toMatch(/^application\/json/);
    expect(wire[0]!.response.body).toMatchObject({ error: { code: -32004, data: [{ reason: 'UNSUPPORTED_OPERATION' }] } });
  });

  it('push notification configs: create, get, list, delete; and delivery to a webhook', async () => {
    const task = (await sdk.client.sendMessage(send('push target', config()))) as Task;
    const pushConfig: TaskPushNotificationConfig = {
      tenant: '',
      id: 'cfg-1',
      taskId: task.id,
      url: hook.url,
      token: 'secret-token',
      authentication: undefined,
    };
    const { value: created, wire } = await capture('CreateTaskPushNotificationConfig', () => sdk.client.createTaskPushNotificationConfig(pushConfig));
    expect(created).toMatchObject({ id: 'cfg-1', taskId: task.id, url: hook.url, token: 'secret-token' });
    expect(wire[0]!.request.body).toMatchObject({ method: 'CreateTaskPushNotificationConfig', params: { id: 'cfg-1', taskId: task.id, url: hook.url } });

    const { value: got } = await capture('GetTaskPushNotificationConfig', () =>
      sdk.client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'cfg-1' }),
    );
    expect(got).toMatchObject({ id: 'cfg-1', url: hook.url });
    const { value: list } = await capture('ListTaskPushNotificationConfigs', () =>
      sdk.client.listTaskPushNotificationConfig({ tenant: '', taskId: task.id, pageSize: 0, pageToken: '' }),
    );
    expect(list.configs.map((c) => c.id)).toEqual(['cfg-1']);
    const { wire: del } = await capture('DeleteTaskPushNotificationConfig', () =>
      sdk.client.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'cfg-1' }),
    );
    expect(del[0]!.response.body).toMatchObject({ jsonrpc: '2.0', result: null });
    const after = await sdk.client.listTaskPushNotificationConfig({ tenant: '', taskId: task.id, pageSize: 0, pageToken: '' });
    expect(after.configs).toEqual([]);

    // Delivery: a config given with the message itself receives every event of the task.
    const withPush = config({ taskPushNotificationConfig: { ...pushConfig, id: 'cfg-2', taskId: '' } });
    const pushed = (await sdk.client.sendMessage(send('push me', withPush))) as Task;
    await waitFor(() => hook.received.some((r) => JSON.stringify(r.body).includes('TASK_STATE_COMPLETED')));
    const forTask = hook.received.filter((r) => JSON.stringify(r.body).includes(pushed.id));
    expect(forTask[0]!.headers).toMatchObject({ 'content-type': 'application/a2a+json', 'x-a2a-notification-token': 'secret-token' });
    captures['push notification delivery'] = forTask.map((r) => ({
      headers: { 'content-type': r.headers['content-type'], 'x-a2a-notification-token': r.headers['x-a2a-notification-token'] },
      body: r.body,
    }));
  });

  it('what the client never sends: no A2A-Version header, GetExtendedAgentCard, an unknown method', async () => {
    const noVersion = await rawRpc(server.url, 'GetTask', { id: 'x' }, {});
    expect(noVersion.body.error).toMatchObject({ code: -32009, data: [{ reason: 'VERSION_NOT_SUPPORTED' }] });
    const extended = await rawRpc(server.url, 'GetExtendedAgentCard', {});
    expect(extended.body.error).toMatchObject({ code: -32004, data: [{ reason: 'UNSUPPORTED_OPERATION' }] });
    const unknown = await rawRpc(server.url, 'tasks/get', { id: 'x' });
    expect(unknown.body.error).toMatchObject({ code: -32601 });
    captures['raw: no A2A-Version header'] = noVersion;
    captures['raw: GetExtendedAgentCard (capability off)'] = extended;
    captures['raw: v0.3 method name on the v1.0 handler'] = unknown;
  });
});

describe('SDK 1.3.0 harness cleanup', () => {
  const tcpHandles = () => process.getActiveResourcesInfo().filter((r) => r.startsWith('TCP')).length;

  it('close() mid-stream releases the port and every socket', async () => {
    const before = tcpHandles();
    const server = await startSdk10Server();
    const sdk = await sdk10Client(server.url);
    const started = (await sdk.client.sendMessage(send('slow never finished', config({ returnImmediately: true })))) as Task;
    const stream = sdk.client.resubscribeTask({ tenant: '', id: started.id });
    expect((await stream.next()).value?.payload?.$case).toBe('task');
    const pending = stream.next().catch((e: unknown) => e);
    await sdk.close();
    await server.close();
    expect(await pending).toBeInstanceOf(Error);
    await expect(fetch(server.url)).rejects.toThrow();
    await waitFor(() => tcpHandles() <= before);
  });
});

describe('SDK 1.3.0 ClientFactory: which interface it picks', () => {
  const v10 = (url: string, protocolVersion: string) => ({ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion });
  const v03Card = {
    name: 'v0.3 agent',
    description: 'd',
    url: 'http://127.0.0.1:1/',
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    version: '1',
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  };

  it('prefers the interface whose protocolVersion is exactly "1.0" and sends A2A-Version: 1.0 whatever the card says', async () => {
    const server = await startSdk10Server();
    try {
      const card = { ...server.card, supportedInterfaces: [v10('http://127.0.0.1:1/old', '0.3'), v10(server.url, '1.0')] };
      const client = await new ClientFactory().createFromAgentCard(card);
      expect(client.protocolVersion).toBe('1.0');
      expect(((await client.sendMessage(send('reply:ok'))) as Message).parts[0]?.content).toEqual({ $case: 'text', value: 'ok' });
      // "1.0.1" is not preferred over another JSONRPC interface, but is used when alone; the header stays "1.0".
      const patch = await new ClientFactory().createFromAgentCard({ ...server.card, supportedInterfaces: [v10(server.url, '1.0.1')] });
      expect(patch.protocolVersion).toBe('1.0');
    } finally {
      await server.close();
    }
  });

  it('no v0.3 fallback by default; with legacyCompat on resolver and transport it picks the v0.3 transport', async () => {
    await expect(new ClientFactory().createFromAgentCard(v03Card as never)).rejects.toThrow(/No compatible transport found/);
    const legacy = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ legacyCompat: { enabled: true } })],
        cardResolver: new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }),
      }),
    );
    expect((await legacy.createFromAgentCard(v03Card as never)).protocolVersion).toBe('0.3');
  });
});
