// What answering v0.3.0 clients through the translation costs (manifest `compat: [0.3.0]`), side by
// side in one run: on one v1.0 agent with compat, the same work asked in v1.0 (native) and in
// v0.3.0 (no A2A-Version: translated in and out); and the plain v0.3.0 agent doing it natively.
//   T        message/send | SendMessage, blocking: one text artifact, completed; the answer is the task   req/s
//   GetTask  reads a finished task of scenario T                                                          req/s
//   S        streaming send: working, 100 chunks of one artifact, completed (103 SSE events)              streams/s
// Each round starts a fresh server of each kind, alternating which is measured first.
// Usage: npm run build && node bench/compat.mjs [--rounds 5] [--seconds 6]
import { median, table } from './lib.mjs';
import { message, rpcBody, rps, start, stop, streamsPerSecond } from './load.mjs';
import { prepareBenchAgent } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const rounds = Number(arg('rounds', 5));
const seconds = Number(arg('seconds', 6));

let nextId = 1;
const v1Message = (text) => ({ messageId: `mc-${nextId++}`, role: 'ROLE_USER', parts: [{ text }] });

/** How each way of asking sends T, GetTask and S over JSON-RPC, and where the task is in a T answer. */
const WAYS = {
  'compat, v1.0': {
    server: 'compat',
    headers: { 'a2a-version': '1.0' },
    send: (text) => rpcBody('SendMessage', { message: v1Message(text) }),
    get: (id) => rpcBody('GetTask', { id }),
    stream: (text) => rpcBody('SendStreamingMessage', { message: v1Message(text) }),
    task: (json) => json.result?.task,
    completed: 'TASK_STATE_COMPLETED',
  },
  'compat, v0.3.0': v03Way('compat'),
  'v0.3.0 agent': v03Way('v03'),
};

/** A v0.3.0 client's requests (no A2A-Version), to either server. */
function v03Way(server) {
  return {
    server,
    headers: {},
    send: (text) => rpcBody('message/send', { message: message(text) }),
    get: (id) => rpcBody('tasks/get', { id }),
    stream: (text) => rpcBody('message/stream', { message: message(text) }),
    task: (json) => json.result,
    completed: 'completed',
  };
}

async function finishedTask(way, url) {
  const json = await (
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...way.headers }, body: way.send('task warm') })
  ).json();
  const task = way.task(json);
  if (task?.status?.state !== way.completed || task.artifacts?.length !== 1) throw new Error(`T answered ${JSON.stringify(json).slice(0, 300)}`);
  return task.id;
}

const ROWS = {
  T: (way, url, duration) => rps(url, way.send('task hello'), { duration, extraHeaders: way.headers }),
  GetTask: async (way, url, duration) => rps(url, way.get(await finishedTask(way, url)), { duration, extraHeaders: way.headers }),
  S: (way, url, duration) => streamsPerSecond(url, 'chunks 100', 103, { duration, body: way.stream('chunks 100'), extraHeaders: way.headers }),
};

const dirs = { compat: prepareBenchAgent('compat'), v03: prepareBenchAgent() };
const results = Object.fromEntries(Object.keys(WAYS).map((w) => [w, Object.fromEntries(Object.keys(ROWS).map((r) => [r, []]))]));
for (let round = 0; round < rounds; round++) {
  const kinds = round % 2 === 0 ? ['compat', 'v03'] : ['v03', 'compat'];
  for (const kind of kinds) {
    const server = await start(`generated ${kind}`, 'generated.mjs', [dirs[kind]]);
    const ways = Object.entries(WAYS).filter(([, w]) => w.server === kind);
    if (round % 2 === 1) ways.reverse();
    for (const [, way] of ways) for (const row of Object.keys(ROWS)) await ROWS[row](way, server.url, 1);
    for (const row of Object.keys(ROWS)) for (const [name, way] of ways) results[name][row].push(await ROWS[row](way, server.url, seconds));
    await stop(server);
  }
  console.error(`round ${round + 1}/${rounds} done`);
}

const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
const ratio = (a, b) => `**${(100 * median(a.map((x, i) => x / b[i]))).toFixed(0)}%** (${a.map((x, i) => `${((100 * x) / b[i]).toFixed(0)}%`).join(', ')})`;
console.log(`JSON-RPC, median of ${rounds} rounds of ${seconds} s (autocannon, 32 connections; streams 16 at a time)\n`);
console.log(
  table(
    ['scenario', 'compat, v1.0', 'compat, v0.3.0', 'v0.3.0 agent', 'compat v0.3.0 ÷ compat v1.0 (rounds)', 'compat v0.3.0 ÷ v0.3.0 agent (rounds)'],
    Object.keys(ROWS).map((row) => {
      const [v1, v03, plain] = Object.keys(WAYS).map((w) => results[w][row]);
      return [row, fmt(median(v1)), fmt(median(v03)), fmt(median(plain)), ratio(v03, v1), ratio(v03, plain)];
    }),
  ),
);
