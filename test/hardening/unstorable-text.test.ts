// Text PostgreSQL cannot store — a NUL character (U+0000) or an unpaired UTF-16 surrogate
// ("\uD800") — against a v1.0 agent (compat v0.3.0) on a real PostgreSQL cluster. Such text used to
// be accepted, its write failed with 22P05 and was retried every ~2 s for ever on new connections
// while the client waited 5 s to hear "the store is unavailable"; a NUL in an id answered -32603.
// Now: a request carrying it anywhere is refused at once with -32602 naming its place (HTTP+JSON:
// 400), an id or filter holding it is invalid params, an agent that produces it fails its task
// saying why, and a write PostgreSQL refuses as data (SQLSTATE class 22) is never retried — with
// no growth in the cluster's connections.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { post, rpc, textMessage } from '../helpers/http.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { pgAgentProjectV1, startReplica, type Replica } from '../helpers/replicas.js';

const V1 = { 'a2a-version': '1.0' };
const message = (parts: unknown[], extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts, ...extra });

let cluster: PgCluster;
let dbUrl: string;
let project: AgentProject;
let agent: Replica;
let db: pg.Client;

beforeAll(async () => {
  cluster = await startCluster();
  dbUrl = await cluster.createDatabase('unstorable');
  project = await pgAgentProjectV1();
  agent = await startReplica(project, 'agent', dbUrl);
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await agent?.stop();
  await cluster?.remove();
});

/** Connections to the cluster other than this test's own. */
const backends = async (): Promise<number> =>
  Number((await db.query(`SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`)).rows[0].count);
const taskRows = async (): Promise<number> => Number((await db.query('SELECT count(*) FROM a2a_tasks')).rows[0].count);
const retries = (): number => agent.stderr().split('retrying until the database answers').length - 1;

describe('text no task store can keep, on PostgreSQL', () => {
  const cases: [string, unknown, string][] = [
    ['a NUL in a text part', { message: message([{ text: 'a\u0000b' }]) }, '/message/parts/0/text'],
    ['a lone surrogate in a text part', { message: message([{ text: 'a\uD800b' }]) }, '/message/parts/0/text'],
    ['a NUL in a metadata key', { message: message([{ text: 'ok' }], { metadata: { 'k\u0000ey': 1 } }) }, '/message/metadata/k\\u0000ey'],
    [
      'a lone low surrogate in a metadata value',
      { message: message([{ text: 'ok' }], { metadata: { deep: [{ v: 'x\uDC00' }] } }) },
      '/message/metadata/deep/0/v',
    ],
    ['a NUL deep in a data part', { message: message([{ data: { list: [1, { s: '\u0000' }] } }]) }, '/message/parts/0/data/list/1/s'],
    ['a NUL in a file name', { message: message([{ url: 'https://example.com/f', filename: 'f\u0000.txt' }]) }, '/message/parts/0/filename'],
    ['a NUL in the request metadata', { message: message([{ text: 'ok' }]), metadata: { note: '\u0000' } }, '/metadata/note'],
  ];

  it.each(cases)('%s is refused at once with -32602 naming its place; nothing is stored or retried', async (_, params, path) => {
    const [rowsBefore, retriesBefore] = [await taskRows(), retries()];
    const started = performance.now();
    const { body } = await rpc(agent.url, 'SendMessage', params, V1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(body.error).toMatchObject({ code: -32602 });
    expect(body.error.message).toContain(`(at ${path})`);
    expect(body.error.message).toMatch(/no task store can keep/);
    expect(await taskRows()).toBe(rowsBefore);
    expect(retries()).toBe(retriesBefore);
  });

  it('the same through the v0.3 side and over HTTP+JSON (400)', async () => {
    const v03 = await rpc(agent.url, 'message/send', { message: textMessage('nul \u0000 here') });
    expect(v03.body.error).toMatchObject({ code: -32602 });
    expect(v03.body.error.message).toContain('/message/parts/0/text');
    const rest = await post(`${agent.url.replace(/\/$/, '')}/rest/message:send`, JSON.stringify({ message: message([{ text: '\uD800' }]) }), V1);
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain('/message/parts/0/text');
  });

  it('a NUL in an id or a filter is invalid params (400 over HTTP+JSON), never "unavailable"', async () => {
    const get = await rpc(agent.url, 'GetTask', { id: 'x\u0000y' }, V1);
    expect(get.body.error).toMatchObject({ code: -32602 });
    expect(get.body.error.message).toContain('(at /id)');
    const list = await rpc(agent.url, 'ListTasks', { contextId: '\u0000' }, V1);
    expect(list.body.error).toMatchObject({ code: -32602 });
    const v03 = await rpc(agent.url, 'tasks/get', { id: '\u0000' });
    expect(v03.body.error).toMatchObject({ code: -32602 });
    const res = await fetch(`${agent.url.replace(/\/$/, '')}/rest/tasks/a%00b`, { headers: V1 });
    expect(res.status).toBe(400);
    await res.body?.cancel();
  });

  it('an agent whose executor produces such text: the event is refused and the task fails saying why, stored as failed', async () => {
    const retriesBefore = retries();
    const { body } = await rpc(agent.url, 'SendMessage', { message: message([{ text: 'unstorable' }]) }, V1);
    const task = body.result.task;
    expect(task.status.state).toBe('TASK_STATE_FAILED');
    expect(task.status.message.parts[0].text).toMatch(
      /produced an artifact holding a NUL character \(U\+0000\) in its text at \/artifact\/parts\/0\/text, which no task store can keep/,
    );
    const stored = await db.query('SELECT state FROM a2a_tasks WHERE id = $1', [task.id]);
    expect(stored.rows[0].state).toBe('TASK_STATE_FAILED');
    expect(retries()).toBe(retriesBefore);
  });

  it('a flood of 40 such 900 KB messages is refused without growth in connections or stored rows', async () => {
    const [before, rowsBefore] = [await backends(), await taskRows()];
    const big = 'x'.repeat(900_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => rpc(agent.url, 'SendMessage', { message: message([{ text: `${big}\u0000${i}` }]) }, V1)),
    );
    for (const { body } of answers) expect(body.error).toMatchObject({ code: -32602 });
    await new Promise((r) => setTimeout(r, 2500)); // a retry loop would have opened connections by now
    expect(await backends()).toBeLessThanOrEqual(before + 1);
    expect(await taskRows()).toBe(rowsBefore);
    expect(agent.alive()).toBe(true);
  });
});

describe('a write PostgreSQL refuses as data (the store used directly, past the checks)', () => {
  it('fails at once for that task only, is never retried, and opens no new connections', async () => {
    const { connectPostgres } = await import(join(project.dir, 'dist', 'a2a', 'postgres', 'postgres.js'));
    const logged: string[] = [];
    const stores = await connectPostgres({ url: dbUrl, log: (_: string, text: string) => logged.push(text) });
    try {
      const task = (id: string, text: string) => ({
        id,
        contextId: 'c',
        status: { state: 'TASK_STATE_COMPLETED', timestamp: new Date().toISOString() },
        history: [{ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] }],
      });
      const [bad, good] = [randomUUID(), randomUUID()];
      // One turn of the event loop: both go in one batch statement, which PostgreSQL refuses whole.
      stores.taskStore.set(task(bad, 'nul \u0000'));
      stores.taskStore.set(task(good, 'fine'));
      const started = performance.now();
      const [badOutcome, goodOutcome] = await Promise.allSettled([stores.taskStore.whenStored(bad), stores.taskStore.whenStored(good)]);
      expect(performance.now() - started).toBeLessThan(1500);
      expect(goodOutcome.status).toBe('fulfilled');
      expect(badOutcome.status).toBe('rejected');
      const error = (badOutcome as PromiseRejectedResult).reason;
      expect(error.code).toBe(-32603);
      expect(error.message).toMatch(/refused a change of task .*\(22P05: data it cannot store\); it was not stored and will not be retried/);
      expect(error.message).not.toMatch(/unavailable/);
      const connections = await backends();
      await new Promise((r) => setTimeout(r, 2500));
      // (A retry loop opened a connection per attempt, every ~2 s; the pool may open one or two of its own.)
      expect(await backends()).toBeLessThanOrEqual(connections + 2);
      expect(logged.filter((l) => /retrying/.test(l))).toEqual([]);
      expect((await db.query('SELECT id FROM a2a_tasks WHERE id = ANY($1)', [[bad, good]])).rows.map((r) => r.id)).toEqual([good]);
      // A running task whose next change is refused: stopped, and its stored version failed saying why.
      const running = randomUUID();
      const working = { ...task(running, 'fine'), status: { state: 'TASK_STATE_WORKING', timestamp: new Date().toISOString() } };
      stores.taskStore.set(working, undefined, { event: working, final: false });
      await stores.taskStore.whenStored(running);
      const lost: string[] = [];
      stores.taskStore.onLost((id: string, reason?: string) => lost.push(`${id}: ${reason}`));
      working.history.push({ messageId: randomUUID(), role: 'ROLE_AGENT', parts: [{ text: 'nul \u0000' }] });
      stores.taskStore.set(working, undefined, { event: working, final: false });
      await expect(stores.taskStore.whenStored(running)).rejects.toThrow(/will not be retried/);
      expect(lost).toEqual([`${running}: A change of this task could not be stored: the database refused its data (22P05), so its work was stopped.`]);
      let stored: { state: string; doc: any } | undefined;
      for (let i = 0; i < 50 && stored?.state !== 'TASK_STATE_FAILED'; i++) {
        stored = (await db.query('SELECT state, doc FROM a2a_tasks WHERE id = $1', [running])).rows[0];
        if (stored?.state !== 'TASK_STATE_FAILED') await new Promise((r) => setTimeout(r, 50));
      }
      expect(stored?.state).toBe('TASK_STATE_FAILED');
      expect(JSON.stringify(stored?.doc.status)).toMatch(/could not be stored: the database refused its data/);
      // Reading an id no row can have is "not found", and does not fail the reads batched with it.
      const [none, found] = await Promise.all([stores.taskStore.get('x\u0000'), stores.taskStore.get(good)]);
      expect(none).toBeUndefined();
      expect(found.id).toBe(good);
    } finally {
      await stores.eventBus.close();
      await stores.taskStore.close();
    }
  });
});
