// The machine's own ceiling for several processes, as a control for bench/pg.mjs: T (a blocking
// send completed with one artifact) against 1 and 3 processes of the generated server with the
// memory store (tasks not shared), autocannon's 32 connections spread over them, alternating.
// Where 3 processes serve no more than 1, the machine, not a store, is what limits replicas.
// Usage: npm run build && node bench/processes.mjs [--rounds 2] [--seconds 6]
import autocannon from 'autocannon';
import { median } from './lib.mjs';
import { message, rpcBody, start, stop } from './load.mjs';
import { prepareBenchAgent } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = arg('rounds', 2);
const seconds = arg('seconds', 6);
const dir = prepareBenchAgent();
const results = { 1: [], 3: [] };
for (let round = 0; round < rounds; round++) {
  for (const n of [1, 3]) {
    const servers = [];
    for (let i = 0; i < n; i++) servers.push(await start(`memory ${i}`, 'generated.mjs', [dir]));
    const urls = servers.map((s) => s.url);
    const run = (duration) =>
      autocannon({
        url: urls,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: rpcBody('message/send', { message: message('task hello') }),
        connections: 32,
        duration,
      });
    await run(1);
    results[n].push((await run(seconds)).requests.average);
    for (const s of servers) await stop(s);
  }
}
console.log(
  `T req/s, memory store, median of ${rounds} rounds of ${seconds} s: 1 process ${Math.round(median(results[1]))} (${results[1].map(Math.round)}), 3 processes ${Math.round(median(results[3]))} (${results[3].map(Math.round)})`,
);
