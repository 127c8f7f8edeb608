// The machine's own ceiling for several processes, as a control for bench/pg.mjs: T (a blocking
// send completed with one artifact) against 1 and 3 processes of the generated server with the
// memory store (tasks not shared), autocannon's 32 connections spread over them, alternating.
// Where 3 processes serve no more than 1, the machine, not a store, is what limits replicas; the
// agents' CPU per task says what splitting the load three ways costs each request.
// Usage: npm run build && node bench/processes.mjs [--rounds 2] [--seconds 6]
import autocannon from 'autocannon';
import { cpuSeconds, median } from './lib.mjs';
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
/** Agent CPU µs per T task, per round. */
const costs = { 1: [], 3: [] };
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
    const pids = servers.map((s) => s.child.pid);
    const before = cpuSeconds(pids);
    const measured = await run(seconds);
    results[n].push(measured.requests.average);
    costs[n].push(((cpuSeconds(pids) - before) / measured.requests.total) * 1e6);
    for (const s of servers) await stop(s);
  }
}
const line = (n) => `${Math.round(median(results[n]))} (${results[n].map(Math.round)}), ${median(costs[n]).toFixed(1)} µs agent CPU per task`;
console.log(`T req/s, memory store, median of ${rounds} rounds of ${seconds} s: 1 process ${line(1)}; 3 processes ${line(3)}`);
