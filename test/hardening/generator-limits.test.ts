// Specs and schemas under the 16 MiB read limit that the generator could not survive: a chain of
// 300 messages that each hold the next overflowed the stack ("this is a bug"), and so did 300
// `$defs` in a row in a skill schema; a 14 MB proto of 6,000 flat messages ran a 512 MiB heap out
// of memory after a minute; one message of 20,000 fields took a minute to parse (protobufjs is
// quadratic in fields per message). Each now generates or is refused with file, line and column,
// the real binary under a 512 MiB heap.
import { readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runCliProcess, type ProcessResult } from '../helpers/cli-process.js';
import { exampleText, ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

const PROTO = readFileSync(join(ROOT, 'schema', 'proto', 'v1.0.1.proto'), 'utf8');
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=512' };
const peaks: Record<string, number> = {};
const AGENT = {
  name: 'A',
  description: 'd',
  version: '1',
  url: 'http://127.0.0.1:4000/',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
};

afterAll(() =>
  console.log(
    Object.entries(peaks)
      .map(([name, bytes]) => `peak RSS ${(bytes / 2 ** 20).toFixed(0)} MiB: ${name}`)
      .join('\n'),
  ),
);

/** A project whose spec is the bundled v1.0.1 proto with `extra` appended (and `skillField` added to AgentSkill). */
async function protoProject(prefix: string, extra: string, skillField = ''): Promise<string> {
  const dir = await tempDir(prefix);
  await writeFile(join(dir, 'a2a.proto'), PROTO.replace('message AgentSkill {\n', `message AgentSkill {\n${skillField}`) + extra);
  await writeFile(join(dir, 'a2a.yaml'), exampleText('hello').replace('spec: 0.3.0', 'spec: ./a2a.proto'));
  return dir;
}

/** Messages Chain0 … Chain<n>, each holding the next. */
const chain = (n: number): string =>
  Array.from({ length: n }, (_, i) => `message Chain${i} {\n  Chain${i + 1} next = 1;\n  string text = 2;\n}\n`).join('') +
  `message Chain${n} {\n  string text = 1;\n}\n`;

/** The binary under a 512 MiB heap: exit 1, one located line matching `error`, its peak memory noted. */
async function expectRefused(name: string, dir: string, args: string[], error: RegExp): Promise<ProcessResult> {
  const r = await runCliProcess(args, dir, { env: SMALL_HEAP, timeoutMs: 60_000 });
  expect(r.killed, r.stderr).toBeUndefined();
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(error);
  peaks[name] = r.maxRssBytes!;
  return r;
}

describe('a chain of references', () => {
  it('300 messages deep: validate and generate name the message past 64, nothing written', async () => {
    const dir = await protoProject('chain-300-', chain(300), '  Chain0 chain = 90;\n');
    const line = readFileSync(join(dir, 'a2a.proto'), 'utf8').split('\n').indexOf('message Chain62 {') + 1;
    const error = new RegExp(
      `a2a\\.proto:${line}:9: Chain62: messages refer to each other too deeply: "Chain62" is definition 65 of a chain of references, AgentCard → AgentSkill → Chain0 → … → Chain299 → Chain300 \\(303 definitions\\); at most 64 can be generated`,
    );
    for (const command of ['validate', 'generate']) await expectRefused(`chain of 300, ${command}`, dir, [command], error);
    expect(await readdir(dir)).toEqual(['a2a.proto', 'a2a.yaml']);
  }, 120_000);

  it('a chain of 64 generates, and so does a recursive tree however deep its values', async () => {
    const tree = 'message Tree {\n  repeated Tree children = 1;\n  string text = 2;\n}\n';
    const dir = await protoProject('chain-64-', chain(61) + tree, '  Chain0 chain = 90;\n  Tree tree = 91;\n');
    const r = await runCli(['generate', '-q'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }, 60_000);

  it('300 $defs in a row in a skill schema: an error at the one past 64', async () => {
    const dir = await tempDir('chain-skill-');
    const defs = Object.fromEntries(
      Array.from({ length: 301 }, (_, i) => [`D${i}`, { type: 'object', properties: i < 300 ? { next: { $ref: `#/$defs/D${i + 1}` } } : {} }]),
    );
    const skills = [{ id: 's', name: 'S', description: 'd', tags: ['t'], input: { $ref: '#/$defs/D0', $defs: defs } }];
    await writeFile(join(dir, 'a2a.json'), JSON.stringify({ spec: '0.3.0', agent: AGENT, skills }, null, 1));
    const r = await expectRefused(
      'skill $defs chain of 300',
      dir,
      ['generate', '--manifest', 'a2a.json'],
      /skills\[0\]\.input\.\$defs\.D63: \$refs lead through too many definitions/,
    );
    expect(r.stderr).toMatch(/a2a\.json:\d+:\d+: /);
  }, 60_000);
});

describe('a spec too big to generate is refused before it is parsed', () => {
  it('a 14 MB proto of 6,000 flat messages (450,000 fields): refused in seconds, located at the declaration past 50,000', async () => {
    const fields = Array.from({ length: 75 }, (_, j) => `  string field_number_${j}_x = ${j + 1};\n`).join('');
    const dir = await protoProject('flat-6000-', Array.from({ length: 6000 }, (_, i) => `message Flat${i} {\n${fields}}\n`).join(''));
    const started = performance.now();
    await expectRefused(
      '6,000 flat messages',
      dir,
      ['generate'],
      /a2a\.proto:\d+:\d+: the proto declares more than 50,000 messages, fields and enum values; at most that many can be generated\n$/,
    );
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 60_000);

  it('one message of 20,000 fields: refused at field 2,001 (protobufjs would take a minute)', async () => {
    const fields = Array.from({ length: 20_000 }, (_, j) => `  string f${j} = ${j + 1};\n`).join('');
    const dir = await protoProject('wide-', `message Wide {\n${fields}}\n`);
    const line = PROTO.split('\n').length + 2001;
    await expectRefused('a message of 20,000 fields', dir, ['validate'], new RegExp(`a2a\\.proto:${line}:10: message Wide declares more than 2,000 fields`));
  }, 60_000);

  it('skills whose schemas hold more than 50,000 schemas in all: one error at `skills`', async () => {
    const dir = await tempDir('skills-big-');
    const properties = Object.fromEntries(Array.from({ length: 50_001 }, (_, i) => [`p${i}`, { type: 'string' }]));
    await writeFile(
      join(dir, 'a2a.json'),
      JSON.stringify({
        spec: '0.3.0',
        agent: AGENT,
        skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'], input: { type: 'object', properties } }],
      }),
    );
    const started = performance.now();
    const r = await runCli(['validate', '--manifest', 'a2a.json'], dir);
    // The YAML parser's own duplicate-key check made 50,000 keys cost 30 s (quadratic).
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /a2a\.json:1:\d+: skills: the skills' input and output schemas and the extensions' metadata schemas hold 50,002 schemas \(definitions, properties, items …\); at most 50,000 can be generated\n$/,
    );
  });

  it('the biggest proto under the bounds (15 MB, 49,400 declarations, long comments) generates under a 512 MiB heap', async () => {
    const comment = `  // ${'x'.repeat(300)}\n`;
    const fields = Array.from({ length: 18 }, (_, j) => `${comment}  string field_number_${j}_x = ${j + 1};\n`).join('');
    const dir = await protoProject('flat-2600-', Array.from({ length: 2600 }, (_, i) => `message Flat${i} {\n${fields}}\n`).join(''));
    const r = await runCliProcess(['generate', '-q'], dir, { env: SMALL_HEAP, timeoutMs: 180_000 });
    expect(r.killed, r.stderr).toBeUndefined();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    peaks['15 MB proto under the bounds, generated'] = r.maxRssBytes!;
  }, 200_000);
});
