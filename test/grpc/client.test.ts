// The generated client over gRPC against the generated server: chosen from the card when asked
// for (Node only), the same typed results and error classes as over HTTP, credentials as
// metadata with a refresh after UNAUTHENTICATED, interceptors, time limits, the caller's abort, and
// a stream that resumes after its connection drops.
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGate } from '../helpers/script-executor.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

type Any = any;
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('generated client ↔ generated server over gRPC, A2A v1.0', () => {
  let agent: RunningAgent;
  let lib: Any;
  let client: Any;
  const auth = { credentials: { bearer: TOKEN } };

  beforeAll(async () => {
    const project = await fixtureProject('grpc-v1.0');
    agent = await startAgent(project, { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
    lib = await project.load('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(agent.origin, { ...auth, binding: 'GRPC', validateResponses: true });
  }, 60_000);

  it("takes the gRPC interface when asked (the card's preferred otherwise)", async () => {
    const grpc = (agent.server.card.supportedInterfaces as Any[]).find((i) => i.protocolBinding === 'GRPC');
    expect([client.transport.options.binding, client.transport.options.url]).toEqual(['GRPC', grpc.url]);
    const preferred = await lib.A2AClient.fromCardUrl(agent.origin, auth);
    expect(preferred.transport.options.binding).toBe('JSONRPC');
  });

  it('sendMessage, getTask with historyLength, listTasks', async () => {
    const { task } = await client.sendMessage({ message: message('task') });
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts[0].parts).toEqual([{ text: 'result text' }]);
    expect((await client.getTask({ id: task.id, historyLength: 1 })).history).toHaveLength(1);
    expect((await client.listTasks({ contextId: task.contextId })).tasks.map((t: Any) => t.id)).toEqual([task.id]);
    expect((await client.sendMessage({ message: message('reply hi') })).message.parts).toEqual([{ text: 'hi' }]);
  });

  it('sendMessageStream and resubscribeTask yield StreamResponses', async () => {
    const events = await collect(client.sendMessageStream({ message: message('chunks 2') }));
    expect(events.map((e: Any) => Object.keys(e)[0])).toEqual(['task', 'artifactUpdate', 'artifactUpdate', 'statusUpdate']);
    const { task } = await client.sendMessage({ message: message('gated 1'), configuration: { returnImmediately: true } });
    const joined = collect<Any>(client.resubscribeTask({ id: task.id }));
    await new Promise((r) => setTimeout(r, 100));
    openGate();
    expect((await joined).at(-1).statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('errors are the same typed classes as over HTTP', async () => {
    await expect(client.getTask({ id: 'no-such-task' })).rejects.toBeInstanceOf(lib.TaskNotFoundError);
    const { task } = await client.sendMessage({ message: message('task') });
    await expect(client.cancelTask({ id: task.id })).rejects.toBeInstanceOf(lib.TaskNotCancelableError);
    await expect(client.sendMessage({ message: { messageId: 'x', role: 'ROLE_USER', parts: [] } })).rejects.toBeInstanceOf(lib.InvalidParamsError);
  });

  it('push config methods and the extended card', async () => {
    const { task } = await client.sendMessage({ message: message('ask') });
    const hook = await webhookReceiver();
    expect(await client.setTaskPushNotificationConfig({ taskId: task.id, id: 'c1', url: hook.url })).toMatchObject({
      taskId: task.id,
      id: 'c1',
      url: hook.url,
    });
    expect(await client.getTaskPushNotificationConfig({ taskId: task.id, id: 'c1' })).toMatchObject({ id: 'c1' });
    expect(await client.listTaskPushNotificationConfig({ taskId: task.id })).toMatchObject({ configs: [{ id: 'c1' }] });
    // As over HTTP+JSON: an empty answer is an empty object (google.protobuf.Empty).
    expect(await client.deleteTaskPushNotificationConfig({ taskId: task.id, id: 'c1' })).toEqual({});
    const card = await client.getExtendedAgentCard({});
    expect(card.skills.map((s: Any) => s.id)).toContain('secret-skill');
  });

  it('without credentials: A2AHttpError 401; a refresh after UNAUTHENTICATED sends the call again', async () => {
    const anonymous = await lib.A2AClient.fromCardUrl(agent.origin, { binding: 'GRPC' });
    await expect(anonymous.getTask({ id: 'x' })).rejects.toMatchObject({ name: 'A2AHttpError', status: 401 });
    let asked = 0;
    let token = 'stale';
    const refreshing = await lib.A2AClient.fromCardUrl(agent.origin, {
      binding: 'GRPC',
      auth: {
        headers: () => ({ authorization: `Bearer ${token}` }),
        onUnauthorized: () => {
          asked++;
          token = TOKEN;
          return true;
        },
      },
    });
    expect((await refreshing.sendMessage({ message: message('reply fresh') })).message.parts).toEqual([{ text: 'fresh' }]);
    expect(asked).toBe(1);
  });

  it('interceptors see each call, its headers becoming metadata', async () => {
    const seen: string[] = [];
    const intercepted = await lib.A2AClient.fromCardUrl(agent.origin, {
      ...auth,
      binding: 'GRPC',
      interceptors: [
        {
          before: (call: Any) => {
            seen.push(`before ${call.method}`);
            call.headers.set('a2a-version', '99.0');
          },
          after: (outcome: Any) => seen.push(`after ${outcome.method} ${outcome.ok}`),
        },
      ],
    });
    // The interceptor's header reached the server: it refuses the version.
    await expect(intercepted.getTask({ id: 'x' })).rejects.toBeInstanceOf(lib.VersionNotSupportedError);
    expect(seen).toEqual(['before GetTask', 'after GetTask false']);
  });

  it("the caller's abort and the time limit end a call", async () => {
    const controller = new AbortController();
    const pending = client.sendMessage({ message: message('slow') }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'A2ATransportError', reason: 'aborted' });
    await expect(client.sendMessage({ message: message('slow') }, { timeoutMs: 100 })).rejects.toMatchObject({ name: 'A2ATransportError', reason: 'timeout' });
  });
});

describe('a v1.0 stream whose connection drops', () => {
  let agent: RunningAgent;
  let lib: Any;
  let proxy: Server;
  const sockets = new Set<Socket>();
  let connections = 0;

  beforeAll(async () => {
    const project = await fixtureProject('grpc-v1.0');
    // Time enough to come back before the run counts as abandoned.
    agent = await startAgent(project, { abandonGraceMs: 5000 });
    lib = await project.load('a2a/client/index.js');
    const grpc = (agent.server.card.supportedInterfaces as Any[]).find((i) => i.protocolBinding === 'GRPC' && i.protocolVersion === '1.0');
    const [host, port] = grpc.url.split(':');
    // A TCP relay in front of the gRPC port: cutting its sockets is a dropped connection.
    proxy = createServer((downstream) => {
      connections++;
      const upstream = connect(Number(port), host);
      for (const s of [downstream, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => sockets.delete(s));
      }
      downstream.pipe(upstream).pipe(downstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    // The client's channel stays connected through the relay: its sockets go first.
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  it('resumes with SubscribeToTask on a new connection, and yields the task to its end', async () => {
    const client = new lib.A2AClient({ url: `127.0.0.1:${(proxy.address() as AddressInfo).port}`, binding: 'GRPC', auth: lib.bearer(TOKEN) });
    const events: Any[] = [];
    let cut = false;
    for await (const e of client.sendMessageStreamResumable({ message: message('ticks 20') }, { delayMs: 1 })) {
      events.push(e);
      if (!cut && e.artifactUpdate?.artifact.parts[0].text === 'tick 1') {
        cut = true;
        for (const s of sockets) s.destroy();
      }
    }
    expect(cut).toBe(true);
    expect(connections).toBe(2);
    // The start, and the task as it stood when the stream came back.
    expect(events.filter((e) => e.task)).toHaveLength(2);
    expect(events.at(-1).statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    const task = await client.getTask({ id: events[0].task.id });
    expect(task.artifacts[0].parts.map((p: Any) => p.text)).toEqual(Array.from({ length: 20 }, (_, i) => `tick ${i}`));
  });

  it('the same over JSON-RPC: v1.0 events come wrapped ({ task }, { statusUpdate }), and the stream still resumes', async () => {
    let resubscribed = 0;
    let cut = false;
    // Cuts the first stream once a tick has gone through, as a dropped connection would.
    const cutting: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      const body = String(init?.body);
      if (body.includes('SubscribeToTask')) resubscribed++;
      if (!body.includes('SendStreamingMessage')) return res;
      const reader = res.body!.getReader();
      const cutBody = new ReadableStream({
        async pull(controller) {
          if (cut) {
            void reader.cancel();
            return controller.error(new TypeError('terminated'));
          }
          const { value, done } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          cut = new TextDecoder().decode(value).includes('tick 1');
        },
      });
      return new Response(cutBody, { headers: res.headers });
    };
    const client = new lib.A2AClient({ url: agent.url, auth: lib.bearer(TOKEN), fetch: cutting });
    const events: Any[] = [];
    for await (const e of client.sendMessageStreamResumable({ message: message('ticks 8') }, { delayMs: 1 })) events.push(e);
    expect([cut, resubscribed]).toEqual([true, 1]);
    expect(events.filter((e) => e.task)).toHaveLength(2);
    expect(events.at(-1).statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });
});
