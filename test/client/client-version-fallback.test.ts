// The generated v1.0 client falls back to an A2A v0.3.0 interface only when told to (spec v1.0
// §3.6.3): `versions: ['1.0', '0.3']` in a project generated with `compat: [0.3.0]`. Driven against
// a generated v0.3.0 agent (which knows nothing of v1.0) over both bindings: the typed API stays
// v1.0 — `{task}` results, StreamResponse members, TASK_STATE_* — while the wire is v0.3.0.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGate } from '../helpers/script-executor.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

type Any = any;
const AUTH = { authorization: `Bearer ${TOKEN}` };
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });

describe('generated v1.0 client → an A2A v0.3.0 agent', () => {
  let v03: RunningAgent;
  let lib: Any;
  let errors: Any;

  beforeAll(async () => {
    v03 = await startAgent(await fixtureProject('full-v0.3.0'));
    const project = await fixtureProject('compat-v1.0');
    lib = await project.load('a2a/client/index.js');
    errors = await project.load('a2a/errors.js');
  });
  afterAll(async () => {
    await v03?.close();
  });

  it('does not fall back unless told: the v0.3.0 card is no v1.0 card', async () => {
    await expect(lib.A2AClient.fromCardUrl(v03.origin, { headers: AUTH })).rejects.toThrow(/does not match the A2A v1\.0\.1 AgentCard schema/);
  });

  it('a project without the translation cannot speak 0.3, even when told', async () => {
    const plain = await (await fixtureProject('full-v1.0')).load<Any>('a2a/client/index.js');
    await expect(plain.A2AClient.fromCardUrl(v03.origin, { versions: ['1.0', '0.3'] })).rejects.toThrow(/AgentCard schema/);
    expect(() => new plain.A2AClient({ url: v03.url, version: '0.3' })).toThrow(/speaks A2A 1\.0, not 0\.3/);
  });

  describe.each(['JSONRPC', 'HTTP+JSON'] as const)('told to accept 0.3, over %s', (binding) => {
    let client: Any;
    const seen: string[] = [];

    beforeAll(async () => {
      const watched = (input: Any, init: Any) => (
        seen.push(`${new Headers(init?.headers).get('a2a-version') ?? 'none'} ${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`),
        fetch(input, init)
      );
      client = await lib.A2AClient.fromCardUrl(v03.origin, { versions: ['1.0', '0.3'], binding, headers: AUTH, fetch: watched, validateResponses: true });
    });

    it('reads the v0.3.0 card as v1.0 and picks its 0.3 interface', () => {
      expect(client.transport.options).toMatchObject({ binding, version: '0.3', url: binding === 'JSONRPC' ? v03.url : `${v03.origin}/a2a/rest` });
      expect(client.card.supportedInterfaces[0]).toMatchObject({ protocolBinding: 'JSONRPC', protocolVersion: '0.3.0' });
    });

    it('SendMessage: v1.0 results from v0.3.0 wire (A2A-Version: 0.3, v0.3 routes)', async () => {
      const { task } = await client.sendMessage({ message: message('task') });
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task.artifacts[0].parts).toEqual([{ text: 'result text' }]);
      expect(seen.at(-1)).toBe(binding === 'JSONRPC' ? '0.3 POST /a2a' : '0.3 POST /a2a/rest/v1/message:send');
      const reply = await client.sendMessage({ message: message('reply hi') });
      expect(reply.message).toMatchObject({ role: 'ROLE_AGENT', parts: [{ text: 'hi' }] });
    });

    it('SendStreamingMessage: StreamResponse members, the stream ends at the final event', async () => {
      const members: string[] = [];
      let last: Any;
      for await (const event of client.sendMessageStream({ message: message('chunks 2') })) {
        members.push(Object.keys(event)[0]);
        last = event;
      }
      expect(members).toEqual(['task', 'artifactUpdate', 'artifactUpdate', 'statusUpdate']);
      expect(last.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    });

    it('GetTask, CancelTask, SubscribeToTask, and typed errors with v1.0 details', async () => {
      const { task } = await client.sendMessage({ message: message('task') });
      expect((await client.getTask({ id: task.id })).id).toBe(task.id);
      const gated = (await client.sendMessage({ message: message('gated 1'), configuration: { returnImmediately: true } })).task;
      const events: Any[] = [];
      for await (const event of client.resubscribeTask({ id: gated.id })) {
        events.push(event);
        if (events.length === 1) openGate();
      }
      expect(events[0].task.id).toBe(gated.id);
      expect(events.at(-1).statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
      const slow = (await client.sendMessage({ message: message('slow'), configuration: { returnImmediately: true } })).task;
      expect((await client.cancelTask({ id: slow.id })).status.state).toBe('TASK_STATE_CANCELED');
      const failure = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(errors.TaskNotFoundError);
      expect(failure.data[0]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' });
    });

    it('a v1.0 method v0.3.0 lacks fails before anything is sent', async () => {
      const before = seen.length;
      await expect(client.listTasks({})).rejects.toThrow(/ListTasks cannot be sent to an A2A 0\.3 interface/);
      expect(seen.length).toBe(before);
    });
  });
});

describe('generated v1.0 client told to accept 0.3 → an agent that serves 1.0 too', () => {
  it('prefers 1.0: the newest version the card offers wins', async () => {
    const agent = await startAgent(await fixtureProject('compat-v1.0'));
    try {
      const lib = await (await fixtureProject('compat-v1.0')).load<Any>('a2a/client/index.js');
      const client = await lib.A2AClient.fromCardUrl(agent.origin, { versions: ['1.0', '0.3'] });
      expect(client.transport.options).toMatchObject({ binding: 'JSONRPC', version: '1.0' });
      const oldFirst = await lib.A2AClient.fromCardUrl(agent.origin, { versions: ['0.3', '1.0'] });
      expect(oldFirst.transport.options).toMatchObject({ version: '0.3' });
      expect((await oldFirst.sendMessage({ message: message('task') })).task.status.state).toBe('TASK_STATE_COMPLETED');
    } finally {
      await agent.close();
    }
  });
});
