// A2A v1.0 server throughput, side by side in one run: the generated v1.0 server (the bench agent
// with `spec: '1.0'`, from the bundled a2a.proto), the official @a2a-js/sdk 1.3.0 on Express, a
// bare node:http server (the ceiling), and, for reference, the generated v0.3.0 server on its own
// wire (message/send, tasks/get). Same load and rounds as bench/server.mjs.
//   T        SendMessage, blocking: one text artifact, completed; the answer is
//            `{ task }`, the completed Task with its artifact and history          req/s
//   GetTask  reads a finished task of scenario T                                   req/s
// v1.0 requests carry `A2A-Version: 1.0`; messages are `{ messageId, role: 'ROLE_USER', parts: [{ text }] }`.
// Usage: npm run build && node bench/server-v1.mjs [--rounds 3] [--seconds 8]
import { printRounds } from './lib.mjs';
import { message, rpcBody, rps, start, stop } from './load.mjs';
import { prepareBenchAgent } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = arg('rounds', 3);
const seconds = arg('seconds', 8);

const V1 = { 'a2a-version': '1.0' };
let nextId = 1;
const v1Message = (text) => ({ messageId: `m1-${nextId++}`, role: 'ROLE_USER', parts: [{ text }] });
/** The two wires: method names, bodies, headers and how a completed T task looks in each. */
const wires = {
  v1: {
    send: (text, messageId) => rpcBody('SendMessage', { message: { ...v1Message(text), ...(messageId ? { messageId } : {}) } }),
    get: (id) => rpcBody('GetTask', { id }),
    headers: V1,
    taskOfSend: (result) => result?.task,
    completed: 'TASK_STATE_COMPLETED',
  },
  v03: {
    send: (text, messageId) => rpcBody('message/send', { message: { ...message(text), ...(messageId ? { messageId } : {}) } }),
    get: (id) => rpcBody('tasks/get', { id }),
    headers: undefined,
    taskOfSend: (result) => (result?.kind === 'task' ? result : undefined),
    completed: 'completed',
  },
};

const dirV1 = prepareBenchAgent('v1');
const dirV03 = prepareBenchAgent();
const kinds = [
  { name: 'generated v1.0', script: 'generated.mjs', args: [dirV1], wire: 'v1' },
  { name: '@a2a-js/sdk 1.3.0 + Express', script: 'sdk-v1.mjs', args: [], wire: 'v1' },
  { name: 'bare node:http (v1.0 bodies)', script: 'bare-v1.mjs', args: [], wire: 'v1' },
  { name: 'generated v0.3.0 (message/send, tasks/get)', script: 'generated.mjs', args: [dirV03], wire: 'v03' },
];
const [GEN, SDK, BARE, GEN03] = kinds.map((k) => k.name);
const wireOf = (s) => wires[kinds.find((k) => k.name === s.name).wire];

const T_TEXT = 'task hello';
async function post(s, body) {
  const res = await fetch(s.url, { method: 'POST', headers: { 'content-type': 'application/json', ...wireOf(s).headers }, body });
  const text = await res.text();
  return { text, result: JSON.parse(text).result };
}
const isT = (s, task) => task?.status?.state === wireOf(s).completed && task.artifacts?.length === 1 && task.history?.length === 1;

const rows = [
  { key: 'T', title: 'T (SendMessage) req/s', run: (s, duration) => rps(s.url, wireOf(s).send(T_TEXT), { duration, extraHeaders: wireOf(s).headers }) },
  {
    key: 'get',
    title: 'GetTask req/s',
    run: async (s, duration) => rps(s.url, wireOf(s).get(await finishedTask(s)), { duration, extraHeaders: wireOf(s).headers }),
  },
];
/** A finished T task, made just before it is read (the generated server keeps the last 10,000) and checked. */
async function finishedTask(s) {
  const id = wireOf(s).taskOfSend((await post(s, wireOf(s).send('task warm'))).result)?.id;
  const { text, result } = await post(s, wireOf(s).get(id));
  if (!isT(s, result) || (s.name !== BARE && result.id !== id)) throw new Error(`${s.name}: GetTask answered ${text}`);
  return id;
}

/** The answers must be alike for the comparison to hold: the size of one T answer and one GetTask answer. */
async function checkShapes(servers) {
  const sizes = [];
  for (const s of servers) {
    const sent = await post(s, wireOf(s).send(T_TEXT, 'm-100'));
    if (!isT(s, wireOf(s).taskOfSend(sent.result))) throw new Error(`${s.name}: T answered ${sent.text}`);
    const got = await post(s, wireOf(s).get(wireOf(s).taskOfSend(sent.result).id));
    if (!isT(s, got.result)) throw new Error(`${s.name}: GetTask answered ${got.text}`);
    sizes.push(`${s.name} ${Buffer.byteLength(sent.text)} B / ${Buffer.byteLength(got.text)} B`);
  }
  console.log(`Answer sizes, T / GetTask: ${sizes.join('; ')}\n`);
}

const results = new Map(kinds.map((k) => [k.name, Object.fromEntries(rows.map((r) => [r.key, []]))]));
const started = Date.now();
for (let round = 0; round < rounds; round++) {
  const servers = [];
  for (const k of kinds) servers.push(await start(k.name, k.script, k.args));
  if (round === 0) await checkShapes(servers);
  for (const s of servers) for (const row of rows) await row.run(s, 1); // warm-up
  for (const row of rows)
    // Each round starts with a different server, so none is always measured right after another.
    for (let i = 0; i < servers.length; i++) {
      const s = servers[(i + round) % servers.length];
      results.get(s.name)[row.key].push(await row.run(s, seconds));
    }
  for (const s of servers) await stop(s);
  console.error(`round ${round + 1}/${rounds} done (${Math.round((Date.now() - started) / 1000)} s)`);
}

const ratios = printRounds(
  `A2A v1.0 server throughput on loopback, median of ${rounds} interleaved rounds of ${seconds} s (autocannon, 32 connections)`,
  kinds.map((k) => k.name),
  rows,
  results,
);
console.log('\nRatios of the medians; then the median of the per-round ratios (every round):');
console.log(`  generated v1.0 ÷ SDK 1.3.0:        ${ratios(GEN, SDK, '×', { T: 4, get: 4 })}`);
console.log(`  generated v1.0 ÷ bare:             ${ratios(GEN, BARE, '%')}`);
console.log(`  SDK 1.3.0 ÷ bare:                  ${ratios(SDK, BARE, '%')}`);
console.log(`  generated v1.0 ÷ generated v0.3.0: ${ratios(GEN, GEN03, '%')}`);
