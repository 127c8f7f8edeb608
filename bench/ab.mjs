// A/B across commits: the generated v0.3.0 bench agent of each checkout, served by this
// checkout's bench servers (bench/servers/generated*.mjs), one fresh server at a time,
// interleaved (each round starts with the next checkout), so drift of a shared machine falls on
// every commit alike. Rows (--rows, default T):
//   T       message/send, blocking: a task with one text artifact, completed      req/s
//   get     tasks/get of a finished T task                                        req/s
//   reply   message/send answered with a Message (no task kept)                   req/s
//   S       message/stream "chunks 100": 103 events, read to the end              streams/s
// --store postgres serves each checkout's agent generated with `server.store: postgres`, each
// checkout on a database of its own in one throwaway cluster (bench/pg-cluster.mjs).
// Each checkout must be built and have its bench agent(s) prepared:
//   git clone -q . /tmp/ab/X && cd /tmp/ab/X && git checkout -q X && ln -s $PWD/node_modules . \
//     && npm run build && node -e "import('./bench/prepare.mjs').then((m) => (m.prepareBenchAgent(), m.prepareBenchAgent('postgres')))"
// --latency also measures T's answer times (median, p99) at 32 connections and at 1 (one
// request at a time: what a write held for the end of the turn costs a lone request).
// Usage: node bench/ab.mjs [--rounds 6] [--seconds 8] [--rows T,get,reply,S] [--store postgres] [--warm-streams] [--latency] /tmp/ab/A /tmp/ab/B …
import { join } from 'node:path';
import { median, table } from './lib.mjs';
import { load, message, rpc, rpcBody, rps, start, stop, streamsPerSecond } from './load.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : argv.splice(i, 2)[1];
};
const rounds = Number(option('rounds', 6));
const seconds = Number(option('seconds', 8));
const rowKeys = option('rows', 'T').split(',');
const store = option('store', 'memory');
const warmStreams = argv.includes('--warm-streams');
const latency = argv.includes('--latency');
const checkouts = argv.filter((a) => !a.startsWith('--'));
if (checkouts.length < 2) throw new Error('name two or more prepared checkouts');
if (store !== 'memory' && store !== 'postgres') throw new Error('--store is memory or postgres');

const T = (url, duration, connections) => load(url, rpcBody('message/send', { message: message('task hello') }), { duration, connections });
const ROWS = {
  T: { title: 'T req/s', run: async (url) => (await T(url, seconds, 32)).rps },
  get: {
    title: 'tasks/get req/s',
    run: async (url) => {
      const task = await rpc(url, 'message/send', { message: message('task hello') });
      return rps(url, rpcBody('tasks/get', { id: task.id }), { duration: seconds });
    },
  },
  reply: { title: 'direct reply req/s', run: (url) => rps(url, rpcBody('message/send', { message: message('echo hello') }), { duration: seconds }) },
  S: { title: 'S streams/s', run: (url) => streamsPerSecond(url, 'chunks 100', 103, { duration: seconds }) },
};
const rows = rowKeys.map((key) => {
  if (!ROWS[key]) throw new Error(`no row ${key}: T, get, reply or S`);
  return { key, ...ROWS[key] };
});

// PostgreSQL: one cluster, a database per checkout (their migrations need not agree).
let cluster;
const databaseOf = new Map();
if (store === 'postgres') {
  const { startCluster } = await import('./pg-cluster.mjs');
  const pg = (await import('pg')).default;
  cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  for (const [i, checkout] of checkouts.entries()) {
    await admin.query(`CREATE DATABASE ab_${i}`);
    databaseOf.set(checkout, cluster.url.replace(/\/bench$/, `/ab_${i}`));
  }
  await admin.end();
}

async function startAt(checkout) {
  if (store === 'memory') return start(checkout, 'generated.mjs', [join(checkout, 'bench/.tmp/bench-agent')]);
  process.env.DATABASE_URL = databaseOf.get(checkout);
  return start(checkout, 'generated-pg.mjs', [join(checkout, 'bench/.tmp/bench-agent-postgres')]);
}

const results = new Map(checkouts.map((c) => [c, Object.fromEntries(rows.map((r) => [r.key, []]))]));
/** Per checkout: [req/s, p50, p99] of each round, at 32 connections and at 1. */
const latencies = new Map(checkouts.map((c) => [c, { 32: [], 1: [] }]));
try {
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < checkouts.length; i++) {
      const checkout = checkouts[(i + round) % checkouts.length];
      const server = await startAt(checkout);
      try {
        await rps(server.url, rpcBody('message/send', { message: message('echo warm') }), { duration: 1 });
        await T(server.url, 1, 32);
        if (warmStreams || rowKeys.includes('S')) await streamsPerSecond(server.url, 'chunks 100', 103, { duration: 1 });
        if (warmStreams) await streamsPerSecond(server.url, 'stream 100', 102, { duration: 1 });
        for (const row of rows) results.get(checkout)[row.key].push(await row.run(server.url));
        if (latency) {
          const loaded = await T(server.url, seconds, 32);
          latencies.get(checkout)[32].push([loaded.rps, loaded.p50, loaded.p99]);
          const alone = await T(server.url, Math.max(2, seconds / 2), 1);
          latencies.get(checkout)[1].push([alone.rps, alone.p50, alone.p99]);
        }
      } finally {
        await stop(server, 'SIGKILL');
      }
    }
    console.error(`round ${round + 1}/${rounds} done`);
  }
} finally {
  await cluster?.stop();
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const [first] = checkouts;
console.log(
  `${store === 'postgres' ? 'PostgreSQL store' : 'Memory store'}: one fresh server per checkout and round, ${rounds} interleaved rounds of ${seconds} s${warmStreams ? ', after stream warm-ups' : ''}\n`,
);
for (const row of rows) {
  const of = (c) => results.get(c)[row.key];
  console.log(
    table(
      ['checkout', `${row.title}, median`, `÷ ${first}`, 'per round ÷ the same round of the first', 'rounds'],
      checkouts.map((c) => [
        c,
        fmt(median(of(c))),
        `${(median(of(c)) / median(of(first))).toFixed(2)}×`,
        of(c)
          .map((v, i) => `${(v / of(first)[i]).toFixed(2)}×`)
          .join(', '),
        of(c).map(fmt).join(', '),
      ]),
    ),
    '\n',
  );
}
if (latency) {
  // autocannon's percentiles are whole milliseconds; a mean from the rate is finer (Little's law:
  // connections ÷ req/s, each connection having one request out at a time).
  const mid = (list, i) => median(list.map((r) => r[i]));
  console.log(`T answer times, medians of the rounds (means from the rates; autocannon's p99 in whole ms)\n`);
  console.log(
    table(
      ['checkout', 'mean, 32 connections', 'p99, 32 connections', 'req/s, 1 connection', 'mean, 1 connection'],
      checkouts.map((c) => {
        const l = latencies.get(c);
        const alone = mid(l[1], 0);
        return [c, `${((32 / mid(l[32], 0)) * 1000).toFixed(2)} ms`, `${mid(l[32], 2)} ms`, fmt(alone), `${((1 / alone) * 1e6).toFixed(0)} µs`];
      }),
    ),
  );
}
