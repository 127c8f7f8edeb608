// The generated client against the generated server (v0.3.0, v0.2.5, v0.1.0): every method,
// streaming, resubscribe, skill helpers, each error class, retries, timeouts, abort, resumption.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';
import { textMessage as v2message } from '../helpers/http.js';

type Any = any;

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe.each(['0.3.0', '0.2.5'])('generated client ↔ generated server, A2A v%s', (version) => {
  let agent: RunningAgent;
  let minimal: RunningAgent;
  let client: Any;
  let lib: Any;
  const cfg = { acceptedOutputModes: ['text/plain', 'application/json'] };

  beforeAll(async () => {
    const project = await fixtureProject(`full-v${version}`);
    agent = await startAgent(project, { push: { deliver: async () => ({ status: 200 }) } });
    minimal = await startAgent(await fixtureProject(`minimal-v${version}`));
    lib = await project.load('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(agent.origin, { credentials: { bearer: TOKEN }, validateResponses: true });
  });

  it('discovers the card at the well-known path and talks to its url', () => {
    expect(client.card.name).toBe('Test Agent');
    expect(client.transport.options.url).toBe(agent.url);
  });

  it('sendMessage: a Message or a Task, validated against the schema', async () => {
    expect(await client.sendMessage({ message: v2message('reply hi') })).toMatchObject({ kind: 'message', parts: [{ text: 'hi' }] });
    expect(await client.sendMessage({ message: v2message('task') })).toMatchObject({ kind: 'task', status: { state: 'completed' } });
  });

  it('sendMessageStream yields typed events in order', async () => {
    const events = await collect(client.sendMessageStream({ message: v2message('events 2') }));
    expect(events.map((e: Any) => e.kind)).toEqual(['task', 'status-update', 'status-update', 'status-update']);
  });

  it('getTask, cancelTask, resubscribeTask mid-stream', async () => {
    const controller = new AbortController();
    const first = client.sendMessageStream({ message: v2message('slow') }, { signal: controller.signal })[Symbol.asyncIterator]();
    const task = (await first.next()).value;
    await first.next();
    const second = client.resubscribeTask({ id: task.id })[Symbol.asyncIterator]();
    expect((await second.next()).value).toMatchObject({ kind: 'task', id: task.id, status: { state: 'working' } });
    expect((await client.getTask({ id: task.id })).status.state).toBe('working');
    expect((await client.cancelTask({ id: task.id })).status.state).toBe('canceled');
    const rest = [];
    for (let r = await second.next(); !r.done; r = await second.next()) rest.push(r.value);
    expect(rest.at(-1)).toMatchObject({ status: { state: 'canceled' }, final: true });
    controller.abort();
    await expect(first.next()).rejects.toMatchObject({ name: 'A2ATransportError', reason: 'aborted' });
  });

  it('push notification configs', async () => {
    const task = await client.sendMessage({ message: v2message('ask') });
    const config = { url: 'https://hooks.example.com/x', token: 't', id: 'c1' };
    expect((await client.setTaskPushNotificationConfig({ taskId: task.id, pushNotificationConfig: config })).pushNotificationConfig).toEqual(config);
    expect((await client.getTaskPushNotificationConfig({ id: task.id, pushNotificationConfigId: 'c1' })).pushNotificationConfig.url).toBe(config.url);
    expect(await client.listTaskPushNotificationConfig({ id: task.id })).toHaveLength(1);
    expect(await client.deleteTaskPushNotificationConfig({ id: task.id, pushNotificationConfigId: 'c1' })).toBeNull();
  });

  it('the authenticated extended card, with credentials', async () => {
    const card = await client.getAuthenticatedExtendedCard();
    expect(card.skills.map((s: Any) => s.id)).toContain('secret-skill');
    const anonymous = new lib.A2AClient({ url: agent.url, card: client.card });
    await expect(anonymous.getAuthenticatedExtendedCard()).rejects.toMatchObject({
      name: 'A2AHttpError',
      status: 401,
      wwwAuthenticate: expect.stringContaining('Bearer'),
    });
  });

  it('typed skill helpers: input in, typed output back', async () => {
    expect(await client.skills.add({ a: 20, b: 22 })).toEqual({ sum: 42 });
    expect(await client.skills.script('reply via skill')).toMatchObject({ kind: 'message', parts: [{ text: 'via skill' }] });
    await expect(client.skills.add({ a: 'x', b: 1 } as never)).rejects.toBeInstanceOf(lib.InvalidParamsError);
  });

  it('throws each JSON-RPC and A2A error as its class', async () => {
    const expectError = async (p: Promise<unknown>, Class: Any, code: number) => {
      const err = await p.then(
        () => undefined,
        (e) => e,
      );
      expect(err).toBeInstanceOf(Class);
      expect(err).toBeInstanceOf(lib.JsonRpcError);
      expect(err.code).toBe(code);
    };
    await expectError(client.getTask({ id: 'missing' }), lib.TaskNotFoundError, -32001);
    const done = await client.sendMessage({ message: v2message('task') });
    await expectError(client.cancelTask({ id: done.id }), lib.TaskNotCancelableError, -32002);
    const plain = new lib.A2AClient({ url: minimal.url });
    await expectError(
      plain.setTaskPushNotificationConfig({ taskId: 'x', pushNotificationConfig: { url: 'https://e.com' } }),
      lib.PushNotificationNotSupportedError,
      -32003,
    );
    await expectError(collect(plain.sendMessageStream({ message: v2message('x') })), lib.UnsupportedOperationError, -32004);
    await expectError(client.sendMessage({ message: v2message('x', { metadata: { skillId: 'images' } }) }), lib.ContentTypeNotSupportedError, -32005);
    const bad = await startAgent(await fixtureProject(`full-v${version}`), { skills: { add: () => ({ wrong: true }) }, defaultSkill: 'add' });
    const badClient = await lib.A2AClient.fromCardUrl(bad.origin, { credentials: { bearer: TOKEN } });
    await expectError(badClient.skills.add({ a: 1, b: 2 }), lib.InvalidAgentResponseError, -32006);
    if (version === '0.3.0') await expectError(plain.getAuthenticatedExtendedCard(), lib.AuthenticatedExtendedCardNotConfiguredError, -32007);
    await expectError(client.sendMessage({ message: { role: 'user' } } as never), lib.InvalidParamsError, -32602);
    await expectError(client.transport.call('tasks/nope', {}), lib.MethodNotFoundError, -32601);
    const broken = await startAgent(await fixtureProject(`full-v${version}`), {
      taskStore: { get: () => Promise.reject(new Error('down')), set() {}, delete() {} },
    });
    await expectError(new lib.A2AClient({ url: broken.url, auth: lib.bearer(TOKEN) }).getTask({ id: 'x' }), lib.InternalError, -32603);
    const mangle: typeof fetch = (url, init) => fetch(url, { ...init, body: String(init?.body).slice(0, -3) });
    await expectError(new lib.A2AClient({ url: agent.url, auth: lib.bearer(TOKEN), fetch: mangle }).getTask({ id: 'x' }), lib.JsonParseError, -32700);
    const unversioned: typeof fetch = (url, init) => fetch(url, { ...init, body: String(init?.body).replace('"jsonrpc":"2.0"', '"jsonrpc":"1.0"') });
    await expectError(new lib.A2AClient({ url: agent.url, auth: lib.bearer(TOKEN), fetch: unversioned }).getTask({ id: 'x' }), lib.InvalidRequestError, -32600);
  });

  it('HTTP 401 and 403 are A2AHttpError with the status and WWW-Authenticate', async () => {
    const anonymous = new lib.A2AClient({ url: agent.url });
    await expect(anonymous.getTask({ id: 'x' })).rejects.toMatchObject({
      name: 'A2AHttpError',
      status: 401,
      wwwAuthenticate: expect.stringContaining('Bearer realm="a2a"'),
    });
    const refused = new lib.A2AClient({ url: agent.url, auth: lib.bearer('known-but-forbidden') });
    await expect(refused.getTask({ id: 'x' })).rejects.toMatchObject({ name: 'A2AHttpError', status: 403 });
  });

  it('validateResponses rejects results that break the schema', async () => {
    const liar: typeof fetch = async () =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { id: 'x', status: { state: 'not-a-state' } } }), {
        headers: { 'content-type': 'application/json' },
      });
    const c = new lib.A2AClient({ url: agent.url, fetch: liar, validateResponses: true });
    await expect(c.getTask({ id: 'x' })).rejects.toMatchObject({
      name: 'A2AResponseValidationError',
      issues: expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]),
    });
  });

  it('retries idempotent calls on network errors and 503, never sends', async () => {
    let calls = 0;
    const flaky: typeof fetch = async (url, init) => {
      calls++;
      if (calls === 1) throw new TypeError('fetch failed');
      if (calls === 2) return new Response('busy', { status: 503 });
      return fetch(url, init);
    };
    const c = new lib.A2AClient({ url: agent.url, auth: lib.bearer(TOKEN), fetch: flaky, retryDelayMs: 1 });
    await expect(c.getTask({ id: 'missing' })).rejects.toBeInstanceOf(lib.TaskNotFoundError);
    expect(calls).toBe(3);
    calls = 0;
    await expect(c.sendMessage({ message: v2message('reply x') })).rejects.toMatchObject({ name: 'A2ATransportError', reason: 'network' });
    expect(calls).toBe(1);
  });

  it('per-call timeout', async () => {
    const hang: typeof fetch = (_url, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const c = new lib.A2AClient({ url: agent.url, fetch: hang });
    await expect(c.sendMessage({ message: v2message('x') }, { timeoutMs: 30 })).rejects.toMatchObject({ name: 'A2ATransportError', reason: 'timeout' });
  });

  it('a server that never ends an event is cut off at maxEventChars', async () => {
    const endless: typeof fetch = async () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode(sent++ === 0 ? 'data: ' : 'x'.repeat(4096)));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const c = new lib.A2AClient({ url: agent.url, fetch: endless, maxEventChars: 100_000 });
    const read = async () => {
      for await (const _event of c.sendMessageStream({ message: v2message('x') })) void _event;
    };
    await expect(read()).rejects.toMatchObject({
      name: 'A2ATransportError',
      reason: 'protocol',
      message: expect.stringMatching(/longer than 100000 characters/),
    });
  });

  it('aborting a stream ends the iteration and the connection (the server stops the work)', async () => {
    const controller = new AbortController();
    const it1 = client.sendMessageStream({ message: v2message('slow') }, { signal: controller.signal })[Symbol.asyncIterator]();
    const task = (await it1.next()).value;
    controller.abort();
    await expect(it1.next()).rejects.toMatchObject({ reason: 'aborted' });
    await new Promise((r) => setTimeout(r, 400));
    expect((await client.getTask({ id: task.id })).status.state).toBe('canceled');
  });

  it('a broken stream resumes with tasks/resubscribe', async () => {
    let streams = 0;
    // Cuts the first stream once a tick has gone through, as a dropped connection would.
    const cutting: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      const body = String(init?.body);
      if (body.includes('tasks/resubscribe')) streams++;
      if (!body.includes('message/stream') || streams++ > 0) return res;
      const reader = res.body!.getReader();
      let cut = false;
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
    const c = new lib.A2AClient({ url: agent.url, auth: lib.bearer(TOKEN), fetch: cutting });
    const events: Any[] = [];
    for await (const e of c.sendMessageStreamResumable({ message: v2message('ticks 6') }, { delayMs: 1 })) events.push(e);
    expect(streams).toBe(2);
    expect(events.filter((e) => e.kind === 'task')).toHaveLength(2); // the start, and the snapshot after reconnecting
    expect(events.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
    const task = await client.getTask({ id: events[0].id });
    expect(task.artifacts[0].parts.map((p: Any) => p.text)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `tick ${i}`));
  });
});

describe('generated client ↔ generated server, A2A v0.1.0', () => {
  let client: Any;
  let lib: Any;
  const message = (text: string) => ({ role: 'user', parts: [{ type: 'text', text }] });

  beforeAll(async () => {
    const project = await fixtureProject('full-v0.1.0');
    const agent = await startAgent(project, { push: { deliver: async () => ({ status: 200 }) } });
    lib = await project.load('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(agent.origin, { credentials: { Bearer: TOKEN }, validateResponses: true });
  });

  it('sendTask, getTask, cancelTask with client-chosen ids', async () => {
    const id = randomUUID();
    expect(await client.sendTask({ id, message: message('task') })).toMatchObject({ id, status: { state: 'completed' } });
    expect((await client.getTask({ id, historyLength: 2 })).history).toHaveLength(2);
    await expect(client.cancelTask({ id })).rejects.toBeInstanceOf(lib.TaskNotCancelableError);
  });

  it('sendTaskSubscribe and resubscribeTask', async () => {
    const id = randomUUID();
    const events = await collect(client.sendTaskSubscribe({ id, message: message('events 2') }));
    expect(events.map((e: Any) => e.status?.state)).toEqual(['submitted', 'working', 'working', 'completed']);
    const again = await collect(client.resubscribeTask({ id }));
    expect(again.map((e: Any) => e.status.state)).toEqual(['completed']);
  });

  it('setTaskPushNotification and getTaskPushNotification', async () => {
    const id = randomUUID();
    await client.sendTask({ id, message: message('ask') });
    const config = { url: 'https://hooks.example.com/x', token: 't' };
    expect(await client.setTaskPushNotification({ id, pushNotificationConfig: config })).toEqual({ id, pushNotificationConfig: config });
    expect((await client.getTaskPushNotification({ id })).pushNotificationConfig).toEqual(config);
  });

  it('skill helpers generate the task id; errors are typed', async () => {
    expect(await client.skills.add({ a: 1, b: 2 })).toEqual({ sum: 3 });
    await expect(client.getTask({ id: 'missing' })).rejects.toBeInstanceOf(lib.TaskNotFoundError);
    await expect(client.sendTask({ id: 'x', message: { ...message('x'), metadata: { skillId: 'images' } } })).rejects.toBeInstanceOf(
      lib.ContentTypeNotSupportedError,
    );
  });
});
