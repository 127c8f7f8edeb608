// The spec download's deadline fires every time, over the whole download: against a server that
// never answers and one that answers and then drips a byte every 500 ms, the real binary stops
// at the deadline with one line saying so. It used to build the deadline from
// AbortSignal.timeout() inside AbortSignal.any(), which Node 20 can garbage-collect before it
// fires: 13 of 18 runs against a silent server went past 60 s, a dripping one past 420 s. The
// child collects garbage every 20 ms (--expose-gc), and the deadline is shortened for the test
// with A2A_GEN_FETCH_TIMEOUT_MS (docs/SECURITY.md).
import { writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliProcess } from '../helpers/cli-process.js';
import { exampleText } from '../helpers/examples.js';
import { listFiles } from '../helpers/files.js';
import { tempDir } from '../helpers/tmp.js';

const DEADLINE_MS = 1_500;
/** Start-up and exit of the child on a busy machine; the old code took minutes. */
const SLACK_MS = 6_000;
const GC_OFTEN = pathToFileURL(join(import.meta.dirname, '..', 'helpers', 'gc-often.mjs')).href;
const ENV = { NODE_OPTIONS: `--expose-gc --import=${GC_OFTEN}`, A2A_GEN_FETCH_TIMEOUT_MS: String(DEADLINE_MS) };

const sockets = new Set<Socket>();
let silent: TcpServer;
let dripping: HttpServer;
const drips = new Set<NodeJS.Timeout>();
const origin = (server: TcpServer | HttpServer): string => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

beforeAll(async () => {
  // Accepts the connection and never says a word.
  silent = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Answers at once, then sends a byte every 500 ms, forever: no single read ever waits long.
  dripping = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const drip = setInterval(() => res.write(' '), 500);
    drips.add(drip);
    res.on('close', () => {
      clearInterval(drip);
      drips.delete(drip);
    });
  });
  dripping.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await Promise.all([silent, dripping].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
});

afterAll(async () => {
  for (const drip of drips) clearInterval(drip);
  for (const socket of sockets) socket.destroy();
  await Promise.all([silent, dripping].map((s) => new Promise((r) => s.close(r))));
});

describe('the spec download stops at its deadline, with garbage collected all along', () => {
  it.each([
    ['a server that never answers', () => `${origin(silent)}/a2a.json`, `no answer within ${DEADLINE_MS} ms`],
    ['a server that drips a byte every 500 ms', () => `${origin(dripping)}/a2a.json`, `the download did not finish within ${DEADLINE_MS} ms`],
  ])(
    '%s: three runs, each stopped at the deadline, one line, nothing written',
    async (_name, url, reason) => {
      const dir = await tempDir('deadline-');
      await writeFile(join(dir, 'a2a.yaml'), exampleText('hello'));
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        const r = await runCliProcess(['generate', '--spec', url()], dir, { env: ENV, timeoutMs: 30_000 });
        const elapsed = performance.now() - started;
        expect(r.killed, r.stderr).toBeUndefined();
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr).toBe(`${url()}: cannot fetch schema: ${reason}\n`);
        expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS);
        expect(elapsed).toBeLessThan(DEADLINE_MS + SLACK_MS);
      }
      expect(await listFiles(dir)).toEqual(['a2a.yaml']);
    },
    120_000,
  );
});
