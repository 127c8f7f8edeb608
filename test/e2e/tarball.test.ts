// The whole user journey from the packed tarball, with real npm: `init --yes`, install, build,
// start on an ephemeral port, a message through the generated client, stop; then add a skill,
// move spec 0.2.5 → 0.3.0, regenerate — user files byte-identical, the new skill has a handler,
// and the agent's own tests still pass.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

const run = promisify(execFile);
const npm = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: { ...process.env, CI: 'true', ...env }, maxBuffer: 32 * 1024 * 1024 });
const USER_FILES = ['package.json', 'tsconfig.json', 'README.md', 'src/main.ts', 'src/skills/echo.ts', 'test/agent.test.ts'];
const digest = (dir: string): Record<string, string> =>
  Object.fromEntries(
    USER_FILES.map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );

let agent: ChildProcess | undefined;
afterAll(() => {
  agent?.kill();
});

async function startAgent(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: dir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  agent = child;
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the agent exited (${code}): ${out}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('from the packed tarball', () => {
  it('init, install, build, start, call, stop; then add a skill and move the spec, safely', async () => {
    const work = await tempDir('tarball-');
    const { stdout: packed } = await npm(['pack', '--pack-destination', work], ROOT);
    const tarball = join(work, packed.trim().split('\n').at(-1)!);
    expect(existsSync(tarball)).toBe(true);

    await run('npx', ['--yes', `--package=${tarball}`, '--', 'a2a-gen', 'init', 'agent', '--yes', '--spec', '0.2.5'], {
      cwd: work,
      env: { ...process.env, CI: 'true' },
    });
    const dir = join(work, 'agent');
    // The tarball it came from, by its path from the project (work/agent → work/a2a-gen-x.tgz).
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).devDependencies['a2a-gen']).toBe(`file:../${basename(tarball)}`);
    await npm(['install'], dir);
    await npm(['run', 'build'], dir);

    const server = await startAgent(dir);
    const { A2AClient, createMessage } = await import(pathToFileURL(join(dir, 'dist/a2a/client/index.js')).href);
    const client = await A2AClient.fromCardUrl(server.url);
    expect(client.card.protocolVersion).toBe('0.2.5');
    const reply = await client.sendMessage({ message: createMessage('user', 'hello from the test') });
    expect(reply).toMatchObject({ kind: 'message', parts: [{ kind: 'text', text: 'hello from the test' }] });
    await server.stop();

    const before = digest(dir);
    const manifest = readFileSync(join(dir, 'a2a.yaml'), 'utf8').replace(/^spec: 0\.2\.5$/m, 'spec: 0.3.0');
    writeFileSync(join(dir, 'a2a.yaml'), manifest + '  - id: shout\n    name: Shout\n    description: Replies in capitals.\n    tags: [demo]\n');
    const { stdout: regenerated } = await npm(['run', 'generate'], dir);
    expect(regenerated).toMatch(/A2A spec moved from v0\.2\.5 to v0\.3\.0/);
    expect(regenerated).toMatch(/new skill handler: src\/skills\/shout\.ts/);
    expect(digest(dir)).toEqual(before);
    expect(readdirSync(join(dir, 'src/skills')).sort()).toEqual(['echo.ts', 'shout.ts']);
    // The agent's own tests (yours once scaffolded) still pass against the regenerated code.
    const { stdout: tested } = await npm(['test'], dir);
    expect(tested.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Tests\s+2 passed/);
  }, 600_000);
});
