// Generator inputs under every limit that used to crash it or lose something: a payload property
// named like a member every object inherits (`hasOwnProperty` crashed json-schema-to-typescript
// while `validate` called the manifest valid), a proto field of that JSON name, a proto enum value
// `__proto__` (protobufjs dropped it), and an `init` whose generation fails after its manifest
// was written (it left a2a.yaml behind). Manifest keys and YAML aliases: a `__proto__` key was
// said to exist in every version, and 450 aliases in a legitimate manifest were refused.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadProto } from '../../generator/load/proto.js';
import { agentProject } from '../helpers/agent-project.js';
import { runCli } from '../helpers/cli.js';
import { exampleText, ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';

const INHERITED = ['hasOwnProperty', 'constructor', 'toString', 'valueOf', '__proto__'];
const PROTO = readFileSync(join(ROOT, 'schema', 'proto', 'v1.0.1.proto'), 'utf8');
const protoSpecManifest = exampleText('hello').replace('spec: 0.3.0', 'spec: ./a2a.proto');

/** A skill per name: the name required in its input, optional in its output. JSON text, so `__proto__` stays a key. */
function manifestWith(names: string[]): string {
  const skills = names.map(
    (name, i) => `{ "id": "s${i}", "name": "S${i}", "description": "d", "tags": ["t"],
      "input": { "type": "object", "properties": { "${name}": { "type": "string" } }, "required": ["${name}"] },
      "output": { "type": "object", "properties": { "${name}": { "type": "number" } } } }`,
  );
  return `{ "spec": "0.3.0", "agent": { "name": "A", "description": "d", "version": "1", "url": "http://127.0.0.1:4000/",
    "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"] },
    "skills": [${skills.join(',')}] }`;
}

describe('payload properties named like what every object inherits', () => {
  it('validate and generate accept each, on its own (hasOwnProperty crashed generate)', async () => {
    for (const name of INHERITED) {
      const dir = await tempDir('inherited-');
      await writeFile(join(dir, 'a2a.json'), manifestWith([name]));
      expect((await runCli(['validate', '--manifest', 'a2a.json'], dir)).code, name).toBe(0);
      const generated = await runCli(['generate', '--manifest', 'a2a.json', '-q'], dir);
      expect(generated.stderr, name).toBe('');
      expect(generated.code, name).toBe(0);
      const types = await readFile(join(dir, 'src/a2a/skill-types.ts'), 'utf8');
      expect(types, name).toContain(`export interface S0Input {\n  ${name}: string\n}`);
      expect(types, name).toContain(`export interface S0Output {\n  ${name}?: number\n}`);
    }
  });

  it('init makes a project from such a manifest', async () => {
    const cwd = await tempDir('inherited-init-');
    await writeFile(join(cwd, 'own.json'), manifestWith(['hasOwnProperty']));
    const r = await runCli(['init', 'agent', '--manifest', 'own.json', '-q'], cwd);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('the project type-checks, and its validators tell such a property present from missing', async () => {
    const project = await agentProject('inherited-names', manifestWith(INHERITED));
    expect(await typecheck(project.dir, [project.dir])).toBe('');
    const { skillValidators } = await project.load<{ skillValidators: Record<string, Record<'input' | 'output', { is(v: unknown): boolean }>> }>(
      'a2a/validators/index.js',
    );
    for (const [i, name] of INHERITED.entries()) {
      const { input, output } = skillValidators[`s${i}`];
      // JSON.parse, as the server reads a body: `__proto__` is an own key there.
      expect(input.is(JSON.parse(`{"${name}": "x"}`)), `${name} given`).toBe(true);
      expect(input.is({}), `${name} missing`).toBe(false);
      expect(output.is({}), `${name} optional and absent`).toBe(true);
      // ajv skips a `__proto__` property's schema, so its type is not checked (docs/SECURITY.md, known limits).
      if (name !== '__proto__') expect(output.is(JSON.parse(`{"${name}": "not a number"}`)), `${name} of the wrong type`).toBe(false);
    }
  }, 120_000);
});

describe('a proto whose names JavaScript objects reserve', () => {
  it('a field whose JSON name is hasOwnProperty: the same located error from validate and generate, nothing written', async () => {
    const dir = await tempDir('proto-inherited-');
    const proto = PROTO.replace('message AgentSkill {\n', 'message AgentSkill {\n  string has_own_property = 90;\n');
    await writeFile(join(dir, 'a2a.proto'), proto);
    await writeFile(join(dir, 'a2a.yaml'), protoSpecManifest);
    const line = proto.split('\n').indexOf('  string has_own_property = 90;') + 1;
    const error = `a2a.proto:${line}:10: AgentSkill.has_own_property: the JSON name "hasOwnProperty" cannot be used: every JavaScript object has a member of that name (Object.prototype.hasOwnProperty); rename the field`;
    for (const command of ['validate', 'generate']) {
      const r = await runCli([command], dir);
      expect(r.code, command).toBe(1);
      expect(r.stderr, command).toContain(error);
    }
    expect((await readdir(dir)).sort()).toEqual(['a2a.proto', 'a2a.yaml']);
  });

  it('an enum value __proto__ is kept, in declaration order, in the type and the gRPC wire map', async () => {
    const proto = PROTO.replace('  TASK_STATE_SUBMITTED = 1;\n', '  TASK_STATE_SUBMITTED = 1;\n  __proto__ = 99;\n');
    const loaded = loadProto({ text: proto, origin: 'a2a.proto' });
    const values = loaded.definitions.TaskState.enum as string[];
    expect(values.slice(0, 3)).toEqual(['TASK_STATE_UNSPECIFIED', 'TASK_STATE_SUBMITTED', '__proto__']);
    const wire = loaded.grpc.wire.enums['lf.a2a.v1.TaskState'];
    expect(Object.hasOwn(wire, '__proto__') && wire.__proto__).toBe(99);
    expect(Object.getPrototypeOf(wire)).toBe(Object.prototype);

    const dir = await tempDir('proto-enum-');
    await writeFile(join(dir, 'a2a.proto'), proto);
    await writeFile(join(dir, 'a2a.yaml'), protoSpecManifest);
    expect((await runCli(['generate', '-q'], dir)).code).toBe(0);
    expect(await readFile(join(dir, 'src/a2a/types.ts'), 'utf8')).toMatch(
      /export type TaskState = \("TASK_STATE_UNSPECIFIED" \| "TASK_STATE_SUBMITTED" \| "__proto__" \|/,
    );
  });
});

describe('init whose generation fails after the manifest was checked', () => {
  /** A spec URL that answers the check `init` makes first, and then fails (a flaky server). */
  async function onceServer(): Promise<string> {
    let served = 0;
    const server = createServer((_req, res) => {
      if (served++ === 0) res.writeHead(200, { 'content-type': 'text/plain' }).end(PROTO);
      else res.writeHead(503).end('down');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    onTestFinished(() => new Promise<void>((r) => server.close(() => r())));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}/a2a.proto`;
  }

  it('a folder it made is gone again', async () => {
    const cwd = await tempDir('init-undo-');
    const r = await runCli(['init', 'agent', '--yes', '--spec', await onceServer()], cwd);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/503/);
    expect(await readdir(cwd)).toEqual([]);
  });

  it('an empty folder stays empty, and a folder with files (--force) keeps exactly them', async () => {
    const cwd = await tempDir('init-undo-empty-');
    await mkdir(join(cwd, 'empty'));
    expect((await runCli(['init', 'empty', '--yes', '--spec', await onceServer()], cwd)).code).toBe(1);
    expect(await readdir(join(cwd, 'empty'))).toEqual([]);
    await mkdir(join(cwd, 'full'));
    await writeFile(join(cwd, 'full', 'notes.txt'), 'mine');
    expect((await runCli(['init', 'full', '--yes', '--force', '--spec', await onceServer()], cwd)).code).toBe(1);
    expect(await readdir(join(cwd, 'full'))).toEqual(['notes.txt']);
    expect(await readFile(join(cwd, 'full', 'notes.txt'), 'utf8')).toBe('mine');
  });
});

describe('manifest keys and YAML aliases', () => {
  it('a __proto__ key is refused with a true message (it was said to exist in v0.1.0–v1.0.1)', async () => {
    const dir = await tempDir('proto-key-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello').replace('  version: 1.0.0\n', '  version: 1.0.0\n  __proto__: { polluted: true }\n'));
    const r = await runCli(['validate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a2a.yaml:7:3: agent.__proto__: A2A v0.3.0 has no field "__proto__" here; no A2A version has it');
    expect(r.stderr).not.toMatch(/exists in/);
  });

  /** 150 skills sharing their tags and modes through anchors: 449 aliases, a few thousand nodes. */
  function sharedSkills(): string {
    const skill = (i: number): string =>
      `  - id: s${i}\n    name: S${i}\n    description: d\n    tags: ${i === 0 ? '&tags [demo, shared]' : '*tags'}\n    inputModes: *modes\n    outputModes: *modes\n`;
    const hello = exampleText('hello');
    const agent = hello.slice(0, hello.indexOf('skills:')).replace('defaultInputModes: [text/plain]', 'defaultInputModes: &modes [text/plain]');
    return `${agent}skills:\n${Array.from({ length: 150 }, (_, i) => skill(i)).join('')}`;
  }

  it('a manifest of 150 skills with 449 aliases is read (the alias bound counted aliases, not what they add)', async () => {
    const dir = await tempDir('aliases-');
    const manifest = sharedSkills();
    expect(manifest.match(/\*(tags|modes)/g)).toHaveLength(449);
    await writeFile(join(dir, 'a2a.yaml'), manifest);
    const r = await runCli(['validate'], dir);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('valid for A2A v0.3.0 (150 skills)');
  });

  it('billion laughs (10^9 nodes in nine lines) and an alias inside its own anchor are refused at once, located', async () => {
    const dir = await tempDir('laughs-');
    const levels = 'abcdefghi'.split('').map((c, i) =>
      i === 0
        ? 'a: &a [x,x,x,x,x,x,x,x,x,x]'
        : `${c}: &${c} [${Array(10)
            .fill(`*${'abcdefghi'[i - 1]}`)
            .join(',')}]`,
    );
    await writeFile(join(dir, 'laughs.yaml'), `${levels.join('\n')}\n`);
    await writeFile(join(dir, 'loop.yaml'), 'spec: &s [1, *s]\n');
    const started = performance.now();
    const laughs = await runCli(['validate', '--manifest', 'laughs.yaml'], dir);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(laughs.code).toBe(1);
    expect(laughs.stderr).toMatch(/laughs\.yaml:6:\d+: YAML aliases expand the document by more than 1,000,000 nodes/);
    const loop = await runCli(['validate', '--manifest', 'loop.yaml'], dir);
    expect(loop.code).toBe(1);
    expect(loop.stderr).toContain('loop.yaml:1:14: the alias *s stands inside the node its anchor &s names');
  });
});
