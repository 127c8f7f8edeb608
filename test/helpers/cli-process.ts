// Runs the real binary (bin/a2a-gen.js over dist/) in a child process and reports its peak
// resident memory, for tests that prove an input is read with a ceiling.
//
// How the peak is measured: the child preloads report-max-rss.mjs, which writes
// process.resourceUsage().maxRSS to fd 3 as it exits. That is the kernel's high-water mark, kept
// by the kernel itself, so no peak falls between samples and nothing races the exit. Polling
// /proc/<pid>/status (VmHWM) from the parent can lose the last reading when the child exits
// between two polls (the file goes away once it is reaped), and /usr/bin/time is not installed
// everywhere. Fd 3 keeps the CLI's stdout and stderr exactly what a user would see.
//
// While waiting, the parent also samples VmRSS, only as a guard: a regression that reads
// without a bound is killed at `guardBytes` (or after `timeoutMs`) instead of eating the machine.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './examples.js';

const BIN = join(ROOT, 'bin', 'a2a-gen.js');
const REPORTER = pathToFileURL(join(import.meta.dirname, 'report-max-rss.mjs')).href;

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The child's peak resident set size, as it reported on exit; undefined if it never got to. */
  maxRssBytes?: number;
  /** Set when the guard killed the child: why. */
  killed?: string;
}

export interface ProcessOptions {
  timeoutMs?: number;
  guardBytes?: number;
  env?: NodeJS.ProcessEnv;
}

export async function runCliProcess(args: string[], cwd: string, opts: ProcessOptions = {}): Promise<ProcessResult> {
  const { timeoutMs = 30_000, guardBytes = 1024 * 1024 * 1024 } = opts;
  const child = spawn(process.execPath, ['--import', REPORTER, BIN, ...args], {
    cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let report = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c));
  child.stderr!.on('data', (c: Buffer) => (stderr += c));
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (c: Buffer) => (report += c));
  let killed: string | undefined;
  const kill = (why: string): void => {
    killed ??= why;
    child.kill('SIGKILL');
  };
  const deadline = setTimeout(() => kill(`still running after ${timeoutMs} ms`), timeoutMs);
  const guard = setInterval(() => {
    readFile(`/proc/${child.pid}/status`, 'utf8').then(
      (status) => {
        const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
        if (kib * 1024 > guardBytes) kill(`resident memory passed ${guardBytes} bytes`);
      },
      () => undefined, // no /proc, or the child is gone: the deadline still holds
    );
  }, 50);
  // 'close', not 'exit': every pipe (fd 3 included) has been read to its end by then.
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  clearTimeout(deadline);
  clearInterval(guard);
  const maxRssKiB = report ? (JSON.parse(report) as { maxRssKiB: number }).maxRssKiB : undefined;
  return { code, signal, stdout, stderr, maxRssBytes: maxRssKiB === undefined ? undefined : maxRssKiB * 1024, killed };
}
