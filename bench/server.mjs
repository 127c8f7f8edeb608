// Server throughput, side by side in one run: the generated server, the official
// @a2a-js/sdk 0.3.x on Express, and a bare node:http JSON echo. autocannon drives each over
// loopback in turn (interleaved rounds; the median round is reported).
//   message/send (blocking, echo executor) req/s · tasks/get req/s · 100-event streams/s
//   --memory: RSS of the generated server after 1,000,000 message/send tasks (and the SDK after 180,000)
// Usage: npm run build && node bench/server.mjs [--rounds 3] [--seconds 8] [--memory]
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { median, table } from './lib.mjs';
import { prepareBenchAgent, root } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = arg('rounds', 3);
const seconds = arg('seconds', 8);
const memory = process.argv.includes('--memory');

async function start(name, script, args = []) {
  const child = spawn(process.execPath, [join(root, 'bench/servers', script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d)));
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}`)));
  });
  const { port, path } = JSON.parse(line);
  return { name, child, url: `http://127.0.0.1:${port}${path}` };
}

let nextId = 1;
const message = (text) => ({ kind: 'message', messageId: `m-${nextId++}`, role: 'user', parts: [{ kind: 'text', text }] });
const rpcBody = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const headers = { 'content-type': 'application/json' };

async function rps(url, body, duration = seconds) {
  const result = await autocannon({ url, method: 'POST', headers, body, connections: 32, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function rpc(url, method, params) {
  const res = await fetch(url, { method: 'POST', headers, body: rpcBody(method, params) });
  return (await res.json()).result;
}

/**
 * Streams of 100 events completed per second, 16 at a time. The client is raw node:http that
 * counts SSE events in the bytes (no decoding), so the servers, not the client, are measured.
 */
async function streamsPerSecond(url, duration = seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const target = new URL(url);
  const once = () =>
    new Promise((resolve, reject) => {
      const body = rpcBody('message/stream', { message: message('stream 100') });
      const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...headers, accept: 'text/event-stream', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let events = 0;
        let tail = '';
        res.on('data', (chunk) => {
          const text = tail + chunk.latin1Slice(0, chunk.length);
          for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n', i + 2)) events++;
          tail = text.slice(-1);
        });
        res.on('end', () => (events === 102 ? resolve() : reject(new Error(`${url}: a stream had ${events} events, expected 102`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  const until = Date.now() + duration * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < until) {
        await once();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / duration;
}

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const dir = prepareBenchAgent();
const servers = [
  await start('generated', 'generated.mjs', [dir]),
  await start('@a2a-js/sdk 0.3.x + Express', 'sdk.mjs'),
  await start('bare node:http', 'bare.mjs'),
  await start('generated, Fetch handler bridged to node:http', 'generated.mjs', [dir, '--fetch']),
];
const [generated, sdk, bare, viaFetch] = servers;
const results = new Map(servers.map((s) => [s.name, { send: [], get: [], streams: [] }]));
const taskIds = new Map();
for (const s of [generated, sdk, viaFetch]) taskIds.set(s.name, (await rpc(s.url, 'message/send', { message: message('task warm') })).id);

for (const s of servers) await rps(s.url, rpcBody('message/send', { message: message('echo warm-up') }), 2);
for (let round = 0; round < rounds; round++) {
  for (const s of servers) results.get(s.name).send.push(await rps(s.url, rpcBody('message/send', { message: message('echo hello') })));
  for (const s of servers) {
    const body = s === bare ? rpcBody('tasks/get', { id: 'x' }) : rpcBody('tasks/get', { id: taskIds.get(s.name) });
    results.get(s.name).get.push(await rps(s.url, body));
  }
  for (const s of [generated, sdk]) results.get(s.name).streams.push(await streamsPerSecond(s.url));
}

const m = (name, key) => median(results.get(name)[key]);
const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
console.log(`Server throughput on loopback, median of ${rounds} interleaved rounds of ${seconds} s (autocannon, 32 connections)\n`);
console.log(
  table(
    ['server', 'message/send req/s', 'tasks/get req/s', '100-event streams/s'],
    servers.map((s) => [s.name, fmt(m(s.name, 'send')), fmt(m(s.name, 'get')), s === bare || s === viaFetch ? '—' : fmt(m(s.name, 'streams'))]),
  ),
);
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
console.log(`\ngenerated ÷ SDK: message/send ${ratio(m(generated.name, 'send'), m(sdk.name, 'send'))} (target ≥ 3×), tasks/get ${ratio(m(generated.name, 'get'), m(sdk.name, 'get'))} (≥ 3×), streams ${ratio(m(generated.name, 'streams'), m(sdk.name, 'streams'))} (≥ 2×)`);
console.log(`generated ÷ bare node:http: message/send ${(100 * m(generated.name, 'send') / m(bare.name, 'send')).toFixed(0)}% (target ≥ 60%)`);
console.log(`Fetch handler bridged ÷ node handler: message/send ${(100 * m(viaFetch.name, 'send') / m(generated.name, 'send')).toFixed(0)}%, tasks/get ${(100 * m(viaFetch.name, 'get') / m(generated.name, 'get')).toFixed(0)}% (why the core is transport-neutral)`);

if (memory) {
  const body = () => rpcBody('message/send', { message: message('task remember me') });
  await autocannon({ url: generated.url, method: 'POST', headers, body: body(), connections: 32, amount: 1_000_000 });
  const ours = rssMiB(generated.child.pid);
  await autocannon({ url: sdk.url, method: 'POST', headers, body: body(), connections: 32, amount: 180_000 });
  const theirs = rssMiB(sdk.child.pid);
  console.log(`\nRSS after message/send tasks: generated ${ours.toFixed(0)} MiB after 1,000,000 (target < 200 MiB); SDK ${theirs.toFixed(0)} MiB after 180,000`);
}
for (const s of servers) s.child.kill();
