// The store side of ListTasks (A2A v1.0 §3.1.4): one table of cases run against the in-memory
// store and the PostgreSQL store (a throwaway cluster, a fresh database per case): filters,
// owner scoping, the order, paging 250 tasks by 100, refused tokens, totalSize. Then what only
// one store has: PostgreSQL's schema migration from version 1, the memory store's expiry.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { agentProject, type AgentProject } from '../helpers/agent-project.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';

const MANIFEST = `spec: 0.3.0
agent:
  name: Listing Agent
  description: Lists its tasks.
  version: 1.0.0
  url: http://127.0.0.1:41391/
  capabilities: {}
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: work
    name: Work
    description: Works.
    tags: [test]
server:
  store: postgres
`;

interface Page {
  tasks: { id: string }[];
  nextPageToken: string;
  totalSize: number;
}
interface Query {
  owner: string | undefined;
  contextId?: string;
  state?: string;
  statusTimestampAfter?: number;
  pageSize: number;
  pageToken?: string;
}
interface Opened {
  seed(tasks: object[]): Promise<void>;
  list(query: Query): Promise<Page>;
  close(): Promise<void>;
}

let project: AgentProject;
let server: any;
let cluster: PgCluster | undefined;
let databases = 0;

beforeAll(async () => {
  project = await agentProject('task-list', MANIFEST);
  server = await project.load<any>('a2a/server/index.js');
});

afterAll(async () => {
  await cluster?.remove();
});

const memory = async (): Promise<Opened> => {
  const store = new server.InMemoryTaskStore();
  return {
    async seed(tasks) {
      for (const t of tasks) store.set(t);
    },
    // list() throws synchronously; as a promise both stores fail the same way.
    list: async (query) => store.list(query),
    close: async () => undefined,
  };
};

const postgres = async (): Promise<Opened> => {
  cluster ??= await startCluster();
  const url = await cluster.createDatabase(`list_${++databases}`);
  const { connectPostgres } = await project.load<any>('a2a/postgres/postgres.js');
  const stores = await connectPostgres({ url, log: () => undefined });
  return {
    async seed(tasks) {
      for (const t of tasks) {
        // A task already stored is changed on the copy read back: a write expects the row's version.
        const stored = await stores.taskStore.load((t as { id: string }).id);
        stores.taskStore.set(stored ? Object.assign(stored, t) : t);
      }
      await Promise.all(tasks.map((t: any) => stores.taskStore.whenStored(t.id)));
    },
    list: (query) => stores.taskStore.list(query),
    async close() {
      await stores.eventBus.close();
      await stores.taskStore.close();
    },
  };
};

const BASE = Date.UTC(2026, 0, 1);
const iso = (ms: number): string => new Date(ms).toISOString();

/** A v0.3 task; `at` seconds after BASE (undefined: no timestamp). */
function task(id: string, at: number | undefined, options: { context?: string; state?: string; owner?: string } = {}): object {
  const status: { state: string; timestamp?: string } = { state: options.state ?? 'completed' };
  if (at !== undefined) status.timestamp = iso(BASE + at * 1000);
  const t = { kind: 'task', id, contextId: options.context ?? 'c1', status, history: [] };
  if (options.owner !== undefined) server.setTaskOwner(t, options.owner);
  return t;
}

const ids = (page: Page): string[] => page.tasks.map((t) => t.id);

/** Every page of a query, following nextPageToken. */
async function allPages(store: Opened, query: Query): Promise<Page[]> {
  const pages: Page[] = [];
  let pageToken: string | undefined;
  do {
    const page = await store.list({ ...query, pageToken });
    pages.push(page);
    pageToken = page.nextPageToken || undefined;
  } while (pageToken && pages.length < 100);
  return pages;
}

describe.each([
  ['in memory', memory],
  ['PostgreSQL', postgres],
])('ListTasks in the %s store', (_name, open) => {
  let store: Opened;
  const fresh = async (tasks: object[]): Promise<Opened> => {
    store = await open();
    await store.seed(tasks);
    return store;
  };
  afterEach(async () => {
    await store?.close();
  });

  it('orders by status timestamp, newest first; ties by id descending; no timestamp last', async () => {
    const s = await fresh([task('a', 10), task('b', 30), task('c', 20), task('d', 20), task('e', undefined), task('f', undefined)]);
    const page = await s.list({ owner: undefined, pageSize: 10 });
    expect(ids(page)).toEqual(['b', 'd', 'c', 'a', 'f', 'e']);
    expect(page.nextPageToken).toBe('');
    expect(page.totalSize).toBe(6);
  });

  it('filters by context, by state, by status timestamp (at or after), and by all at once', async () => {
    const s = await fresh([
      task('a', 1, { context: 'c1', state: 'working' }),
      task('b', 2, { context: 'c2', state: 'working' }),
      task('c', 3, { context: 'c1', state: 'completed' }),
      task('d', 4, { context: 'c2', state: 'input-required' }),
      task('e', undefined, { context: 'c1', state: 'working' }),
    ]);
    const list = async (filters: Partial<Query>) => s.list({ owner: undefined, pageSize: 10, ...filters });
    expect(ids(await list({ contextId: 'c1' }))).toEqual(['c', 'a', 'e']);
    expect(ids(await list({ contextId: 'nope' }))).toEqual([]);
    expect(ids(await list({ state: 'working' }))).toEqual(['b', 'a', 'e']);
    // At the instant counts (the proto: "greater than or equal to"); no timestamp never matches.
    expect(ids(await list({ statusTimestampAfter: BASE + 2000 }))).toEqual(['d', 'c', 'b']);
    expect(ids(await list({ statusTimestampAfter: BASE + 2001 }))).toEqual(['d', 'c']);
    expect(ids(await list({ statusTimestampAfter: BASE + 1999.5 }))).toEqual(['d', 'c', 'b']);
    const all = await list({ contextId: 'c1', state: 'working', statusTimestampAfter: BASE });
    expect(ids(all)).toEqual(['a']);
    expect(all.totalSize).toBe(1);
    const none = await list({ state: 'canceled' });
    expect(none).toEqual({ tasks: [], nextPageToken: '', totalSize: 0 });
  });

  it("scopes by owner: another owner's tasks never appear, unowned tasks appear to all", async () => {
    const s = await fresh([task('a1', 1, { owner: 'alice' }), task('b1', 2, { owner: 'bob' }), task('u1', 3), task('a2', 4, { owner: 'alice' })]);
    const alice = await s.list({ owner: 'alice', pageSize: 10 });
    expect(ids(alice)).toEqual(['a2', 'u1', 'a1']);
    expect(alice.totalSize).toBe(3);
    expect(ids(await s.list({ owner: 'bob', pageSize: 10 }))).toEqual(['u1', 'b1']);
    expect(ids(await s.list({ owner: undefined, pageSize: 10 }))).toEqual(['u1']);
    expect(ids(await s.list({ owner: 'carol', pageSize: 10 }))).toEqual(['u1']);
    // Through pages too: alice's second page holds nothing of bob's.
    const pages = await allPages(s, { owner: 'alice', pageSize: 1 });
    expect(pages.flatMap(ids)).toEqual(['a2', 'u1', 'a1']);
  });

  it('pages through 250 tasks by 100: 100/100/50, no repeats or gaps, the token empty on the last, totalSize 250 on each', async () => {
    // Three tasks per second: page boundaries fall inside ties, which the id must break.
    const tasks = Array.from({ length: 250 }, (_, i) => task(`t${String(i).padStart(3, '0')}`, Math.floor(i / 3), { owner: i % 2 ? 'alice' : undefined }));
    const s = await fresh([...tasks, task('bob-only', 50, { owner: 'bob' })]);
    const pages = await allPages(s, { owner: 'alice', pageSize: 100 });
    expect(pages.map((p) => p.tasks.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.totalSize)).toEqual([250, 250, 250]);
    expect(pages.map((p) => p.nextPageToken === '')).toEqual([false, false, true]);
    const listed = pages.flatMap(ids);
    const expected = tasks.map((t: any) => t.id).reverse(); // later index = later second, or same second and greater id
    expect(listed).toEqual(expected);
    expect(new Set(listed).size).toBe(250);
  });

  it('a page that ends exactly at the last task says so: nextPageToken is empty', async () => {
    const s = await fresh([task('a', 1), task('b', 2), task('c', 3), task('d', 4)]);
    const pages = await allPages(s, { owner: undefined, pageSize: 2 });
    expect(pages.map(ids)).toEqual([
      ['d', 'c'],
      ['b', 'a'],
    ]);
    expect(pages[1].nextPageToken).toBe('');
  });

  it('continues after the last task of the page when tasks change between pages: none repeated, none still there skipped', async () => {
    const s = await fresh([task('a', 1), task('b', 2), task('c', 3), task('d', 4), task('e', 5)]);
    const first = await s.list({ owner: undefined, pageSize: 2 });
    expect(ids(first)).toEqual(['e', 'd']);
    // b is updated (now the newest), a new task arrives, d (already listed) is updated again.
    await s.seed([task('b', 9), task('n', 8), task('d', 10)]);
    const second = await s.list({ owner: undefined, pageSize: 10, pageToken: first.nextPageToken });
    expect(ids(second)).toEqual(['c', 'a']); // b moved before the cursor: the next listing shows it
    expect(second.totalSize).toBe(6);
  });

  it('refuses a token that does not decode, that was altered, or that was made for other filters or another caller', async () => {
    const s = await fresh([task('a', 1, { context: 'c1' }), task('b', 2, { context: 'c1' }), task('c', 3, { context: 'c1' })]);
    const query: Query = { owner: 'alice', contextId: 'c1', state: 'completed', statusTimestampAfter: BASE, pageSize: 1 };
    const { nextPageToken: token } = await s.list(query);
    expect(token).not.toBe('');
    // The token is good with these filters, whatever the page size.
    expect(ids(await s.list({ ...query, pageSize: 5, pageToken: token }))).toEqual(['b', 'a']);
    const flip = (text: string, at: number): string => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const bad = [
      'garbage',
      '1.',
      '1.!!!',
      '2.' + token.slice(2),
      token.slice(0, -3),
      flip(token, 5),
      flip(token, Math.floor(token.length / 2)),
      flip(token, token.length - 2),
      '1.' + Buffer.from(JSON.stringify([BASE + 2000, 'b', 'x'])).toString('base64url'),
      '1.' + Buffer.from('[1,2').toString('base64url'),
    ];
    for (const pageToken of bad) await expect(s.list({ ...query, pageToken }), pageToken).rejects.toBeInstanceOf(server.PageTokenError);
    const others: Partial<Query>[] = [
      { contextId: 'c2' },
      { contextId: undefined },
      { state: 'working' },
      { statusTimestampAfter: BASE + 1 },
      { owner: 'bob' },
      { owner: undefined },
    ];
    for (const other of others) {
      const error = await s.list({ ...query, ...other, pageToken: token }).catch((e: unknown) => e);
      expect(error, JSON.stringify(other)).toBeInstanceOf(server.PageTokenError);
      expect((error as Error).message).toMatch(/pageToken/);
    }
  });
});

describe('ListTasks: the in-memory store', () => {
  it('leaves out finished tasks past their time to live, without evicting them', async () => {
    let now = 0;
    const evicted: string[] = [];
    const store = new server.InMemoryTaskStore({ finishedTtlMs: 1000, now: () => now, onEvict: (id: string) => evicted.push(id) });
    store.set(task('done', 1));
    store.set(task('open', 2, { state: 'working' }));
    now = 1001;
    const page = store.list({ owner: undefined, pageSize: 10 });
    expect(ids(page)).toEqual(['open']);
    expect(page.totalSize).toBe(1);
    expect(evicted).toEqual([]);
  });
});

describe('ListTasks: the PostgreSQL schema', () => {
  it('migrates a version-1 database: status_ms filled from each document (an unreadable timestamp: oldest), the indexes made, twice harmlessly', async () => {
    cluster ??= await startCluster();
    const url = await cluster.createDatabase('list_migrate');
    const { migrate, SCHEMA_VERSION } = await project.load<any>('a2a/postgres/postgres-schema.js');
    expect(SCHEMA_VERSION).toBe(3);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined); // the cluster's shutdown at the end may reach a connection still closing
    try {
      await migrate(pool);
      // Back to what version 1 made, with rows written by a version-1 agent.
      await pool.query(
        `DROP INDEX a2a_tasks_listing; DROP INDEX a2a_tasks_context_listing; ALTER TABLE a2a_tasks DROP COLUMN status_ms, DROP COLUMN skill; UPDATE a2a_schema SET version = 1`,
      );
      const rows = [
        task('old', 5),
        task('older', 1),
        task('none', undefined),
        { ...(task('odd', 1) as any), status: { state: 'completed', timestamp: 'not a time' } },
      ];
      for (const t of rows as any[]) {
        await pool.query(`INSERT INTO a2a_tasks (id, context_id, state, doc, version) VALUES ($1, 'c1', 'completed', $2, 1)`, [t.id, t]);
      }
      await migrate(pool);
      await migrate(pool);
      const { rows: after } = await pool.query(`SELECT id, status_ms FROM a2a_tasks ORDER BY id`);
      expect(after.map((r) => [r.id, Number(r.status_ms)])).toEqual([
        ['none', Number.MIN_SAFE_INTEGER],
        ['odd', Number.MIN_SAFE_INTEGER],
        ['old', BASE + 5000],
        ['older', BASE + 1000],
      ]);
      const { rows: version } = await pool.query(`SELECT version FROM a2a_schema`);
      expect(version).toEqual([{ version: 3 }]);
      const { rows: indexes } = await pool.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'a2a_tasks' AND indexname LIKE '%listing' ORDER BY 1`);
      expect(indexes.map((r) => r.indexname)).toEqual(['a2a_tasks_context_listing', 'a2a_tasks_listing']);
    } finally {
      await pool.end();
    }
  });
});
