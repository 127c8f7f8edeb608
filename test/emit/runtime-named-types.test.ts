// A schema or proto may define types named like anything a generated module imports from the
// runtime or from another generated module, or declares itself (`A2AClient`, `SkillHandlers`,
// `DiscoveryOptions`, `CallOptions`, `A2AMethods`, …). Each such type, used by a method of its
// own, ends up imported beside the name it shares: the generated project must still compile,
// the schema's type aliased where it is used (ts-file.ts picks aliases when a file is printed).
//
// Which names are at risk is read from the generated files themselves, so a new runtime import
// is covered without editing this test: generate, collect every PascalCase name (a schema type's
// would be) that a generated module imports or re-exports — from anywhere but types.ts — or
// declares, add a type and a method for each, and generate again until no new name appears.
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { EXAMPLES_DIR, ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

/** A copy of templates/a2a/ (the runtime), which imports no type of the schema by a name the schema chooses. */
const isRuntimeCopy = (f: GeneratedFile): boolean => /^src\/a2a\//.test(f.path) && existsSync(join(ROOT, 'templates', 'a2a', f.path.slice('src/a2a/'.length)));

/** PascalCase names the generated (not copied) modules import or re-export from anywhere but types.ts, or declare (types.ts aside: those are the schema's). */
function namesAtRisk(files: GeneratedFile[]): Set<string> {
  const names = new Set<string>();
  for (const f of files) {
    if (!f.path.endsWith('.ts') || f.owner !== 'generator' || isRuntimeCopy(f) || f.path === 'src/a2a/types.ts') continue;
    for (const [, list, from] of f.content.matchAll(/^(?:import|export) (?:type )?\{([^}]*)\} from '([^']+)';$/gm)) {
      if (from.endsWith('/types.js')) continue;
      for (const item of list.split(','))
        names.add(
          item
            .trim()
            .replace(/^type /, '')
            .split(' as ')[0],
        );
    }
    for (const [, name] of f.content.matchAll(/^export (?:declare )?(?:abstract )?(?:type|interface|const|function|class|enum) ([A-Za-z_$][\w$]*)/gm))
      names.add(name);
  }
  return new Set([...names].filter((n) => /^[A-Z]/.test(n)));
}

/** v0.3.0's a2a.json with, for each name, a type of that name and a method `use/<name>` taking and returning it; and an error named like the runtime's base class. */
async function jsonSchemaWith(names: string[]): Promise<string> {
  const schema = JSON.parse(await readFile(join(ROOT, 'schema/a2a/v0.3.0.json'), 'utf8'));
  const d = schema.definitions;
  for (const name of names) {
    d[name] = { type: 'object', description: `A type named like ${name}.`, properties: { note: { type: 'string' } } };
    const envelope = { id: { type: ['string', 'integer'] }, jsonrpc: { const: '2.0', type: 'string' } };
    d[`Use${name}Request`] = {
      type: 'object',
      properties: { ...envelope, method: { const: `use/${name}`, type: 'string' }, params: { $ref: `#/definitions/${name}` } },
      required: ['id', 'jsonrpc', 'method', 'params'],
    };
    d[`Use${name}SuccessResponse`] = {
      type: 'object',
      properties: { ...envelope, result: { $ref: `#/definitions/${name}` } },
      required: ['id', 'jsonrpc', 'result'],
    };
  }
  d.JsonRpcError = {
    type: 'object',
    properties: { code: { const: -32077, type: 'integer' }, message: { default: 'Named like the base class', type: 'string' } },
  };
  return JSON.stringify(schema);
}

/** v1.0.1's proto with, for each name, a message of that name and an rpc `Use<name>` taking and returning it. */
async function protoWith(names: string[]): Promise<string> {
  const text = await readFile(join(ROOT, 'schema/proto/v1.0.1.proto'), 'utf8');
  const rpcs = names.map((n) => `  rpc Use${n}(${n}) returns (${n});\n`).join('');
  const messages = names.map((n) => `\n// A message named like ${n}.\nmessage ${n} {\n  string note = 1;\n}\n`).join('');
  return text.replace('service A2AService {\n', `service A2AService {\n${rpcs}`) + messages;
}

const CASES = [
  { spec: 'a2a.json', manifest: 'currency', specWith: jsonSchemaWith },
  { spec: 'a2a.proto', manifest: 'hello-v1', specWith: protoWith },
];

describe.each(CASES)('types named like what generated modules import or declare: $spec, $manifest', ({ spec, manifest, specWith }) => {
  it('generate a project that compiles under --strict', async () => {
    const dir = await tempDir('runtime-named-');
    const generateWith = async (names: Set<string>): Promise<GeneratedFile[]> => {
      await writeFile(join(dir, spec), await specWith([...names].sort()));
      return generate(await loadInputs({ manifestPath: join(EXAMPLES_DIR, `${manifest}.a2a.yaml`), spec: join(dir, spec), cwd: dir }));
    };
    let names = namesAtRisk(await generateWith(new Set()));
    let files = await generateWith(names);
    // A method of a new kind can bring a new import (a custom method's handler takes a CallContext).
    for (let round = 0; round < 3; round++) {
      const more = [...namesAtRisk(files)].filter((n) => !names.has(n) && !n.startsWith('Use'));
      if (more.length === 0) break;
      names = new Set([...names, ...more]);
      files = await generateWith(names);
    }
    for (const name of ['A2AClient', 'A2AClientBase', 'CallOptions', 'DiscoveryOptions', 'A2AMethods', 'SkillHandlers', 'SkillHandler', 'CallContext'])
      expect(names).toContain(name);
    const client = files.find((f) => f.path === 'src/a2a/client/index.ts')!.content;
    expect(client).toMatch(/import type \{[^}]*\bA2AClient as A2AClient_\b[^}]*\} from '\.\.\/types\.js';/);
    expect(client).toMatch(/\(params: A2AClient_, options\?: CallOptions\): Promise<A2AClient_>/);
    await writeFiles(join(dir, 'project'), files);
    expect(await typecheck(dir, [join(dir, 'project')])).toBe('');
  }, 120_000);
});
