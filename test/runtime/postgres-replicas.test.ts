// Three replicas of one generated agent (server.store: postgres), each its own process, on one
// real PostgreSQL cluster made for this file: a stream on one is followed from another, a cancel
// on a third stops the work where it runs, and 1,000 concurrent tasks are read back from a
// replica that did not run them, every event stored once and in order.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { openStream, rpc, textMessage, type SseEvent } from '../helpers/http.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { webhookReceiver } from '../helpers/server.js';
import { marksDir, pgAgentProject, startReplica, type Replica } from '../helpers/replicas.js';

let cluster: PgCluster;
let dbUrl: string;
let project: AgentProject;
let A: Replica, B: Replica, C: Replica;

beforeAll(async () => {
  cluster = await startCluster();
  dbUrl = await cluster.createDatabase('replicas');
  project = await pgAgentProject();
  // Started together: their migrations race for the schema and must not trip over each other.
  [A, B, C] = await Promise.all(['A', 'B', 'C'].map((name) => startReplica(project, name, dbUrl)));
});

afterAll(async () => {
  await Promise.all([A, B, C].map((r) => r?.stop()));
  await cluster?.remove();
});

const texts = (artifact: { parts: { text: string }[] } | undefined): string[] => (artifact?.parts ?? []).map((p) => p.text);

/** Reads a stream to its end. */
async function collect(stream: { events(): AsyncGenerator<SseEvent> }): Promise<any[]> {
  const out: any[] = [];
  for await (const e of stream.events()) out.push(e.data);
  return out;
}

describe('three replicas on one PostgreSQL database', () => {
  it('message/stream on A, tasks/resubscribe on B: B gets the state so far, then every later event in order, and the final one', async () => {
    const streamA = await openStream(A.url, 'message/stream', { message: textMessage('ticks 12 60') });
    const iterA = streamA.events();
    const first = (await iterA.next()).value!.data.result;
    expect(first.kind).toBe('task');
    const taskId = first.id;
    // Let a few chunks happen before B joins.
    const seenA: any[] = [first];
    for (let i = 0; i < 3; i++) seenA.push((await iterA.next()).value!.data.result);

    const onB = await collect(await openStream(B.url, 'tasks/resubscribe', { id: taskId }));
    for await (const e of { [Symbol.asyncIterator]: () => iterA }) seenA.push(e.data.result);

    const resultsB = onB.map((e) => e.result);
    expect(onB.every((e) => e.error === undefined)).toBe(true);
    const snapshot = resultsB[0];
    expect(snapshot.kind).toBe('task');
    const before = texts(snapshot.artifacts?.[0]);
    const after = resultsB.filter((r) => r.kind === 'artifact-update').map((r) => r.artifact.parts[0].text);
    // Nothing lost, nothing twice, in order: what the snapshot held, then each later chunk.
    expect([...before, ...after]).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));
    const last = resultsB.at(-1);
    expect(last).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    // A's own stream saw the same chunks, in the same order.
    expect(seenA.filter((r) => r.kind === 'artifact-update').map((r) => r.artifact.parts[0].text)).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));

    // Any replica reads the final state.
    for (const r of [A, B, C]) {
      const got = await rpc(r.url, 'tasks/get', { id: taskId });
      expect(got.body.result.status.state).toBe('completed');
      expect(texts(got.body.result.artifacts[0])).toHaveLength(12);
    }
  });

  it('tasks/cancel on C stops the execution running on A: its signal aborts there, and every replica reads canceled', async () => {
    const sent = await rpc(A.url, 'message/send', { message: textMessage('hang'), configuration: { blocking: false } });
    const taskId = sent.body.result.id;
    // B knows the task at once: the answer waited for the row.
    expect((await rpc(B.url, 'tasks/get', { id: taskId })).body.result.id).toBe(taskId);
    // Wait for the executor to be running (its working status stored).
    for (let i = 0; i < 100 && (await rpc(C.url, 'tasks/get', { id: taskId })).body.result.status.state !== 'working'; i++)
      await new Promise((r) => setTimeout(r, 20));

    const canceled = await rpc(C.url, 'tasks/cancel', { id: taskId });
    expect(canceled.body.error).toBeUndefined();
    expect(canceled.body.result.status.state).toBe('canceled');
    const mark = join(marksDir(project), taskId);
    expect(existsSync(mark)).toBe(true);
    expect(readFileSync(mark, 'utf8')).toBe(String(A.pid));
    for (const r of [A, B, C]) expect((await rpc(r.url, 'tasks/get', { id: taskId })).body.result.status.state).toBe('canceled');
    // A second cancel anywhere: the task is finished.
    expect((await rpc(B.url, 'tasks/cancel', { id: taskId })).body.error.code).toBe(-32002);
  });

  it('a continuation sent to B while A still works on the task is refused, not run twice', async () => {
    const sent = await rpc(A.url, 'message/send', { message: textMessage('hang'), configuration: { blocking: false } });
    const taskId = sent.body.result.id;
    const again = await rpc(B.url, 'message/send', { message: textMessage('quick more', { taskId, contextId: sent.body.result.contextId }) });
    expect(again.body.error?.message).toMatch(/still being worked on/);
    await rpc(C.url, 'tasks/cancel', { id: taskId });
  });

  it('a push config set on B for a task running on A: A delivers to the webhook; every replica lists it, and a delete anywhere removes it everywhere', async () => {
    const hook = await webhookReceiver();
    const sent = await rpc(A.url, 'message/send', { message: textMessage('ticks 6 150'), configuration: { blocking: false } });
    const taskId = sent.body.result.id;
    const set = await rpc(B.url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { id: 'cfg', url: hook.url, token: 'tok-1', authentication: { schemes: ['Bearer'], credentials: 'secret' } },
    });
    expect(set.body.error).toBeUndefined();
    expect(set.body.result.pushNotificationConfig.authentication.credentials).toBeUndefined();
    // The runner learns of the config through the database and delivers each later state, to the end.
    for (;;) {
      const delivery = await hook.next();
      expect(delivery.headers['x-a2a-notification-token']).toBe('tok-1');
      expect(delivery.headers.authorization).toBe('Bearer secret');
      if (delivery.body.status.state === 'completed') break;
    }
    for (const r of [A, B, C]) {
      const listed = await rpc(r.url, 'tasks/pushNotificationConfig/list', { id: taskId });
      expect(listed.body.result.map((c: any) => c.pushNotificationConfig.id)).toEqual(['cfg']);
    }
    expect((await rpc(C.url, 'tasks/pushNotificationConfig/get', { id: taskId, pushNotificationConfigId: 'cfg' })).body.result.pushNotificationConfig.url).toBe(
      hook.url,
    );
    expect((await rpc(C.url, 'tasks/pushNotificationConfig/delete', { id: taskId, pushNotificationConfigId: 'cfg' })).body.error).toBeUndefined();
    for (const r of [A, B]) {
      let listed: any[] = [];
      for (let i = 0; i < 50; i++) {
        listed = (await rpc(r.url, 'tasks/pushNotificationConfig/list', { id: taskId })).body.result;
        if (listed.length === 0) break;
        await new Promise((res) => setTimeout(res, 20));
      }
      expect(listed).toEqual([]);
    }
  });

  it('two replicas continuing one task at the same moment: one continuation wins, the other is refused, nothing of it is stored', async () => {
    const asked = await rpc(A.url, 'message/send', { message: textMessage('ask') });
    const { id: taskId, contextId } = asked.body.result;
    expect(asked.body.result.status.state).toBe('input-required');
    const [onB, onC] = await Promise.all([B, C].map((r) => rpc(r.url, 'message/send', { message: textMessage(`from ${r.name}`, { taskId, contextId }) })));
    const answers = [onB, onC].map((r) => r.body);
    const won = answers.filter((b) => b.result?.status?.state === 'completed');
    const refused = answers.filter((b) => b.error);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(1);
    // Refused as changed elsewhere (-32603), as still being worked on there, or as finished —
    // whichever moment of the winner's run it met.
    expect(refused[0].error.message).toMatch(/changed by another replica|still being worked on|cannot be continued/);
    const stored = (await rpc(A.url, 'tasks/get', { id: taskId })).body.result;
    expect(stored.status.state).toBe('completed');
    const texts = stored.history.map((m: any) => m.parts[0].text);
    const winner = won[0].result.status.message.parts[0].text.replace('got: ', '');
    const loser = winner === 'from B' ? 'from C' : 'from B';
    expect(texts).toContain(winner);
    expect(texts).not.toContain(loser);
  });

  it('a task that finishes within its first write: every replica reads it, a resubscribe elsewhere gets it at once, and it stores no events (nobody could follow it)', async () => {
    const sent = await rpc(A.url, 'message/send', { message: textMessage('at-once') });
    expect(sent.body.result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    const id: string = sent.body.result.id;
    for (const replica of [A, B, C]) {
      const got = await rpc(replica.url, 'tasks/get', { id });
      expect(got.body.result.status.state).toBe('completed');
      expect(texts(got.body.result.artifacts[0])).toEqual(['all of it']);
    }
    const events = await collect(await openStream(B.url, 'tasks/resubscribe', { id }));
    expect(events).toHaveLength(1);
    expect(events[0].result).toMatchObject({ kind: 'task', id, status: { state: 'completed' } });
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const stored = await db.query('SELECT count(*)::int AS n FROM a2a_events WHERE task_id = $1', [id]);
      expect(stored.rows[0].n).toBe(0);
      const row = await db.query('SELECT state, version, running FROM a2a_tasks WHERE id = $1', [id]);
      expect(row.rows[0]).toMatchObject({ state: 'completed', running: false });
    } finally {
      await db.end();
    }
  });

  it('1,000 concurrent tasks over the three replicas, each read back from another: nothing lost, each event stored once, in order', async () => {
    const replicas = [A, B, C];
    const n = 1000;
    const sent = await Promise.all(Array.from({ length: n }, (_, i) => rpc(replicas[i % 3].url, 'message/send', { message: textMessage(`ticks 3 0 ${i}`) })));
    const ids: string[] = sent.map((s) => {
      expect(s.body.error, A.stderr() + B.stderr() + C.stderr()).toBeUndefined();
      return s.body.result.id;
    });
    expect(new Set(ids).size).toBe(n);
    // tasks/get is idempotent: a read that met a keep-alive socket the server was just closing
    // (idle for its 5 s keepAliveTimeout while the sends went on) is sent again.
    const get = (url: string, id: string) => rpc(url, 'tasks/get', { id }).catch(() => rpc(url, 'tasks/get', { id }));
    const read = await Promise.all(ids.map((id, i) => get(replicas[(i + 1) % 3].url, id)));
    for (const r of read) {
      expect(r.body.result.status.state).toBe('completed');
      expect(texts(r.body.result.artifacts[0])).toEqual(['0', '1', '2']);
    }
    // The events as stored: per task, versions 1..k without gap or repeat, in the order they happened.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ task_id: string; seqs: string[]; kinds: string[] }>(
        `SELECT task_id, array_agg(seq ORDER BY seq) AS seqs, array_agg(event->>'kind' ORDER BY seq) AS kinds FROM a2a_events WHERE task_id = ANY($1) GROUP BY task_id`,
        [ids],
      );
      // A task whose first write queued behind others until it had finished went to the database
      // in one write, without events: nobody could have followed it (it was nowhere to be read).
      // Every other task has all its events, once each, in order.
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.seqs.map(Number)).toEqual([1, 2, 3, 4, 5]);
        expect(row.kinds).toEqual(['task', 'artifact-update', 'artifact-update', 'artifact-update', 'status-update']);
      }
      // Every task, with events or without, is stored once at the version its five changes give it, completed.
      const { rows: tasks } = await db.query<{ version: string; state: string; running: boolean }>(
        'SELECT version, state, running FROM a2a_tasks WHERE id = ANY($1)',
        [ids],
      );
      expect(tasks).toHaveLength(n);
      expect(tasks.filter((t) => Number(t.version) !== 5 || t.state !== 'completed' || t.running)).toEqual([]);
    } finally {
      await db.end();
    }
  });
});
