// A v1.0 agent that answers v0.3.0 clients too (manifest `compat: [0.3.0]`), driven with raw HTTP
// on loopback: each request served in the version it names (no A2A-Version = 0.3, spec v1.0
// §3.6.2), one executor and one task store behind both versions and both bindings, the card in
// the version asked for, errors in the version of the request.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { post, rpc as rawRpc, streamAll, textMessage } from '../helpers/http.js';
import { rest, restStream } from '../helpers/rest.js';
import { fixtureProject, startAgent, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
/** A JSON-RPC call's response object. */
const rpc = async (url: string, method: string, params?: unknown, headers?: Record<string, string>) => (await rawRpc(url, method, params, headers)).body;
const V03 = { 'a2a-version': '0.3' };
const v1Message = (text: string) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] });
/** A user message as v0.3.0's proto JSON (its HTTP+JSON) writes it. */
const protoMessage = (text: string) => ({ messageId: randomUUID(), role: 'ROLE_USER', content: [{ text }] });

describe('a v1.0 agent with compat: [0.3.0]', () => {
  let agent: RunningAgent;
  let restBase: string;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('compat-v1.0'));
    restBase = `${agent.origin}/a2a/rest`;
  });

  describe('the card', () => {
    it('in v1.0 lists an interface per binding and version, v1.0 first', async () => {
      const res = await fetch(`${agent.origin}/.well-known/agent-card.json`, { headers: V1 });
      expect(res.headers.get('vary')).toBe('a2a-version');
      const card = await res.json();
      expect(card.protocolVersion).toBeUndefined();
      expect(card.supportedInterfaces).toEqual([
        { url: `${agent.origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${agent.origin}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        { url: `${agent.origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
        { url: `${agent.origin}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' },
      ]);
    });

    it('without A2A-Version is the v0.3.0 card, which still carries the v1.0 interfaces', async () => {
      const card = await (await fetch(`${agent.origin}/.well-known/agent-card.json`)).json();
      expect(card).toMatchObject({
        protocolVersion: '0.3.0',
        url: `${agent.origin}/a2a`,
        preferredTransport: 'JSONRPC',
        additionalInterfaces: [
          { url: `${agent.origin}/a2a`, transport: 'JSONRPC' },
          { url: `${agent.origin}/a2a/rest`, transport: 'HTTP+JSON' },
        ],
        capabilities: { streaming: true, pushNotifications: true },
      });
      expect(card.skills.map((s: { id: string }) => s.id)).toEqual(['script', 'add']);
      expect(card.supportedInterfaces).toHaveLength(4);
      expect(await (await fetch(`${agent.origin}/.well-known/agent-card.json`, { headers: V03 })).json()).toEqual(card);
    });
  });

  describe.each(['JSONRPC', 'HTTP+JSON'] as const)('the generated v0.3.0 client (%s)', (binding) => {
    it('reads the v0.3 card (its v0.x fields, not the v1.0 interfaces beside them) and works', async () => {
      const lib = await (await fixtureProject('full-v0.3.0')).load<any>('a2a/client/index.js');
      const client = await lib.A2AClient.fromCardUrl(agent.origin, { binding, validateResponses: true });
      expect(client.transport.options.url).toBe(binding === 'JSONRPC' ? `${agent.origin}/a2a` : `${agent.origin}/a2a/rest`);
      const task = await client.sendMessage({ message: textMessage('task') });
      expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' } });
      expect((await client.getTask({ id: task.id })).artifacts[0].parts).toEqual([{ kind: 'text', text: 'result text' }]);
    });
  });

  describe('JSON-RPC in v0.3.0', () => {
    it('message/send without A2A-Version answers a v0.3.0 Task (kind, lower-case states, kind-tagged parts)', async () => {
      const res = await rpc(agent.url, 'message/send', { message: textMessage('task') });
      expect(res.error).toBeUndefined();
      const task = res.result as any;
      expect(task.kind).toBe('task');
      expect(task.status.state).toBe('completed');
      expect(task.artifacts[0].parts).toEqual([{ kind: 'text', text: 'result text' }]);
      expect(task.history[0]).toMatchObject({ kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'task' }] });
    });

    it('a direct reply is a v0.3.0 Message', async () => {
      const res = await rpc(agent.url, 'message/send', { message: textMessage('reply hi') }, V03);
      expect(res.result).toMatchObject({ kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'hi' }] });
    });

    it('message/stream: v0.3.0 events, the last status update final', async () => {
      const { events } = await streamAll(agent.url, 'message/stream', { message: textMessage('task') });
      const results = events.map((e) => (e.data as { result: any }).result);
      expect(results[0].kind).toBe('task');
      expect(results.map((r) => r.kind)).toContain('artifact-update');
      const last = results.at(-1);
      expect(last).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
      expect(results.slice(0, -1).every((r) => r.final !== true)).toBe(true);
    });

    it('errors are v0.3.0 errors: the same code, data as free JSON', async () => {
      const res = await rpc(agent.url, 'tasks/get', { id: 'no-such-task' });
      expect(res.error?.code).toBe(-32001);
      expect(Array.isArray(res.error?.data)).toBe(false);
    });

    it('invalid params are -32602 naming the field; what v1.0 cannot carry says so', async () => {
      const bad = await rpc(agent.url, 'message/send', { message: { ...textMessage('x'), parts: [{ kind: 'video', url: 'x' }] } });
      expect(bad.error).toMatchObject({ code: -32602, data: { path: '/message/parts/0/kind' } });
      const meta = await rpc(agent.url, 'tasks/get', { id: 'x', metadata: { a: 1 } });
      expect(meta.error).toMatchObject({ code: -32602, data: { path: '/metadata' } });
      expect(meta.error?.message).toMatch(/cannot be said in A2A 1\.0/);
    });

    it('a v1.0 method name in a v0.3 request is not found; in a v1.0 request it is served', async () => {
      const res = await rpc(agent.url, 'SendMessage', { message: v1Message('task') });
      expect(res.error?.code).toBe(-32601);
      const v1 = await rpc(agent.url, 'SendMessage', { message: v1Message('task') }, V1);
      expect((v1.result as any).task.status.state).toBe('TASK_STATE_COMPLETED');
      const old = await rpc(agent.url, 'message/send', { message: textMessage('task') }, V1);
      expect(old.error?.code).toBe(-32601);
    });

    it('a version served by neither is VersionNotSupported (-32009), listing both', async () => {
      const res = await rpc(agent.url, 'message/send', { message: textMessage('task') }, { 'a2a-version': '2.0' });
      expect(res.error?.code).toBe(-32009);
      expect(res.error?.message).toMatch(/serves 1\.0, 0\.3/);
    });

    it('batches and id-less requests are answered in v0.3.0 too', async () => {
      const body = JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: textMessage('task') } },
        { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: 'nope' } },
      ]);
      const res = await post(agent.url, body);
      const [a, b] = res.body as any[];
      expect(a.result.kind).toBe('task');
      expect(b.error.code).toBe(-32001);
      const idless = await post(agent.url, JSON.stringify({ jsonrpc: '2.0', method: 'message/ssend', params: {} }));
      expect(idless.body).toMatchObject({ id: null, error: { code: -32601 } });
    });
  });

  describe('one task store behind both versions and both bindings', () => {
    it('a task made over v0.3 JSON-RPC reads the same over v1.0 HTTP+JSON', async () => {
      const made = (await rpc(agent.url, 'message/send', { message: textMessage('task') })).result as any;
      const read = await rest(restBase, 'GET', `/tasks/${made.id}`, undefined, V1);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: made.id, contextId: made.contextId, status: { state: 'TASK_STATE_COMPLETED' } });
      expect(read.body.artifacts).toEqual([{ artifactId: made.artifacts[0].artifactId, name: 'result', parts: [{ text: 'result text' }] }]);
      expect(read.body.history.map((m: any) => m.messageId)).toEqual(made.history.map((m: any) => m.messageId));
    });

    it('a task made over v1.0 HTTP+JSON reads the same over v0.3 JSON-RPC', async () => {
      const made = (await rest(restBase, 'POST', '/message:send', { message: v1Message('task') }, V1)).body.task;
      const read = (await rpc(agent.url, 'tasks/get', { id: made.id })).result as any;
      expect(read).toMatchObject({ kind: 'task', id: made.id, contextId: made.contextId, status: { state: 'completed' } });
      expect(read.artifacts).toEqual([{ artifactId: made.artifacts[0].artifactId, name: 'result', parts: [{ kind: 'text', text: 'result text' }] }]);
      expect(read.history.map((m: any) => m.messageId)).toEqual(made.history.map((m: any) => m.messageId));
    });
  });

  describe('push notifications go out in the version the config was set in', () => {
    it('a config a v0.3 client set gets v0.3 Tasks, one a v1.0 client set gets StreamResponses, whoever moves the task', async () => {
      const [old, next] = [await webhookReceiver(), await webhookReceiver()];
      const pushAgent = await startAgent(await fixtureProject('compat-v1.0'), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
      try {
        const asked = (await rpc(pushAgent.url, 'message/send', { message: textMessage('ask') })).result;
        expect(asked.status.state).toBe('input-required');
        const set = await rpc(pushAgent.url, 'tasks/pushNotificationConfig/set', {
          taskId: asked.id,
          pushNotificationConfig: { id: 'old', url: old.url, token: 't03' },
        });
        expect(set.result).toMatchObject({ taskId: asked.id, pushNotificationConfig: { id: 'old', url: old.url } });
        const created = await rpc(pushAgent.url, 'CreateTaskPushNotificationConfig', { taskId: asked.id, id: 'new', url: next.url }, V1);
        expect(created.result).toMatchObject({ taskId: asked.id, id: 'new' });
        // A v1.0 client moves the task on: both webhooks hear of it, each in its own version.
        const more = { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'task' }], taskId: asked.id, contextId: asked.contextId };
        expect((await rpc(pushAgent.url, 'SendMessage', { message: more }, V1)).result.task.status.state).toBe('TASK_STATE_COMPLETED');
        const seenOld = await old.next();
        expect(seenOld.headers['content-type']).toBe('application/json');
        expect(seenOld.headers['x-a2a-notification-token']).toBe('t03');
        expect(seenOld.body).toMatchObject({ kind: 'task', id: asked.id });
        const seenNew = await next.next();
        expect(seenNew.headers['content-type']).toBe('application/a2a+json');
        expect(seenNew.body.task).toMatchObject({ id: asked.id });
        expect(JSON.stringify(seenNew.body)).not.toMatch(/"kind"/);
        // The config read back carries nothing of the mark.
        const listed = (await rpc(pushAgent.url, 'ListTaskPushNotificationConfigs', { taskId: asked.id }, V1)).result;
        expect(listed.configs.map((c: { id: string }) => c.id).sort()).toEqual(['new', 'old']);
        expect(JSON.stringify(listed)).not.toMatch(/pushVersion/);
      } finally {
        await pushAgent.close();
        await old.close();
        await next.close();
      }
    });

    it('a config sent with a v0.3 message/send is marked too', async () => {
      const hook = await webhookReceiver();
      const pushAgent = await startAgent(await fixtureProject('compat-v1.0'), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
      try {
        const sent = await rpc(pushAgent.url, 'message/send', { message: textMessage('task'), configuration: { pushNotificationConfig: { url: hook.url } } });
        expect(sent.result.status.state).toBe('completed');
        const seen = await hook.next();
        expect(seen.headers['content-type']).toBe('application/json');
        expect(seen.body).toMatchObject({ kind: 'task', id: sent.result.id });
      } finally {
        await pushAgent.close();
        await hook.close();
      }
    });
  });

  describe('HTTP+JSON in v0.3.0 (its proto JSON, its routes)', () => {
    it('POST /v1/message:send without A2A-Version answers in v0.3.0 proto JSON', async () => {
      const res = await rest(restBase, 'POST', '/v1/message:send', { message: protoMessage('task') });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.body.task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(res.body.task.artifacts[0].parts).toEqual([{ text: 'result text' }]);
      const again = await rest(restBase, 'GET', `/v1/tasks/${res.body.task.id}`);
      expect(again.body).toMatchObject({ id: res.body.task.id, status: { state: 'TASK_STATE_COMPLETED' } });
    });

    it('errors are v0.3.0 bodies with the §5.4 status', async () => {
      const res = await rest(restBase, 'GET', '/v1/tasks/no-such-task');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: -32001, error: 'TaskNotFoundError' });
    });

    it('streams v0.3.0 stream responses', async () => {
      const { events } = await restStream(restBase, 'POST', '/v1/message:stream', { message: protoMessage('task') });
      const last = events.at(-1)!.data;
      expect(last.statusUpdate).toMatchObject({ final: true, status: { state: 'TASK_STATE_COMPLETED' } });
    });

    it('the v1.0 routes answer v1.0 requests only', async () => {
      expect((await rest(restBase, 'POST', '/message:send', { message: v1Message('task') })).status).toBe(404);
      expect((await rest(restBase, 'POST', '/message:send', { message: v1Message('task') }, V1)).status).toBe(200);
    });
  });
});
