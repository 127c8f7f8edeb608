// What each failure does to replicas sharing PostgreSQL (docs/REPLICAS.md), on a real cluster:
// a replica SIGKILLed mid-task, a follower's replica killed, the database killed mid-write and
// started again, a replica frozen past its lease, commits the database lost, and an agent started
// without a usable database.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { openStream, rpc, textMessage, type SseEvent } from '../helpers/http.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { pgAgentProject, startReplica, type Replica } from '../helpers/replicas.js';

let cluster: PgCluster;
let dbUrl: string;
let project: AgentProject;
const started: Replica[] = [];
const LEASE_MS = 3000;
const HEARTBEAT_MS = 300;

const replica = async (name: string): Promise<Replica> => {
  const r = await startReplica(project, name, dbUrl, { leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS });
  started.push(r);
  return r;
};

beforeAll(async () => {
  cluster = await startCluster();
  dbUrl = await cluster.createDatabase('failures');
  project = await pgAgentProject();
});

afterAll(async () => {
  await Promise.all(started.map((r) => r.kill()));
  await cluster?.remove();
});

const chunks = (results: any[]): string[] => results.filter((r) => r?.kind === 'artifact-update').map((r) => r.artifact.parts[0].text);
const range = (n: number): string[] => Array.from({ length: n }, (_, i) => String(i));
const until = async (what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function collect(stream: { events(): AsyncGenerator<SseEvent> }, into: any[]): Promise<void> {
  try {
    for await (const e of stream.events()) into.push(e.data);
  } catch {
    // The replica serving it died: the connection broke.
  }
}

/** Each task's events as stored: seqs 1..n, and the task's version is the last one. */
async function storedEventsAreWhole(taskIds: string[]): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; version: string; seqs: string[] }>(
      `SELECT t.id, t.version, array_agg(e.seq ORDER BY e.seq) AS seqs FROM a2a_tasks t JOIN a2a_events e ON e.task_id = t.id WHERE t.id = ANY($1) GROUP BY t.id, t.version`,
      [taskIds],
    );
    expect(rows).toHaveLength(taskIds.length);
    for (const row of rows) {
      expect(row.seqs.map(Number)).toEqual(Array.from({ length: row.seqs.length }, (_, i) => i + 1));
      expect(Number(row.version)).toBe(row.seqs.length);
    }
  } finally {
    await db.end();
  }
}

describe('failures with replicas on PostgreSQL', () => {
  it('a replica SIGKILLed mid-task: within the lease its task fails with a message saying why, and a follower elsewhere gets that as the final event', async () => {
    const [doomed, follower, reader] = await Promise.all([replica('doomed'), replica('follower'), replica('reader')]);
    const stream = await openStream(doomed.url, 'message/stream', { message: textMessage('ticks 1000 100') });
    const iter = stream.events();
    const taskId = (await iter.next()).value!.data.result.id;
    await iter.next();
    const followed: any[] = [];
    const following = collect(await openStream(follower.url, 'tasks/resubscribe', { id: taskId }), followed);
    await until('the follower to see a chunk', async () => chunks(followed.map((e) => e.result)).length > 0);
    const killedAt = Date.now();
    await doomed.kill();
    await following;
    const elapsed = Date.now() - killedAt;
    const last = followed.at(-1).result;
    expect(last).toMatchObject({ kind: 'status-update', final: true, status: { state: 'failed' } });
    expect(last.status.message.parts[0].text).toMatch(/replica running this task stopped/);
    // Declared dead after the lease, swept on the next heartbeat: well within lease + a few beats.
    expect(elapsed).toBeGreaterThanOrEqual(LEASE_MS - 1000);
    expect(elapsed).toBeLessThan(LEASE_MS + 10 * HEARTBEAT_MS + 3000);
    const got = await rpc(reader.url, 'tasks/get', { id: taskId });
    expect(got.body.result.status.state).toBe('failed');
    // What the follower saw is in order, without a repeat.
    const seen = chunks(followed.map((e) => e.result));
    expect(seen).toEqual(seen.map((_, i) => String(Number(seen[0]) + i)));
    await storedEventsAreWhole([taskId]);
  });

  it('a subscriber whose replica dies resubscribes through another one and misses no stored event', async () => {
    const [runner, first, second] = await Promise.all([replica('runner'), replica('first'), replica('second')]);
    const own: any[] = [];
    const owning = collect(await openStream(runner.url, 'message/stream', { message: textMessage('ticks 15 80') }), own);
    await until('the task to exist', async () => own.length > 0);
    const taskId = own[0].result.id;
    const before: any[] = [];
    void collect(await openStream(first.url, 'tasks/resubscribe', { id: taskId }), before);
    await until('a few chunks on the first follower', async () => chunks(before.map((e) => e.result)).length >= 3);
    await first.kill();
    const after: any[] = [];
    await collect(await openStream(second.url, 'tasks/resubscribe', { id: taskId }), after);
    await owning;
    const results = after.map((e) => e.result);
    const snapshot = results[0];
    const held = (snapshot.artifacts?.[0]?.parts ?? []).map((p: { text: string }) => p.text);
    // The snapshot holds everything stored so far; the events after it, the rest, once each.
    expect([...held, ...chunks(results)]).toEqual(range(15));
    expect(held.length).toBeGreaterThanOrEqual(chunks(before.map((e) => e.result)).length);
    expect(results.at(-1)).toMatchObject({ final: true, status: { state: 'completed' } });
  });

  it("the stream's own client hangs up on the runner while another replica follows: the work is not abandoned, the follower gets it to the end", async () => {
    const runner = await startReplica(project, 'impatient', dbUrl, { leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS, abandonGraceMs: 200 });
    started.push(runner);
    const watcher = await replica('watcher');
    const controller = new AbortController();
    const stream = await openStream(runner.url, 'message/stream', { message: textMessage('ticks 12 60') }, {}, controller.signal);
    const iter = stream.events();
    const taskId = (await iter.next()).value!.data.result.id;
    const followed: any[] = [];
    const following = collect(await openStream(watcher.url, 'tasks/resubscribe', { id: taskId }), followed);
    await until('the follower to see a chunk', async () => chunks(followed.map((e) => e.result)).length > 0);
    controller.abort();
    await following;
    const results = followed.map((e) => e.result);
    const held = (results[0].artifacts?.[0]?.parts ?? []).map((p: { text: string }) => p.text);
    expect([...held, ...chunks(results)]).toEqual(range(12));
    expect(results.at(-1)).toMatchObject({ final: true, status: { state: 'completed' } });
  });

  it('the database killed mid-write: requests fail with a clear JSON-RPC error, nothing is half-written, and everything recovers by itself when it returns', async () => {
    const [a, b, c] = await Promise.all([replica('db-a'), replica('db-b'), replica('db-c')]);
    const own: any[] = [];
    const owning = collect(await openStream(a.url, 'message/stream', { message: textMessage('ticks 40 50') }), own);
    await until('a few chunks', async () => chunks(own.map((e) => e.result)).length >= 5);
    const taskId = own[0].result.id;
    await cluster.kill();

    const got = await rpc(b.url, 'tasks/get', { id: taskId });
    expect(got.body.error.code).toBe(-32603);
    expect(got.body.error.message).toMatch(/task store \(PostgreSQL\) is unavailable/);
    const sent = await rpc(c.url, 'message/send', { message: textMessage('ticks 1 0 during the outage') });
    expect(sent.body.error.code).toBe(-32603);
    expect(sent.body.error.message).toMatch(/PostgreSQL/);

    await new Promise((r) => setTimeout(r, 1000));
    await cluster.start();
    // The running task's writes were kept and go through once the database is back.
    let last: any;
    await until(
      'the task to complete',
      async () => (last = (await rpc(c.url, 'tasks/get', { id: taskId })).body).result?.status.state === 'completed',
      30_000,
    ).catch((err) => {
      throw new Error(`${err.message}: ${JSON.stringify(last).slice(0, 300)}\n${a.stderr()}`);
    });
    const final = (await rpc(b.url, 'tasks/get', { id: taskId })).body.result;
    expect(final.artifacts[0].parts.map((p: { text: string }) => p.text)).toEqual(range(40));
    await storedEventsAreWhole([taskId]);
    // The stream on A either went through or ended with the store's error: never a repeat or a reordering.
    await owning;
    const seen = chunks(own.map((e) => e.result));
    expect(seen).toEqual(range(seen.length));
    const lastOwn = own.at(-1);
    if (lastOwn.error) expect(lastOwn.error.message).toMatch(/PostgreSQL/);

    // Every replica serves new work again, and follows across replicas again (LISTEN reconnected).
    for (const r of [a, b, c]) {
      const ok = await rpc(r.url, 'message/send', { message: textMessage('ticks 1 0 after') });
      expect(ok.body.result.status.state).toBe('completed');
    }
    const stream = await openStream(a.url, 'message/stream', { message: textMessage('ticks 6 80') });
    const iter = stream.events();
    const id = (await iter.next()).value!.data.result.id;
    const followed: any[] = [];
    await collect(await openStream(b.url, 'tasks/resubscribe', { id }), followed);
    const results = followed.map((e) => e.result);
    expect([...(results[0].artifacts?.[0]?.parts ?? []).map((p: { text: string }) => p.text), ...chunks(results)]).toEqual(range(6));
    for await (const _ of { [Symbol.asyncIterator]: () => iter }) void _;
  });

  it('the retention policy in SQL: finished tasks past maxFinished are deleted oldest first, and past the TTL are gone for tasks/get at once', async () => {
    const url = await cluster.createDatabase('retention');
    const keeper = await startReplica(project, 'keeper', url, { leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS, maxFinished: 3, finishedTtlSeconds: 8 });
    started.push(keeper);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await rpc(keeper.url, 'message/send', { message: textMessage(`ticks 1 0 ${i}`) })).body.result.id);
    const finished = Date.now();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await until('the sweep to keep the newest 3', async () => Number((await db.query('SELECT count(*) FROM a2a_tasks')).rows[0].count) <= 3);
      const { rows } = await db.query<{ id: string }>('SELECT id FROM a2a_tasks');
      expect(rows.map((r) => r.id).sort()).toEqual(ids.slice(2).sort());
      expect((await db.query('SELECT count(*) FROM a2a_events WHERE task_id = ANY($1)', [ids.slice(0, 2)])).rows[0].count).toBe('0');
    } finally {
      await db.end();
    }
    // Past the TTL a task is gone for tasks/get, whether or not a sweep has deleted it yet.
    await new Promise((r) => setTimeout(r, Math.max(0, finished + 8500 - Date.now())));
    expect((await rpc(keeper.url, 'tasks/get', { id: ids[4] })).body.error.code).toBe(-32001);
  });

  it('a replica frozen longer than the lease (SIGSTOP): another fails its task; when it wakes, its next write of it is refused, its stream ends with -32603, its execution stops, and it reads the task as stored', async () => {
    const [frozen, other] = await Promise.all([replica('frozen'), replica('other')]);
    const own: any[] = [];
    const owning = collect(await openStream(frozen.url, 'message/stream', { message: textMessage('ticks 1000 100') }), own);
    await until('a stored chunk', async () => chunks(own.map((e) => e.result)).length > 0);
    const taskId = own[0].result.id;
    process.kill(frozen.pid, 'SIGSTOP');
    try {
      await until(
        'the other replica to take the task for dead',
        async () => (await rpc(other.url, 'tasks/get', { id: taskId })).body.result?.status.state === 'failed',
      );
    } finally {
      process.kill(frozen.pid, 'SIGCONT');
    }
    await owning;
    // The stream on the frozen replica: what was stored before, then the refusal.
    const last = own.at(-1);
    expect(last.error).toMatchObject({ code: -32603 });
    expect(last.error.message).toMatch(/changed by another replica/);
    expect(frozen.stderr()).toMatch(/changed by another replica at the same time/);
    // Its execution stopped: no more refused saves of it once the refusal is in.
    const refusals = (): number => frozen.stderr().split('was not saved').length;
    await new Promise((r) => setTimeout(r, 1000));
    const settled = refusals();
    await new Promise((r) => setTimeout(r, 1000)); // ten ticks of 100 ms, had it gone on
    expect(refusals()).toBe(settled);
    // Every replica, the frozen one too, reads the task as the database has it.
    for (const r of [frozen, other]) {
      const got = (await rpc(r.url, 'tasks/get', { id: taskId })).body.result;
      expect(got.status.state).toBe('failed');
      expect(got.status.message.parts[0].text).toMatch(/replica running this task stopped/);
    }
    // And it goes on serving.
    expect((await rpc(frozen.url, 'message/send', { message: textMessage('quick after the freeze') })).body.result.parts[0].text).toBe(
      'done quick after the freeze',
    );
    await storedEventsAreWhole([taskId]);
  });

  it("the database loses commits (its row older than what the replica wrote): the next write is refused, the stream ends with -32603, the execution stops, and the task, still named as this live replica's, fails with a message saying why", async () => {
    const [runner, reader] = await Promise.all([replica('lossy'), replica('lossy-reader')]);
    const own: any[] = [];
    const owning = collect(await openStream(runner.url, 'message/stream', { message: textMessage('ticks 1000 100') }), own);
    await until('two stored chunks', async () => chunks(own.map((e) => e.result)).length >= 2);
    const taskId = own[0].result.id;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      // As after a failover to a standby that had not received the last commit: one version back.
      await db.query('DELETE FROM a2a_events WHERE task_id = $1 AND seq = (SELECT version FROM a2a_tasks WHERE id = $1)', [taskId]);
      await db.query(`UPDATE a2a_tasks SET version = version - 1, write_token = 'lost' WHERE id = $1`, [taskId]);
      await owning;
      expect(own.at(-1).error).toMatchObject({ code: -32603 });
      expect(own.at(-1).error.message).toMatch(/changed by another replica/);
      const refusals = (): number => runner.stderr().split('was not saved').length;
      await until(
        'the task to be failed in the database',
        async () => (await db.query('SELECT state FROM a2a_tasks WHERE id = $1', [taskId])).rows[0].state === 'failed',
      );
      await new Promise((r) => setTimeout(r, 1000));
      const settled = refusals();
      await new Promise((r) => setTimeout(r, 1000)); // ten ticks of 100 ms, had the execution gone on
      expect(refusals()).toBe(settled);
      const { rows } = await db.query('SELECT running, version FROM a2a_tasks WHERE id = $1', [taskId]);
      expect(rows[0].running).toBe(false);
    } finally {
      await db.end();
    }
    for (const r of [runner, reader]) {
      const got = (await rpc(r.url, 'tasks/get', { id: taskId })).body.result;
      expect(got.status.state).toBe('failed');
      expect(got.status.message.parts[0].text).toMatch(/database lost the latest changes/);
    }
    await storedEventsAreWhole([taskId]);
  });

  it('a replica stopped with SIGTERM fails what it still runs, with a message saying why, and leaves the replica table', async () => {
    const [leaving, staying] = await Promise.all([replica('leaving'), replica('staying')]);
    const sent = await rpc(leaving.url, 'message/send', { message: textMessage('hang'), configuration: { blocking: false } });
    const taskId = sent.body.result.id;
    await leaving.stop();
    const got = (await rpc(staying.url, 'tasks/get', { id: taskId })).body.result;
    expect(got.status.state).toBe('failed');
    expect(got.status.message.parts[0].text).toMatch(/shutting down/);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ runner: string; running: boolean }>('SELECT runner, running FROM a2a_tasks WHERE id = $1', [taskId]);
      expect(rows[0].running).toBe(false);
      expect((await db.query('SELECT 1 FROM a2a_replicas WHERE id = $1', [rows[0].runner])).rowCount).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('a database whose schema is newer than the agent is refused at start, in one line', async () => {
    const url = await cluster.createDatabase('newer');
    const first = await startReplica(project, 'first', url);
    await first.stop();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query('UPDATE a2a_schema SET version = 99');
    await db.end();
    await expect(startReplica(project, 'older', url)).rejects.toThrow(/schema is version 99, newer than this agent's/);
  });

  it('an agent started without a usable database says so in one line and exits 1', async () => {
    const run = (env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> =>
      new Promise((resolve) => {
        const base: Record<string, string | undefined> = { ...process.env, PORT: '0' };
        delete base.DATABASE_URL;
        const child = spawn(process.execPath, [join(project.dir, 'dist', 'main.js')], {
          cwd: project.dir,
          env: { ...base, ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
        child.once('exit', (code) => resolve({ code, stderr }));
      });
    const unset = await run({});
    expect(unset.code).toBe(1);
    expect(unset.stderr.trim().split('\n')).toHaveLength(1);
    expect(unset.stderr).toMatch(/DATABASE_URL is not set/);
    const refused = await run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/cannot use the PostgreSQL task store: .*ECONNREFUSED/);
  });
});
