// A/B of one scenario across commits: the generated v0.3.0 bench agent of each checkout, one
// fresh server at a time, interleaved (each round starts with the next checkout), so drift of a
// shared machine falls on every commit alike. For bisecting: only scenario T (a blocking
// message/send that makes a task with an artifact), optionally after the other rows' warm-up
// (direct replies, status and artifact streams), as bench/server.mjs runs it.
// Each checkout must be built and have its bench agent prepared:
//   git clone -q . /tmp/ab/X && cd /tmp/ab/X && git checkout -q X && ln -s $PWD/node_modules . \
//     && npm run build && node -e "import('./bench/prepare.mjs').then((m) => m.prepareBenchAgent())"
// --latency also measures each checkout's answer times (median, p99) on T at 32 connections and at
// 1 (one request at a time: what a write held for the end of the turn costs a lone request).
// Usage: node bench/ab.mjs [--rounds 6] [--seconds 8] [--warm-streams] [--latency] /tmp/ab/A /tmp/ab/B …
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { median, table } from './lib.mjs';
import { load, message, rpcBody, rps, streamsPerSecond } from './load.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(argv.splice(i, 2)[1]);
};
const rounds = option('rounds', 6);
const seconds = option('seconds', 8);
const warmStreams = argv.includes('--warm-streams');
const latency = argv.includes('--latency');
const checkouts = argv.filter((a) => !a.startsWith('--'));
if (checkouts.length < 2) throw new Error('name two or more prepared checkouts');

async function startAt(checkout) {
  const child = spawn(process.execPath, [join(checkout, 'bench/servers/generated.mjs'), join(checkout, 'bench/.tmp/bench-agent')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d)));
    child.once('exit', (code) => reject(new Error(`${checkout}: the server exited ${code}`)));
  });
  const { port, path } = JSON.parse(line);
  return { child, url: `http://127.0.0.1:${port}${path}` };
}

const T = (url, duration, connections) => load(url, rpcBody('message/send', { message: message('task hello') }), { duration, connections });
const results = new Map(checkouts.map((c) => [c, []]));
/** Per checkout: [req/s, p50, p99] of each round, at 32 connections and at 1. */
const latencies = new Map(checkouts.map((c) => [c, { 32: [], 1: [] }]));
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < checkouts.length; i++) {
    const checkout = checkouts[(i + round) % checkouts.length];
    const server = await startAt(checkout);
    try {
      await rps(server.url, rpcBody('message/send', { message: message('echo warm') }), { duration: 1 });
      await T(server.url, 1, 32);
      if (warmStreams) {
        await streamsPerSecond(server.url, 'stream 100', 102, { duration: 1 });
        await streamsPerSecond(server.url, 'chunks 100', 103, { duration: 1 });
      }
      const loaded = await T(server.url, seconds, 32);
      results.get(checkout).push(loaded.rps);
      if (latency) {
        latencies.get(checkout)[32].push([loaded.rps, loaded.p50, loaded.p99]);
        const alone = await T(server.url, Math.max(2, seconds / 2), 1);
        latencies.get(checkout)[1].push([alone.rps, alone.p50, alone.p99]);
      }
    } finally {
      server.child.kill('SIGKILL');
    }
  }
  console.error(`round ${round + 1}/${rounds} done`);
}
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const [first] = checkouts;
console.log(`T req/s, one fresh server per checkout and round, ${rounds} interleaved rounds of ${seconds} s${warmStreams ? ', after stream warm-ups' : ''}\n`);
console.log(
  table(
    ['checkout', 'median', `÷ ${first}`, 'rounds'],
    checkouts.map((c) => [
      c,
      fmt(median(results.get(c))),
      `${(median(results.get(c)) / median(results.get(first))).toFixed(2)}×`,
      results.get(c).map(fmt).join(', '),
    ]),
  ),
);
if (latency) {
  // autocannon's percentiles are whole milliseconds; a mean from the rate is finer (Little's law:
  // connections ÷ req/s, each connection having one request out at a time).
  const mid = (rounds, i) => median(rounds.map((r) => r[i]));
  console.log(`\nT answer times, medians of the rounds (means from the rates; autocannon's p99 in whole ms)\n`);
  console.log(
    table(
      ['checkout', 'mean, 32 connections', 'p99, 32 connections', 'req/s, 1 connection', 'mean, 1 connection'],
      checkouts.map((c) => {
        const l = latencies.get(c);
        const alone = mid(l[1], 0);
        return [c, `${((32 / median(results.get(c))) * 1000).toFixed(2)} ms`, `${mid(l[32], 2)} ms`, fmt(alone), `${((1 / alone) * 1e6).toFixed(0)} µs`];
      }),
    ),
  );
}
