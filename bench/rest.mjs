// HTTP+JSON against JSON-RPC on the same generated agent, side by side in one run: both
// bindings share the core (dispatch, task manager, store), so the difference is the binding's
// own cost — routing, query parsing, body translation (v0.3.0: its proto's JSON), framing.
// The target: HTTP+JSON within 10% of JSON-RPC on SendMessage and GetTask; streams alike.
//   T        send, blocking: one text artifact, completed; the answer is the completed task    req/s
//   GetTask  reads a finished task of scenario T                                              req/s
//   S        streaming send: working, 100 chunks of one artifact, completed (103 SSE events)  streams/s
// Each round starts a fresh server per version and measures both bindings on it, alternating
// which goes first. Usage: npm run build && node bench/rest.mjs [--rounds 3] [--seconds 8] [--versions v1,v03]
import { median, table } from './lib.mjs';
import { message, rpcBody, rps, start, stop, streamsPerSecond } from './load.mjs';
import { prepareBenchAgent } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const rounds = Number(arg('rounds', 3));
const seconds = Number(arg('seconds', 8));
const versions = String(arg('versions', 'v1,v03')).split(',');

let nextId = 1;
const v1Message = (text) => ({ messageId: `mr-${nextId++}`, role: 'ROLE_USER', parts: [{ text }] });
/** v0.3.0's HTTP+JSON message: its proto's JSON (`content`, ROLE_USER), as the official SDKs send it. */
const v03ProtoMessage = (text) => ({ messageId: `mr-${nextId++}`, role: 'ROLE_USER', content: [{ text }] });

/** Per version: how each binding sends T, GetTask and S, and where a completed task is in a T answer. */
const VERSIONS = {
  v1: {
    dir: () => prepareBenchAgent('v1'),
    headers: { 'a2a-version': '1.0' },
    jsonrpc: {
      send: (text) => ({ body: rpcBody('SendMessage', { message: v1Message(text) }) }),
      get: (id) => ({ body: rpcBody('GetTask', { id }) }),
      stream: (text) => ({ body: rpcBody('SendStreamingMessage', { message: v1Message(text) }) }),
      task: (json) => json.result?.task,
    },
    rest: {
      send: (text) => ({ path: '/message:send', body: JSON.stringify({ message: v1Message(text) }) }),
      get: (id) => ({ path: `/tasks/${id}`, method: 'GET' }),
      stream: (text) => ({ path: '/message:stream', body: JSON.stringify({ message: v1Message(text) }) }),
      task: (json) => json.task,
    },
    completed: 'TASK_STATE_COMPLETED',
  },
  v03: {
    dir: () => prepareBenchAgent(),
    headers: {},
    jsonrpc: {
      send: (text) => ({ body: rpcBody('message/send', { message: message(text) }) }),
      get: (id) => ({ body: rpcBody('tasks/get', { id }) }),
      stream: (text) => ({ body: rpcBody('message/stream', { message: message(text) }) }),
      task: (json) => json.result,
    },
    rest: {
      send: (text) => ({ path: '/v1/message:send', body: JSON.stringify({ message: v03ProtoMessage(text) }) }),
      get: (id) => ({ path: `/v1/tasks/${id}`, method: 'GET' }),
      stream: (text) => ({ path: '/v1/message:stream', body: JSON.stringify({ message: v03ProtoMessage(text) }) }),
      task: (json) => json.task,
    },
    completed: ['completed', 'TASK_STATE_COMPLETED'],
  },
};

/** The two endpoints of a running server, from its card. */
async function endpoints(server, headers) {
  const origin = new URL(server.url).origin;
  const card = await (await fetch(`${origin}/.well-known/agent-card.json`, { headers })).json();
  const interfaces = card.supportedInterfaces ?? card.additionalInterfaces ?? [];
  const url = (binding) => interfaces.find((i) => (i.protocolBinding ?? i.transport) === binding)?.url;
  const rest = url('HTTP+JSON');
  if (!rest) throw new Error(`${server.url}: the card lists no HTTP+JSON interface`);
  return { jsonrpc: url('JSONRPC') ?? server.url, rest: rest.replace(/\/$/, '') };
}

function call(v, binding, base, request) {
  const url = binding === 'rest' ? base + request.path : base;
  return { url, method: request.method ?? 'POST', body: request.body };
}

async function finishedTask(v, binding, base) {
  const req = call(v, binding, base, v[binding].send('task warm'));
  const json = await (await fetch(req.url, { method: 'POST', headers: { 'content-type': 'application/json', ...v.headers }, body: req.body })).json();
  const task = v[binding].task(json);
  const completed = [v.completed].flat();
  if (!completed.includes(task?.status?.state) || task.artifacts?.length !== 1) throw new Error(`${binding}: T answered ${JSON.stringify(json).slice(0, 300)}`);
  return task.id;
}

const ROWS = {
  T: (v, binding, base, duration) => {
    const req = call(v, binding, base, v[binding].send('task hello'));
    return rps(req.url, req.body, { duration, extraHeaders: v.headers });
  },
  GetTask: async (v, binding, base, duration) => {
    const req = call(v, binding, base, v[binding].get(await finishedTask(v, binding, base)));
    return rps(req.url, req.body, { duration, extraHeaders: v.headers, method: req.method });
  },
  S: (v, binding, base, duration) => {
    const req = call(v, binding, base, v[binding].stream('chunks 100'));
    return streamsPerSecond(req.url, 'chunks 100', 103, { duration, body: req.body, extraHeaders: v.headers });
  },
};

const results = {};
for (const name of versions) {
  const v = VERSIONS[name];
  const dir = v.dir();
  results[name] = Object.fromEntries(Object.keys(ROWS).map((row) => [row, { jsonrpc: [], rest: [] }]));
  for (let round = 0; round < rounds; round++) {
    const server = await start(`generated ${name}`, 'generated.mjs', [dir]);
    const bases = await endpoints(server, v.headers);
    const order = round % 2 === 0 ? ['jsonrpc', 'rest'] : ['rest', 'jsonrpc'];
    for (const binding of order) for (const row of Object.keys(ROWS)) await ROWS[row](v, binding, bases[binding], 1);
    for (const row of Object.keys(ROWS)) for (const binding of order) results[name][row][binding].push(await ROWS[row](v, binding, bases[binding], seconds));
    await stop(server);
    console.error(`${name}: round ${round + 1}/${rounds} done`);
  }
}

const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
console.log(`HTTP+JSON ÷ JSON-RPC on one generated server, median of ${rounds} rounds of ${seconds} s (autocannon, 32 connections; streams 16 at a time)\n`);
const lines = [];
for (const name of versions)
  for (const row of Object.keys(ROWS)) {
    const r = results[name][row];
    const ratio = median(r.rest.map((x, i) => x / r.jsonrpc[i]));
    lines.push([
      name,
      row,
      fmt(median(r.jsonrpc)),
      fmt(median(r.rest)),
      `**${(100 * ratio).toFixed(0)}%** (${r.rest.map((x, i) => `${((100 * x) / r.jsonrpc[i]).toFixed(0)}%`).join(', ')})`,
    ]);
  }
console.log(table(['version', 'scenario', 'JSON-RPC', 'HTTP+JSON', 'HTTP+JSON ÷ JSON-RPC, per-round median (rounds)'], lines));
