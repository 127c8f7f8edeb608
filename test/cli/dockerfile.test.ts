// The scaffold's Dockerfile and .dockerignore, read as Docker would read them. Docker cannot run
// on the test machines, so the image is not built: instead every path it copies must exist in
// the scaffold (or be the lock file `npm install` writes), nothing it copies may be ignored, the
// build stage must use the project's own scripts, and the health check must ask for the
// version's card path on the agent's port. test/e2e/npm-start.test.ts runs that health check
// against a running agent.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { EXAMPLES_DIR } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

interface Instruction {
  op: string;
  args: string;
}

/** Instructions in order, comments dropped and `\` continuations joined. */
function instructions(dockerfile: string): Instruction[] {
  return dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => ({ op: l.split(/\s+/)[0].toUpperCase(), args: l.slice(l.search(/\s/) + 1).trim() }));
}

/** Stages by FROM, each with its instructions. */
function stages(list: Instruction[]): { from: string; steps: Instruction[] }[] {
  const out: { from: string; steps: Instruction[] }[] = [];
  for (const i of list) {
    if (i.op === 'FROM') out.push({ from: i.args, steps: [] });
    else out.at(-1)!.steps.push(i);
  }
  return out;
}

async function scaffold(args: string[]): Promise<string> {
  const cwd = await tempDir('dockerfile-');
  const r = await runCli(['init', 'agent', '--yes', '--quiet', ...args], cwd);
  expect(r.code, r.stderr).toBe(0);
  return join(cwd, 'agent');
}

describe('the scaffolded Dockerfile', () => {
  it.each([
    ['v0.3.0, the hello agent', [], 41241, '/.well-known/agent-card.json'],
    ['v0.2.5', ['--spec', '0.2.5'], 41241, '/.well-known/agent.json'],
    ['a manifest with its own port', ['--manifest', join(EXAMPLES_DIR, 'georoute.a2a.yaml')], 41242, '/.well-known/agent-card.json'],
  ])('%s: two node:20-slim stages, npm ci and the build script, non-root, HOST=0.0.0.0, the port and the card path', async (_name, args, port, cardPath) => {
    const dir = await scaffold(args as string[]);
    const [build, runtime, ...more] = stages(instructions(readFileSync(join(dir, 'Dockerfile'), 'utf8')));
    expect(more).toEqual([]);
    expect(build.from).toMatch(/^node:20-(slim|alpine) AS build$/);
    expect(runtime.from).toMatch(/^node:20-(slim|alpine)$/);

    // Build stage: what it copies from the context exists in the scaffold (the lock file comes
    // from `npm install`, which the Dockerfile's first comment asks for), and it runs the
    // project's own build script after `npm ci`.
    const ops = build.steps.map((s) => `${s.op} ${s.args}`);
    const sources = build.steps.filter((s) => s.op === 'COPY').flatMap((s) => s.args.split(/\s+/).slice(0, -1));
    expect(sources.filter((s) => !existsSync(join(dir, s)))).toEqual(['package-lock.json']);
    const ci = ops.findIndex((o) => /^RUN npm ci\b/.test(o));
    const compile = ops.findIndex((o) => /^RUN npm run build\b/.test(o));
    expect(ci).toBeGreaterThanOrEqual(0);
    expect(compile).toBeGreaterThan(ci);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.json');
    const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'));
    expect([tsconfig.compilerOptions.rootDir, tsconfig.compilerOptions.outDir]).toEqual(['src', 'dist']);

    // Nothing the build copies is ignored; installed and built output and secrets are.
    const ignored = readFileSync(join(dir, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.env']));
    expect(sources.filter((s) => ignored.includes(s))).toEqual([]);

    // Run stage: dist/ from the build, as `node`, on every interface, the manifest's port.
    const steps = runtime.steps;
    const from = steps.filter((s) => s.op === 'COPY').map((s) => s.args);
    expect(from).toEqual(expect.arrayContaining(['--from=build /app/dist ./dist', '--from=build /app/package.json ./']));
    const user = steps.findIndex((s) => s.op === 'USER');
    expect(steps[user]?.args).toBe('node');
    expect(steps.findIndex((s) => s.op === 'CMD')).toBeGreaterThan(user);
    const env = steps.filter((s) => s.op === 'ENV').flatMap((s) => s.args.split(/\s+/));
    expect(env).toEqual(expect.arrayContaining(['HOST=0.0.0.0', `PORT=${port}`]));
    expect(steps.find((s) => s.op === 'EXPOSE')?.args).toBe(String(port));
    // node itself, in exec form: the SIGTERM of `docker stop` reaches the agent (graceful shutdown).
    expect(JSON.parse(steps.find((s) => s.op === 'CMD')!.args)).toEqual(['node', '--enable-source-maps', 'dist/main.js']);

    // The health check: node (no curl in slim images) fetching this version's card on PORT.
    const check = steps.find((s) => s.op === 'HEALTHCHECK')!.args;
    const [command, flag, script] = JSON.parse(check.slice(check.indexOf('CMD ') + 4)) as string[];
    expect([command, flag]).toEqual(['node', '-e']);
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain(JSON.stringify(cardPath));
    expect(script).toContain(`process.env.PORT || ${port}`);
  });

  it('is yours: a later generate keeps your edits', async () => {
    const dir = await scaffold([]);
    writeFileSync(join(dir, 'Dockerfile'), 'FROM scratch\n');
    writeFileSync(join(dir, '.dockerignore'), 'mine\n');
    expect((await runCli(['generate', '--quiet'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'Dockerfile'), 'utf8')).toBe('FROM scratch\n');
    expect(readFileSync(join(dir, '.dockerignore'), 'utf8')).toBe('mine\n');
  });
});
