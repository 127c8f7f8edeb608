// The generated server for A2A v0.1.0: client-chosen task ids, sessionId, `type` part
// discriminators, tasks/send and tasks/sendSubscribe, v0.1 push notification methods.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStream, post, rpc, streamAll } from '../helpers/http.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const auth = { authorization: `Bearer ${TOKEN}` };
const message = (text: string) => ({ role: 'user', parts: [{ type: 'text', text }] });

describe('generated server, A2A v0.1.0', () => {
  let agent: RunningAgent;
  let minimal: RunningAgent;
  const call = (method: string, params?: unknown) => rpc(agent.url, method, params, auth);
  const sendTask = async (text: string, extra: Record<string, unknown> = {}) =>
    (await call('tasks/send', { id: randomUUID(), message: message(text), ...extra })).body;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v0.1.0'));
    minimal = await startAgent(await fixtureProject('minimal-v0.1.0'));
  });

  it('serves the card at /.well-known/agent.json only, publicly', async () => {
    const card = await (await fetch(agent.origin + '/.well-known/agent.json')).json();
    expect(card).toMatchObject({ name: 'Legacy Test Agent', authentication: { schemes: ['Bearer'] } });
    expect(card.protocolVersion).toBeUndefined();
    expect((await fetch(agent.origin + '/.well-known/agent-card.json')).status).toBe(404);
  });

  it('401 without the Bearer token', async () => {
    const res = await rpc(agent.url, 'tasks/get', { id: 'x' }, {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="a2a"');
  });

  it('tasks/send creates the task under the client-chosen id and session; a reply completes it', async () => {
    const id = randomUUID();
    const { result } = (await call('tasks/send', { id, sessionId: 'session-1', message: message('reply hi'), historyLength: 5 })).body;
    expect(result).toMatchObject({
      id,
      sessionId: 'session-1',
      status: { state: 'completed', message: { role: 'agent', parts: [{ type: 'text', text: 'hi' }] } },
    });
    expect(result.kind).toBeUndefined();
    expect(result.history.map((m: { role: string }) => m.role)).toEqual(['user', 'agent']);
  });

  it('without historyLength a task comes back without history (v0.1.0 §7.3.1)', async () => {
    const { result } = await sendTask('task');
    expect(result.history).toBeUndefined();
    expect(result.artifacts[0]).toMatchObject({ name: 'result', index: 0, parts: [{ type: 'text', text: 'result text' }] });
    const got = (await call('tasks/get', { id: result.id, historyLength: 1 })).body.result;
    expect(got.history).toHaveLength(1);
    expect((await call('tasks/get', { id: result.id })).body.result.history).toBeUndefined();
  });

  it('multi-turn under the same client-chosen id', async () => {
    const id = randomUUID();
    expect((await call('tasks/send', { id, message: message('ask') })).body.result.status.state).toBe('input-required');
    const done = (await call('tasks/send', { id, message: message('green'), historyLength: 10 })).body.result;
    expect(done).toMatchObject({ id, status: { state: 'completed', message: { parts: [{ text: 'got: green' }] } } });
    expect(done.history).toHaveLength(4);
    const again = await call('tasks/send', { id, message: message('more') });
    expect(again.body.error).toMatchObject({ code: -32602, data: { rule: 'continue-nonterminal-task' } });
  });

  it('typed skills route by DataPart with `type: data`', async () => {
    const { result } = (await call('tasks/send', { id: randomUUID(), message: { role: 'user', parts: [{ type: 'data', data: { a: 1, b: 2 } }] } })).body;
    expect(result.artifacts[0].parts[0]).toEqual({ type: 'data', data: { sum: 3 } });
  });

  it('errors: -32001, -32002, -32005 (from the v0.1.0 spec text), -32602', async () => {
    expect((await call('tasks/get', { id: 'missing' })).body.error.code).toBe(-32001);
    const done = (await sendTask('task')).result;
    expect((await call('tasks/cancel', { id: done.id })).body.error.code).toBe(-32002);
    const images = await call('tasks/send', { id: randomUUID(), message: { ...message('x'), metadata: { skillId: 'images' } } });
    expect(images.body.error).toMatchObject({ code: -32005, message: expect.stringContaining('image/png') });
    expect((await call('tasks/send', { message: message('x') })).body.error.code).toBe(-32602);
  });

  it('tasks/sendSubscribe streams update events only, with `id` naming the task', async () => {
    const id = randomUUID();
    const { events } = await streamAll(agent.url, 'tasks/sendSubscribe', { id, message: message('events 3') }, auth);
    const results = events.map((e) => e.data.result);
    expect(results.every((r) => r.id === id && r.kind === undefined)).toBe(true);
    expect(results.map((r) => [r.status.state, r.final])).toEqual([
      ['submitted', false],
      ['working', false],
      ['working', false],
      ['working', false],
      ['completed', true],
    ]);
  });

  it('artifact events carry index, append and lastChunk on the artifact', async () => {
    const { events } = await streamAll(agent.url, 'tasks/sendSubscribe', { id: randomUUID(), message: message('chunks 2') }, auth);
    const artifacts = events.map((e) => e.data.result).filter((r) => r.artifact);
    expect(artifacts.map((a) => [a.artifact.index, a.artifact.append ?? false, a.artifact.lastChunk ?? false])).toEqual([
      [0, false, false],
      [0, true, true],
    ]);
  });

  it('tasks/resubscribe mid-stream and tasks/cancel', async () => {
    const id = randomUUID();
    const first = await openStream(agent.url, 'tasks/sendSubscribe', { id, message: message('slow') }, auth);
    const it1 = first.events();
    await it1.next();
    await it1.next();
    const { events } = await (async () => {
      const second = await openStream(agent.url, 'tasks/resubscribe', { id }, auth);
      const it2 = second.events();
      const snapshot = (await it2.next()).value!.data.result;
      expect(snapshot).toMatchObject({ id, status: { state: 'working' }, final: false });
      const canceled = (await call('tasks/cancel', { id })).body.result;
      expect(canceled.status.state).toBe('canceled');
      const rest = [];
      for await (const e of it2) rest.push(e);
      return { events: rest };
    })();
    expect(events.at(-1)!.data.result).toMatchObject({ id, status: { state: 'canceled' }, final: true });
    for await (const _ of it1);
  });

  it('tasks/pushNotification/set and get; the webhook gets the task with the token', async () => {
    const hook = await webhookReceiver();
    const pushAgent = await startAgent(await fixtureProject('full-v0.1.0'), { push: { allowPrivateTargets: ['127.0.0.1'] } });
    const id = randomUUID();
    await rpc(pushAgent.url, 'tasks/send', { id, message: message('ask') }, auth);
    const set = await rpc(pushAgent.url, 'tasks/pushNotification/set', { id, pushNotificationConfig: { url: hook.url, token: 'tok' } }, auth);
    expect(set.body.result).toEqual({ id, pushNotificationConfig: { url: hook.url, token: 'tok' } });
    expect((await rpc(pushAgent.url, 'tasks/pushNotification/get', { id }, auth)).body.result.pushNotificationConfig.url).toBe(hook.url);
    await rpc(pushAgent.url, 'tasks/send', { id, message: message('answer') }, auth);
    let delivery = await hook.next();
    while (delivery.body.status.state !== 'completed') delivery = await hook.next();
    expect(delivery.headers['x-a2a-notification-token']).toBe('tok');
    expect(delivery.body.id).toBe(id);
    // The default server allow-lists nothing: loopback webhooks are refused.
    const own = randomUUID();
    await call('tasks/send', { id: own, message: message('ask') });
    const refused = await call('tasks/pushNotification/set', { id: own, pushNotificationConfig: { url: 'http://127.0.0.1:1/x' } });
    expect(refused.body.error.code).toBe(-32602);
  });

  it('capabilities off: -32004 for streaming, -32003 for push', async () => {
    expect((await rpc(minimal.url, 'tasks/sendSubscribe', { id: 'a', message: message('x') })).body.error.code).toBe(-32004);
    expect((await rpc(minimal.url, 'tasks/pushNotification/set', { id: 'a', pushNotificationConfig: { url: 'https://example.com' } })).body.error.code).toBe(
      -32003,
    );
  });

  it('-32700 / -32600 / -32601', async () => {
    expect((await post(agent.url, '{', auth)).body.error.code).toBe(-32700);
    expect((await post(agent.url, '{"jsonrpc":"1.0","id":1,"method":"tasks/get"}', auth)).body.error.code).toBe(-32600);
    expect((await call('message/send', {})).body.error.code).toBe(-32601);
  });
});
