// `npm start` in a scaffolded project, through real npm: it builds first (prestart), then npm's
// only child is the agent's node itself — no shell in between that a signal would stop while
// node runs on — with source maps on, so a handler's stack trace names src/*.ts. SIGTERM to
// npm's pid ends the agent. While it runs, the Dockerfile's
// HEALTHCHECK command is run as Docker would run it (Docker itself cannot run here).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

const run = promisify(execFile);

/** A pid's parent, state and argv from /proc (Linux); undefined once it is gone. A zombie counts as gone. */
function proc(pid: number): { ppid: number; argv: string[] } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold anything.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return undefined;
    return { ppid: Number(ppid), argv: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean) };
  } catch {
    return undefined;
  }
}

const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((p) => proc(p)?.ppid === pid);

async function gone(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) if (!proc(pid)) return true;
  return !proc(pid);
}

/** The HEALTHCHECK's command (exec form), run with the container's PORT. Its exit code. */
async function healthcheck(dockerfile: string, port: number): Promise<number> {
  const line = dockerfile.split('\n').find((l) => l.startsWith('HEALTHCHECK '))!;
  const [command, ...args] = JSON.parse(line.slice(line.indexOf(' CMD ') + 5)) as string[];
  expect(command).toBe('node');
  return run(process.execPath, args, { env: { ...process.env, PORT: String(port) }, timeout: 10_000 }).then(
    () => 0,
    (err: { code?: number }) => err.code ?? -1,
  );
}

const started: ChildProcess[] = [];
/** npm's descendants by pid, with their command lines: a pid reused since is left alone. */
const spawnedBy = new Map<number, string>();
afterAll(() => {
  // Whatever a failed run left behind: only the processes this file started, by pid.
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const [pid, argv] of spawnedBy) if (proc(pid)?.argv.join(' ') === argv) process.kill(pid, 'SIGKILL');
});

describe('npm start in a scaffolded agent', () => {
  it("builds, runs node as npm's only child, and stops with npm's pid; the Dockerfile health check sees it", async () => {
    const cwd = await tempDir('npm-start-');
    expect((await runCli(['init', 'agent', '--yes', '--quiet'], cwd)).code).toBe(0);
    const dir = join(cwd, 'agent');
    const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts;
    expect(scripts.prestart).toMatch(/npm run build/);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir'); // an installed project
    // A handler that throws at line 4 of its source (the compiled line differs: no types there).
    writeFileSync(
      join(dir, 'src/skills/echo.ts'),
      `import type { SkillHandlers } from '../a2a/server/handlers.js';\n\nexport const handler: SkillHandlers['echo'] = async (context) => {\n  if (context.text === 'boom') throw new Error('boom from the handler');\n  return context.text;\n};\n`,
    );

    const npm = spawn('npm', ['start', '--loglevel=error'], {
      cwd: dir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(npm);
    let out = '';
    npm.stderr!.on('data', (d) => (out += String(d)));
    const port = await new Promise<number>((resolve, reject) => {
      npm.stdout!.on('data', (d) => {
        out += String(d);
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (m) resolve(Number(m[1]));
      });
      npm.once('exit', (code) => reject(new Error(`npm start exited (${code}): ${out}`)));
    });

    // The process tree: npm → node dist/main.js, nothing in between.
    const children = childrenOf(npm.pid!);
    for (const pid of [...children, ...children.flatMap(childrenOf)]) spawnedBy.set(pid, proc(pid)?.argv.join(' ') ?? '');
    expect(children).toHaveLength(1);
    const [agent] = children;
    const argv = proc(agent)!.argv;
    expect(basename(argv[0])).toBe('node');
    expect(argv.slice(1)).toEqual(['--enable-source-maps', 'dist/main.js']);

    // The handler's error, logged with its stack: at src/skills/echo.ts, line 4, not dist/*.js.
    await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: { message: { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'boom' }] } },
      }),
    });
    for (const until = Date.now() + 5000; !out.includes('boom from the handler') && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
    expect(out).toMatch(/boom from the handler\n\s+at handler \(\S*\/src\/skills\/echo\.ts:4:\d+\)/);

    const dockerfile = readFileSync(join(dir, 'Dockerfile'), 'utf8');
    expect(await healthcheck(dockerfile, port)).toBe(0);

    const npmExited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    process.kill(npm.pid!, 'SIGTERM');
    await npmExited;
    expect(await gone(agent, 10_000), `node ${agent} still runs after npm's pid got SIGTERM`).toBe(true);
    expect(await healthcheck(dockerfile, port)).not.toBe(0);
  }, 180_000);
});
