// Server throughput, side by side in one run: the generated server, the official
// @a2a-js/sdk 0.3.x on Express, and a bare node:http server (the ceiling). Interleaved rounds;
// the median round is reported, with the ratios the targets are stated in.
//   direct reply  message/send, blocking, answered with a Message (no task)       req/s
//   T             message/send, blocking: one text artifact, completed; the answer
//                 is the completed Task with its artifact and history               req/s
//   tasks/get     reads a finished task of scenario T                               req/s
//   status stream message/stream: 100 status updates (102 SSE events)              streams/s
//   S             message/stream: working, 100 chunks of one artifact, completed
//                 (103 SSE events)                                                  streams/s
// Every round starts every server afresh (the SDK's store keeps every task, so its heap would
// otherwise grow from round to round) and warms it up before measuring.
//   --memory: RSS of fresh generated servers after 1,000,000 T tasks and after 100,000 S
//   streams (and of a fresh SDK server after 180,000 T tasks).
// Usage: npm run build && node bench/server.mjs [--rounds 3] [--seconds 8] [--memory]
//   [--only memory] [--t-tasks 1000000] [--s-streams 100000] [--sdk-tasks 180000]
import { median, table } from './lib.mjs';
import { memoryOf, message, rpc, rpcBody, rps, rssMiB, start, stop, streamBytes, streamsPerSecond } from './load.mjs';
import { prepareBenchAgent } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = arg('rounds', 3);
const seconds = arg('seconds', 8);
const onlyMemory = process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'memory';
const memory = onlyMemory || process.argv.includes('--memory');
const tTasks = arg('t-tasks', 1_000_000);
const sStreams = arg('s-streams', 100_000);
const sdkTasks = arg('sdk-tasks', 180_000);

const dir = prepareBenchAgent();
const kinds = [
  { name: 'generated', script: 'generated.mjs', args: [dir] },
  { name: '@a2a-js/sdk 0.3.x + Express', script: 'sdk.mjs', args: [] },
  { name: 'bare node:http', script: 'bare.mjs', args: [] },
  { name: 'generated, Fetch handler bridged to node:http', script: 'generated.mjs', args: [dir, '--fetch'] },
];
const [GEN, SDK, BARE, FETCH] = kinds.map((k) => k.name);

const T_TEXT = 'task hello';
const S_TEXT = 'chunks 100';
const STATUS_TEXT = 'stream 100';
const rows = [
  {
    key: 'reply',
    title: 'direct reply req/s',
    servers: [GEN, SDK, BARE, FETCH],
    run: (s, duration) => rps(s.url, rpcBody('message/send', { message: message('echo hello') }), { duration }),
  },
  {
    key: 'T',
    title: 'T (task) req/s',
    servers: [GEN, SDK, BARE],
    run: (s, duration) => rps(s.url, rpcBody('message/send', { message: message(T_TEXT) }), { duration }),
  },
  {
    key: 'get',
    title: 'tasks/get req/s',
    servers: [GEN, SDK, BARE, FETCH],
    run: async (s, duration) => rps(s.url, rpcBody('tasks/get', { id: await finishedTask(s) }), { duration }),
  },
  { key: 'status', title: 'status stream streams/s', servers: [GEN, SDK, BARE], run: (s, duration) => streamsPerSecond(s.url, STATUS_TEXT, 102, { duration }) },
  { key: 'S', title: 'S (artifact stream) streams/s', servers: [GEN, SDK, BARE], run: (s, duration) => streamsPerSecond(s.url, S_TEXT, 103, { duration }) },
];
/**
 * A finished T task to read, made just before it is read: the generated server keeps the last
 * 10,000 finished tasks, so one made before the T row would be gone (and tasks/get would
 * measure its TaskNotFound answer, a 200 all the same).
 */
async function finishedTask(s) {
  const id = (await rpc(s.url, 'message/send', { message: message('task warm') })).id;
  const task = await rpc(s.url, 'tasks/get', { id });
  if (task?.kind !== 'task' || task.status?.state !== 'completed') throw new Error(`${s.name}: tasks/get answered ${JSON.stringify(task)}`);
  return id;
}

const results = new Map(kinds.map((k) => [k.name, Object.fromEntries(rows.map((r) => [r.key, []]))]));

/** Fresh servers, each warmed up for a second on every row it serves. */
async function startAll() {
  const servers = [];
  for (const k of kinds) servers.push(await start(k.name, k.script, k.args));
  for (const s of servers) for (const row of rows) if (row.servers.includes(s.name)) await row.run(s, 1);
  return servers;
}

/** The answers must be alike for the comparison to hold: sizes of one T answer and one S stream. */
async function checkShapes(servers) {
  const sizes = [];
  for (const s of servers.filter((x) => x.name !== FETCH)) {
    const res = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: rpcBody('message/send', { message: { ...message(T_TEXT), messageId: 'm-100' } }),
    });
    const t = await res.text();
    const result = JSON.parse(t).result;
    if (result.kind !== 'task' || result.status.state !== 'completed' || result.artifacts?.length !== 1 || result.history?.length !== 1)
      throw new Error(`${s.name}: T answered ${t}`);
    const stream = await streamBytes(s.url, S_TEXT);
    sizes.push(`${s.name} ${Buffer.byteLength(t)} B / ${Buffer.byteLength(stream).toLocaleString('en-US')} B`);
  }
  console.log(`Answer sizes, T body / S stream: ${sizes.join('; ')}\n`);
}

if (!onlyMemory) {
  const started = Date.now();
  for (let round = 0; round < rounds; round++) {
    const servers = await startAll();
    if (round === 0) await checkShapes(servers);
    for (const row of rows) {
      const serving = servers.filter((s) => row.servers.includes(s.name));
      // Each round starts with a different server, so none is always measured right after another.
      for (let i = 0; i < serving.length; i++) {
        const s = serving[(i + round) % serving.length];
        results.get(s.name)[row.key].push(await row.run(s, seconds));
      }
    }
    for (const s of servers) await stop(s);
    console.error(`round ${round + 1}/${rounds} done (${Math.round((Date.now() - started) / 1000)} s)`);
  }

  const m = (name, key) => median(results.get(name)[key]);
  const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
  console.log(`Server throughput on loopback, median of ${rounds} interleaved rounds of ${seconds} s (autocannon, 32 connections; streams 16 at a time)\n`);
  console.log(
    table(
      ['server', ...rows.map((r) => r.title)],
      kinds.map((k) => [k.name, ...rows.map((r) => (r.servers.includes(k.name) ? fmt(m(k.name, r.key)) : '—'))]),
    ),
  );
  console.log('\nEvery round (in order):');
  for (const k of kinds)
    console.log(
      `  ${k.name}: ${rows
        .filter((r) => r.servers.includes(k.name))
        .map((r) => `${r.key} ${results.get(k.name)[r.key].map(fmt).join(', ')}`)
        .join(' · ')}`,
    );
  const x = (key, a, b) => m(a, key) / m(b, key);
  const times = (key, target) => `${x(key, GEN, SDK).toFixed(2)}× (target ≥ ${target}×)`;
  const pct = (key, target) => `${(100 * x(key, GEN, BARE)).toFixed(0)}%${target ? ` (target ≥ ${target}%)` : ''}`;
  console.log(
    `\ngenerated ÷ SDK:  T ${times('T', 4)}, S ${times('S', 2)}, tasks/get ${times('get', 4.5)}, direct reply ${times('reply', 5)}, status stream ${times('status', 2)}`,
  );
  console.log(`generated ÷ bare: T ${pct('T', 50)}, S ${pct('S')}, tasks/get ${pct('get')}, direct reply ${pct('reply', 60)}, status stream ${pct('status')}`);
  console.log(
    `SDK ÷ bare:       T ${(100 * x('T', SDK, BARE)).toFixed(0)}%, S ${(100 * x('S', SDK, BARE)).toFixed(0)}%, tasks/get ${(100 * x('get', SDK, BARE)).toFixed(0)}%, direct reply ${(100 * x('reply', SDK, BARE)).toFixed(0)}%, status stream ${(100 * x('status', SDK, BARE)).toFixed(0)}%`,
  );
  // The same ratios taken within each round (servers measured minutes apart in the same round
  // share the machine's load phases), then their median: steadier on a busy machine.
  const perRound = (key, a, b) => results.get(a)[key].map((v, i) => v / results.get(b)[key][i]);
  const rounds_ = (key, a, b, unit) => {
    const r = perRound(key, a, b);
    const f = (v) => (unit === '%' ? `${(100 * v).toFixed(0)}%` : `${v.toFixed(2)}×`);
    return `${key} ${f(median(r))} (${r.map(f).join(', ')})`;
  };
  console.log(`\nPer-round ratios, median (every round):`);
  console.log(`  generated ÷ SDK:  ${rows.map((r) => rounds_(r.key, GEN, SDK, '×')).join(' · ')}`);
  console.log(`  generated ÷ bare: ${rows.map((r) => rounds_(r.key, GEN, BARE, '%')).join(' · ')}`);
  console.log(
    `Fetch handler bridged ÷ node handler: direct reply ${(100 * x('reply', FETCH, GEN)).toFixed(0)}%, tasks/get ${(100 * x('get', FETCH, GEN)).toFixed(0)}% (why the core is transport-neutral)`,
  );
}

if (memory) {
  // Each measurement on a fresh process, so "after N" means after N and nothing else.
  const MiB = (bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;
  const lines = [];
  const measure = async (k, what, load) => {
    const ours = k.script === 'generated.mjs';
    const s = await start(k.name, k.script, k.args, ours ? ['--expose-gc'] : []);
    const before = rssMiB(s.child.pid);
    const started = Date.now();
    const rate = await load(s);
    const after = rssMiB(s.child.pid);
    // The generated server also tells what a full collection leaves (the SDK script has no such hook).
    const gc = ours ? (await memoryOf(s)).memory : undefined;
    lines.push([
      k.name,
      what,
      `${before.toFixed(0)} MiB`,
      `**${after.toFixed(0)} MiB**`,
      gc ? `${MiB(gc.heapUsed)} heap, ${MiB(gc.rss)} RSS` : '—',
      `${Math.round((Date.now() - started) / 1000)} s (${Math.round(rate).toLocaleString('en-US')}/s)`,
    ]);
    await stop(s);
    console.error(`memory: ${k.name}, ${what} done`);
  };
  const T = (amount) => (s) => rps(s.url, rpcBody('message/send', { message: message(T_TEXT) }), { amount });
  await measure(kinds[0], `${tTasks.toLocaleString('en-US')} T tasks`, T(tTasks));
  await measure(kinds[0], `${sStreams.toLocaleString('en-US')} S streams`, (s) => streamsPerSecond(s.url, S_TEXT, 103, { amount: sStreams }));
  await measure(kinds[1], `${sdkTasks.toLocaleString('en-US')} T tasks`, T(sdkTasks));
  console.log(`\nMemory of a fresh server before and after the load (target for the generated server: RSS < 200 MiB after each)\n`);
  console.log(table(['server', 'load', 'RSS before', 'RSS after', 'after a full GC', 'took'], lines));
}
