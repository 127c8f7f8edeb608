// The generated server for A2A v1.0 (from the bundled a2a.proto), driven over raw HTTP on
// loopback: version negotiation, ProtoJSON shapes (wrapped results, member-typed parts,
// TASK_STATE_* and ROLE_* values), ListTasks, push configs, and the typed error details.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStream, post, rpc, streamAll } from '../helpers/http.js';
import { openGate } from '../helpers/script-executor.js';
import { API_KEY, fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';

describe('generated server, A2A v1.0', () => {
  let agent: RunningAgent;
  const call = (method: string, params?: unknown, headers: Record<string, string> = V1) => rpc(agent.url, method, params, headers);
  const send = async (text: string, configuration?: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (await call('SendMessage', { message: message(text, extra), ...(configuration ? { configuration } : {}) })).body;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v1.0'));
  });

  describe('agent card', () => {
    it('lists its interfaces (the listening URL, version 1.0; JSON-RPC first) instead of url/protocolVersion', async () => {
      const res = await fetch(agent.origin + '/.well-known/agent-card.json');
      expect(res.status).toBe(200);
      const card = await res.json();
      expect(card.supportedInterfaces).toEqual([
        { url: agent.url.replace(/\/$/, ''), protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${agent.url.replace(/\/$/, '')}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      ]);
      expect(card).not.toHaveProperty('url');
      expect(card).not.toHaveProperty('protocolVersion');
      expect(card).not.toHaveProperty('preferredTransport');
      // v1.0's only well-known path (§8.2): the v0.2 one is not served.
      expect((await fetch(agent.origin + '/.well-known/agent.json')).status).toBe(404);
    });
  });

  describe('version negotiation (§3.6)', () => {
    it.each([
      ['no header (= 0.3)', {}, '0.3'],
      ['0.3', { 'a2a-version': '0.3' }, '0.3'],
      ['2.0', { 'a2a-version': '2.0' }, '2.0'],
      ['garbage', { 'a2a-version': 'latest' }, 'latest'],
    ])('%s: VersionNotSupportedError -32009 naming what was asked and what is served', async (_name, headers, requested) => {
      const res = await call('GetTask', { id: 'x' }, headers);
      expect(res.body.error.code).toBe(-32009);
      expect(res.body.id).not.toBeNull();
      const info = res.body.error.data.find((d: { '@type': string }) => d['@type'] === ERROR_INFO);
      expect(info).toMatchObject({ reason: 'VERSION_NOT_SUPPORTED', domain: 'a2a-protocol.org', metadata: { requested, supported: '1.0' } });
    });

    it('1.0 and 1.0.1 (the patch is not considered) are served', async () => {
      for (const version of ['1.0', '1.0.1']) expect((await send('reply hi')).result.message).toBeDefined();
      expect((await call('SendMessage', { message: message('reply hi') }, { 'a2a-version': '1.0.1' })).body.result.message).toBeDefined();
    });

    it('the version may come as a request parameter instead (§3.6.1); the header wins', async () => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: message('reply hi') } });
      expect((await post(`${agent.url}?A2A-Version=1.0`, body, {})).body.result.message).toBeDefined();
      expect((await post(`${agent.url}?A2A-Version=0.3`, body, {})).body.error.code).toBe(-32009);
      expect((await post(`${agent.url}?A2A-Version=0.3`, body, V1)).body.result.message).toBeDefined();
    });

    it('refuses each request of a batch when the version is not served', async () => {
      const body = JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'a' } },
        { jsonrpc: '2.0', id: 2, method: 'ListTasks', params: {} },
      ]);
      const res = await post(agent.url, body, { 'a2a-version': '0.3' });
      expect(res.body.map((r: { id: number; error: { code: number } }) => [r.id, r.error.code])).toEqual([
        [1, -32009],
        [2, -32009],
      ]);
    });

    it('v0.3 method names are not methods of a v1.0 interface', async () => {
      expect((await call('message/send', { message: message('hi') })).body.error.code).toBe(-32601);
    });
  });

  describe('SendMessage', () => {
    it('a task comes wrapped as {task}: TASK_STATE_COMPLETED, ROLE_* roles, parts without kind', async () => {
      const { result } = await send('task');
      expect(Object.keys(result)).toEqual(['task']);
      const task = result.task;
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task.status.message).toMatchObject({ role: 'ROLE_AGENT', parts: [{ text: 'done' }] });
      expect(task.artifacts).toEqual([{ artifactId: expect.any(String), name: 'result', parts: [{ text: 'result text' }] }]);
      expect(task.history[0]).toMatchObject({ role: 'ROLE_USER', parts: [{ text: 'task' }], taskId: task.id, contextId: task.contextId });
      expect(JSON.stringify(result)).not.toMatch(/"kind"|"final"/);
    });

    it('a direct reply comes wrapped as {message}', async () => {
      const { result } = await send('reply hello');
      expect(result).toEqual({ message: { role: 'ROLE_AGENT', parts: [{ text: 'hello' }], messageId: expect.any(String), contextId: expect.any(String) } });
    });

    it('returnImmediately answers with the task before the work ends (v0.x blocking: false)', async () => {
      const { result } = await send('gated 1', { returnImmediately: true });
      expect(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']).toContain(result.task.status.state);
      openGate();
      for (let i = 0; i < 50; i++) {
        const now = (await call('GetTask', { id: result.task.id })).body.result;
        if (now.status.state === 'TASK_STATE_COMPLETED') return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the task did not complete');
    });

    it('continues a task that asked for input (TASK_STATE_INPUT_REQUIRED)', async () => {
      const first = (await send('ask')).result.task;
      expect(first.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const second = (await send('blue', undefined, { taskId: first.id, contextId: first.contextId })).result.task;
      expect(second.id).toBe(first.id);
      expect(second.status.state).toBe('TASK_STATE_COMPLETED');
    });

    it('a typed skill gets its data part and answers with a data artifact', async () => {
      const res = await call('SendMessage', {
        message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: { a: 2, b: 3 }, mediaType: 'application/json' }], metadata: { skillId: 'add' } },
      });
      expect(res.body.result.task.artifacts[0].parts).toEqual([{ data: { sum: 5 } }]);
    });
  });

  describe('malformed v1.0 requests get the exact error', () => {
    const violations = (body: { error: { data: { '@type': string; fieldViolations?: { field: string }[] }[] } }) =>
      body.error.data.find((d) => d['@type'] === BAD_REQUEST)?.fieldViolations?.map((v) => v.field);

    it('an unknown enum name ("role": "user"): -32602 naming message.role', async () => {
      const { body } = await call('SendMessage', { message: { ...message('hi'), role: 'user' } });
      expect(body.error.code).toBe(-32602);
      expect(violations(body)).toEqual(['message.role']);
      expect(body.error.data.at(-1)).toMatchObject({ '@type': ERROR_INFO, reason: 'INVALID_PARAMS' });
    });

    it('a part with two content members: -32602 at the part', async () => {
      const { body } = await call('SendMessage', { message: { ...message('hi'), parts: [{ text: 'a', data: { b: 1 } }] } });
      expect(body.error.code).toBe(-32602);
      expect(violations(body)?.[0]).toBe('message.parts[0]');
    });

    it('a part with no content member: -32602', async () => {
      const { body } = await call('SendMessage', { message: { ...message('hi'), parts: [{ mediaType: 'text/plain' }] } });
      expect(body.error.code).toBe(-32602);
      expect(violations(body)?.[0]).toBe('message.parts[0]');
    });

    it('v0.3 `kind` fields: -32602 saying why, on the message and on a part', async () => {
      const onMessage = (await call('SendMessage', { message: { ...message('hi'), kind: 'message' } })).body;
      expect(onMessage.error.code).toBe(-32602);
      expect(onMessage.error.message).toMatch(/`kind` is A2A v0\.3's discriminator/);
      expect(violations(onMessage)).toEqual(['message.kind']);
      const onPart = (await call('SendMessage', { message: { ...message('hi'), parts: [{ kind: 'text', text: 'hi' }] } })).body;
      expect(violations(onPart)).toEqual(['message.parts[0].kind']);
    });

    it('an unknown task: -32001 with an ErrorInfo and no field violation', async () => {
      const { body } = await call('GetTask', { id: 'no-such-task' });
      expect(body.error.code).toBe(-32001);
      expect(body.error.data).toEqual([
        { '@type': ERROR_INFO, reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org', metadata: { taskId: 'no-such-task', path: '/id' } },
      ]);
    });
  });

  describe('SendStreamingMessage and SubscribeToTask', () => {
    it('streams StreamResponse members: the task, each update, the final status; no kind, no final; then closes', async () => {
      const { res, events } = await streamAll(agent.url, 'SendStreamingMessage', { message: message('chunks 3') }, V1);
      expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
      const members = events.map((e) => Object.keys(e.data.result));
      expect(members).toEqual([['task'], ['artifactUpdate'], ['artifactUpdate'], ['artifactUpdate'], ['statusUpdate']]);
      expect(events.at(-1)!.data.result.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
      expect(events[2].data.result.artifactUpdate).toMatchObject({ append: true, artifact: { parts: [{ text: 'chunk-1' }] } });
      expect(JSON.stringify(events)).not.toMatch(/"kind"|"final"/);
    });

    it('a direct reply streams one {message} and closes', async () => {
      const { events } = await streamAll(agent.url, 'SendStreamingMessage', { message: message('reply streamed') }, V1);
      expect(events.map((e) => e.data.result)).toEqual([{ message: expect.objectContaining({ parts: [{ text: 'streamed' }] }) }]);
    });

    it('an input-required status ends the stream although no event says final', async () => {
      const { events } = await streamAll(agent.url, 'SendStreamingMessage', { message: message('ask') }, V1);
      expect(events.at(-1)!.data.result.statusUpdate.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    });

    it('SubscribeToTask joins a running task: the task first, then every later event', async () => {
      const controller = new AbortController();
      const started = await openStream(agent.url, 'SendStreamingMessage', { message: message('gated 2') }, V1, controller.signal);
      const first = (await started.events().next()).value!;
      const taskId = first.data.result.task.id;
      const subscribed = openStream(agent.url, 'SubscribeToTask', { id: taskId }, V1);
      const sub = await subscribed;
      const iterator = sub.events();
      const head = (await iterator.next()).value!;
      expect(head.data.result.task.id).toBe(taskId);
      openGate();
      const rest: string[] = [];
      for await (const e of { [Symbol.asyncIterator]: () => iterator }) rest.push(Object.keys(e.data.result)[0]);
      expect(rest.at(-1)).toBe('statusUpdate');
      expect(rest).toContain('artifactUpdate');
      controller.abort();
    });

    it('SubscribeToTask on a finished task: UnsupportedOperationError -32004 (§9.4.6), as a plain JSON-RPC response', async () => {
      const done = (await send('task')).result.task;
      const { res } = await openStream(agent.url, 'SubscribeToTask', { id: done.id }, V1);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect((await res.json()).error.code).toBe(-32004);
    });
  });

  describe('GetTask and CancelTask', () => {
    it('historyLength 0 omits history (§3.2.4); 1 keeps the newest message', async () => {
      const task = (await send('task')).result.task;
      const none = (await call('GetTask', { id: task.id, historyLength: 0 })).body.result;
      expect(none).not.toHaveProperty('history');
      const one = (await call('GetTask', { id: task.id, historyLength: 1 })).body.result;
      expect(one.history).toHaveLength(1);
      expect((await call('GetTask', { id: task.id, historyLength: -1 })).body.error.code).toBe(-32602);
    });

    it('cancels a running task (TASK_STATE_CANCELED); a finished one is TaskNotCancelable -32002', async () => {
      const running = (await send('slow', { returnImmediately: true })).result.task;
      const canceled = (await call('CancelTask', { id: running.id })).body.result;
      expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
      expect((await call('CancelTask', { id: running.id })).body.error.code).toBe(-32002);
    });
  });

  describe('ListTasks (§3.1.4)', () => {
    it('filters by context and state, newest first, pages with a token, and omits artifacts unless asked', async () => {
      const contextId = randomUUID();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await send('task', undefined, { contextId })).result.task.id);
        await new Promise((r) => setTimeout(r, 3)); // distinct status timestamps
      }
      const first = (await call('ListTasks', { contextId, pageSize: 2 })).body.result;
      expect(first.tasks.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]]);
      expect(first).toMatchObject({ pageSize: 2, totalSize: 3 });
      expect(first.nextPageToken).not.toBe('');
      expect(first.tasks[0]).not.toHaveProperty('artifacts');
      const otherFilters = (await call('ListTasks', { contextId: randomUUID(), pageSize: 2, pageToken: first.nextPageToken })).body;
      expect(otherFilters.error?.code).toBe(-32602); // a token is bound to the filters it was made for
      const next = (await call('ListTasks', { contextId, pageSize: 2, pageToken: first.nextPageToken })).body.result;
      expect(next.tasks.map((t: { id: string }) => t.id)).toEqual([ids[0]]);
      expect(next.nextPageToken).toBe('');
      const withArtifacts = (await call('ListTasks', { contextId, pageSize: 1, includeArtifacts: true })).body.result;
      expect(withArtifacts.tasks[0].artifacts).toHaveLength(1);
      const working = (await call('ListTasks', { contextId, status: 'TASK_STATE_WORKING' })).body.result;
      expect(working).toEqual({ tasks: [], nextPageToken: '', pageSize: 50, totalSize: 0 });
    });

    it('bad page sizes and tokens: -32602 with a field violation for each', async () => {
      const { body } = await call('ListTasks', { pageSize: 0, historyLength: -5 });
      expect(body.error.code).toBe(-32602);
      const fields = body.error.data.find((d: { '@type': string }) => d['@type'] === BAD_REQUEST).fieldViolations.map((v: { field: string }) => v.field);
      expect(fields).toEqual(['pageSize', 'historyLength']);
      expect((await call('ListTasks', { pageSize: 101 })).body.error.code).toBe(-32602);
      const token = (await call('ListTasks', { pageToken: 'not-a-token' })).body;
      expect(token.error.code).toBe(-32602);
      expect(token.error.data[0].fieldViolations[0].field).toBe('pageToken');
      expect((await call('ListTasks', { status: 'TASK_STATE_RUNNING' })).body.error.code).toBe(-32602);
    });
  });

  describe('push notification configs', () => {
    it('create, get, list, delete with flat TaskPushNotificationConfigs; deliveries are StreamResponses', async () => {
      const hook = await webhookReceiver();
      const pushAgent = await startAgent(await fixtureProject('full-v1.0'), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
      const pushCall = (method: string, params?: unknown) => rpc(pushAgent.url, method, params, V1);
      const task = (await pushCall('SendMessage', { message: message('ask') })).body.result.task;
      const created = (await pushCall('CreateTaskPushNotificationConfig', { taskId: task.id, url: hook.url, token: 'tok' })).body.result;
      expect(created).toEqual({ id: expect.any(String), taskId: task.id, url: hook.url, token: 'tok' });
      const got = (await pushCall('GetTaskPushNotificationConfig', { taskId: task.id, id: created.id })).body.result;
      expect(got).toEqual(created);
      const listed = (await pushCall('ListTaskPushNotificationConfigs', { taskId: task.id })).body.result;
      expect(listed).toEqual({ configs: [created], nextPageToken: '' });
      await pushCall('SendMessage', { message: message('blue', { taskId: task.id, contextId: task.contextId }) });
      let delivery = await hook.next();
      while (delivery.body.task?.status?.state !== 'TASK_STATE_COMPLETED') delivery = await hook.next();
      expect(Object.keys(delivery.body)).toEqual(['task']);
      expect(delivery.headers['x-a2a-notification-token']).toBe('tok');
      expect((await pushCall('DeleteTaskPushNotificationConfig', { taskId: task.id, id: created.id })).body.result).toEqual({});
      expect((await pushCall('ListTaskPushNotificationConfigs', { taskId: task.id })).body.result.configs).toEqual([]);
      const missing = (await pushCall('GetTaskPushNotificationConfig', { taskId: task.id, id: created.id })).body;
      expect(missing.error.code).toBe(-32001); // TaskNotFoundError: the configuration does not exist (§3.1.8)
    });
  });

  it('GetExtendedAgentCard on an agent whose card declares none: UnsupportedOperationError -32004 (§3.3.4)', async () => {
    expect((await call('GetExtendedAgentCard')).body.error.code).toBe(-32004);
  });

  describe('security in v1.0 terms (oneof-wrapped schemes, securityRequirements)', () => {
    let secure: RunningAgent;
    beforeAll(async () => {
      secure = await startAgent(await fixtureProject('secure-v1.0'));
    });

    it('refuses a call without credentials, accepts the bearer token or the API key', async () => {
      const anonymous = await rpc(secure.url, 'SendMessage', { message: message('reply hi') }, V1);
      expect(anonymous.status).toBe(401);
      const bearer = await rpc(secure.url, 'SendMessage', { message: message('reply hi') }, { ...V1, authorization: `Bearer ${TOKEN}` });
      expect(bearer.body.result.message.parts).toEqual([{ text: 'hi' }]);
      const key = await rpc(secure.url, 'SendMessage', { message: message('reply hi') }, { ...V1, 'x-api-key': API_KEY });
      expect(key.body.result.message).toBeDefined();
    });

    it('GetExtendedAgentCard answers authenticated callers with the extended-only skill', async () => {
      const card = (await rpc(secure.url, 'GetExtendedAgentCard', undefined, { ...V1, authorization: `Bearer ${TOKEN}` })).body.result;
      expect(card.skills.map((s: { id: string }) => s.id)).toEqual(['script', 'secret-skill']);
      const publicCard = await (await fetch(secure.origin + '/.well-known/agent-card.json')).json();
      expect(publicCard.skills.map((s: { id: string }) => s.id)).toEqual(['script']);
      expect(publicCard.capabilities.extendedAgentCard).toBe(true);
    });

    it('the generated client finds the scheme in the v1.0 card and authenticates', async () => {
      const { A2AClient } = await (await fixtureProject('secure-v1.0')).load<any>('a2a/client/index.js');
      const client = await A2AClient.fromCardUrl(secure.origin, { credentials: { key: API_KEY } });
      expect((await client.sendMessage({ message: message('reply via client') })).message.parts).toEqual([{ text: 'via client' }]);
    });
  });

  describe('multi-tenancy (server.tenant)', () => {
    it('the interface carries the tenant; requests for another tenant are refused, the generated client echoes it', async () => {
      const tenantAgent = await startAgent(await fixtureProject('tenant-v1.0'));
      const card = await (await fetch(tenantAgent.origin + '/.well-known/agent-card.json')).json();
      expect(card.supportedInterfaces[0]).toMatchObject({ protocolBinding: 'JSONRPC', tenant: 'acme', protocolVersion: '1.0' });
      const call = (params: Record<string, unknown>) => rpc(tenantAgent.url, 'SendMessage', { message: message('reply hi'), ...params }, V1);
      expect((await call({ tenant: 'acme' })).body.result.message).toBeDefined();
      expect((await call({})).body.result.message).toBeDefined(); // a gateway may have taken it off
      const other = (await call({ tenant: 'globex' })).body;
      expect(other.error.code).toBe(-32602);
      expect(other.error.data[0].fieldViolations[0].field).toBe('tenant');
      const sent: unknown[] = [];
      const { A2AClient } = await (await fixtureProject('tenant-v1.0')).load<any>('a2a/client/index.js');
      const client = await A2AClient.fromCardUrl(tenantAgent.origin, {
        fetch: (input: string, init?: RequestInit) => (init?.body && sent.push(JSON.parse(String(init.body)).params), fetch(input, init)),
      });
      await client.sendMessage({ message: message('reply via client') });
      expect(sent).toEqual([expect.objectContaining({ tenant: 'acme' })]);
    });

    it('a tenant on a version whose interfaces have none is a located manifest error', async () => {
      const { loadInputs } = await import('../../generator/inputs.js');
      const { FIXTURES } = await import('../helpers/server.js');
      await expect(loadInputs({ manifestPath: `${FIXTURES}/tenant-v1.0.a2a.yaml`, spec: '0.3.0', cwd: FIXTURES })).rejects.toThrow(
        /tenant-v1\.0\.a2a\.yaml:17:11: server\.tenant: a tenant is a field of v1\.0's AgentInterface; A2A v0\.3\.0 has none/,
      );
    });
  });
});
