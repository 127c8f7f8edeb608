// How request params are read (server/request-fields.ts), on both bindings: a v1.0 request may
// name fields by their proto names (ADR-001: ProtoJSON parsers accept both; the agent always
// writes lowerCamelCase), a field given both ways is invalid params, and fields the schema does
// not have are dropped on the way in (§5.7) — never stored and served back — on every version,
// while metadata stays as sent and what the schema forbids is still refused.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rpc as rawRpc, textMessage } from '../helpers/http.js';
import { rest } from '../helpers/rest.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
const rpc = async (url: string, method: string, params?: unknown, headers: Record<string, string> = V1) => (await rawRpc(url, method, params, headers)).body;
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });

/** Every key of a JSON value at any depth, but inside `metadata` (data, not fields). */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      if (k !== 'metadata') keysOf(v, out);
    }
  return out;
}
const snakeKeys = (value: unknown) => [...keysOf(value)].filter((k) => k.includes('_'));

describe.each(['full-v1.0', 'compat-v1.0'])('a v1.0 agent (%s) reads proto field names and drops unknown fields', (fixture) => {
  let agent: RunningAgent;
  let base: string;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject(fixture), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
    base = `${agent.origin}/a2a/rest`;
    hook = await webhookReceiver();
  });

  const sendTask = async (text = 'task', extra: Record<string, unknown> = {}) =>
    (await rpc(agent.url, 'SendMessage', { message: message(text, extra) })).result.task;

  describe('JSON-RPC', () => {
    it('GetTask honours history_length; the answer is written in lowerCamelCase', async () => {
      const task = await sendTask();
      const one = await rpc(agent.url, 'GetTask', { id: task.id, history_length: 1 });
      expect(one.result.history).toHaveLength(1);
      const none = await rpc(agent.url, 'GetTask', { id: task.id, history_length: 0 });
      expect(none.result.history).toBeUndefined();
      expect(snakeKeys(one.result)).toEqual([]);
    });

    it('a message written with proto names (message_id, context_id) is read as one written with JSON names', async () => {
      const contextId = randomUUID();
      const res = await rpc(agent.url, 'SendMessage', {
        message: { message_id: randomUUID(), context_id: contextId, role: 'ROLE_USER', parts: [{ text: 'task', media_type: 'text/plain' }] },
        configuration: { history_length: 1, return_immediately: false },
      });
      expect(res.result.task.contextId).toBe(contextId);
      expect(res.result.task.history).toHaveLength(1);
      expect(snakeKeys(res.result)).toEqual([]);
      const sent = (await rpc(agent.url, 'GetTask', { id: res.result.task.id })).result.history[0];
      expect(sent).toMatchObject({ role: 'ROLE_USER', contextId, parts: [{ text: 'task', mediaType: 'text/plain' }] });
      expect(snakeKeys(sent)).toEqual([]);
    });

    it('ListTasks filters by context_id', async () => {
      const contextId = randomUUID();
      const mine = await sendTask('task', { contextId });
      await sendTask();
      const list = await rpc(agent.url, 'ListTasks', { context_id: contextId, page_size: 10 });
      expect(list.result.tasks.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    });

    it('CreateTaskPushNotificationConfig with task_id finds its task', async () => {
      const task = await sendTask('ask');
      const res = await rpc(agent.url, 'CreateTaskPushNotificationConfig', { task_id: task.id, url: hook.url, token: 't' });
      expect(res.error).toBeUndefined();
      expect(res.result).toMatchObject({ taskId: task.id, url: hook.url });
      const got = await rpc(agent.url, 'GetTaskPushNotificationConfig', { task_id: task.id, id: res.result.id });
      expect(got.result.url).toBe(hook.url);
    });

    it('a field given both ways is invalid params naming it', async () => {
      const res = await rpc(agent.url, 'GetTask', { id: 'x', historyLength: 1, history_length: 2 });
      expect(res.error).toMatchObject({ code: -32602 });
      expect(res.error.message).toMatch(/historyLength is given twice.*history_length/);
      const nested = await rpc(agent.url, 'SendMessage', { message: message('task', { message_id: 'dup' }) });
      expect(nested.error).toMatchObject({ code: -32602 });
      expect(nested.error.message).toMatch(/\/message\/messageId/);
    });

    it('unknown fields of the message, its parts and the configuration are not stored; metadata is kept as sent', async () => {
      const res = await rpc(agent.url, 'SendMessage', {
        message: message('task', { tckUnknownField: 1, metadata: { mine: { deep_key: 1 } } }),
        configuration: { unknownOption: true },
        unknownTopLevel: 'x',
      });
      expect(res.error).toBeUndefined();
      const id = res.result.task.id;
      const got = await rpc(agent.url, 'GetTask', { id });
      expect(got.result.history[0]).not.toHaveProperty('tckUnknownField');
      expect(got.result.history[0].metadata).toEqual({ mine: { deep_key: 1 } });
      const parts = await rpc(agent.url, 'SendMessage', { message: { ...message('task'), parts: [{ text: 'task', extra: 1 }] } });
      const stored = (await rpc(agent.url, 'GetTask', { id: parts.result.task.id })).result.history[0];
      expect(stored.parts).toEqual([{ text: 'task' }]);
      const listed = (await rpc(agent.url, 'ListTasks', { pageSize: 100, historyLength: 5 })).result.tasks;
      expect([...keysOf(listed)]).not.toContain('tckUnknownField');
      expect([...keysOf(listed)]).not.toContain('extra');
    });

    it('what the schema forbids is still refused: a wrong type, and v0.3 `kind` in a v1.0 part', async () => {
      const wrong = await rpc(agent.url, 'SendMessage', { message: { ...message('task'), messageId: 5 } });
      expect(wrong.error).toMatchObject({ code: -32602 });
      const kind = await rpc(agent.url, 'SendMessage', { message: { ...message('task'), parts: [{ kind: 'text', text: 'x' }] } });
      expect(kind.error).toMatchObject({ code: -32602, data: expect.anything() });
      expect(kind.error.message).toMatch(/kind/);
    });
  });

  describe('HTTP+JSON', () => {
    const call = (verb: string, path: string, body?: unknown) => rest(base, verb, path, body, V1);

    it('query parameters by proto name: GET /tasks/{id}?history_length=1, GET /tasks?context_id=…', async () => {
      const contextId = randomUUID();
      const task = await sendTask('task', { contextId });
      const one = await call('GET', `/tasks/${task.id}?history_length=1`);
      expect(one.body.history).toHaveLength(1);
      const list = await call('GET', `/tasks?context_id=${contextId}`);
      expect(list.body.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
      const twice = await call('GET', `/tasks/${task.id}?history_length=1&historyLength=2`);
      expect(twice.status).toBe(400);
      expect(twice.body.error.message).toMatch(/historyLength is given twice/);
    });

    it('bodies by proto name, and without unknown fields', async () => {
      const task = await sendTask('ask');
      const config = await call('POST', `/tasks/${task.id}/pushNotificationConfigs`, { task_id: task.id, url: hook.url, unknownField: 1 });
      expect(config.status).toBe(200);
      expect(config.body).not.toHaveProperty('unknownField');
      const sent = await call('POST', '/message:send', { message: message('task', { tckUnknownField: true }), configuration: { history_length: 1 } });
      expect(sent.status).toBe(200);
      expect(sent.body.task.history).toHaveLength(1);
      const got = await call('GET', `/tasks/${sent.body.task.id}`);
      expect(got.body.history[0]).not.toHaveProperty('tckUnknownField');
    });
  });
});

describe('unknown fields before v1.0', () => {
  it("a v1.0 agent's v0.3 side (compat) does not store them", async () => {
    const agent = await startAgent(await fixtureProject('compat-v1.0'));
    const sent = await rpc(agent.url, 'message/send', { message: textMessage('task', { unknownField: 1 }), unknownTop: 2 }, {});
    expect(sent.error).toBeUndefined();
    const got = await rpc(agent.url, 'tasks/get', { id: sent.result.id }, {});
    expect(got.result.history[0]).not.toHaveProperty('unknownField');
    const v1 = await rpc(agent.url, 'GetTask', { id: sent.result.id });
    expect([...keysOf(v1.result)]).not.toContain('unknownField');
  });

  it('a v0.3.0 agent does not store them, over JSON-RPC and HTTP+JSON', async () => {
    const agent = await startAgent(await fixtureProject('full-v0.3.0'));
    const auth = { authorization: `Bearer ${TOKEN}` };
    const sent = await rpc(agent.url, 'message/send', { message: textMessage('task', { unknownField: 1, metadata: { keep: { me: 1 } } }) }, auth);
    const got = await rpc(agent.url, 'tasks/get', { id: sent.result.id }, auth);
    expect(got.result.history[0]).not.toHaveProperty('unknownField');
    expect(got.result.history[0].metadata).toEqual({ keep: { me: 1 } });
    const parts = await rpc(agent.url, 'message/send', { message: textMessage('task', { parts: [{ kind: 'text', text: 'task', extra: 1 }] }) }, auth);
    expect((await rpc(agent.url, 'tasks/get', { id: parts.result.id }, auth)).result.history[0].parts).toEqual([{ kind: 'text', text: 'task' }]);
  });
});
