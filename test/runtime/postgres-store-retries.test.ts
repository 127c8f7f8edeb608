// The PostgreSQL store's retry path when a write's answer is lost: the statement may have
// committed or not, and the store only learns which from the row's write token. A real database
// cannot be made to commit and then lose its answer on cue, so these drive the store's own class
// (the generated agent's) with a pool that keeps rows and events as the batch statement does
// (postgres-batch.ts: versioned upsert, events numbered from the expected version) and fails the
// chosen call — after its commit, or before. The failures against a real cluster (the database
// killed mid-write) are test/runtime/postgres-failures.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { pgAgentProject } from '../helpers/replicas.js';

let project: AgentProject;
let PostgresTaskStore: new (options: Record<string, unknown>) => any;
beforeAll(async () => {
  project = await pgAgentProject();
  ({ PostgresTaskStore } = await project.load<any>('a2a/postgres/postgres-store.js'));
});

interface Stored {
  version: number;
  token: string;
  state: string;
}

/** A pool that answers the batch write and the write-token check, nothing else. */
function fakePool() {
  const rows = new Map<string, Stored>();
  const events: { task: string; seq: number; kind: string; final: boolean }[] = [];
  let fail: 'after-commit' | 'before-commit' | undefined;
  const pool = {
    failNext(when: 'after-commit' | 'before-commit') {
      fail = when;
    },
    async query(q: { name?: string; text?: string; values?: unknown[] } | string, params?: unknown[]) {
      await new Promise((r) => setTimeout(r, 2));
      if (typeof q === 'object' && q.name === 'a2a_write_batch') {
        const failing = fail;
        fail = undefined;
        if (failing === 'before-commit') throw Object.assign(new Error('connection terminated'), { code: '57P01' });
        const out: { id: string; version: string }[] = [];
        for (const row of JSON.parse(String(q.values![0]))) {
          if ((rows.get(row.id)?.version ?? 0) !== row.expected) continue;
          const version = row.expected + row.n;
          rows.set(row.id, { version, token: row.token, state: row.state });
          row.events.forEach((e: { e: { kind: string }; f: boolean }, i: number) =>
            events.push({ task: row.id, seq: row.expected + i + 1, kind: e.e.kind, final: e.f }),
          );
          out.push({ id: row.id, version: String(version) });
        }
        if (failing === 'after-commit') throw Object.assign(new Error('connection terminated after the commit'), { code: '57P01' });
        return { rows: out };
      }
      const text = typeof q === 'string' ? q : (q.text ?? '');
      if (/SELECT version, write_token FROM a2a_tasks/.test(text)) {
        const row = rows.get(String(params![0]));
        return { rows: row ? [{ version: String(row.version), write_token: row.token }] : [] };
      }
      throw new Error(`unexpected query: ${text.slice(0, 60)}`);
    },
  };
  return { pool, rows, events };
}

function storeOn(pool: unknown, logs: string[]) {
  return new PostgresTaskStore({
    pool,
    replicaId: 'A',
    leaseMs: 3000,
    writeTimeoutMs: 60_000,
    writeConcurrency: 1,
    readConcurrency: 1,
    finishedTtlMs: 3_600_000,
    log: (_level: string, message: string) => logs.push(message),
  });
}

const task = (id: string, state: string) => ({ id, contextId: 'c', kind: 'task', status: { state } });
const change = (kind: string, final = false) => ({ event: { kind }, final });
const settled = async (store: any, id: string): Promise<void> => {
  for (let i = 0; i < 200 && store.whenStored(id) !== undefined; i++) await store.whenStored(id).catch(() => new Promise((r) => setTimeout(r, 20)));
};

describe('PostgreSQL store: a write whose answer was lost', () => {
  it('committed while the task ran, then the task finished: every event is stored once, in order, the last one final', async () => {
    const { pool, rows, events } = fakePool();
    const logs: string[] = [];
    const store = storeOn(pool, logs);
    pool.failNext('after-commit');
    store.set(task('t1', 'working'), 10, change('task'));
    store.set(task('t1', 'working'), 10, change('status-update'));
    await new Promise((r) => setTimeout(r, 30)); // the write committed (v2); its answer was lost
    expect(rows.get('t1')).toMatchObject({ version: 2, state: 'working' });
    const done = task('t1', 'completed');
    store.set(done, 10, change('artifact-update'));
    store.set(done, 10, change('status-update', true));
    await settled(store, 't1');
    expect(rows.get('t1')).toMatchObject({ version: 4, state: 'completed' });
    expect(events.map((e) => `${e.seq}:${e.kind}${e.final ? ' final' : ''}`)).toEqual([
      '1:task',
      '2:status-update',
      '3:artifact-update',
      '4:status-update final',
    ]);
    expect(logs.filter((m) => /changed by another replica/.test(m))).toEqual([]);
  });

  it('a task stored whole in one write (no events) whose answer was lost: nothing is written twice, nothing is lost', async () => {
    const { pool, rows, events } = fakePool();
    const logs: string[] = [];
    const store = storeOn(pool, logs);
    pool.failNext('after-commit');
    const done = task('t2', 'completed');
    store.set(done, 10, change('task'));
    store.set(done, 10, change('artifact-update'));
    store.set(done, 10, change('status-update', true));
    await settled(store, 't2');
    expect(rows.get('t2')).toMatchObject({ version: 3, state: 'completed' });
    expect(events).toEqual([]);
    expect(store.whenStored('t2')).toBeUndefined();
    expect(logs.filter((m) => /changed by another replica/.test(m))).toEqual([]);
  });

  it('a task stored whole in one write that did not commit: the retry stores it, with its events from the first', async () => {
    const { pool, rows, events } = fakePool();
    const store = storeOn(pool, []);
    pool.failNext('before-commit');
    const done = task('t3', 'completed');
    store.set(done, 10, change('task'));
    store.set(done, 10, change('status-update', true));
    await settled(store, 't3');
    expect(rows.get('t3')).toMatchObject({ version: 2, state: 'completed' });
    // After a failed attempt the store cannot know nobody read the row in between, so it keeps the events.
    expect(events.map((e) => `${e.seq}:${e.kind}`)).toEqual(['1:task', '2:status-update']);
  });
});
