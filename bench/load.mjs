// Load for the server benchmarks (bench/server.mjs, bench/profile.mjs): starting and stopping
// the servers of bench/servers/, autocannon for request/response calls, and a raw node:http
// SSE client that reads whole streams.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root } from './prepare.mjs';

/** Servers still running: stopped when this process ends, however it ends (an error, ^C). */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

/**
 * Starts bench/servers/<script> in its own node process; it prints `{ port, path }` (and
 * `grpcPort` when it serves gRPC) once it listens on 127.0.0.1. `nodeArgs` go to node itself
 * (`--cpu-prof`, …).
 */
export async function start(name, script, args = [], nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'bench/servers', script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const line = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d)));
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}`)));
  });
  const info = JSON.parse(line);
  return { name, script, args, child, info, url: `http://127.0.0.1:${info.port}${info.path}` };
}

/** Stops a server started by start() and waits for its exit (SIGINT: node writes a --cpu-prof profile then). */
export function stop(server, signal = 'SIGTERM') {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

let nextId = 1;
export const message = (text) => ({ kind: 'message', messageId: `m-${nextId++}`, role: 'user', parts: [{ kind: 'text', text }] });
export const rpcBody = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
export const headers = { 'content-type': 'application/json' };

/**
 * Requests per second over `duration` seconds, or over `amount` requests: autocannon, 32 connections.
 * `extraHeaders` go with every request (bench/server-v1.mjs: `A2A-Version: 1.0`).
 */
export async function rps(url, body, options = {}) {
  return (await load(url, body, options)).rps;
}

/**
 * Requests per second and the latency of each answer (ms: median, p99), as rps() applies the load;
 * `connections` (default 32) at a time.
 */
export async function load(url, body, { duration, amount, extraHeaders, method = 'POST', connections = 32 } = {}) {
  const result = await autocannon({
    url,
    method,
    headers: extraHeaders ? { ...headers, ...extraHeaders } : headers,
    ...(body === undefined ? {} : { body }),
    connections,
    pipelining: 1,
    ...(amount ? { amount } : { duration }),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return {
    rps: amount ? result.requests.total / (result.duration || 1) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

export async function rpc(url, method, params) {
  const res = await fetch(url, { method: 'POST', headers, body: rpcBody(method, params) });
  return (await res.json()).result;
}

/** One message/stream call read to its end: its raw bytes (for checking shapes and sizes). */
export async function streamBytes(url, text) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, accept: 'text/event-stream' },
    body: rpcBody('message/stream', { message: message(text) }),
  });
  return res.text();
}

/**
 * `message/stream` calls completed per second, 16 at a time, each read to its final event. The
 * client is raw node:http that counts SSE events in the bytes (no decoding), so the servers,
 * not the client, are measured. A stream must have exactly `events` events.
 * Runs for `duration` seconds, or until `amount` streams have completed. `body` and
 * `extraHeaders` replace the JSON-RPC request (bench/rest.mjs: an HTTP+JSON one, `url` its route).
 */
export async function streamsPerSecond(url, text, events, { duration, amount, body: given, extraHeaders } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const target = new URL(url);
  const body = given ?? rpcBody('message/stream', { message: message(text) });
  const once = () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { ...headers, ...extraHeaders, accept: 'text/event-stream', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
          let seen = 0;
          let tail = '';
          res.on('data', (chunk) => {
            const text = tail + chunk.latin1Slice(0, chunk.length);
            for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n', i + 2)) seen++;
            tail = text.slice(-1);
          });
          res.on('end', () => (seen === events ? resolve() : reject(new Error(`${url}: a stream had ${seen} events, expected ${events}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  const until = duration ? Date.now() + duration * 1000 : Infinity;
  let begun = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < until && (!amount || begun < amount)) {
        begun++;
        await once();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / ((performance.now() - started) / 1000);
}

/**
 * Asks a bench/servers/generated.mjs server for its memory (it answers SIGUSR2 on stdout with
 * process.memoryUsage(), taken after a full collection when it runs with --expose-gc).
 */
export function memoryOf(server) {
  return new Promise((resolve) => {
    server.child.stdout.once('data', (d) => resolve(JSON.parse(String(d))));
    server.child.kill('SIGUSR2');
  });
}

export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}
