// A/B of one scenario across commits: the generated v0.3.0 bench agent of each checkout, one
// fresh server at a time, interleaved (each round starts with the next checkout), so drift of a
// shared machine falls on every commit alike. For bisecting: only scenario T (a blocking
// message/send that makes a task with an artifact), optionally after the other rows' warm-up
// (direct replies, status and artifact streams), as bench/server.mjs runs it.
// Each checkout must be built and have its bench agent prepared:
//   git clone -q . /tmp/ab/X && cd /tmp/ab/X && git checkout -q X && ln -s $PWD/node_modules . \
//     && npm run build && node -e "import('./bench/prepare.mjs').then((m) => m.prepareBenchAgent())"
// Usage: node bench/ab.mjs [--rounds 6] [--seconds 8] [--warm-streams] /tmp/ab/A /tmp/ab/B …
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { median, table } from './lib.mjs';
import { message, rpcBody, rps, streamsPerSecond } from './load.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(argv.splice(i, 2)[1]);
};
const rounds = option('rounds', 6);
const seconds = option('seconds', 8);
const warmStreams = argv.includes('--warm-streams');
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

const T = (url, duration) => rps(url, rpcBody('message/send', { message: message('task hello') }), { duration });
const results = new Map(checkouts.map((c) => [c, []]));
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < checkouts.length; i++) {
    const checkout = checkouts[(i + round) % checkouts.length];
    const server = await startAt(checkout);
    try {
      await rps(server.url, rpcBody('message/send', { message: message('echo warm') }), { duration: 1 });
      await T(server.url, 1);
      if (warmStreams) {
        await streamsPerSecond(server.url, 'stream 100', 102, { duration: 1 });
        await streamsPerSecond(server.url, 'chunks 100', 103, { duration: 1 });
      }
      results.get(checkout).push(await T(server.url, seconds));
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
