// The generated v1.0 agent over HTTP+JSON (spec §11), driven with raw HTTP on loopback: the
// routes of the proto's http annotations, query parameters, SSE streams of bare
// StreamResponses, google.rpc.Status errors with the §5.4 statuses, tenants in paths, auth —
// and one task store behind both bindings.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../helpers/http.js';
import { rest, restStream } from '../helpers/rest.js';
import { openGate } from '../helpers/script-executor.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const reasonOf = (body: { error: { details: { '@type': string; reason?: string }[] } }) => body.error.details.find((d) => d['@type'] === ERROR_INFO)?.reason;

describe('generated server, A2A v1.0 over HTTP+JSON', () => {
  let agent: RunningAgent;
  let base: string;
  const call = (verb: string, path: string, body?: unknown, headers: Record<string, string> = V1) => rest(base, verb, path, body, headers);
  const send = async (text: string, configuration?: Record<string, unknown>) =>
    (await call('POST', '/message:send', { message: message(text), ...(configuration ? { configuration } : {}) })).body;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v1.0'));
    base = `${agent.origin}/a2a/rest`;
  });

  it('the card lists both interfaces, JSON-RPC first, at the port listened on', async () => {
    const card = await (await fetch(`${agent.origin}/.well-known/agent-card.json`)).json();
    expect(card.supportedInterfaces).toEqual([
      { url: `${agent.origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${agent.origin}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ]);
  });

  describe('SendMessage (POST /message:send)', () => {
    it('answers the SendMessageResponse as the body, application/a2a+json', async () => {
      const res = await call('POST', '/message:send', { message: message('task') });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/a2a+json');
      expect(Object.keys(res.body)).toEqual(['task']);
      expect(res.body.task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(res.body.task.artifacts[0].parts).toEqual([{ text: 'result text' }]);
    });

    it('a direct reply is {message}; application/a2a+json bodies are accepted', async () => {
      const res = await call('POST', '/message:send', JSON.stringify({ message: message('reply hey') }), { ...V1, 'content-type': 'application/a2a+json' });
      expect(res.body).toEqual({ message: expect.objectContaining({ role: 'ROLE_AGENT', parts: [{ text: 'hey' }] }) });
    });

    it('an invalid message is 400 INVALID_ARGUMENT with the field and an ErrorInfo', async () => {
      const res = await call('POST', '/message:send', { message: { ...message('hi'), role: 'user' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      const badRequest = res.body.error.details.find((d: { '@type': string }) => d['@type'] === 'type.googleapis.com/google.rpc.BadRequest');
      expect(badRequest.fieldViolations.map((v: { field: string }) => v.field)).toEqual(['message.role']);
      expect(reasonOf(res.body)).toBe('INVALID_PARAMS');
    });
  });

  describe('tasks', () => {
    it('GET /tasks/{id} reads a task; historyLength comes from the query string', async () => {
      const { task } = await send('task');
      const full = await call('GET', `/tasks/${task.id}`);
      expect(full.status).toBe(200);
      expect(full.body.id).toBe(task.id);
      expect(full.body.history.length).toBeGreaterThan(0);
      const none = await call('GET', `/tasks/${task.id}?historyLength=0`);
      expect(none.body.history).toBeUndefined();
    });

    it('a query value of the wrong type is 400 naming the parameter', async () => {
      const res = await call('GET', `/tasks/x?historyLength=lots`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/historyLength.*not an integer/);
    });

    it('an unknown task is 404 NOT_FOUND with reason TASK_NOT_FOUND (google.rpc.Status, §11.6)', async () => {
      const res = await call('GET', '/tasks/no-such-task');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: {
          code: 404,
          status: 'NOT_FOUND',
          message: expect.any(String),
          details: [{ '@type': ERROR_INFO, reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org', metadata: { taskId: 'no-such-task', path: '/id' } }],
        },
      });
    });

    it('an id with escaped characters is decoded; a task id never swallows a custom verb', async () => {
      expect((await call('GET', `/tasks/${encodeURIComponent('a b:c')}`)).body.error.details[0].metadata.taskId).toBe('a b:c');
      expect((await call('GET', '/tasks/abc:frobnicate')).status).toBe(404);
    });

    it('GET /tasks lists with filters and pages from the query string', async () => {
      const contextId = randomUUID();
      for (let i = 0; i < 3; i++) await call('POST', '/message:send', { message: message('task', { contextId }) });
      const first = await call('GET', `/tasks?contextId=${contextId}&pageSize=2&status=TASK_STATE_COMPLETED`);
      expect(first.status).toBe(200);
      expect(first.body.tasks).toHaveLength(2);
      expect(first.body.totalSize).toBe(3);
      const next = await call(
        'GET',
        `/tasks?contextId=${contextId}&pageSize=2&status=TASK_STATE_COMPLETED&pageToken=${encodeURIComponent(first.body.nextPageToken)}`,
      );
      expect(next.body.tasks).toHaveLength(1);
      expect((await call('GET', '/tasks?includeArtifacts=maybe')).status).toBe(400);
    });

    it('POST /tasks/{id}:cancel cancels; a second cancel is 400 FAILED_PRECONDITION TASK_NOT_CANCELABLE', async () => {
      const { task } = await send('slow', { returnImmediately: true });
      const canceled = await call('POST', `/tasks/${task.id}:cancel`);
      expect(canceled.status).toBe(200);
      expect(canceled.body.status.state).toBe('TASK_STATE_CANCELED');
      const again = await call('POST', `/tasks/${task.id}:cancel`);
      expect([again.status, again.body.error.status, reasonOf(again.body)]).toEqual([400, 'FAILED_PRECONDITION', 'TASK_NOT_CANCELABLE']);
    });

    it('the id in the path and a different one in the body is 400', async () => {
      const res = await call('POST', '/tasks/abc:cancel', { id: 'xyz' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/id is "abc" in the path but "xyz" in the body/);
    });
  });

  describe('streams', () => {
    it('POST /message:stream: each SSE data is a bare StreamResponse (no JSON-RPC envelope)', async () => {
      const { res, events } = await restStream(base, 'POST', '/message:stream', { message: message('chunks 2') }, V1);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(events.map((e) => Object.keys(e.data))).toEqual([['task'], ['artifactUpdate'], ['artifactUpdate'], ['statusUpdate']]);
      expect(events.at(-1)!.data.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    });

    it.each(['GET', 'POST'])('%s /tasks/{id}:subscribe joins a running task (the proto says GET, §11.3.2 POST)', async (verb) => {
      const { task } = await send('gated 1', { returnImmediately: true });
      const joined = restStream(base, verb, `/tasks/${task.id}:subscribe`, undefined, V1);
      await new Promise((r) => setTimeout(r, 100));
      openGate();
      const { events } = await joined;
      expect(events[0].data.task.id).toBe(task.id);
      expect(events.at(-1)!.data.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    });

    it('subscribing to a finished task is an HTTP error, not a stream', async () => {
      const { task } = await send('task');
      const { res } = await restStream(base, 'POST', `/tasks/${task.id}:subscribe`, undefined, V1);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/a2a+json');
    });
  });

  describe('push notification configs', () => {
    it('create, get, list and delete through their routes', async () => {
      const hook = await webhookReceiver();
      const pushAgent = await startAgent(await fixtureProject('full-v1.0'), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
      const pushBase = `${pushAgent.origin}/a2a/rest`;
      const { task } = (await rest(pushBase, 'POST', '/message:send', { message: message('ask') }, V1)).body;
      const created = await rest(pushBase, 'POST', `/tasks/${task.id}/pushNotificationConfigs`, { url: hook.url, token: 'tok' }, V1);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ id: expect.any(String), taskId: task.id, url: hook.url, token: 'tok' });
      const path = `/tasks/${task.id}/pushNotificationConfigs/${created.body.id}`;
      expect((await rest(pushBase, 'GET', path, undefined, V1)).body).toEqual(created.body);
      expect((await rest(pushBase, 'GET', `/tasks/${task.id}/pushNotificationConfigs`, undefined, V1)).body).toEqual({
        configs: [created.body],
        nextPageToken: '',
      });
      expect((await rest(pushBase, 'DELETE', path, undefined, V1)).body).toEqual({});
      expect((await rest(pushBase, 'GET', `/tasks/${task.id}/pushNotificationConfigs`, undefined, V1)).body.configs).toEqual([]);
    });
  });

  describe('HTTP failures', () => {
    it('a path no route has is 404; a verb the path does not take is 405 with Allow', async () => {
      const none = await call('GET', '/nothing/here');
      expect([none.status, none.body.error.status]).toEqual([404, 'NOT_FOUND']);
      const wrong = await call('DELETE', '/message:send');
      expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'POST']);
    });

    it('a body that is not JSON, not an object, or not JSON-typed is refused', async () => {
      expect((await call('POST', '/message:send', '{"message":', { ...V1, 'content-type': 'application/json' })).status).toBe(400);
      expect((await call('POST', '/message:send', '[1]', { ...V1, 'content-type': 'application/json' })).status).toBe(400);
      expect((await call('POST', '/message:send', 'message=hi', { ...V1, 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    });

    it('a body over the limit is 413 and closes the connection', async () => {
      const res = await call('POST', '/message:send', { message: message('x'.repeat(70_000)) });
      expect(res.status).toBe(413);
    });

    it('a version this interface does not serve is 400 VERSION_NOT_SUPPORTED', async () => {
      const res = await call('GET', '/tasks/x', undefined, { 'a2a-version': '0.3' });
      expect([res.status, res.body.error.status, reasonOf(res.body)]).toEqual([400, 'FAILED_PRECONDITION', 'VERSION_NOT_SUPPORTED']);
    });
  });

  it('CORS for browser clients: the preflight grants DELETE, answers carry the origin', async () => {
    const preflight = await fetch(`${base}/tasks/x/pushNotificationConfigs/y`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'a2a-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    const res = await call('GET', '/tasks/x', undefined, { ...V1, origin: 'http://app.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://app.example');
  });

  it('one task store behind both bindings: made over HTTP+JSON, read over JSON-RPC, and the other way', async () => {
    const { task } = await send('task');
    const viaRpc = (await rpc(`${agent.origin}/a2a`, 'GetTask', { id: task.id }, V1)).body.result;
    expect(viaRpc).toEqual((await call('GET', `/tasks/${task.id}`)).body);
    const made = (await rpc(`${agent.origin}/a2a`, 'SendMessage', { message: message('task') }, V1)).body.result.task;
    expect((await call('GET', `/tasks/${made.id}`)).body).toEqual(made);
  });
});

describe('HTTP+JSON with a tenant and with authentication', () => {
  it('routes under /{tenant} serve the interface tenant and refuse another', async () => {
    const agent = await startAgent(await fixtureProject('tenant-v1.0'));
    const base = `${agent.origin}/a2a/rest`;
    const card = await (await fetch(`${agent.origin}/.well-known/agent-card.json`)).json();
    expect(card.supportedInterfaces[1]).toMatchObject({ protocolBinding: 'HTTP+JSON', tenant: 'acme' });
    const ok = await rest(base, 'POST', '/acme/message:send', { message: message('reply hi') }, V1);
    expect(ok.body.message.parts).toEqual([{ text: 'hi' }]);
    const other = await rest(base, 'POST', '/globex/message:send', { message: message('reply hi') }, V1);
    expect(other.status).toBe(400);
    expect(other.body.error.message).toMatch(/tenant "globex" is not served here/);
  });

  it('the same schemes as JSON-RPC: 401 without credentials, the extended card with them', async () => {
    const agent = await startAgent(await fixtureProject('secure-v1.0'));
    const base = `${agent.origin}/a2a/rest`;
    const anonymous = await rest(base, 'GET', '/extendedAgentCard', undefined, V1);
    expect([anonymous.status, anonymous.body.error.status]).toEqual([401, 'UNAUTHENTICATED']);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/Bearer/);
    const card = await rest(base, 'GET', '/extendedAgentCard', undefined, { ...V1, authorization: `Bearer ${TOKEN}` });
    expect(card.status).toBe(200);
    expect(card.body.skills.map((s: { id: string }) => s.id)).toContain('secret-skill');
  });
});
