// The errors v1.0.1's text names for four conditions, on both bindings (§3.1.1, §3.1.8, §3.3.4,
// §3.1.6), the v0.3 HTTP+JSON error body the official v0.3 clients read (a compat agent and a
// v0.3.0 agent), and the answer to a JSON-RPC POST whose body is not JSON (docs/JSON-RPC.md).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { post, rpc, textMessage } from '../helpers/http.js';
import { rest } from '../helpers/rest.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });
const reasonOf = (body: { error: { details: { reason?: string }[] } }) => body.error.details.find((d) => d.reason)?.reason;

describe.each(['full-v1.0', 'compat-v1.0'])('v1.0 errors (%s)', (fixture) => {
  let agent: RunningAgent;
  let base: string;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    agent = await startAgent(await fixtureProject(fixture), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
    base = `${agent.origin}/a2a/rest`;
    hook = await webhookReceiver();
  });
  const call = async (method: string, params?: unknown) => (await rpc(agent.url, method, params, V1)).body;
  const http = (verb: string, path: string, body?: unknown) => rest(base, verb, path, body, V1);
  const completed = async () => (await call('SendMessage', { message: message('task') })).result.task;

  it('SendMessage to a task in a terminal state: UnsupportedOperationError (-32004; 400 FAILED_PRECONDITION)', async () => {
    const task = await completed();
    const res = await call('SendMessage', { message: message('more', { taskId: task.id }) });
    expect(res.error).toMatchObject({ code: -32004 });
    const overRest = await http('POST', '/message:send', { message: message('more', { taskId: task.id }) });
    expect(overRest.status).toBe(400);
    expect(reasonOf(overRest.body)).toBe('UNSUPPORTED_OPERATION');
    const streamed = await post(
      agent.url,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendStreamingMessage', params: { message: message('x', { taskId: task.id }) } }),
      {
        ...V1,
        accept: 'text/event-stream',
      },
    );
    expect(streamed.body.error.code).toBe(-32004);
  });

  it('GetTaskPushNotificationConfig of a config that does not exist: TaskNotFoundError (-32001; 404)', async () => {
    const task = (await call('SendMessage', { message: message('ask') })).result.task;
    const created = (await call('CreateTaskPushNotificationConfig', { taskId: task.id, url: hook.url })).result;
    expect((await call('GetTaskPushNotificationConfig', { taskId: task.id, id: created.id })).result.url).toBe(hook.url);
    const res = await call('GetTaskPushNotificationConfig', { taskId: task.id, id: 'no-such-config' });
    expect(res.error).toMatchObject({ code: -32001 });
    const overRest = await http('GET', `/tasks/${task.id}/pushNotificationConfigs/no-such-config`);
    expect(overRest.status).toBe(404);
    expect(reasonOf(overRest.body)).toBe('TASK_NOT_FOUND');
  });

  it('GetExtendedAgentCard when the card declares none: UnsupportedOperationError (-32004; 400)', async () => {
    expect((await call('GetExtendedAgentCard')).error).toMatchObject({ code: -32004 });
    const overRest = await http('GET', '/extendedAgentCard');
    expect(overRest.status).toBe(400);
    expect(reasonOf(overRest.body)).toBe('UNSUPPORTED_OPERATION');
  });

  it('SubscribeToTask on a task in a terminal state: UnsupportedOperationError on both bindings', async () => {
    const task = await completed();
    expect((await call('SubscribeToTask', { id: task.id })).error).toMatchObject({ code: -32004 });
    const overRest = await http('GET', `/tasks/${task.id}:subscribe`);
    expect(overRest.status).toBe(400);
    expect(reasonOf(overRest.body)).toBe('UNSUPPORTED_OPERATION');
  });

  it("a part whose media type no skill takes: ContentTypeNotSupportedError (-32005; 400), the TCK's CORE-SEND-003 message", async () => {
    const odd = { ...message('x'), parts: [{ raw: 'dGNr', mediaType: 'application/x-unsupported-tck-type' }] };
    expect((await call('SendMessage', { message: odd })).error).toMatchObject({ code: -32005, message: expect.stringMatching(/is not accepted by skill/) });
    const overRest = await http('POST', '/message:send', { message: odd });
    expect(overRest.status).toBe(400);
    expect(reasonOf(overRest.body)).toBe('CONTENT_TYPE_NOT_SUPPORTED');
  });

  it('a JSON-RPC POST whose Content-Type is not JSON: 415 with -32600 Invalid Request (docs/JSON-RPC.md)', async () => {
    const res = await post(agent.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } }), {
      ...V1,
      'content-type': 'text/plain',
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: -32600, message: expect.stringMatching(/Content-Type/) });
  });
});

describe('v0.3 HTTP+JSON errors name their type as the official v0.3 clients read it (`type`, and `error` as before)', () => {
  it("a compat agent's v0.3 side", async () => {
    const agent = await startAgent(await fixtureProject('compat-v1.0'));
    const res = await rest(`${agent.origin}/a2a/rest`, 'GET', '/v1/tasks/no-such-task');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: -32001, type: 'TaskNotFoundError', error: 'TaskNotFoundError' });
    const terminal = (await rpc(agent.url, 'message/send', { message: textMessage('task') })).body.result;
    const cancel = await rest(`${agent.origin}/a2a/rest`, 'POST', `/v1/tasks/${terminal.id}:cancel`, {});
    expect(cancel.body).toMatchObject({ code: -32002, type: 'TaskNotCancelableError' });
  });

  it('a v0.3.0 agent', async () => {
    const agent = await startAgent(await fixtureProject('full-v0.3.0'));
    const res = await rest(`${agent.origin}/a2a/rest`, 'GET', '/v1/tasks/no-such-task', undefined, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: -32001, type: 'TaskNotFoundError', error: 'TaskNotFoundError' });
  });
});
