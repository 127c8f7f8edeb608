// Bad manifests: each gives one clear error with file:line:column and the JSON path,
// exits 1, and writes nothing.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { exampleText } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

async function generateFrom(manifest: string, extra: string[] = [], name = 'a2a.yaml'): Promise<{ code: number; stderr: string; files: string[] }> {
  const dir = await tempDir('bad-');
  await writeFile(join(dir, name), manifest);
  const result = await runCli(['generate', '--manifest', name, ...extra], dir);
  return { code: result.code, stderr: result.stderr, files: (await readdir(dir)).filter((f) => f !== name) };
}

const hello = exampleText('hello');

describe('manifest errors', () => {
  it('a YAML syntax error', async () => {
    const broken = hello.replace('  capabilities:\n', '  capabilities: [streaming\n');
    const r = await generateFrom(broken);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/a2a\.yaml:\d+:\d+: YAML syntax error: /);
    expect(r.files).toEqual([]);
  });

  it('a missing required card field', async () => {
    const r = await generateFrom(hello.replace(/  version: 1\.0\.0\n/, ''));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^\S*a2a\.yaml:3:1: agent\.version: required by A2A v0\.3\.0, and missing$/);
    expect(r.files).toEqual([]);
  });

  it('a wrong type deep inside a skill', async () => {
    const r = await generateFrom(hello.replace('    tags: [demo, echo]', '    tags: demo'));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^\S*a2a\.yaml:17:11: skills\[0\]\.tags: expected array, got string$/);
    expect(r.files).toEqual([]);
  });

  it('a field the chosen version lacks names the versions that have it', async () => {
    const manifest = hello.replace('spec: 0.3.0', 'spec: 0.1.0').replace('  capabilities:\n', '  securitySchemes:\n    key: { type: apiKey, in: header, name: X-Key }\n  capabilities:\n');
    const r = await generateFrom(manifest);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^\S*a2a\.yaml:8:3: agent\.securitySchemes: A2A v0\.1\.0 has no field "securitySchemes" here; it exists in v0\.2\.0–v0\.3\.0$/);
    expect(r.files).toEqual([]);
  });

  it('a wrong value inside a union names the branch the user meant', async () => {
    const manifest = hello.replace('  capabilities:\n', '  securitySchemes:\n    key: { type: apiKey, in: body, name: X-Key }\n  capabilities:\n');
    const r = await generateFrom(manifest);
    expect(r.stderr.trim()).toMatch(/agent\.securitySchemes\.key\.in: expected one of "cookie", "header", "query", got "body"$/);
  });

  it('an unknown spec version points at `spec:`', async () => {
    const r = await generateFrom(hello.replace('spec: 0.3.0', 'spec: 0.4.0'));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/a2a\.yaml:2:7: spec: unknown A2A spec version "0\.4\.0"; bundled versions are 0\.1\.0, .*0\.3\.0/);
  });

  it('a derived field is refused', async () => {
    const r = await generateFrom(hello.replace('  version: 1.0.0\n', '  version: 1.0.0\n  protocolVersion: "0.3.0"\n'));
    expect(r.stderr).toMatch(/agent\.protocolVersion: a2a-gen derives "protocolVersion" from the spec version; remove it/);
  });

  it('a JSON manifest with a syntax error reports JSON line and column', async () => {
    const r = await generateFrom('{\n  "agent": { "name": "x", }\n}\n', [], 'agent.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/agent\.json:2:\d+: not valid JSON/);
  });

  it('a valid JSON manifest generates', async () => {
    const dir = await tempDir('json-');
    const json = { spec: '0.3.0', agent: { name: 'J', description: 'd', version: '1', url: 'http://localhost:4000/', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'] }, skills: [] };
    await writeFile(join(dir, 'agent.json'), JSON.stringify(json));
    const r = await runCli(['generate', '--manifest', 'agent.json', '-q'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('duplicate skill ids and ids that collide after mangling', async () => {
    const twice = hello + '  - id: echo\n    name: Echo again\n    description: d\n    tags: []\n';
    expect((await generateFrom(twice)).stderr).toMatch(/skills\[1\]\.id: duplicate skill id "echo"/);
    const mangled = hello + '  - id: Echo_\n    name: Echo again\n    description: d\n    tags: []\n';
    expect((await generateFrom(mangled)).stderr).toMatch(/skills\[1\]\.id: skill id "Echo_" collides with skills\[0\]\.id "echo": both become "echo"/);
  });

  it('security that would silently open the agent: an undeclared scheme, an extended card without security', async () => {
    const typo = exampleText('georoute').replace('    - bearer: []', '    - baerer: []');
    const r = await generateFrom(typo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/agent\.security\[0\]\.baerer: security requirement names scheme "baerer", which agent\.securitySchemes does not declare \(declared: "bearer"\)/);
    expect(r.files).toEqual([]);
    const open = hello.replace('  capabilities:\n', '  supportsAuthenticatedExtendedCard: true\n  capabilities:\n');
    const r2 = await generateFrom(open);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/agent\.supportsAuthenticatedExtendedCard: an authenticated extended card needs securitySchemes/);
  });

  it('a skill payload schema with a dangling $ref', async () => {
    const manifest = hello.replace('    examples: ["hello there"]', '    examples: ["hello there"]\n    input:\n      type: object\n      properties:\n        a: { $ref: "#/$defs/Missing" }');
    const r = await generateFrom(manifest);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/skills\[0\]\.input\.properties\.a\.\$ref: dangling \$ref "#\/\$defs\/Missing"/);
  });

  it('a schema file that is not an A2A schema', async () => {
    const dir = await tempDir('notschema-');
    await writeFile(join(dir, 'a2a.yaml'), hello);
    await writeFile(join(dir, 'other.json'), JSON.stringify({ type: 'object', definitions: { Foo: {} } }));
    const r = await runCli(['generate', '--spec', 'other.json'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/other\.json: not an A2A schema: no definition of AgentCard, Message, Task/);
  });

  it('a missing manifest', async () => {
    const dir = await tempDir('none-');
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/a2a\.yaml: manifest not found/);
  });

  it('validate reports the same errors and writes nothing', async () => {
    const dir = await tempDir('validate-');
    await writeFile(join(dir, 'a2a.yaml'), hello.replace('    tags: [demo, echo]', '    tags: demo'));
    const bad = await runCli(['validate'], dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/skills\[0\]\.tags: expected array, got string/);
    await writeFile(join(dir, 'a2a.yaml'), hello);
    const good = await runCli(['validate'], dir);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/a2a\.yaml: valid for A2A v0\.3\.0 \(1 skill\)/);
    expect(await readdir(dir)).toEqual(['a2a.yaml']);
  });
});

describe('usage errors exit 2', () => {
  it('unknown command, unknown option, missing positional', async () => {
    const dir = await tempDir('usage-');
    expect((await runCli(['frobnicate'], dir)).code).toBe(2);
    expect((await runCli(['generate', '--frob'], dir)).code).toBe(2);
    expect((await runCli(['diff', '0.2.6'], dir)).code).toBe(2);
    expect((await runCli([], dir)).code).toBe(2);
  });

  it('--help on each command exits 0 and lists its options', async () => {
    const dir = await tempDir('help-');
    const top = await runCli(['--help'], dir);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/generate[\s\S]*validate[\s\S]*diff/);
    const gen = await runCli(['generate', '--help'], dir);
    expect(gen.code).toBe(0);
    for (const opt of ['--manifest', '--spec', '--out', '--check', '--dry-run', '--force']) expect(gen.stdout).toContain(opt);
  });
});
