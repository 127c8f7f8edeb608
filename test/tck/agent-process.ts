// Runs a built agent project (dist/main.js) as a process of its own on an ephemeral loopback
// port, in its own process group, so stopping it ends everything it started.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the author of the agent under a TCK writes over its scaffold (test/tck/agent/src/):
 * main.ts, the loopback guard the test preloads, and as `skills/tck.ts` the profile of that TCK.
 */
export function tckAuthorFiles(profile: 'tck-v03' | 'tck-v1'): Record<string, string> {
  const read = (path: string) => readFileSync(join(import.meta.dirname, 'agent', 'src', path), 'utf8');
  return { 'src/main.ts': read('main.ts'), 'src/loopback-only.ts': read('loopback-only.ts'), 'src/skills/tck.ts': read(`skills/${profile}.ts`) };
}

export interface AgentProcess {
  url: string;
  /** Everything the agent wrote to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

export async function startAgentProcess(dir: string, nodeArgs: string[], env: NodeJS.ProcessEnv): Promise<AgentProcess> {
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: dir,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => (log += String(d)));
  child.stderr.on('data', (d) => (log += String(d)));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(String(code ?? signal))));

  const stop = async (): Promise<void> => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child.pid!, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the agent did not listen within 30 s:\n${log}`)), 30_000);
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
    child.once('error', (err) => (clearTimeout(timer), reject(err)));
    void exited.then((status) => (clearTimeout(timer), reject(new Error(`the agent exited (${status}) before listening:\n${log}`))));
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { url, log: () => log, stop };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}
