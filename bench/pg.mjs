// The PostgreSQL store's throughput beside the memory store and the SDK, in one run:
//   T          message/send, blocking: one text artifact, completed (the answer is the Task)  req/s
//   tasks/get  a finished T task, read by id                                                   req/s
// for: the generated server with the memory store (one process); the same agent with
// `server.store: postgres`, one replica and three (autocannon spreads its 32 connections over
// the three); the official @a2a-js/sdk 0.3.x in memory (one process). A throwaway PostgreSQL
// cluster on loopback (bench/pg-cluster.mjs, default settings) on the same machine.
// Where the time goes: CPU seconds of the agent processes (and their context switches) and of
// PostgreSQL's during the T runs, per 1,000 tasks, and the database transactions per task.
// Usage: npm run build && node bench/pg.mjs [--rounds 3] [--seconds 8] [--pg name=value …]
//   --pg passes a server setting to the cluster (e.g. --pg synchronous_commit=off).
import autocannon from 'autocannon';
import pg from 'pg';
import { contextSwitches, cpuSeconds as cpu, median, table } from './lib.mjs';
import { message, rpc, rpcBody, start, stop } from './load.mjs';
import { prepareBenchAgent } from './prepare.mjs';
import { startCluster } from './pg-cluster.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = arg('rounds', 3);
const seconds = arg('seconds', 8);

const memoryDir = prepareBenchAgent();
const pgDir = prepareBenchAgent('postgres');
const pgSettings = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--pg' ? [a] : []));
const cluster = await startCluster(pgSettings);
process.env.DATABASE_URL = cluster.url;
const db = new pg.Client({ connectionString: cluster.url });

const T_BODY = () => rpcBody('message/send', { message: message('task hello') });

/** Requests per second, 32 connections spread over the urls. */
async function rps(urls, body, duration) {
  const result = await autocannon({
    url: urls.length === 1 ? urls[0] : urls,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: 32,
    pipelining: 1,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${urls}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result.requests.average;
}

const commits = async () => Number((await db.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = 'bench'`)).rows[0].xact_commit);
const tasksDone = async () => Number((await db.query('SELECT count(*) FROM a2a_tasks')).rows[0].count);

const configs = [
  { name: 'generated, memory store (1 process)', servers: [['generated.mjs', [memoryDir]]] },
  { name: 'generated, PostgreSQL store, 1 replica', servers: [['generated-pg.mjs', [pgDir]]], pg: true },
  { name: 'generated, PostgreSQL store, 3 replicas', servers: [0, 1, 2].map(() => ['generated-pg.mjs', [pgDir]]), pg: true },
  { name: '@a2a-js/sdk 0.3.x + Express (in memory, 1 process)', servers: [['sdk.mjs', []]] },
];
const results = new Map(configs.map((c) => [c.name, { T: [], get: [], nodeCpu: [], switches: [], pgCpu: [], commits: [] }]));

await db.connect();
for (let round = 0; round < rounds; round++) {
  for (const config of configs) {
    if (config.pg) await db.query('DROP TABLE IF EXISTS a2a_push_configs, a2a_events, a2a_tasks, a2a_replicas, a2a_schema CASCADE');
    const servers = [];
    for (const [script, args] of config.servers) servers.push(await start(config.name, script, args));
    const urls = servers.map((s) => s.url);
    // Warm up, then T with its CPU and transactions counted.
    await rps(urls, T_BODY(), 1);
    const pids = servers.map((s) => s.child.pid);
    const before = {
      node: cpu(pids),
      switches: contextSwitches(pids),
      pg: config.pg ? cpu(cluster.pids()) : 0,
      commits: config.pg ? await commits() : 0,
      tasks: config.pg ? await tasksDone() : 0,
    };
    const t = await rps(urls, T_BODY(), seconds);
    const r = results.get(config.name);
    r.T.push(t);
    const tasks = t * seconds;
    r.nodeCpu.push(((cpu(pids) - before.node) / tasks) * 1000);
    r.switches.push((contextSwitches(pids) - before.switches) / tasks);
    if (config.pg) {
      r.pgCpu.push(((cpu(cluster.pids()) - before.pg) / tasks) * 1000);
      r.commits.push(((await commits()) - before.commits) / Math.max(1, (await tasksDone()) - before.tasks));
    }
    // tasks/get of a task made on the first server, read through every server.
    const id = (await rpc(urls[0], 'message/send', { message: message('task warm') })).id;
    for (const url of urls)
      if ((await rpc(url, 'tasks/get', { id }))?.status?.state !== 'completed') throw new Error(`${config.name}: tasks/get on ${url} did not find ${id}`);
    r.get.push(await rps(urls, rpcBody('tasks/get', { id }), seconds));
    for (const s of servers) await stop(s);
  }
  console.error(`round ${round + 1}/${rounds} done`);
}
await db.end();
await cluster.stop();

const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));
const m = (name, key) => median(results.get(name)[key]);
console.log(
  `Throughput on loopback, median of ${rounds} rounds of ${seconds} s (autocannon, 32 connections); PostgreSQL ${cluster.url.split('@')[1].split('/')[0]} on the same machine${pgSettings.length ? `, with ${pgSettings.join(', ')}` : ', default settings'}\n`,
);
console.log(
  table(
    ['server', 'T req/s', 'tasks/get req/s', 'agent CPU s / 1,000 T', 'agent context switches / T', 'PostgreSQL CPU s / 1,000 T', 'transactions / T task'],
    configs.map((c) => [
      c.name,
      fmt(m(c.name, 'T')),
      fmt(m(c.name, 'get')),
      fmt(m(c.name, 'nodeCpu')),
      fmt(m(c.name, 'switches')),
      ...(c.pg ? [fmt(m(c.name, 'pgCpu')), fmt(m(c.name, 'commits'))] : ['—', '—']),
    ]),
  ),
);
const [MEM, PG1, PG3, SDK] = configs.map((c) => c.name);
console.log(
  `\n3 replicas on PostgreSQL ÷ SDK in memory: T ${(m(PG3, 'T') / m(SDK, 'T')).toFixed(2)}× (target ≥ 2×), tasks/get ${(m(PG3, 'get') / m(SDK, 'get')).toFixed(2)}×`,
);
console.log(
  `PostgreSQL ÷ memory store: T ${((100 * m(PG1, 'T')) / m(MEM, 'T')).toFixed(0)}% (1 replica), ${((100 * m(PG3, 'T')) / m(MEM, 'T')).toFixed(0)}% (3); tasks/get ${((100 * m(PG1, 'get')) / m(MEM, 'get')).toFixed(0)}%, ${((100 * m(PG3, 'get')) / m(MEM, 'get')).toFixed(0)}%`,
);
console.log('\nEvery round (in order):');
for (const c of configs) console.log(`  ${c.name}: T ${results.get(c.name).T.map(fmt).join(', ')} · tasks/get ${results.get(c.name).get.map(fmt).join(', ')}`);
