// Task ownership on agents that authenticate their callers, for every version with auth
// (v0.1.0, v0.2.5, v0.3.0). A task belongs to the principal that created it: another principal
// (bob) who knows its id gets from every method that names a task — get, cancel, continuing it
// (send and stream), resubscribe, every push-config method of the version — exactly the answer
// an id that never existed gets (whether the task waits for input, runs or has finished), and
// nothing he tries changes the task, while its owner (alice) can still do all of it. The owner
// stays when the executor publishes a whole Task on a later turn. A custom `taskOwner` (a tenant
// claim) shares tasks within a tenant; an agent without auth keeps its tasks open to anyone who
// has the id.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { openStream, post, streamAll, textMessage, type RpcResponse } from '../helpers/http.js';
import { fixtureProject, startAgent, webhookReceiver, type RunningAgent } from '../helpers/server.js';
import { openGate, scriptHandler } from '../helpers/script-executor.js';

const TOKENS = { alice: 'alice-secret-0000', bob: 'bob-secret-000000', carol: 'carol-secret-0000' };
type Who = keyof typeof TOKENS;
/** By token index. alice and carol share a tenant; the default owner key is the subject. */
const PRINCIPALS = [
  { subject: 'alice', tenant: 'acme' },
  { subject: 'bob', tenant: 'globex' },
  { subject: 'carol', tenant: 'acme' },
];
const as = (who: Who): Record<string, string> => ({ authorization: `Bearer ${TOKENS[who]}` });

/** Starts a fixture agent whose bearer tokens are alice's, bob's and carol's; loopback webhooks allowed. */
async function startWithUsers(project: AgentProject, extra: Record<string, unknown> = {}): Promise<RunningAgent> {
  const { acceptSecrets } = await project.load<any>('a2a/server/index.js');
  const verify = acceptSecrets(Object.values(TOKENS), (i: number) => PRINCIPALS[i]);
  // v0.2.5 and v0.3.0 declare the schemes `bearer` and `key`, v0.1.0 `Bearer`.
  return startAgent(project, {
    auth: { bearer: verify, key: verify, Bearer: verify },
    push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [] },
    ...extra,
  });
}

interface Attempt {
  name: string;
  method: string;
  params: Record<string, unknown>;
  /** Asked for as SSE (the error of a stream that never starts comes as one error event). */
  stream?: boolean;
}

/** The version's method names by role, and how to build its params (read off the generated protocol). */
async function dialectOf(project: AgentProject) {
  const { protocol } = await project.load<any>('a2a/protocol.js');
  const method: Record<string, string> = {};
  for (const [name, m] of Object.entries<{ role: string }>(protocol.methods)) method[m.role] = name;
  const legacy: boolean = protocol.features.clientTaskIds;
  const taskField: string = protocol.features.pushConfigTaskIdField;
  return {
    method,
    legacy,
    /** Params that send `text`, to task `id` when given (v0.1.0: the client names every task). */
    send: (text: string, id?: string, messageId: string = randomUUID()) =>
      legacy
        ? { id: id ?? randomUUID(), message: { role: 'user', parts: [{ type: 'text', text }] } }
        : { message: textMessage(text, { messageId, ...(id ? { taskId: id } : {}) }) },
    pushConfig: (id: string, url: string, configId: string) => ({
      [taskField]: id,
      pushNotificationConfig: legacy ? { url, token: configId } : { id: configId, url },
    }),
    /** Every request another principal could make about task `id`: each role that names a task. */
    attempts(id: string, hookUrl: string): Attempt[] {
      const all: (Attempt | false)[] = [
        { name: 'get', method: method.get, params: { id } },
        { name: 'cancel', method: method.cancel, params: { id } },
        { name: 'continue', method: method.send, params: this.send('bob was here', id, 'bob-message') },
        { name: 'continue, streaming', method: method.stream, params: this.send('bob was here', id, 'bob-message'), stream: true },
        { name: 'resubscribe', method: method.resubscribe, params: { id }, stream: true },
        { name: 'push config set', method: method.pushSet, params: this.pushConfig(id, hookUrl, 'bob-hook') },
        { name: 'push config get', method: method.pushGet, params: { id } },
        method.pushList !== undefined && { name: 'push config list', method: method.pushList, params: { id } },
        method.pushDelete !== undefined && { name: 'push config delete', method: method.pushDelete, params: { id, pushNotificationConfigId: 'alice-hook' } },
      ];
      return all.filter((a): a is Attempt => a !== false);
    },
  };
}
type Dialect = Awaited<ReturnType<typeof dialectOf>>;

/** One call with a fixed JSON-RPC id, so that two answers can be compared whole. */
async function ask(agent: RunningAgent, who: Who, attempt: Attempt): Promise<RpcResponse> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: attempt.method, params: attempt.params });
  return post(agent.url, body, { ...as(who), ...(attempt.stream ? { accept: 'text/event-stream' } : {}) });
}

/** An answer as a client sees it (status, headers but the date, body) with `taskId` written as `<id>`. */
function seen(res: RpcResponse, taskId: string): unknown {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  return JSON.parse(JSON.stringify({ status: res.status, headers, body: res.body }).replaceAll(taskId, '<id>'));
}

/** The JSON-RPC error of an answer, a plain one or the one event of an SSE stream. */
function errorOf(res: RpcResponse): { code?: number } | undefined {
  if (res.body?.raw === undefined) return res.body?.error;
  const data = (res.body.raw as string).split('\n').find((line) => line.startsWith('data:'));
  return data ? JSON.parse(data.slice(5)).error : undefined;
}

/** A task of `who` that stays open: the script skill asks for input. */
async function openTask(agent: RunningAgent, d: Dialect, who: Who): Promise<string> {
  const res = await ask(agent, who, { name: 'create', method: d.method.send, params: d.send('ask') });
  expect(res.body.result?.status?.state, JSON.stringify(res.body)).toBe('input-required');
  return res.body.result.id;
}

/** What alice knows of her task: the task with its history, and its push configs. */
async function aliceView(agent: RunningAgent, d: Dialect, id: string) {
  const task = await ask(agent, 'alice', { name: 'get', method: d.method.get, params: { id, historyLength: 50 } });
  const configs = await ask(
    agent,
    'alice',
    d.method.pushList ? { name: 'list', method: d.method.pushList, params: { id } } : { name: 'get', method: d.method.pushGet, params: { id } },
  );
  return { task: task.body, configs: configs.body };
}

describe.each(['0.1.0', '0.2.5', '0.3.0'])('A2A v%s with auth', (version) => {
  let agent: RunningAgent;
  let d: Dialect;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    const project = await fixtureProject(`full-v${version}`);
    d = await dialectOf(project);
    agent = await startWithUsers(project);
    hook = await webhookReceiver();
  });

  /** An open task of alice's with a push config of hers on it. */
  async function alicesTask(): Promise<string> {
    const id = await openTask(agent, d, 'alice');
    const set = await ask(agent, 'alice', { name: 'set', method: d.method.pushSet, params: d.pushConfig(id, hook.url, 'alice-hook') });
    expect(set.body.result, JSON.stringify(set.body)).toBeDefined();
    return id;
  }

  /** Bob's every attempt on task `id` against the same attempt on an id that never existed. */
  async function expectBobSeesNothing(id: string): Promise<void> {
    const unknown = randomUUID();
    const attempts = d.attempts(id, hook.url);
    const reference = d.attempts(unknown, hook.url);
    for (const [i, attempt] of attempts.entries()) {
      const bob = await ask(agent, 'bob', attempt);
      expect(errorOf(bob), `${attempt.name}: ${JSON.stringify(bob.body)}`).toMatchObject({ code: -32001 });
      // v0.1.0 creates a task under any id a client names: an unknown id is no refusal to compare
      // with there. Its continue (streaming or not: an error before a stream is a plain answer)
      // is compared with the not-found answer of get instead: the same TaskNotFound, the same data, no hint.
      const other = d.legacy && attempt.name.startsWith('continue') ? reference.find((r) => r.name === 'get')! : reference[i];
      const never = await ask(agent, 'bob', other);
      expect(seen(bob, id), attempt.name).toEqual(seen(never, unknown));
    }
    // Batches go the same way.
    const batch = (taskId: string) =>
      post(
        agent.url,
        JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: d.method.get, params: { id: taskId } },
          { jsonrpc: '2.0', id: 2, method: d.method.cancel, params: { id: taskId } },
        ]),
        as('bob'),
      );
    expect(seen(await batch(id), id)).toEqual(seen(await batch(unknown), unknown));
  }

  it('bob gets, on every method that names alice’s open task, the very answer of an id that never existed', async () => {
    expect(d.attempts('x', hook.url).map((a) => a.name)).toEqual(
      ['get', 'cancel', 'continue', 'continue, streaming', 'resubscribe', 'push config set', 'push config get'].concat(
        d.legacy ? [] : ['push config list', 'push config delete'],
      ),
    );
    await expectBobSeesNothing(await alicesTask());
  });

  it('the same while alice’s task is running (her stream still open, unharmed) and once it has finished', { timeout: 20_000 }, async () => {
    const stream = await openStream(agent.url, d.method.stream, d.send('gated 2'), as('alice'));
    const events = stream.events();
    const running = (await events.next()).value!.data.result.id as string;
    await expectBobSeesNothing(running);
    openGate();
    const rest = [];
    for await (const event of events) rest.push(event);
    expect(rest.at(-1)!.data.result).toMatchObject({ status: { state: 'completed' } });

    const finished = await ask(agent, 'alice', { name: 'send', method: d.method.send, params: d.send('task') });
    expect(finished.body.result.status.state).toBe('completed');
    await expectBobSeesNothing(finished.body.result.id);
  });

  it('nothing bob tries changes alice’s task, and alice can still use every method on it', async () => {
    const id = await alicesTask();
    const before = await aliceView(agent, d, id);
    expect(before.task.result.status.state).toBe('input-required');
    for (const attempt of d.attempts(id, hook.url)) await ask(agent, 'bob', attempt);
    // Not canceled, not continued, bob's config not added, alice's not deleted.
    expect(await aliceView(agent, d, id)).toEqual(before);

    const call = (name: string, params: Record<string, unknown>) => ask(agent, 'alice', { name, method: d.method[name], params });
    expect((await call('get', { id })).body.result).toMatchObject({ id, status: { state: 'input-required' } });
    expect((await call('pushGet', { id })).body.result).toMatchObject({ pushNotificationConfig: { url: hook.url } });
    const resubscribed = await streamAll(agent.url, d.method.resubscribe, { id }, as('alice'));
    expect(resubscribed.events.map((e) => e.data.error)).toEqual([undefined]);
    expect(resubscribed.events[0].data.result).toMatchObject({ id, status: { state: 'input-required' } });
    if (d.method.pushList) {
      expect((await call('pushList', { id })).body.result).toEqual([
        expect.objectContaining({ pushNotificationConfig: expect.objectContaining({ id: 'alice-hook' }) }),
      ]);
      expect((await call('pushDelete', { id, pushNotificationConfigId: 'alice-hook' })).body).toMatchObject({ result: null });
      expect((await call('pushList', { id })).body.result).toEqual([]);
    }
    expect((await call('pushSet', d.pushConfig(id, hook.url, 'alice-again'))).body.result).toBeDefined();

    // Continuing (send, stream) and canceling end a task: each on a task of its own, bob first.
    const continued = await call('send', d.send('green', id));
    expect(continued.body.result).toMatchObject({ id, status: { state: 'completed' } });
    const streamed = await openTask(agent, d, 'alice');
    expect(errorOf(await ask(agent, 'bob', { name: 'stream', method: d.method.stream, params: d.send('bob was here', streamed), stream: true }))).toMatchObject(
      { code: -32001 },
    );
    const { events } = await streamAll(agent.url, d.method.stream, d.send('blue', streamed), as('alice'));
    expect(events.at(-1)!.data.result).toMatchObject({ status: { state: 'completed' } });
    const canceled = await openTask(agent, d, 'alice');
    expect(errorOf(await ask(agent, 'bob', { name: 'cancel', method: d.method.cancel, params: { id: canceled } }))).toMatchObject({ code: -32001 });
    expect((await call('cancel', { id: canceled })).body.result).toMatchObject({ id: canceled, status: { state: 'canceled' } });
  });

  it('a task stays alice’s when her executor publishes a whole Task on a later turn', async () => {
    const project = await fixtureProject(`full-v${version}`);
    const script = scriptHandler(await project.load<any>('a2a/errors.js'));
    const republishing = await startWithUsers(project, {
      skills: {
        // On the second turn the handler publishes the task it was given, with a new status.
        script: (context: any, events: any) =>
          context.task && context.text === 'republish' ? events.publish({ ...context.task, status: { state: 'completed' } }) : script(context, events),
      },
    });
    const id = await openTask(republishing, d, 'alice');
    const turn = await ask(republishing, 'alice', { name: 'send', method: d.method.send, params: d.send('republish', id) });
    expect(turn.body.result, JSON.stringify(turn.body)).toMatchObject({ id, status: { state: 'completed' } });
    const get = (taskId: string) => ask(republishing, 'bob', { name: 'get', method: d.method.get, params: { id: taskId } });
    const unknown = randomUUID();
    expect(seen(await get(id), id)).toEqual(seen(await get(unknown), unknown));
  });

  it('a custom taskOwner (the tenant) lets carol, of alice’s tenant, see alice’s task; bob still sees nothing', async () => {
    // The default key is the subject: carol is a stranger to alice's task there.
    const own = await openTask(agent, d, 'alice');
    expect(errorOf(await ask(agent, 'carol', { name: 'get', method: d.method.get, params: { id: own } }))).toMatchObject({ code: -32001 });

    const tenants = await startWithUsers(await fixtureProject(`full-v${version}`), {
      taskOwner: (principal: { tenant?: string }) => `tenant:${principal.tenant}`,
    });
    const id = await openTask(tenants, d, 'alice');
    const get = { name: 'get', method: d.method.get, params: { id } };
    expect((await ask(tenants, 'carol', get)).body.result).toMatchObject({ id, status: { state: 'input-required' } });
    expect(errorOf(await ask(tenants, 'bob', get))).toMatchObject({ code: -32001 });
    const continued = await ask(tenants, 'carol', { name: 'send', method: d.method.send, params: d.send('from carol', id) });
    expect(continued.body.result).toMatchObject({ id, status: { state: 'completed' } });
    expect((await ask(tenants, 'alice', get)).body.result.status.state).toBe('completed');
  });
});

describe('an agent without auth (open-v0.2.5)', () => {
  it('keeps its tasks open to anyone with the id, credentials or not, even with verifiers and a taskOwner given', async () => {
    const project = await fixtureProject('open-v0.2.5');
    const d = await dialectOf(project);
    const hook = await webhookReceiver();
    const agent = await startWithUsers(project, { taskOwner: (principal: { subject?: string }) => principal.subject });
    const id = await openTask(agent, d, 'alice');
    for (const headers of [as('bob'), {}]) {
      const call = (name: string, params: Record<string, unknown>) =>
        post(agent.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: d.method[name], params }), headers);
      expect((await call('get', { id })).body.result).toMatchObject({ id, status: { state: 'input-required' } });
      expect((await call('pushSet', d.pushConfig(id, hook.url, 'hook'))).body.result).toBeDefined();
      expect((await call('pushList', { id })).body.result).toHaveLength(1);
      expect((await call('pushDelete', { id, pushNotificationConfigId: 'hook' })).body).toMatchObject({ result: null });
      const { events } = await streamAll(agent.url, d.method.resubscribe, { id }, headers);
      expect(events[0].data.result).toMatchObject({ id });
    }
    expect(
      (await post(agent.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: d.send('from bob', id) }), as('bob'))).body.result,
    ).toMatchObject({
      id,
      status: { state: 'completed' },
    });
    const other = await openTask(agent, d, 'alice');
    expect((await post(agent.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/cancel', params: { id: other } }), {})).body.result).toMatchObject({
      status: { state: 'canceled' },
    });
  });
});
