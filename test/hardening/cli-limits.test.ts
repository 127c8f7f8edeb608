// Inputs without an end — /dev/zero, a named pipe fed forever, a chunked download that never
// finishes — are read only up to the 16 MiB limit: the real binary stops there with one line
// naming the limit and the source, exits 1, writes nothing, and its peak memory stays small
// (it used to buffer everything first and reached gigabytes).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdir, open, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runCliProcess, type ProcessResult } from '../helpers/cli-process.js';
import { exampleText } from '../helpers/examples.js';
import { listFiles, snapshot } from '../helpers/files.js';
import { until } from '../helpers/hardening.js';
import { tempDir } from '../helpers/tmp.js';

const LIMIT = 16 * 1024 * 1024;
const LIMIT_TEXT = /the limit of 16 MiB \(16777216 bytes\); stopped reading there/;
/** Node alone is ~50 MiB; the limit's worth of input once or twice more must fit well under this. */
const PEAK_RSS_BOUND = 200 * 1024 * 1024;
/** The endless server gives up on its own after this long, whatever the client does. */
const SERVER_GIVES_UP_MS = 20_000;

const peaks: Record<string, number> = {};

/** The contract of every case: one line naming limit and source, exit 1, small peak, nothing written. */
async function expectStoppedAtLimit(name: string, result: ProcessResult, source: RegExp, before: string[], dir: string): Promise<void> {
  expect(result.killed, result.stderr).toBeUndefined();
  expect(result.code, result.stderr).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(source);
  expect(lines[0]).toMatch(LIMIT_TEXT);
  expect(result.maxRssBytes, 'the child reported its peak memory').toBeDefined();
  peaks[name] = result.maxRssBytes!;
  expect(result.maxRssBytes!).toBeLessThan(PEAK_RSS_BOUND);
  expect(await listFiles(dir)).toEqual(before);
}

afterAll(() => {
  // The measured peaks, for the record (and the report of this change).
  console.log(
    Object.entries(peaks)
      .map(([name, bytes]) => `peak RSS ${(bytes / 1024 / 1024).toFixed(1)} MiB: ${name}`)
      .join('\n'),
  );
});

describe('inputs without an end stop at the limit (the real binary, peak memory measured)', () => {
  it('generate --spec /dev/zero', async () => {
    const dir = await tempDir('limit-zero-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello'));
    const before = await listFiles(dir);
    const result = await runCliProcess(['generate', '--spec', '/dev/zero'], dir);
    await expectStoppedAtLimit('generate --spec /dev/zero', result, /^\/dev\/zero: schema file is larger than /, before, dir);
  });

  it('validate --manifest /dev/zero', async () => {
    const dir = await tempDir('limit-validate-');
    const result = await runCliProcess(['validate', '--manifest', '/dev/zero'], dir);
    await expectStoppedAtLimit('validate --manifest /dev/zero', result, /^\/dev\/zero: manifest is larger than /, [], dir);
  });

  it('generate --manifest <a named pipe fed forever>: the writer is cut off', async () => {
    const dir = await tempDir('limit-fifo-');
    const fifo = join(dir, 'a2a.yaml');
    execFileSync('mkfifo', [fifo]);
    const before = await listFiles(dir); // a pipe is not a file: []
    const writer = startPipeWriter(fifo);
    const result = await runCliProcess(['generate', '--manifest', fifo], dir);
    await expectStoppedAtLimit('generate --manifest <named pipe>', result, /a2a\.yaml: manifest is larger than /, before, dir);
    // The reader closed its end, so the writer got SIGPIPE: reading really stopped.
    await until(() => writer.exitCode !== null || writer.signalCode !== null, 'the pipe writer ends');
  });

  it('generate --spec <a chunked download that never ends>: the connection is closed at the limit', async () => {
    const dir = await tempDir('limit-url-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello'));
    const before = await listFiles(dir);
    const result = await runCliProcess(['generate', '--spec', `${endless.origin}/endless.json`], dir);
    await expectStoppedAtLimit(
      'generate --spec <endless chunked URL>',
      result,
      /^http:\/\/127\.0\.0\.1:\d+\/endless\.json: schema is larger than /,
      before,
      dir,
    );
    await until(() => endless.stats.ended !== undefined, 'the server sees the reply end');
    expect(endless.stats.ended, 'the client hung up before the server gave up').toBe('client left');
    expect(endless.stats.sentBytes).toBeGreaterThan(LIMIT);
  });
});

describe('inputs over the limit with a known size are refused before reading', () => {
  it('a schema file larger than 16 MiB (sparse, so the test writes nothing big)', async () => {
    const dir = await tempDir('limit-file-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello'));
    const big = await open(join(dir, 'big.json'), 'w');
    await big.truncate(LIMIT + 1);
    await big.close();
    const before = await listFiles(dir);
    const result = await runCli(['generate', '--spec', 'big.json'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/big\.json: schema file is 16777217 bytes, more than the limit of 16 MiB \(16777216 bytes\); not read\n$/);
    expect(await listFiles(dir)).toEqual(before);
  });

  it('a file of exactly 16 MiB is read (the limit is inclusive) and judged on its content', async () => {
    const dir = await tempDir('limit-exact-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello'));
    await writeFile(join(dir, 'a2a.json'), `{"definitions": {}}${' '.repeat(LIMIT - 19)}`);
    const result = await runCli(['generate', '--spec', 'a2a.json'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/more than the limit|stopped reading/);
  });
});

describe('a generated path that is not a regular file (a checkout you did not make could hold one)', () => {
  it.each([
    ['a link to /dev/zero', 'src/a2a/agent-card.json', (path: string) => symlink('/dev/zero', path), /agent-card\.json: is not a regular file/],
    ['a named pipe nobody writes to', 'src/a2a/errors.ts', (path: string) => void execFileSync('mkfifo', [path]), /errors\.ts: is not a regular file/],
    ['a folder', 'src/a2a/types.ts', (path: string) => mkdir(path), /types\.ts: is a folder/],
  ])('%s: one line naming it, exit 1, nothing written, no hang', async (_name, path, make, error) => {
    const dir = await tempDir('limit-special-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello'));
    expect((await runCli(['generate', '-q'], dir)).code).toBe(0);
    await rm(join(dir, path));
    await make(join(dir, path));
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello').replace('version: 1.0.0', 'version: 1.0.1'));
    const before = await snapshot(dir);
    // The real binary: a run that hangs on the pipe or reads /dev/zero is killed by the guard.
    const result = await runCliProcess(['generate', '-q'], dir, { timeoutMs: 20_000 });
    expect(result.killed, result.stderr).toBeUndefined();
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(error);
    expect(await snapshot(dir)).toEqual(before);
  });
});

/** `cat /dev/zero > fifo`, stopped when the test ends if the reader has not stopped it. */
function startPipeWriter(fifo: string): ChildProcess {
  const writer = spawn('sh', ['-c', 'exec cat /dev/zero > "$1"', 'sh', fifo], { stdio: 'ignore' });
  onTestFinished(() => {
    if (writer.exitCode === null && writer.signalCode === null) writer.kill('SIGKILL');
  });
  return writer;
}

interface EndlessStats {
  sentBytes: number;
  ended?: 'client left' | 'server gave up';
}

/** A server whose every reply is chunked and never ends: it writes until the client hangs up, or SERVER_GIVES_UP_MS. */
function endlessServer(): { server: Server; origin: string; stats: EndlessStats } {
  const stats: EndlessStats = { sentBytes: 0 };
  const chunk = Buffer.alloc(64 * 1024, ' ');
  const server = createServer((_req, res) => {
    stats.sentBytes = 0;
    stats.ended = undefined;
    res.writeHead(200, { 'content-type': 'application/json' }); // no Content-Length: chunked
    res.write('{"definitions": {');
    const giveUp = setTimeout(() => {
      stats.ended ??= 'server gave up';
      res.destroy();
    }, SERVER_GIVES_UP_MS);
    res.on('close', () => {
      clearTimeout(giveUp);
      stats.ended ??= 'client left';
    });
    const pump = (): void => {
      while (!res.destroyed) {
        stats.sentBytes += chunk.length;
        if (!res.write(chunk)) return; // resumed on 'drain', when the client has read
      }
    };
    res.on('drain', pump);
    pump();
  });
  return { server, origin: '', stats };
}

let endless: ReturnType<typeof endlessServer>;
beforeAll(async () => {
  endless = endlessServer();
  await new Promise<void>((r) => endless.server.listen(0, '127.0.0.1', r));
  endless.origin = `http://127.0.0.1:${(endless.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  endless.server.closeAllConnections();
  await new Promise((r) => endless.server.close(r));
});
