// Bad manifests: each mistake gives one clear error with file:line:column and the JSON path,
// every independent mistake is reported in the same run (in file order), the run exits 1 and
// writes nothing.
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
  it('a YAML syntax error: where it is, what to do, the line quoted', async () => {
    const broken = hello.replace('  capabilities:\n', '  capabilities: [streaming\n');
    const r = await generateFrom(broken);
    expect(r.code).toBe(1);
    expect(
      r.stderr
        .trimEnd()
        .split('\n')
        .map((l) => l.replace(/^.*?a2a\.yaml:/, 'a2a.yaml:')),
    ).toEqual([
      'a2a.yaml:8:17: YAML syntax error: this [ is never closed: end the list with ] on this line, or write it one "- item" per line',
      '  8 |   capabilities: [streaming',
      '    |                 ^',
    ]);
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
    const manifest = hello
      .replace('spec: 0.3.0', 'spec: 0.1.0')
      .replace('  capabilities:\n', '  securitySchemes:\n    key: { type: apiKey, in: header, name: X-Key }\n  capabilities:\n');
    const r = await generateFrom(manifest);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /^\S*a2a\.yaml:8:3: agent\.securitySchemes: A2A v0\.1\.0 has no field "securitySchemes" here; it exists in v0\.2\.0–v1\.0\.1$/,
    );
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
    expect(r.stderr).toMatch(/agent\.json:2:\d+: not valid JSON.*\n {2}2 \| {3}"agent": \{ "name": "x", \}\n {4}\| +\^\n$/);
  });

  it('a valid JSON manifest generates', async () => {
    const dir = await tempDir('json-');
    const json = {
      spec: '0.3.0',
      agent: {
        name: 'J',
        description: 'd',
        version: '1',
        url: 'http://localhost:4000/',
        capabilities: {},
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
      },
      skills: [],
    };
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
    expect(r.stderr).toMatch(
      /agent\.security\[0\]\.baerer: security requirement names scheme "baerer", which agent\.securitySchemes does not declare \(declared: "bearer"\)/,
    );
    expect(r.files).toEqual([]);
    const open = hello.replace('  capabilities:\n', '  supportsAuthenticatedExtendedCard: true\n  capabilities:\n');
    const r2 = await generateFrom(open);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/agent\.supportsAuthenticatedExtendedCard: an authenticated extended card needs securitySchemes/);
  });

  it('a skill payload schema with a dangling $ref', async () => {
    const manifest = hello.replace(
      '    examples: ["hello there"]',
      '    examples: ["hello there"]\n    input:\n      type: object\n      properties:\n        a: { $ref: "#/$defs/Missing" }',
    );
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

/** The error lines of a run, each with its location made relative to the folder (quoted source lines dropped). */
const errorsOf = (stderr: string): string[] =>
  stderr
    .split('\n')
    .filter((l) => l !== '' && !/^\s/.test(l))
    .map((l) => l.replace(/^.*?a2a\.yaml:/, 'a2a.yaml:'));

// One mistake of each kind, in independent sections: an unknown card field, a capability, a
// security scheme's type, a security requirement, a skill's required field, a skill's type, a
// skill's input schema (twice) and a server setting.
const MANY_MISTAKES = `spec: 0.3.0
agent:
  name: Hello Agent
  descriptoin: Replies with the text it receives.
  version: 1.0.0
  url: http://localhost:41241/
  capabilities:
    streeming: true
  securitySchemes:
    bearer: { type: htp, scheme: bearer }
  security:
    - baerer: []
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: echo
    nmae: Echo
    description: Returns the user's text unchanged.
    tags: demo
    input:
      type: objet
      properties:
        a: { $ref: "#/$defs/Missing" }
server:
  prot: 4000
`;

const MANY_ERRORS = [
  'a2a.yaml:4:3: agent.descriptoin: A2A v0.3.0 has no field "descriptoin" here; did you mean "description"? (a required field)',
  'a2a.yaml:8:5: agent.capabilities.streeming: A2A v0.3.0 has no field "streeming" here; did you mean "streaming"?',
  'a2a.yaml:10:21: agent.securitySchemes.bearer.type: expected one of "apiKey", "http", "oauth2", "openIdConnect", "mutualTLS", got "htp"; did you mean "http"?',
  'a2a.yaml:12:7: agent.security[0].baerer: security requirement names scheme "baerer", which agent.securitySchemes does not declare (declared: "bearer"); did you mean "bearer"?',
  'a2a.yaml:17:5: skills[0].nmae: unknown field "nmae"; did you mean "name"? (a required field)',
  'a2a.yaml:19:11: skills[0].tags: expected array, got string',
  'a2a.yaml:21:13: skills[0].input.type: not a valid JSON Schema: expected one of "array", "boolean", "integer", "null", "number", "object", "string", got "objet"; did you mean "object"?',
  'a2a.yaml:23:20: skills[0].input.properties.a.$ref: dangling $ref "#/$defs/Missing": nothing is defined there',
  'a2a.yaml:25:3: server.prot: unknown field "prot"; did you mean "port"?',
];

describe('every mistake in one run', () => {
  it('validate lists each independent mistake once, located, in file order; exit 1', async () => {
    const dir = await tempDir('many-');
    await writeFile(join(dir, 'a2a.yaml'), MANY_MISTAKES);
    const r = await runCli(['validate'], dir);
    expect(r.code).toBe(1);
    expect(errorsOf(r.stderr)).toEqual(MANY_ERRORS);
  });

  it('generate prints the same list and writes nothing; --json carries each error with its place', async () => {
    const r = await generateFrom(MANY_MISTAKES);
    expect(r.code).toBe(1);
    expect(errorsOf(r.stderr)).toEqual(MANY_ERRORS);
    expect(r.files).toEqual([]);
    const dir = await tempDir('many-json-');
    await writeFile(join(dir, 'a2a.yaml'), MANY_MISTAKES);
    const json = await runCli(['validate', '--json'], dir);
    const errors = JSON.parse(json.stdout).errors as { line: number; column: number; path: string }[];
    expect(errors.map((e) => `${e.line}:${e.column} ${e.path}`)).toEqual(MANY_ERRORS.map((l) => /^a2a\.yaml:(\d+:\d+): (\S+):/.exec(l)!.slice(1).join(' ')));
  });

  it('a value wrong for the manifest and for the card is reported once', async () => {
    const r = await generateFrom(hello.replace('  name: Hello Agent', '  name: 5'));
    expect(errorsOf(r.stderr)).toEqual(['a2a.yaml:4:9: agent.name: expected string, got integer']);
  });

  it('a missing required field is one error, named by its path, whichever checks notice it', async () => {
    const r = await generateFrom(hello.replace('  url: http://localhost:41241/\n', ''));
    expect(errorsOf(r.stderr)).toEqual(['a2a.yaml:3:1: agent.url: required field "url" is missing']);
  });

  it('a $ref cycle is one mistake, reported at its first reference', async () => {
    const cyclic = hello.replace(
      '    examples: ["hello there"]',
      '    examples: ["hello there"]\n    input:\n      $ref: "#/$defs/A"\n      $defs:\n        A: { $ref: "#/$defs/B" }\n        B: { $ref: "#/$defs/A" }',
    );
    expect(errorsOf((await generateFrom(cyclic)).stderr)).toEqual([
      'a2a.yaml:20:13: skills[0].input.$ref: $ref "#/$defs/A" is part of a reference cycle with no schema in between',
    ]);
  });

  it('a spec that cannot be loaded stops the card check only: the other sections are still checked', async () => {
    const r = await generateFrom(MANY_MISTAKES.replace('spec: 0.3.0', 'spec: 0.9.0'));
    expect(errorsOf(r.stderr).map((l) => l.split(': ')[1])).toEqual([
      'spec',
      'skills[0].nmae',
      'skills[0].input.type',
      'skills[0].input.properties.a.$ref',
      'server.prot',
    ]);
  });

  it('an agent that is not a mapping stops the card check; the skills and server are still checked', async () => {
    const r = await generateFrom('agent: [x]\nskills:\n  - id: a\n    name: A\n    input: { type: objet }\nserver: { port: -1 }\n');
    expect(errorsOf(r.stderr)).toEqual([
      'a2a.yaml:1:8: agent: expected object, got array',
      'a2a.yaml:5:20: skills[0].input.type: not a valid JSON Schema: expected one of "array", "boolean", "integer", "null", "number", "object", "string", got "objet"; did you mean "object"?',
      'a2a.yaml:6:17: server.port: expected ≥ 0, got -1',
    ]);
  });

  it('a long list is cut at 100 errors, saying how many more there are', async () => {
    const skills = Array.from({ length: 120 }, (_, i) => `  - id: s${i}\n    name: S\n    description: d\n    tags: x\n`).join('');
    const r = await generateFrom(hello.replace(/skills:[\s\S]*$/, `skills:\n${skills}`));
    const lines = errorsOf(r.stderr);
    expect(lines).toHaveLength(101);
    expect(lines[0]).toMatch(/skills\[0\]\.tags: expected array/);
    expect(lines[99]).toMatch(/skills\[99\]\.tags: expected array/);
    expect(lines[100]).toMatch(/a2a\.yaml: … and 20 more errors; fix these and run again$/);
  });
});

describe('did you mean', () => {
  it.each([
    ['a top-level key', hello.replace('skills:', 'skils:'), /a2a\.yaml:13:1: skils: unknown field "skils"; did you mean "skills"\?$/],
    [
      "a skill's generator field",
      hello.replace('    examples: ["hello there"]', '    inptu: { type: object }'),
      /skills\[0\]\.inptu: A2A v0\.3\.0 has no field "inptu" here; did you mean "input"\?$/,
    ],
    [
      'an enum value',
      hello.replace('  capabilities:\n', '  securitySchemes:\n    key: { type: apiKey, in: haeder, name: X-Key }\n  capabilities:\n'),
      /agent\.securitySchemes\.key\.in: expected one of "cookie", "header", "query", got "haeder"; did you mean "header"\?$/,
    ],
    [
      'a spec version YAML reads as a number',
      hello.replace('spec: 0.3.0', 'spec: 0.3'),
      /a2a\.yaml:2:7: spec: unknown A2A spec version "0\.3"; .*; did you mean 0\.3\.0\?$/,
    ],
    ['a spec version with a part missing', hello.replace('spec: 0.3.0', 'spec: "0.2"'), /spec: unknown A2A spec version "0\.2"; .*; did you mean 0\.2\.6\?$/],
    [
      'a field of another version is no typo',
      hello.replace('spec: 0.3.0', 'spec: 0.1.0').replace('  capabilities:\n', '  securitySchemes: {}\n  capabilities:\n'),
      /agent\.securitySchemes: A2A v0\.1\.0 has no field "securitySchemes" here; it exists in v0\.2\.0–v1\.0\.1$/,
    ],
    [
      'nothing close: no suggestion',
      hello.replace('  capabilities:\n', '  frobnication: true\n  capabilities:\n'),
      /agent\.frobnication: A2A v0\.3\.0 has no field "frobnication" here; no published A2A version has it$/,
    ],
  ])('%s', async (_name, manifest, want) => {
    const r = await generateFrom(manifest);
    expect(r.code).toBe(1);
    expect(errorsOf(r.stderr)).toHaveLength(1);
    expect(errorsOf(r.stderr)[0]).toMatch(want);
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
    for (const opt of ['--manifest', '--spec', '--out', '--check', '--dry-run', '--diff', '--force']) expect(gen.stdout).toContain(opt);
  });
});
