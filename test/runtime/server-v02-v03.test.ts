// The generated server for A2A v0.3.0 and v0.2.5, driven over raw HTTP on loopback: every
// method, every JSON-RPC and A2A error, streaming, resubscribe, cancel, multi-turn, push,
// SSRF refusal, auth and limits.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStream, post, rpc, streamAll, textMessage as message } from '../helpers/http.js';
import { openGate } from '../helpers/script-executor.js';
import { API_KEY, fixtureProject, FORBIDDEN_TOKEN, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

const auth = { authorization: `Bearer ${TOKEN}` };
const dataMessage = (data: unknown, extra: Record<string, unknown> = {}) => ({
  kind: 'message',
  messageId: randomUUID(),
  role: 'user',
  parts: [{ kind: 'data', data }],
  ...extra,
});

describe.each(['0.3.0', '0.2.5'])('generated server, A2A v%s', (version) => {
  let agent: RunningAgent;
  let minimal: RunningAgent;
  const call = (method: string, params?: unknown, headers: Record<string, string> = auth) => rpc(agent.url, method, params, headers);
  // v0.2.5 requires acceptedOutputModes whenever a configuration is sent.
  const send = async (msg: unknown, configuration?: Record<string, unknown>) =>
    (
      await call('message/send', {
        message: msg,
        ...(configuration ? { configuration: { acceptedOutputModes: ['text/plain', 'application/json'], ...configuration } } : {}),
      })
    ).body;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject(`full-v${version}`));
    minimal = await startAgent(await fixtureProject(`minimal-v${version}`));
  });

  describe('agent card', () => {
    it('is public at the well-known path(s) of the version, without extended-only skills', async () => {
      const paths = version === '0.3.0' ? ['/.well-known/agent-card.json', '/.well-known/agent.json'] : ['/.well-known/agent.json'];
      for (const path of paths) {
        const res = await fetch(agent.origin + path);
        expect(res.status).toBe(200);
        const card = await res.json();
        expect(card.protocolVersion).toBe(version);
        expect(card.url).toBe(agent.url.replace(/\/$/, '')); // the port follows listen()
        expect(card.skills.map((s: { id: string }) => s.id)).toEqual(['script', 'add', 'images']);
      }
      if (version === '0.2.5') expect((await fetch(agent.origin + '/.well-known/agent-card.json')).status).toBe(404);
    });

    it('serves the authenticated extended card only with credentials', async () => {
      if (version === '0.3.0') {
        const anonymous = await rpc(agent.url, 'agent/getAuthenticatedExtendedCard', undefined, {});
        expect(anonymous.status).toBe(401);
        const res = await call('agent/getAuthenticatedExtendedCard');
        expect(res.body.result.skills.map((s: { id: string }) => s.id)).toContain('secret-skill');
        const none = await rpc(minimal.url, 'agent/getAuthenticatedExtendedCard');
        expect(none.body.error.code).toBe(-32007);
      } else {
        for (const path of ['/agent/authenticatedExtendedCard', '/a2a/agent/authenticatedExtendedCard']) {
          expect((await fetch(agent.origin + path)).status).toBe(401);
          const res = await fetch(agent.origin + path, { headers: auth });
          expect(res.status).toBe(200);
          expect((await res.json()).skills.map((s: { id: string }) => s.id)).toContain('secret-skill');
        }
      }
    });
  });

  describe('authentication', () => {
    it('401 with WWW-Authenticate without credentials or with bad ones; 403 for a refused principal', async () => {
      const none = await rpc(agent.url, 'tasks/get', { id: 'x' }, {});
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="a2a", ApiKey realm="a2a", in="header", name="X-API-Key"');
      const bad = await rpc(agent.url, 'tasks/get', { id: 'x' }, { authorization: 'Bearer wrong' });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
      const refused = await rpc(agent.url, 'tasks/get', { id: 'x' }, { authorization: `Bearer ${FORBIDDEN_TOKEN}` });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/may not call the agent/);
    });

    it('accepts any one of the alternatives (an API key here)', async () => {
      const res = await rpc(agent.url, 'tasks/get', { id: 'nope' }, { 'x-api-key': API_KEY });
      expect(res.status).toBe(200);
      expect(res.body.error.code).toBe(-32001);
    });
  });

  describe('message/send', () => {
    it('a direct reply is a Message', async () => {
      const { result } = await send(message('reply hello'));
      expect(result).toMatchObject({ kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'hello' }] });
      expect(result.taskId).toBeUndefined();
    });

    it('blocking: the completed task with its artifact and history', async () => {
      const { result } = await send(message('task'));
      expect(result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
      expect(result.artifacts).toHaveLength(1);
      expect(result.artifacts[0]).toMatchObject({ name: 'result', parts: [{ kind: 'text', text: 'result text' }] });
      expect(result.history.map((m: { role: string }) => m.role)).toEqual(['user', 'agent', 'agent']);
      expect(result.history[0]).toMatchObject({ taskId: result.id, contextId: result.contextId });
    });

    it('historyLength trims the returned history', async () => {
      expect((await send(message('task'), { historyLength: 1 })).result.history).toHaveLength(1);
      expect((await send(message('task'), { historyLength: 0 })).result.history).toEqual([]);
      const negative = await send(message('task'), { historyLength: -1 });
      expect(negative.error).toMatchObject({ code: -32602, data: { rule: 'history-length-non-negative' } });
    });

    it('non-blocking answers at once with the task; tasks/get shows it finish', async () => {
      const { result } = await send(message('slow'), { blocking: false });
      expect(['submitted', 'working']).toContain(result.status.state);
      await new Promise((r) => setTimeout(r, 60));
      const got = (await call('tasks/get', { id: result.id })).body.result;
      expect(got.status.state).toBe('working');
      expect(got.artifacts[0].parts.length).toBeGreaterThan(0);
      expect((await call('tasks/cancel', { id: result.id })).body.result.status.state).toBe('canceled');
    });

    it('routes a DataPart to the skill whose input schema it matches; typed output as a data artifact', async () => {
      const { result } = await send(dataMessage({ a: 2, b: 3 }));
      expect(result.status.state).toBe('completed');
      expect(result.artifacts[0].parts[0]).toEqual({ kind: 'data', data: { sum: 5 } });
    });

    it('invalid input for a named skill: -32602 with the finding located in the params', async () => {
      // Validation stops at the first finding (ajv allErrors: false): collecting every finding
      // of a hostile payload costs time quadratic in its size.
      const { error } = await send(dataMessage({ a: 'two', b: 2 }, { metadata: { skillId: 'add' } }));
      expect(error.code).toBe(-32602);
      expect(error.data.issues).toEqual([expect.objectContaining({ path: '/message/parts/0/data/a', message: 'must be number' })]);
      const missing = await send(dataMessage({ a: 1 }, { metadata: { skillId: 'add' } }));
      expect(missing.error.data.issues).toEqual([expect.objectContaining({ path: '/message/parts/0/data', keyword: 'required' })]);
      const unknown = await send(message('x', { metadata: { skillId: 'nope' } }));
      expect(unknown.error).toMatchObject({ code: -32602, data: { path: '/message/metadata/skillId' } });
    });

    it('ContentTypeNotSupported (-32005) for a media type the skill does not accept', async () => {
      const { error } = await send(message('a text', { metadata: { skillId: 'images' } }));
      expect(error).toMatchObject({ code: -32005, data: { path: '/message/parts/0', accepted: ['image/png'] } });
      const output = await send(message('task'), { acceptedOutputModes: ['video/mp4'] });
      expect(output.error.code).toBe(-32005);
    });

    it('InvalidAgentResponse (-32006) when a skill returns output its schema rejects', async () => {
      const project = await fixtureProject(`full-v${version}`);
      const bad = await startAgent(project, { skills: { add: () => ({ total: 1 }) }, defaultSkill: 'add' });
      const res = await rpc(bad.url, 'message/send', { message: dataMessage({ a: 1, b: 2 }) }, auth);
      expect(res.body.error).toMatchObject({ code: -32006, data: { issues: [expect.objectContaining({ keyword: 'required' })] } });
    });

    it('an executor that throws a typed error answers with it; any other failure fails the task without details', async () => {
      expect((await send(message('rpc-error'))).error).toMatchObject({ code: -32005, message: 'cannot handle that' });
      const crashed = (await send(message('fail'))).result;
      expect(crashed.status.state).toBe('failed');
      expect(JSON.stringify(crashed)).not.toContain('secret internal detail');
      const early = (await send(message('crash'))).result;
      expect(early.status.state).toBe('failed');
      expect(JSON.stringify(early)).not.toContain('secret internal detail');
    });

    it('rejected and auth-required end the interaction', async () => {
      expect((await send(message('reject'))).result.status.state).toBe('rejected');
      expect((await send(message('auth'))).result.status.state).toBe('auth-required');
    });

    it('multi-turn: input-required, then the answer completes the same task', async () => {
      const first = (await send(message('ask'))).result;
      expect(first.status).toMatchObject({ state: 'input-required', message: { parts: [{ text: 'what else?' }] } });
      const second = (await send(message('blue', { taskId: first.id, contextId: first.contextId }))).result;
      expect(second).toMatchObject({ id: first.id, contextId: first.contextId, status: { state: 'completed', message: { parts: [{ text: 'got: blue' }] } } });
      expect(second.history.map((m: { role: string }) => m.role)).toEqual(['user', 'agent', 'user', 'agent']);
    });

    it('spec rules: unknown task, terminal task, other context, no parts, agent role, bytes and uri', async () => {
      expect((await send(message('x', { taskId: 'no-such-task' }))).error.code).toBe(-32001);
      const done = (await send(message('task'))).result;
      const again = await send(message('more', { taskId: done.id }));
      expect(again.error).toMatchObject({ code: -32602, data: { rule: 'continue-nonterminal-task', path: '/message/taskId' } });
      expect(again.error.data.section).toMatch(/§/);
      const asked = (await send(message('ask'))).result;
      expect((await send(message('x', { taskId: asked.id, contextId: 'other' }))).error.data.rule).toBe('continue-same-context');
      expect((await send({ ...message('x'), parts: [] })).error.data.rule).toBe('message-has-parts');
      expect((await send({ ...message('x'), role: 'agent' })).error.data.rule).toBe('message-role-user');
      const both = { ...message('x'), parts: [{ kind: 'file', file: { bytes: 'aGk=', uri: 'https://example.com/f' } }] };
      expect((await send(both)).error.data.rule).toBe('file-bytes-xor-uri');
    });
  });

  describe('tasks/get and tasks/cancel', () => {
    it('TaskNotFound (-32001)', async () => {
      expect((await call('tasks/get', { id: 'missing' })).body.error).toMatchObject({ code: -32001, message: 'Task not found' });
      expect((await call('tasks/cancel', { id: 'missing' })).body.error.code).toBe(-32001);
    });

    it('cancel during work stops the executor; canceling a terminal task is TaskNotCancelable (-32002)', async () => {
      const { result } = await send(message('slow'), { blocking: false });
      await new Promise((r) => setTimeout(r, 50));
      const canceled = (await call('tasks/cancel', { id: result.id })).body.result;
      expect(canceled.status.state).toBe('canceled');
      const ticks = (await call('tasks/get', { id: result.id })).body.result.artifacts[0].parts.length;
      await new Promise((r) => setTimeout(r, 80));
      expect((await call('tasks/get', { id: result.id })).body.result.artifacts[0].parts.length).toBe(ticks);
      expect((await call('tasks/cancel', { id: result.id })).body.error).toMatchObject({ code: -32002, data: { rule: 'cancel-nonterminal-task' } });
    });

    it('cancels a task waiting for input', async () => {
      const asked = (await send(message('ask'))).result;
      expect((await call('tasks/cancel', { id: asked.id })).body.result.status.state).toBe('canceled');
    });
  });

  describe('streaming', () => {
    it('message/stream: text/event-stream, the task first, one event per update in order, final last, then close', async () => {
      const { res, events } = await streamAll(agent.url, 'message/stream', { message: message('events 5') }, auth);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('cache-control')).toMatch(/no-cache/);
      const results = events.map((e) => e.data.result);
      expect(results[0]).toMatchObject({ kind: 'task', status: { state: 'submitted' } });
      expect(results.slice(1, 6).map((r) => [r.kind, r.status.state, r.status.message.parts[0].text, r.final])).toEqual(
        [0, 1, 2, 3, 4].map((i) => ['status-update', 'working', `step ${i}`, false]),
      );
      expect(results[6]).toMatchObject({ kind: 'status-update', status: { state: 'completed' }, final: true });
      expect(results).toHaveLength(7);
      expect(new Set(events.map((e) => e.data.id)).size).toBe(1);
    });

    it('a direct reply streams one Message and closes', async () => {
      const { events } = await streamAll(agent.url, 'message/stream', { message: message('reply hi') }, auth);
      expect(events.map((e) => e.data.result.kind)).toEqual(['message']);
    });

    it('artifact chunks stream with append and lastChunk', async () => {
      const { events } = await streamAll(agent.url, 'message/stream', { message: message('chunks 3') }, auth);
      const chunks = events.map((e) => e.data.result).filter((r) => r.kind === 'artifact-update');
      expect(chunks.map((c) => [c.append ?? false, c.lastChunk ?? false])).toEqual([
        [false, false],
        [true, false],
        [true, true],
      ]);
      const task = (await call('tasks/get', { id: chunks[0].taskId })).body.result;
      expect(task.artifacts[0].parts.map((p: { text: string }) => p.text)).toEqual(['chunk-0', 'chunk-1', 'chunk-2']);
    });

    it('errors before the stream starts are a plain JSON-RPC error response, for SSE clients too', async () => {
      const { res } = await openStream(agent.url, 'message/stream', { message: message('x', { taskId: 'missing' }) }, auth);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect((await res.json()).error.code).toBe(-32001);
      const json = await call('message/stream', { message: message('x', { taskId: 'missing' }) });
      expect(json.headers.get('content-type')).toBe('application/json');
      expect(json.body.error.code).toBe(-32001);
    });

    it('resubscribe mid-stream: the current task, then the same live events as the first stream', async () => {
      // The work waits at a gate until both streams listen: no timing, whatever the machine's load.
      const first = await openStream(agent.url, 'message/stream', { message: message('gated 3') }, auth);
      const it1 = first.events();
      const task = (await it1.next()).value!.data.result;
      await it1.next(); // working, at the gate
      const second = await openStream(agent.url, 'tasks/resubscribe', { id: task.id }, auth);
      const it2 = second.events();
      const snapshot = (await it2.next()).value!.data.result;
      expect(snapshot).toMatchObject({ kind: 'task', id: task.id, status: { state: 'working' } });
      openGate();
      const rest1: any[] = [];
      for await (const e of it1) rest1.push(e.data.result);
      const rest2: any[] = [];
      for await (const e of it2) rest2.push(e.data.result);
      expect(rest1.map((e) => e.kind)).toEqual(['artifact-update', 'artifact-update', 'artifact-update', 'status-update']);
      expect(rest1.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
      expect(rest2).toEqual(rest1);
    });

    it('resubscribe to a finished task sends its state and closes; unknown task is -32001', async () => {
      const done = (await send(message('task'))).result;
      const { events } = await streamAll(agent.url, 'tasks/resubscribe', { id: done.id }, auth);
      expect(events.map((e) => e.data.result.status.state)).toEqual(['completed']);
      // v0.x: tasks/resubscribe answers a stream, its error included (SSE clients); JSON otherwise.
      const missing = await streamAll(agent.url, 'tasks/resubscribe', { id: 'missing' }, auth);
      expect(missing.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(missing.events).toEqual([{ event: 'error', data: expect.objectContaining({ error: expect.objectContaining({ code: -32001 }) }) }]);
      expect((await call('tasks/resubscribe', { id: 'missing' })).body.error.code).toBe(-32001);
    });

    it('a client that disconnects stops its stream and aborts the executor when no one else listens', async () => {
      const controller = new AbortController();
      const stream = await openStream(agent.url, 'message/stream', { message: message('slow') }, auth, controller.signal);
      const it1 = stream.events();
      const task = (await it1.next()).value!.data.result;
      await it1.next();
      controller.abort();
      await new Promise((r) => setTimeout(r, 400)); // the grace period for a tasks/resubscribe is 150 ms here
      const after = (await call('tasks/get', { id: task.id })).body.result;
      expect(after.status.state).toBe('canceled');
      const ticks = after.artifacts?.[0]?.parts.length ?? 0;
      await new Promise((r) => setTimeout(r, 80));
      expect((await call('tasks/get', { id: task.id })).body.result.artifacts?.[0]?.parts.length ?? 0).toBe(ticks);
    });

    it('UnsupportedOperation (-32004) when the card does not stream', async () => {
      for (const method of ['message/stream', 'tasks/resubscribe']) {
        const res = await rpc(minimal.url, method, method === 'message/stream' ? { message: message('x') } : { id: 'x' });
        expect(res.body.error).toMatchObject({ code: -32004, data: { rule: 'streaming-capability' } });
      }
    });
  });

  describe('push notifications', () => {
    it('set, get, list, delete; the webhook receives the task with the client token', async () => {
      const hook = await webhookReceiver();
      const pushAgent = await startAgent(await fixtureProject(`full-v${version}`), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
      const pcall = (m: string, p: unknown) => rpc(pushAgent.url, m, p, auth);
      const asked = (await pcall('message/send', { message: message('ask') })).body.result;
      const set = await pcall('tasks/pushNotificationConfig/set', {
        taskId: asked.id,
        pushNotificationConfig: { url: hook.url, token: 'client-token', id: 'cfg-1' },
      });
      expect(set.body.result).toEqual({ taskId: asked.id, pushNotificationConfig: { url: hook.url, token: 'client-token', id: 'cfg-1' } });
      const got = await pcall('tasks/pushNotificationConfig/get', { id: asked.id, pushNotificationConfigId: 'cfg-1' });
      expect(got.body.result.pushNotificationConfig.id).toBe('cfg-1');
      expect((await pcall('tasks/pushNotificationConfig/list', { id: asked.id })).body.result).toHaveLength(1);
      await pcall('message/send', { message: message('answer', { taskId: asked.id }) });
      let delivery = await hook.next();
      while (delivery.body.status.state !== 'completed') delivery = await hook.next();
      expect(delivery.headers['x-a2a-notification-token']).toBe('client-token');
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.body).toMatchObject({ id: asked.id, kind: 'task', status: { state: 'completed' } });
      expect((await pcall('tasks/pushNotificationConfig/delete', { id: asked.id, pushNotificationConfigId: 'cfg-1' })).body.result).toBeNull();
      expect((await pcall('tasks/pushNotificationConfig/list', { id: asked.id })).body.result).toEqual([]);
    });

    it('a config in message/send notifies about that task', async () => {
      const hook = await webhookReceiver();
      const pushAgent = await startAgent(await fixtureProject(`full-v${version}`), { push: { allowPrivateTargets: ['127.0.0.0/8'] } });
      const configuration = { acceptedOutputModes: ['text/plain'], pushNotificationConfig: { url: hook.url, token: 't' } };
      const res = await rpc(pushAgent.url, 'message/send', { message: message('task'), configuration }, auth);
      expect(res.body.result.id).toEqual(expect.any(String));
      let delivery = await hook.next();
      while (delivery.body.status.state !== 'completed') delivery = await hook.next();
      expect(delivery.body.id).toBe(res.body.result.id);
    });

    it('refuses loopback, private, link-local and unique-local webhooks unless allow-listed (SSRF)', async () => {
      const asked = (await send(message('ask'))).result;
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://localhost:9/x',
        'http://10.1.2.3/x',
        'http://169.254.169.254/latest',
        'http://[::1]/x',
        'http://[fd00::1]/x',
        'http://[::ffff:127.0.0.1]/x',
        'http://0.0.0.0/x',
      ]) {
        const res = await call('tasks/pushNotificationConfig/set', { taskId: asked.id, pushNotificationConfig: { url } });
        expect(res.body.error, url).toMatchObject({ code: -32602, data: { path: '/pushNotificationConfig/url' } });
        expect(res.body.error.message).toMatch(/refused/);
      }
      const notUrl = await call('tasks/pushNotificationConfig/set', { taskId: asked.id, pushNotificationConfig: { url: 'ftp://example.com/x' } });
      expect(notUrl.body.error.data.rule).toBe('push-url-absolute');
    });

    it('PushNotificationNotSupported (-32003) when the card has no push notifications', async () => {
      const res = await rpc(minimal.url, 'tasks/pushNotificationConfig/set', { taskId: 'x', pushNotificationConfig: { url: 'https://example.com/' } });
      expect(res.body.error.code).toBe(-32003);
    });
  });

  describe('JSON-RPC errors', () => {
    it('-32700 for malformed JSON (id null)', async () => {
      const res = await post(agent.url, '{"jsonrpc": "2.0", "id": 1, "method": ', auth);
      expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) });
    });

    it('-32600 for invalid request objects', async () => {
      for (const body of [
        '[]',
        '"x"',
        '{"id":1,"method":"tasks/get"}',
        '{"jsonrpc":"2.0","method":"tasks/get","params":{"id":"x"}}',
        '{"jsonrpc":"2.0","id":1.5,"method":"tasks/get"}',
        '{"jsonrpc":"2.0","id":1,"method":7}',
      ]) {
        const res = await post(agent.url, body, auth);
        expect(res.body.error.code, body).toBe(-32600);
      }
    });

    it('a request without an id gets the most specific error under id null, and is never executed (docs/JSON-RPC.md)', async () => {
      const cases: [unknown, number][] = [
        [{ jsonrpc: '2.0', method: 'message/ssend', params: {} }, -32601],
        [{ jsonrpc: '2.0', method: 'message/send', params: { '': 'not_a_dict' } }, -32602],
        [{ jsonrpc: '2.0', method: 'tasks/get', params: { id: 'x', historyLength: -1 } }, -32602],
        [{ jsonrpc: '2.0', method: 'message/send', params: { message: message('not run') } }, -32600],
      ];
      for (const [body, code] of cases) {
        const res = await post(agent.url, JSON.stringify(body), auth);
        expect(res.body, JSON.stringify(body)).toEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code }) });
      }
      const batch = await post(agent.url, JSON.stringify([{ jsonrpc: '2.0', method: 'message/ssend', params: {} }]), auth);
      expect(batch.body).toEqual([{ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32601 }) }]);
    });

    it('an invalid request is -32602 whatever the store holds: params are checked before any lookup', async () => {
      const unknown = randomUUID();
      expect((await call('tasks/get', { id: unknown, historyLength: -1 })).body.error.code).toBe(-32602);
      const refused = await call('tasks/pushNotificationConfig/set', { taskId: unknown, pushNotificationConfig: { url: 'ftp://127.0.0.1/' } });
      expect(refused.body.error.code).toBe(-32602);
      expect((await call('tasks/get', { id: unknown })).body.error.code).toBe(-32001);
    });

    it('-32601 for an unknown method, echoing the id', async () => {
      const res = await call('tasks/frobnicate', {});
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number), error: { code: -32601 } });
    });

    it('-32602 with the validator findings in data', async () => {
      const res = await call('message/send', { message: { role: 'user' } });
      expect(res.body.error.code).toBe(-32602);
      expect(res.body.error.data.issues.length).toBeGreaterThan(0);
      expect(res.body.error.data.issues[0]).toEqual({ path: expect.any(String), message: expect.any(String), keyword: expect.any(String) });
      expect((await call('tasks/get', [1])).body.error.code).toBe(-32602);
      expect((await call('tasks/get')).body.error.code).toBe(-32602);
    });

    it('-32603 without a stack trace when the server itself fails', async () => {
      const broken = await startAgent(await fixtureProject(`full-v${version}`), {
        taskStore: {
          get: () => {
            throw new Error('db down at /srv/secret.js:12');
          },
          set: () => undefined,
          delete: () => undefined,
        },
      });
      const res = await rpc(broken.url, 'tasks/get', { id: 'x' }, auth);
      expect(res.body.error).toEqual({ code: -32603, message: 'Internal error' });
    });

    it('batches answer each call', async () => {
      const res = await post(
        agent.url,
        JSON.stringify([{ jsonrpc: '2.0', id: 'a', method: 'tasks/get', params: { id: 'x' } }, { jsonrpc: '2.0', id: 'b', method: 'nope' }, 5]),
        auth,
      );
      expect(res.body).toEqual([
        expect.objectContaining({ id: 'a', error: expect.objectContaining({ code: -32001 }) }),
        expect.objectContaining({ id: 'b', error: expect.objectContaining({ code: -32601 }) }),
        expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32600 }) }),
      ]);
    });
  });

  describe('limits and HTTP', () => {
    it('the body limit answers 413 naming the limit', async () => {
      const res = await call('message/send', { message: message('x'.repeat(70_000)) });
      expect(res.status).toBe(413);
      expect(res.body.error).toMatchObject({ code: -32600, data: { limit: 'bodyBytes', max: 65536 } });
    });

    it('the parts limit names the limit', async () => {
      const many = { ...message('x'), parts: Array.from({ length: 9 }, () => ({ kind: 'text', text: 'p' })) };
      expect((await send(many)).error).toMatchObject({ code: -32602, data: { limit: 'partsPerMessage', max: 8 } });
    });

    it('deep JSON is refused before parsing', async () => {
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      const res = await post(agent.url, deep, auth);
      expect(res.body.error).toMatchObject({ code: -32600, data: { limit: 'jsonDepth' } });
    });

    it('wrong content type is 415; GET on the endpoint is 405; unknown paths 404', async () => {
      const res = await fetch(agent.url, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
      expect(res.status).toBe(415);
      expect((await fetch(agent.url)).status).toBe(405);
      expect((await fetch(agent.origin + '/nope')).status).toBe(404);
    });

    it('CORS: preflight for an allowed origin, nothing for others, headers on responses and streams', async () => {
      const pre = await fetch(agent.url, {
        method: 'OPTIONS',
        headers: { origin: 'http://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('http://app.example');
      expect(pre.headers.get('access-control-allow-headers')).toBe('content-type, authorization');
      const other = await fetch(agent.url, { method: 'OPTIONS', headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const res = await rpc(agent.url, 'tasks/get', { id: 'x' }, { ...auth, origin: 'http://app.example' });
      expect(res.headers.get('access-control-allow-origin')).toBe('http://app.example');
      const stream = await openStream(agent.url, 'message/stream', { message: message('reply x') }, { ...auth, origin: 'http://app.example' });
      expect(stream.res.headers.get('access-control-allow-origin')).toBe('http://app.example');
      for await (const _ of stream.events());
    });
  });
});
