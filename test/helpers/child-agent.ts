// A generated agent in a child process of its own, for tests that measure or exhaust it: its
// memory is its own (peak RSS from /proc), its heap can be capped, and a crash is seen as an
// exit instead of taking the test runner down.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentProject } from './agent-project.js';

export interface ChildAgent {
  url: string;
  pid: number;
  /** Resident set size now and at its peak (VmRSS, VmHWM), in MiB. */
  rss(): { now: number; peak: number };
  /** Whether the process is still running. */
  alive(): boolean;
  /** What the child wrote to stderr. */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Starts `script` (an ES module body that may import `./dist/...` and must print the URL it
 * listens on as its first stdout line) in the project folder, with `nodeFlags`.
 */
export async function startChildAgent(project: AgentProject, name: string, script: string, nodeFlags: string[] = []): Promise<ChildAgent> {
  const file = join(project.dir, `${name}.mjs`);
  await writeFile(file, script);
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, file], { cwd: project.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${stderr}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before listening: ${stderr}`)));
  });
  const status = (field: string): number =>
    Number(
      /(\d+) kB/.exec(
        readFileSync(`/proc/${child.pid}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith(field)) ?? '',
      )?.[1] ?? NaN,
    ) / 1024;
  return {
    url,
    pid: child.pid!,
    rss: () => ({ now: status('VmRSS:'), peak: status('VmHWM:') }),
    alive: () => child.exitCode === null && child.signalCode === null,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
