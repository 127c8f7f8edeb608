// Per-call cost of the generated client beside raw fetch + JSON.parse and beside the official
// @a2a-js/sdk 0.3.x client, all calling the same generated server (one call at a time, so the
// client's own overhead is what differs). Rounds are interleaved; medians are reported.
// Short rounds, many of them: on a shared machine load comes in phases of seconds, and only
// fine interleaving lets every client see the same phases.
// Usage: npm run build && node bench/client.mjs [--calls 500] [--rounds 40]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { A2AClient as SdkClient } from 'a2a-sdk-03/client';
import { median, table } from './lib.mjs';
import { prepareBenchAgent, root } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const calls = arg('calls', 500);
const rounds = arg('rounds', 40);

const dir = prepareBenchAgent();
const server = spawn(process.execPath, [join(root, 'bench/servers/generated.mjs'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
const { port } = JSON.parse(await new Promise((resolve) => server.stdout.once('data', (d) => resolve(String(d)))));
const base = `http://127.0.0.1:${port}`;
const url = `${base}/`;
const { A2AClient } = await import(pathToFileURL(join(dir, 'dist/a2a/client/index.js')).href);
const generated = await A2AClient.fromCardUrl(base);
const sdk = await SdkClient.fromCardUrl(`${base}/.well-known/agent-card.json`);

let n = 0;
const message = () => ({ kind: 'message', messageId: `m-${n++}`, role: 'user', parts: [{ kind: 'text', text: 'echo hello' }] });
let nextId = 1;
const variants = {
  'raw fetch + JSON.parse': async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'message/send', params: { message: message() } }),
    });
    const body = JSON.parse(await res.text());
    if (!body.result) throw new Error('no result');
  },
  'generated client': async () => {
    const result = await generated.sendMessage({ message: message() });
    if (result.kind !== 'message') throw new Error('unexpected result');
  },
  '@a2a-js/sdk 0.3.x client': async () => {
    const response = await sdk.sendMessage({ message: message() });
    if (!('result' in response)) throw new Error('unexpected result');
  },
};

const perCall = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (const run of Object.values(variants)) for (let i = 0; i < 300; i++) await run(); // warm-up
const entries = Object.entries(variants);
for (let r = 0; r < rounds; r++) {
  // Each round starts with a different client, so none always runs right after another's garbage.
  for (const [name, run] of entries.map((_, i) => entries[(i + r) % entries.length])) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) await run();
    perCall[name].push(((performance.now() - started) * 1000) / calls);
  }
}
server.kill();

const raw = median(perCall['raw fetch + JSON.parse']);
console.log(`Client cost per message/send, one call at a time, median of ${rounds} interleaved rounds of ${calls} calls\n`);
console.log(
  table(
    ['client', 'µs per call', 'vs raw fetch'],
    Object.keys(variants).map((k) => [k, median(perCall[k]).toFixed(0), `${((median(perCall[k]) / raw - 1) * 100).toFixed(1)}%`]),
  ),
);
console.log(`\ngenerated client overhead over raw fetch: ${((median(perCall['generated client']) / raw - 1) * 100).toFixed(1)}% (target ≤ 10%)`);
