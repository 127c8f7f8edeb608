// Broken inputs get one clear error per mistake, exit 1, and change nothing — in a fresh folder and in a
// project generated before. A generator killed with SIGKILL mid-write leaves every file wholly
// old or wholly new, and the next run recovers.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { runCli } from '../helpers/cli.js';
import { exampleText, ROOT } from '../helpers/examples.js';
import { listFiles, snapshot } from '../helpers/files.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';

const hello = exampleText('hello');
const withInput = (schema: string) => hello.replace('    examples: ["hello there"]', `    examples: ["hello there"]\n    input:\n${schema}`);
const schemaText = (version: string) => import('node:fs').then((fs) => fs.readFileSync(join(ROOT, 'schema', 'a2a', `v${version}.json`)));

let schemaServer: Server;
let schemaOrigin = '';
let closedPort = 0;

beforeAll(async () => {
  const full = (await schemaText('0.3.0')).toString('utf8');
  schemaServer = createServer((req, res) => {
    if (req.url === '/truncated.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(full.slice(0, full.length / 2));
    if (req.url === '/html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((r) => schemaServer.listen(0, '127.0.0.1', r));
  schemaOrigin = `http://127.0.0.1:${(schemaServer.address() as { port: number }).port}`;
  // A port that was just free and is closed again: connections to it are refused.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
});
afterAll(() => new Promise((r) => schemaServer.close(r)));

interface Case {
  name: string;
  manifest: string | Buffer;
  args?: string[];
  files?: Record<string, string | Buffer>;
  error: RegExp;
  /** How many independent mistakes the input holds (each its own error); 1 unless said. */
  errors?: number;
}

/** URLs name the servers started in beforeAll, whose ports are known only then. */
const withPorts = (args: string[] = []) => args.map((a) => a.replace('SCHEMA_ORIGIN', schemaOrigin).replace('CLOSED_PORT', String(closedPort)));

const cases: () => Case[] = () => [
  // Cut inside the skill: its name is empty, its description and tags are missing.
  {
    name: 'a truncated YAML manifest',
    manifest: hello.slice(0, hello.indexOf('skills:') + 30),
    error: /a2a\.yaml:\d+:\d+: skills\[0\]\.name: expected string, got null/,
    errors: 3,
  },
  {
    name: 'a YAML manifest with a line indented too far',
    manifest: hello.replace('  version: 1.0.0', '   version: 1.0.0'),
    error: /a2a\.yaml:6:4: YAML syntax error: the indentation of this line does not match the lines above it.*\n {2}6 \| {4}version: 1\.0\.0\n {4}\| {4}\^\n/,
  },
  {
    name: 'a truncated JSON manifest',
    manifest: '{"spec": "0.3.0", "agent": {"name": "A", "url": "http://x/"',
    args: ['--manifest', 'a2a.json'],
    error: /a2a\.json:1:\d+: .*JSON/,
  },
  {
    name: 'a manifest that is not UTF-8',
    manifest: Buffer.concat([Buffer.from('agent:\n  name: Caf'), Buffer.from([0xe9]), Buffer.from('\n  url: http://127.0.0.1:4000/\n')]),
    error: /a2a\.yaml:2:\d+: not valid UTF-8/,
  },
  {
    name: 'a $ref cycle in a skill schema',
    manifest: withInput('      $ref: "#/$defs/A"\n      $defs:\n        A: { $ref: "#/$defs/B" }\n        B: { $ref: "#/$defs/A" }'),
    error: /skills\[0\]\.input.*reference cycle/,
  },
  {
    name: 'a dangling $ref in a skill schema',
    manifest: withInput('      type: object\n      properties:\n        a: { $ref: "#/$defs/Nowhere" }'),
    error: /skills\[0\]\.input\.properties\.a\.\$ref: dangling \$ref/,
  },
  {
    name: 'a remote $ref in a skill schema',
    manifest: withInput('      $ref: "https://example.com/schema.json"'),
    error: /skills\[0\]\.input\.\$ref: .*points outside this schema/,
  },
  { name: 'an unknown spec version', manifest: hello.replace('spec: 0.3.0', 'spec: 0.9.0'), error: /unknown A2A spec version "0\.9\.0"/ },
  {
    name: 'a schema URL on a closed port',
    manifest: hello,
    args: ['--spec', 'http://127.0.0.1:CLOSED_PORT/a2a.json'],
    error: /cannot fetch schema: ECONNREFUSED/,
  },
  { name: 'a schema URL that answers 404', manifest: hello, args: ['--spec', 'SCHEMA_ORIGIN/missing.json'], error: /missing\.json: .*404/ },
  { name: 'a schema URL that answers HTML', manifest: hello, args: ['--spec', 'SCHEMA_ORIGIN/html'], error: /\/html:1:\d+: not valid JSON/ },
  { name: 'a truncated schema from a URL', manifest: hello, args: ['--spec', 'SCHEMA_ORIGIN/truncated.json'], error: /truncated\.json:\d+:\d+: .*JSON/ },
  {
    name: 'a truncated schema file',
    manifest: hello,
    args: ['--spec', 'a2a.json'],
    files: { 'a2a.json': '{"definitions": {"AgentCard": {"type": "obj' },
    error: /a2a\.json:1:\d+: .*JSON/,
  },
  {
    name: 'a schema file that is not UTF-8',
    manifest: hello,
    args: ['--spec', 'a2a.json'],
    files: { 'a2a.json': Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    error: /a2a\.json:1:\d+: not valid UTF-8/,
  },
];

const manifestName = (c: Case): string => (c.args?.[0] === '--manifest' ? c.args[1] : 'a2a.yaml');

/** Error lines: each starts with its location; a quoted source line and its caret are indented. */
const errorLines = (stderr: string): string[] => stderr.split('\n').filter((l) => l !== '' && !/^\s/.test(l));

describe('broken inputs: one clear error per mistake, exit 1, nothing written', () => {
  it.each(cases().map((c) => [c.name, c]))('%s (fresh folder)', async (_name, c) => {
    const dir = await tempDir('broken-');
    await writeFile(join(dir, manifestName(c)), c.manifest);
    for (const [path, content] of Object.entries(c.files ?? {})) await writeFile(join(dir, path), content);
    const before = await listFiles(dir);
    const result = await runCli(['generate', ...withPorts(c.args)], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(c.error);
    expect(errorLines(result.stderr), result.stderr).toHaveLength(c.errors ?? 1);
    expect(await listFiles(dir)).toEqual(before);
  });

  it('in a project generated before, no broken input changes a single file', async () => {
    const dir = await tempDir('broken-existing-');
    await writeFile(join(dir, 'a2a.yaml'), hello);
    expect((await runCli(['generate', '-q'], dir)).code).toBe(0);
    for (const c of cases()) {
      await writeFile(join(dir, manifestName(c)), c.manifest);
      for (const [path, content] of Object.entries(c.files ?? {})) await writeFile(join(dir, path), content);
      const before = await snapshot(dir);
      const result = await runCli(['generate', ...withPorts(c.args)], dir);
      expect(result.code, `${c.name}: ${result.stderr}`).toBe(1);
      expect(await snapshot(dir), c.name).toEqual(before);
    }
  });
});

describe('a generator killed mid-write (SIGKILL)', () => {
  it('leaves every file wholly old or wholly new; the next run sweeps its temporaries and finishes', async () => {
    const dir = await tempDir('kill-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('georoute'));
    expect((await runCli(['generate', '-q'], dir)).code).toBe(0);
    const old = await snapshot(dir);
    await writeFile(
      join(dir, 'a2a.yaml'),
      exampleText('georoute')
        .replace(/GeoSpatial Route Planner Agent/g, 'Renamed Agent')
        .replace('version: 1.2.0', 'version: 2.0.0'),
    );
    const killed = await promisify(execFile)(process.execPath, [join(ROOT, 'bin', 'a2a-gen.js'), 'generate'], {
      cwd: dir,
      env: { ...process.env, A2A_GEN_KILL_AFTER_FILES: '2' },
    }).then(
      () => ({ signal: null }),
      (err: { signal?: string }) => ({ signal: err.signal }),
    );
    expect(killed.signal).toBe('SIGKILL');
    const after = await snapshot(dir);
    const temporaries = [...after.keys()].filter((p) => p.includes('.a2a-gen-tmp-'));
    expect(temporaries.length).toBeGreaterThan(0); // the kill really landed mid-write
    const finished = await runCli(['generate', '--dry-run'], dir);
    const changed = [...after.keys()].filter((p) => !p.includes('.a2a-gen-tmp-') && p !== 'a2a.yaml' && old.get(p)?.content !== after.get(p)?.content);
    expect(changed).toHaveLength(2);
    for (const p of changed) expect(finished.stdout, p).toMatch(new RegExp(`unchanged +${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const recovered = await runCli(['generate', '-q'], dir);
    expect(recovered.code, recovered.stderr).toBe(0);
    expect((await listFiles(dir)).filter((p) => p.includes('.a2a-gen-tmp-'))).toEqual([]);
    expect((await runCli(['generate', '--check'], dir)).code).toBe(0);
  });
});

describe('a recursive skill schema (a tree) is not a cycle', () => {
  it('generates, type-checks under --strict, and its validator walks any depth', async () => {
    const tree = withInput(
      '      $ref: "#/$defs/Node"\n      $defs:\n        Node:\n          type: object\n          required: [label]\n          additionalProperties: false\n          properties:\n            label: { type: string }\n            children: { type: array, items: { $ref: "#/$defs/Node" } }',
    );
    const project = await agentProject('recursive-skill', tree);
    expect(await typecheck(project.dir, [project.dir])).toBe('');
    expect(readFileSync(join(project.dir, 'src/a2a/skill-types.ts'), 'utf8')).toMatch(/children\?: Node\[\]/);
    const { skillValidators } = await project.load<any>('a2a/validators/index.js');
    let deep: Record<string, unknown> = { label: 'leaf' };
    for (let i = 0; i < 30; i++) deep = { label: `level ${i}`, children: [deep, { label: 'sibling' }] };
    expect(skillValidators.echo.input.check(deep)).toBeUndefined();
    (((deep.children as unknown[])[0] as Record<string, unknown>).children as unknown[]).push({ label: 7 });
    expect(skillValidators.echo.input.check(deep)?.[0]).toMatchObject({ path: '/children/0/children/2/label', keyword: 'type' });
  }, 60_000);
});
