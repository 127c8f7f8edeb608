// gRPC throughput, side by side in one run: the generated v1.0 server serving gRPC (the bench
// agent with `spec: '1.0'` and `server.bindings: [jsonrpc, grpc]`) and the official
// @a2a-js/sdk 1.3.0 gRPC server (bench/servers/sdk-grpc.mjs), both doing bench/servers/behaviour.mjs.
//   T        SendMessage, blocking: one text artifact, completed; the answer is
//            SendMessageResponse { task } with its artifact and history                calls/s
//   GetTask  reads a finished task of scenario T                                      calls/s
//   S        SendStreamingMessage "chunks 100": the task, working, 100 artifact
//            chunks, completed — 103 messages, read to the end                         streams/s
// Load: h2load (nghttp2's HTTP/2 load generator, in C: `apt-get install nghttp2-client`), 4
// connections with 16 calls in flight on each (4 for S), the same pre-encoded request every time
// — a node client would cost more CPU than the servers it measures, on a machine they share.
// Answers are checked first (shapes, sizes, every status) with a raw node:http2 client (bench/grpc-load.mjs).
// Usage: npm run build && node bench/grpc.mjs [--rounds 3] [--seconds 8]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printRounds } from './lib.mjs';
import { closeClients, framed, grpcClients, streamed, unary } from './grpc-load.mjs';
import { start, stop } from './load.mjs';
import { prepareBenchAgent, root } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = arg('rounds', 3);
const seconds = arg('seconds', 8);

const SERVICE = '/lf.a2a.v1.A2AService';
try {
  execFileSync('h2load', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('bench/grpc.mjs needs h2load (HTTP/2 load generator): apt-get install nghttp2-client');
  process.exit(2);
}
const dir = prepareBenchAgent('grpc');
// The generated agent's own codec writes the requests and checks the answers (the same bytes go to both servers).
const { agentCodec } = await import(`${dir}/dist/a2a/grpc/agent-codec.js`);
const encode = (type, value) => framed(Buffer.from(agentCodec.encode(`lf.a2a.v1.${type}`, value)));
const decode = (type, bytes) => agentCodec.decode(`lf.a2a.v1.${type}`, bytes);
const send = (text) => encode('SendMessageRequest', { message: { messageId: 'm-bench', role: 'ROLE_USER', parts: [{ text }] } });
const T_REQUEST = send('task hello');
const S_REQUEST = send('chunks 100');
const S_MESSAGES = 103;

/** What the bare server answers: a T answer and an S stream as the generated server writes them (taken from it at the first round). */
const bare = { answer: '', events: '[]' };
const kinds = [
  { name: 'generated v1.0 (gRPC)', script: 'generated.mjs', args: [dir] },
  { name: '@a2a-js/sdk 1.3.0 gRPC', script: 'sdk-grpc.mjs', args: [] },
  { name: 'bare node:http2 (the ceiling)', script: 'bare-grpc.mjs', args: () => [bare.answer, bare.events] },
];
const [GEN, SDK, BARE] = kinds.map((k) => k.name);

/** A finished T task of the server, read back to check it (its id then serves GetTask). */
async function finishedTask(clients) {
  const { task } = decode('SendMessageResponse', await unary(clients[0], `${SERVICE}/SendMessage`, T_REQUEST));
  const got = decode('Task', await unary(clients[0], `${SERVICE}/GetTask`, encode('GetTaskRequest', { id: task.id })));
  if (got.status?.state !== 'TASK_STATE_COMPLETED' || got.artifacts?.length !== 1 || got.history?.length !== 1)
    throw new Error(`GetTask answered ${JSON.stringify(got)}`);
  return task.id;
}

/** Calls per second that h2load completes on `path` with `request` (one file per request: h2load sends its bytes as the body). */
function h2load(server, path, request, { seconds, streams }) {
  const file = join(tmp, `${path.split('/').pop()}-${request.length}.bin`);
  writeFileSync(file, request);
  const out = execFileSync(
    'h2load',
    [
      '-D',
      String(seconds),
      '-c',
      '4',
      '-m',
      String(streams),
      '-d',
      file,
      '-H',
      'content-type: application/grpc',
      '-H',
      'te: trailers',
      '-H',
      'a2a-version: 1.0',
      `http://127.0.0.1:${server.info.grpcPort}${path}`,
    ],
    { encoding: 'utf8' },
  );
  const requests = /requests: (\d+) total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored/.exec(out);
  if (!requests || requests[4] !== '0' || requests[5] !== '0')
    throw new Error(
      `${server.name} ${path}: ${out
        .split('\n')
        .filter((l) => /requests:|status codes/.test(l))
        .join(' ')}`,
    );
  return Number(/finished in [\d.]+s, ([\d.]+) req\/s/.exec(out)[1]);
}
const tmp = join(root, 'bench/.tmp/grpc-requests');
mkdirSync(tmp, { recursive: true });

const rows = [
  { key: 'T', title: 'T (SendMessage) calls/s', run: (s, seconds) => h2load(s, `${SERVICE}/SendMessage`, T_REQUEST, { seconds, streams: 16 }) },
  {
    key: 'get',
    title: 'GetTask calls/s',
    run: async (s, seconds) =>
      h2load(s, `${SERVICE}/GetTask`, encode('GetTaskRequest', { id: await finishedTask(s.clients).catch(() => 'bare') }), { seconds, streams: 16 }),
  },
  { key: 'S', title: 'S (chunks 100) streams/s', run: (s, seconds) => h2load(s, `${SERVICE}/SendStreamingMessage`, S_REQUEST, { seconds, streams: 4 }) },
];

/** The answers must be alike for the comparison to hold: sizes of one T answer, one GetTask answer and one S stream. */
async function checkShapes(servers) {
  const sizes = [];
  for (const s of servers) {
    const t = await unary(s.clients[0], `${SERVICE}/SendMessage`, T_REQUEST);
    const { task } = decode('SendMessageResponse', t);
    if (task?.status?.state !== 'TASK_STATE_COMPLETED' || task.artifacts?.length !== 1 || task.history?.length !== 1)
      throw new Error(`${s.name}: T answered ${JSON.stringify(decode('SendMessageResponse', t))}`);
    const got = await unary(s.clients[0], `${SERVICE}/GetTask`, encode('GetTaskRequest', { id: task.id }));
    const stream = await streamed(s.clients[0], `${SERVICE}/SendStreamingMessage`, S_REQUEST);
    const last = decode('StreamResponse', stream.at(-1));
    if (stream.length !== S_MESSAGES || last.statusUpdate?.status?.state !== 'TASK_STATE_COMPLETED')
      throw new Error(`${s.name}: S ended with ${JSON.stringify(last)}`);
    sizes.push(`${s.name} ${t.length} B / ${got.length} B / ${stream.reduce((n, m) => n + m.length, 0)} B`);
  }
  console.log(`Answer sizes, T / GetTask / one S stream: ${sizes.join('; ')}\n`);
}

/** The bare server answers what the generated one does, byte for byte. */
async function captureAnswers() {
  const server = await start(GEN, 'generated.mjs', [dir]);
  const [client] = await grpcClients(`127.0.0.1:${server.info.grpcPort}`, 1);
  bare.answer = (await unary(client, `${SERVICE}/SendMessage`, T_REQUEST)).toString('base64');
  bare.events = JSON.stringify((await streamed(client, `${SERVICE}/SendStreamingMessage`, S_REQUEST)).map((m) => m.toString('base64')));
  closeClients([client]);
  await stop(server);
}

const results = new Map(kinds.map((k) => [k.name, Object.fromEntries(rows.map((r) => [r.key, []]))]));
const started = Date.now();
for (let round = 0; round < rounds; round++) {
  const servers = [];
  if (round === 0) await captureAnswers();
  for (const k of kinds) {
    const server = await start(k.name, k.script, typeof k.args === 'function' ? k.args() : k.args);
    servers.push({ ...server, clients: await grpcClients(`127.0.0.1:${server.info.grpcPort}`, 4) });
  }
  if (round === 0) await checkShapes(servers.filter((s) => s.name !== BARE));
  for (const s of servers) for (const row of rows) await row.run(s, 1); // warm-up
  for (const row of rows)
    // Each round starts with a different server, so none is always measured right after the other.
    for (let i = 0; i < servers.length; i++) {
      const s = servers[(i + round) % servers.length];
      results.get(s.name)[row.key].push(await row.run(s, seconds));
    }
  for (const s of servers) {
    closeClients(s.clients);
    await stop(s);
  }
  console.error(`round ${round + 1}/${rounds} done (${Math.round((Date.now() - started) / 1000)} s)`);
}

const ratios = printRounds(
  `gRPC throughput on loopback, median of ${rounds} interleaved rounds of ${seconds} s (h2load: 4 connections × 16 calls, 4 streams for S)`,
  kinds.map((k) => k.name),
  rows,
  results,
);
console.log('\nRatios of the medians; then the median of the per-round ratios (every round):');
console.log(`  generated ÷ SDK 1.3.0: ${ratios(GEN, SDK, '×', { T: 3, S: 2 })}`);
console.log(`  generated ÷ bare:      ${ratios(GEN, BARE, '%')}`);
console.log(`  SDK 1.3.0 ÷ bare:      ${ratios(SDK, BARE, '%')}`);
