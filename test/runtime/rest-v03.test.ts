// The generated v0.3.0 agent over HTTP+JSON (spec v0.3.0 §3.2.3, §3.5.6), driven with raw HTTP on
// loopback the way the official SDKs and the TCK speak it: the ProtoJSON of v0.3.0's a2a.proto
// (`content` parts, ROLE_USER, TASK_STATE_*), `{code, message, data}` errors with §5.4's statuses —
// and one task store behind both bindings, each reading the other's tasks in its own shapes.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rpc, textMessage } from '../helpers/http.js';
import { rest, restStream } from '../helpers/rest.js';
import { openGate } from '../helpers/script-executor.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const AUTH = { authorization: `Bearer ${TOKEN}` };
/** A user message as v0.3.0's proto JSON writes it. */
const protoMessage = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', content: [{ text }], ...extra });

describe('generated server, A2A v0.3.0 over HTTP+JSON', () => {
  let agent: RunningAgent;
  let base: string;
  const call = (verb: string, path: string, body?: unknown, headers: Record<string, string> = AUTH) => rest(base, verb, path, body, headers);
  const send = async (text: string, configuration?: Record<string, unknown>) =>
    (await call('POST', '/v1/message:send', { message: protoMessage(text), ...(configuration ? { configuration } : {}) })).body;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v0.3.0'));
    base = `${agent.origin}/a2a/rest`;
  });

  it('the card names JSON-RPC preferred and lists both interfaces (§5.6.4)', async () => {
    const card = await (await fetch(`${agent.origin}/.well-known/agent-card.json`)).json();
    expect(card).toMatchObject({
      url: `${agent.origin}/a2a`,
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [
        { url: `${agent.origin}/a2a`, transport: 'JSONRPC' },
        { url: `${agent.origin}/a2a/rest`, transport: 'HTTP+JSON' },
      ],
    });
  });

  it('POST /v1/message:send answers a SendMessageResponse in proto JSON: {task} with TASK_STATE_*, content parts', async () => {
    const res = await call('POST', '/v1/message:send', { message: protoMessage('task') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(Object.keys(res.body)).toEqual(['task']);
    expect(res.body.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(res.body.task.artifacts[0].parts).toEqual([{ text: 'result text' }]);
    expect(res.body.task.history[0]).toMatchObject({ role: 'ROLE_USER', content: [{ text: 'task' }] });
    expect(JSON.stringify(res.body)).not.toMatch(/"kind"/);
  });

  it('a direct reply is {message}; snake_case field names are read too', async () => {
    const res = await call('POST', '/v1/message:send', { request: { message_id: randomUUID(), role: 'ROLE_USER', content: [{ text: 'reply snake' }] } });
    expect(res.body.message).toMatchObject({ role: 'ROLE_AGENT', content: [{ text: 'snake' }] });
  });

  it('a body it cannot read is 400 with -32602 naming the place', async () => {
    const res = await call('POST', '/v1/message:send', { message: { ...protoMessage('x'), content: [{ text: 1 }] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(-32602);
    expect(res.body.message).toMatch(/\/message\/content\/0/);
  });

  it('GET /v1/tasks/{id}?historyLength reads a task; an unknown one is 404 with -32001', async () => {
    const { task } = await send('task');
    const got = await call('GET', `/v1/tasks/${task.id}?historyLength=0`);
    expect(got.body).toMatchObject({ id: task.id, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(got.body.history).toBeUndefined();
    const missing = await call('GET', '/v1/tasks/no-such-task');
    expect([missing.status, missing.body.code]).toEqual([404, -32001]);
  });

  it('POST /v1/tasks/{id}:cancel; a second cancel is 400 with -32002', async () => {
    const { task } = await send('slow', { blocking: false });
    const canceled = await call('POST', `/v1/tasks/${task.id}:cancel`);
    expect(canceled.body.status.state).toBe('TASK_STATE_CANCELLED');
    const again = await call('POST', `/v1/tasks/${task.id}:cancel`);
    expect([again.status, again.body.code]).toEqual([400, -32002]);
  });

  it('POST /v1/message:stream: bare StreamResponses ({task}, {statusUpdate}, {artifactUpdate}), the last final', async () => {
    const { res, events } = await restStream(base, 'POST', '/v1/message:stream', { message: protoMessage('chunks 2') }, AUTH);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.map((e) => Object.keys(e.data)[0])).toEqual(['task', 'artifactUpdate', 'artifactUpdate', 'statusUpdate']);
    expect(events.at(-1)!.data.statusUpdate).toMatchObject({ final: true, status: { state: 'TASK_STATE_COMPLETED' } });
  });

  it.each(['POST', 'GET'])('%s /v1/tasks/{id}:subscribe joins a running task', async (verb) => {
    const { task } = await send('gated 1', { blocking: false });
    const joined = restStream(base, verb, `/v1/tasks/${task.id}:subscribe`, undefined, AUTH);
    await new Promise((r) => setTimeout(r, 100));
    openGate();
    const { events } = await joined;
    expect(events[0].data.task.id).toBe(task.id);
    expect(events.at(-1)!.data.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('push notification configs: named tasks/{id}/pushNotificationConfigs/{configId}', async () => {
    const hook = await webhookReceiver();
    const pushAgent = await startAgent(await fixtureProject('full-v0.3.0'), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
    const pushBase = `${pushAgent.origin}/a2a/rest`;
    const { task } = (await rest(pushBase, 'POST', '/v1/message:send', { message: protoMessage('ask') }, AUTH)).body;
    const body = { name: `tasks/${task.id}/pushNotificationConfigs/cfg-1`, pushNotificationConfig: { id: 'cfg-1', url: hook.url, token: 'tok' } };
    const created = await rest(pushBase, 'POST', `/v1/tasks/${task.id}/pushNotificationConfigs`, body, AUTH);
    expect(created.body).toEqual(body);
    const path = `/v1/tasks/${task.id}/pushNotificationConfigs/cfg-1`;
    expect((await rest(pushBase, 'GET', path, undefined, AUTH)).body).toEqual(body);
    expect((await rest(pushBase, 'GET', `/v1/tasks/${task.id}/pushNotificationConfigs`, undefined, AUTH)).body).toEqual({ configs: [body] });
    expect((await rest(pushBase, 'DELETE', path, undefined, AUTH)).body).toEqual({});
    const other = await rest(
      pushBase,
      'POST',
      `/v1/tasks/${task.id}/pushNotificationConfigs`,
      { ...body, name: 'tasks/another/pushNotificationConfigs/x' },
      AUTH,
    );
    expect([other.status, other.body.code]).toEqual([400, -32602]);
  });

  it('the same credentials as JSON-RPC: 401 without them', async () => {
    const res = await call('GET', '/v1/tasks/x', undefined, {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/Bearer/);
  });

  it('one task store, two object models: made over HTTP+JSON, read over JSON-RPC, and the other way', async () => {
    const { task } = await send('task');
    const viaRpc = (await rpc(`${agent.origin}/a2a`, 'tasks/get', { id: task.id }, AUTH)).body.result;
    expect(viaRpc).toMatchObject({
      kind: 'task',
      id: task.id,
      status: { state: 'completed' },
      artifacts: [{ parts: [{ kind: 'text', text: 'result text' }] }],
    });
    expect(viaRpc.history.map((m: { parts: unknown[] }) => m.parts)).toEqual(
      task.history.map((m: { content: { text: string }[] }) => m.content.map((p) => ({ kind: 'text', text: p.text }))),
    );
    const made = (await rpc(`${agent.origin}/a2a`, 'message/send', { message: textMessage('task') }, AUTH)).body.result;
    const viaRest = (await call('GET', `/v1/tasks/${made.id}`)).body;
    expect(viaRest).toMatchObject({
      id: made.id,
      contextId: made.contextId,
      status: { state: 'TASK_STATE_COMPLETED' },
      artifacts: [{ parts: [{ text: 'result text' }] }],
    });
  });
});
