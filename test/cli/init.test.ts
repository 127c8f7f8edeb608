// `a2a-gen init` and regeneration: the files it scaffolds, non-empty folders, the prompts (driven
// through injected streams), and what a later `generate` does with added, renamed and moved
// things — user files stay byte-identical throughout.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/main.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLES_DIR, ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

const USER_FILES = [
  'a2a.yaml',
  'package.json',
  'tsconfig.json',
  'vitest.config.ts',
  'README.md',
  '.gitignore',
  'Dockerfile',
  '.dockerignore',
  'src/main.ts',
  'test/agent.test.ts',
];
const digest = (dir: string, files: string[]): Record<string, string> =>
  Object.fromEntries(
    files.map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );

describe('a2a-gen init', () => {
  it('--yes: the hello agent on v1.0 answering v0.3.0 clients too, named after its folder, every scaffold and the generated code', async () => {
    const cwd = await tempDir('init-');
    const r = await runCli(['init', 'agent', '--yes'], cwd);
    expect(r.stderr).toMatch(/generating for A2A v1\.0\.1/);
    expect(r.code).toBe(0);
    const dir = join(cwd, 'agent');
    for (const f of [...USER_FILES, 'src/skills/echo.ts', 'src/a2a/server/index.ts', 'src/a2a/client/index.ts', 'src/a2a/docs/index.html'])
      expect(existsSync(join(dir, f)), f).toBe(true);
    // The hello-v1 manifest byte for byte (comments, flow lists), but for the name.
    expect(readFileSync(join(dir, 'a2a.yaml'), 'utf8')).toBe(
      readFileSync(join(EXAMPLES_DIR, 'hello-v1.a2a.yaml'), 'utf8').replace('name: Hello Agent', 'name: Agent'),
    );
    expect(existsSync(join(dir, 'src/a2a/compat/compat-v03-adapter.ts'))).toBe(true);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.scripts).sort()).toEqual(['build', 'dev', 'generate', 'prestart', 'start', 'test']);
    // Run from a checkout: the checkout's path from the project, so both can move together.
    expect(pkg.devDependencies['a2a-gen']).toBe(`file:${relative(dir, ROOT)}`);
    expect(pkg.devDependencies['a2a-gen']).toMatch(/^file:\.\.\//);
    expect(r.stdout).toMatch(/created, .* in agent/);
    expect(r.stdout).toMatch(/cd agent\n\s+npm install && npm start/);
  });

  it('--yes --spec 0.3.0: the same hello agent on v0.3.0, without compat (only a v1.x agent answers another version)', async () => {
    const cwd = await tempDir('init-v03-');
    const r = await runCli(['init', 'agent', '--yes', '--spec', '0.3.0', '--quiet'], cwd);
    expect(r.code).toBe(0);
    const manifest = readFileSync(join(cwd, 'agent', 'a2a.yaml'), 'utf8');
    expect(manifest).toMatch(/^spec: 0\.3\.0$/m);
    expect(manifest).not.toMatch(/compat/);
    expect(manifest).not.toMatch(/the default/); // v0.3.0 is not what `init` makes by default (v1.0 is)
    expect(existsSync(join(cwd, 'agent', 'src/a2a/compat'))).toBe(false);
  });

  it.each([
    ['relay-agent', 'Relay Agent', 'relay-agent'],
    ['weather_bot 2', 'Weather Bot 2', 'weather-bot-2'],
    ['café-bot', 'Café Bot', 'cafe-bot'],
    ['__', 'Hello Agent', 'hello-agent'], // no letters or digits: the hello agent's own name
  ])('init %s --yes names the agent %s: the manifest, the card, the package', async (folder, name, packageName) => {
    const cwd = await tempDir('init-name-');
    expect((await runCli(['init', folder, '--yes', '--quiet'], cwd)).code).toBe(0);
    const dir = join(cwd, folder);
    expect(readFileSync(join(dir, 'a2a.yaml'), 'utf8')).toMatch(new RegExp(`^  name: ${name}$`, 'm'));
    expect(JSON.parse(readFileSync(join(dir, 'src/a2a/agent-card.json'), 'utf8')).name).toBe(name);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe(packageName);
  });

  it('init . --yes names the agent after the current folder', async () => {
    const cwd = join(await tempDir('init-here-'), 'travel-planner');
    await mkdir(cwd);
    expect((await runCli(['init', '--yes', '--quiet'], cwd)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 'src/a2a/agent-card.json'), 'utf8')).name).toBe('Travel Planner');
  });

  it('refuses a non-empty folder (exit 2) unless --force, which overwrites and deletes nothing', async () => {
    const cwd = await tempDir('init-full-');
    await mkdir(join(cwd, 'agent'));
    await writeFile(join(cwd, 'agent', 'notes.txt'), 'mine');
    await writeFile(join(cwd, 'agent', 'package.json'), '{"name":"mine"}\n');
    const refused = await runCli(['init', 'agent', '--yes'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/agent is not empty \(notes\.txt, package\.json\)/);
    expect(readdirSync(join(cwd, 'agent')).sort()).toEqual(['notes.txt', 'package.json']);
    const forced = await runCli(['init', 'agent', '--yes', '--force'], cwd);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(cwd, 'agent', 'notes.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(cwd, 'agent', 'package.json'), 'utf8')).toBe('{"name":"mine"}\n');
    expect(forced.stdout).toMatch(/kept as yours/);
  });

  it('--manifest and --spec: the given manifest, with spec: rewritten', async () => {
    const cwd = await tempDir('init-manifest-');
    const r = await runCli(['init', 'geo', '--manifest', join(EXAMPLES_DIR, 'georoute.a2a.yaml'), '--spec', '0.2.5'], cwd);
    expect(r.code).toBe(0);
    const manifest = readFileSync(join(cwd, 'geo', 'a2a.yaml'), 'utf8');
    expect(manifest).toMatch(/^spec: 0\.2\.5$/m);
    expect(manifest).toContain('# Two typed skills'); // comments survive
    expect(existsSync(join(cwd, 'geo', 'src/skills/route-optimizer-traffic.ts'))).toBe(true);
    const bad = await runCli(['init', 'bad', '--manifest', join(cwd, 'missing.yaml')], cwd);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/missing\.yaml: manifest not found/);
  });

  it('asks its questions on a terminal (streams injected) and builds the manifest from the answers', async () => {
    const cwd = await tempDir('init-ask-');
    const stdin = new PassThrough();
    let said = '';
    const stdout = new Writable({ write: (c, _e, cb) => ((said += String(c)), cb()) });
    const stderr = new Writable({ write: (_c, _e, cb) => cb() });
    const done = main(['init', 'asked'], { cwd, stdin, stdout, stderr, interactive: true });
    // Answers: name, version (a bad one first), skills, streaming, push, auth.
    stdin.write('Weather Bot\n0.9.9\n0.2.5\nforecast, alerts\nn\ny\nbearer\n');
    stdin.end();
    expect(await done).toBe(0);
    expect(said).toMatch(/\? Agent name \(Asked\) /); // the folder's name by default
    expect(said).toMatch(/one of 0\.1\.0, .*0\.3\.0/);
    expect(said).toMatch(/\? Streaming \(message\/stream\)\? y\/n \(y\) /); // v0.2.5's name for it
    const manifest = readFileSync(join(cwd, 'asked', 'a2a.yaml'), 'utf8');
    expect(manifest).toMatch(/^spec: 0\.2\.5$/m);
    expect(manifest).toMatch(/name: Weather Bot/);
    expect(manifest).toMatch(/streaming: false\n\s+pushNotifications: true/);
    expect(manifest).toMatch(/securitySchemes:\n\s+bearer:\n\s+type: http\n\s+scheme: bearer/);
    expect(readdirSync(join(cwd, 'asked', 'src/skills')).sort()).toEqual(['alerts.ts', 'forecast.ts']);
  });

  it('asks where tasks live: postgres puts server.store in the manifest (never a URL) and pg in package.json', async () => {
    const cwd = await tempDir('init-pg-');
    const stdin = new PassThrough();
    let said = '';
    const stdout = new Writable({ write: (c, _e, cb) => ((said += String(c)), cb()) });
    const done = main(['init', 'shared'], { cwd, stdin, stdout, stderr: stdout, interactive: true });
    // Answers: name, version, skills, streaming, push, auth (defaults), then the store (a bad one first).
    stdin.end('\n\n\n\n\n\nmysql\npostgres\n');
    expect(await done).toBe(0);
    expect(said).toMatch(/\? Task store: memory \(one process\) or postgres/);
    expect(said).toMatch(/memory or postgres\n/);
    const manifest = readFileSync(join(cwd, 'shared', 'a2a.yaml'), 'utf8');
    expect(manifest).toMatch(/^server:\n\s+store: postgres$/m);
    expect(manifest).not.toMatch(/postgres:\/\//);
    expect(JSON.parse(readFileSync(join(cwd, 'shared', 'package.json'), 'utf8')).dependencies.pg).toMatch(/^\^8\./);
  });

  it('v1.0 with an API key: the manifest writes security in v1.0 terms, and the agent generates', async () => {
    const cwd = await tempDir('init-v1-');
    const stdin = new PassThrough();
    let said = '';
    const sink = new Writable({ write: (c, _e, cb) => ((said += String(c)), cb()) });
    const done = main(['init', 'keyed'], { cwd, stdin, stdout: sink, stderr: sink, interactive: true });
    // Answers: name, version, skills, streaming, push, auth, store.
    stdin.end('\n1.0.1\n\n\n\napiKey\n\n');
    expect(await done).toBe(0);
    expect(said).toMatch(/\? Streaming \(SendStreamingMessage\)\? y\/n \(y\) /); // v1.0's name, not v0.3's message/stream
    const manifest = readFileSync(join(cwd, 'keyed', 'a2a.yaml'), 'utf8');
    expect(manifest).toMatch(/^spec: 1\.0\.1$/m);
    expect(manifest).toMatch(/securitySchemes:\n\s+apiKey:\n\s+apiKeySecurityScheme:\n\s+location: header\n\s+name: X-API-Key/);
    expect(manifest).toMatch(/securityRequirements:\n\s+- schemes:\n\s+apiKey:\n\s+list: \[\]/);
    const card = JSON.parse(readFileSync(join(cwd, 'keyed', 'src/a2a/agent-card.json'), 'utf8'));
    expect(card.supportedInterfaces[0]).toMatchObject({ protocolBinding: 'JSONRPC', protocolVersion: '1.0' });
  });

  it('asks for gRPC last (v0.3.0 on): yes serves all three bindings and declares @grpc/grpc-js; the card lists it', async () => {
    const cwd = await tempDir('init-grpc-');
    const stdin = new PassThrough();
    let said = '';
    const stdout = new Writable({ write: (c, _e, cb) => ((said += String(c)), cb()) });
    const done = main(['init', 'rpc'], { cwd, stdin, stdout, stderr: stdout, interactive: true });
    // Answers: name, version, skills, streaming, push, auth, store (defaults), then gRPC (a bad one first).
    stdin.end('\n\n\n\n\n\n\nmaybe\ny\n');
    expect(await done).toBe(0);
    expect(said).toMatch(/\? Serve gRPC too \(GRPC_PORT, adds @grpc\/grpc-js\)\? y\/n \(n\) +answer y or n/);
    const manifest = readFileSync(join(cwd, 'rpc', 'a2a.yaml'), 'utf8');
    expect(manifest).toMatch(/^server:\n\s+bindings:\n\s+- jsonrpc\n\s+- rest\n\s+- grpc$/m);
    expect(JSON.parse(readFileSync(join(cwd, 'rpc', 'package.json'), 'utf8')).dependencies['@grpc/grpc-js']).toMatch(/^\^1\./);
    const card = JSON.parse(readFileSync(join(cwd, 'rpc', 'src/a2a/agent-card.json'), 'utf8'));
    expect(card.supportedInterfaces.map((i: { protocolBinding: string }) => i.protocolBinding)).toContain('GRPC');
    // Before v0.3.0 there is no gRPC to ask about.
    const older = new PassThrough();
    let olderSaid = '';
    const olderOut = new Writable({ write: (c, _e, cb) => ((olderSaid += String(c)), cb()) });
    const olderDone = main(['init', 'old'], { cwd, stdin: older, stdout: olderOut, stderr: olderOut, interactive: true });
    older.end('\n0.2.5\n\n\n\n\n\n');
    expect(await olderDone).toBe(0);
    expect(olderSaid).not.toMatch(/gRPC/);
  });

  it('Enter accepts every default', async () => {
    const cwd = await tempDir('init-defaults-');
    const stdin = new PassThrough();
    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    const done = main(['init', 'my-bot'], { cwd, stdin, stdout: sink, stderr: sink, interactive: true });
    stdin.end('\n\n\n\n\n\n\n\n');
    expect(await done).toBe(0);
    const manifest = readFileSync(join(cwd, 'my-bot', 'a2a.yaml'), 'utf8');
    expect(manifest).not.toMatch(/store|bindings|grpc/);
    expect(manifest).toMatch(/name: My Bot/);
    expect(manifest).toMatch(/^spec: 1\.0\.1\ncompat:\n  - 0\.3\.0$/m);
    expect(manifest).not.toMatch(/security/);
  });

  it('A2A_GEN_DEPENDENCY overrides how the scaffold depends on a2a-gen', async () => {
    const cwd = await tempDir('init-dep-');
    process.env.A2A_GEN_DEPENDENCY = '^9.9.9';
    try {
      expect((await runCli(['init', 'a', '--yes'], cwd)).code).toBe(0);
    } finally {
      delete process.env.A2A_GEN_DEPENDENCY;
    }
    expect(JSON.parse(readFileSync(join(cwd, 'a', 'package.json'), 'utf8')).devDependencies['a2a-gen']).toBe('^9.9.9');
  });
});

describe('regenerating an initialized agent', () => {
  it('a new skill gets a handler of its own; a renamed one leaves the old handler, and says so', async () => {
    const cwd = await tempDir('regen-');
    await runCli(['init', 'agent', '--yes'], cwd);
    const dir = join(cwd, 'agent');
    const before = digest(dir, [...USER_FILES, 'src/skills/echo.ts']);
    writeFileSync(
      join(dir, 'a2a.yaml'),
      readFileSync(join(dir, 'a2a.yaml'), 'utf8') + '  - id: shout\n    name: Shout\n    description: Replies in capitals.\n    tags: [demo]\n',
    );
    const added = await runCli(['generate'], dir);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/new skill handler: src\/skills\/shout\.ts/);
    expect(
      digest(
        dir,
        Object.keys(before).filter((f) => f !== 'a2a.yaml'),
      ),
    ).toEqual(Object.fromEntries(Object.entries(before).filter(([f]) => f !== 'a2a.yaml')));
    writeFileSync(join(dir, 'a2a.yaml'), readFileSync(join(dir, 'a2a.yaml'), 'utf8').replace('id: shout', 'id: yell'));
    const renamed = await runCli(['generate'], dir);
    expect(renamed.code).toBe(0);
    expect(renamed.stderr).toMatch(/src\/skills\/shout\.ts belongs to no skill of the manifest any more .*left in place/);
    expect(readdirSync(join(dir, 'src/skills')).sort()).toEqual(['echo.ts', 'shout.ts', 'yell.ts']);
    expect(readFileSync(join(dir, 'src/a2a/skills.ts'), 'utf8')).not.toContain('shout');
  });

  it('moving spec: 0.2.5 → 0.3.0 regenerates everything, lists the breaking changes, and type-checks your code', async () => {
    const cwd = await tempDir('regen-spec-');
    await runCli(['init', 'agent', '--yes', '--spec', '0.2.5'], cwd);
    const dir = join(cwd, 'agent');
    // Your code: a handler written against v0.2.5, where acceptedOutputModes is required.
    writeFileSync(
      join(dir, 'src/skills/echo.ts'),
      `import type { SkillHandlers } from '../a2a/server/handlers.js';\nimport type { MessageSendConfiguration } from '../a2a/types.js';\n\nexport const handler: SkillHandlers['echo'] = async (context) => {\n  const config = context.params.configuration as MessageSendConfiguration | undefined;\n  const modes: string[] = config ? config.acceptedOutputModes : [];\n  return modes.join(', ') || context.text;\n};\n`,
    );
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir'); // an installed project
    const before = digest(dir, [...USER_FILES.filter((f) => f !== 'a2a.yaml'), 'src/skills/echo.ts']);
    writeFileSync(join(dir, 'a2a.yaml'), readFileSync(join(dir, 'a2a.yaml'), 'utf8').replace(/^spec: 0\.2\.5$/m, 'spec: 0.3.0'));
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/A2A spec moved from v0\.2\.5 to v0\.3\.0\./);
    expect(r.stdout).toMatch(/~ well-known path: \/\.well-known\/agent\.json → \/\.well-known\/agent-card\.json .*\[BREAKING\]/);
    expect(r.stderr).toMatch(
      /1 place\(s\) in your code no longer fit the new types:\n.*src\/skills\/echo\.ts:6:\d+: Type 'string\[\] \| undefined' is not assignable to type 'string\[\]'/,
    );
    expect(digest(dir, Object.keys(before))).toEqual(before);
    expect(readFileSync(join(dir, 'src/a2a/protocol.ts'), 'utf8')).toMatch(/version: "0\.3\.0"/);
  }, 120_000);
});
