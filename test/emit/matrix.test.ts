// Every bundled schema × every example manifest its card fits: generate, snapshot what a
// reviewer can read, and type-check the whole lot under --strict in one TypeScript program.
//
// What each combination's snapshot holds (test/emit/__snapshots__/matrix/<example>@<version>/):
// - files.txt: every file with its owner; runtime files copied from templates/a2a/ are marked
//   as copies (their text is asserted equal to the template, not snapshotted: a runtime edit
//   changes no snapshot here);
// - the full text of the files the model shapes per version and manifest (protocol, methods,
//   errors, agent, skills, the client's and validators' index, the handler types, every user
//   scaffold);
// - outline.txt: the exported names of the big derived files (types.ts, compiled validators)
//   and the methods, paths and schemas of the docs. Their full text for one version per example
//   is the committed generated/ tree, compared by its drift test.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { EXAMPLES, exampleText, FITS, generateExample, ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

const combos: { example: string; version: string; id: string; manifest?: string }[] = [
  ...EXAMPLES.flatMap((example) => FITS[example].map((version) => ({ example, version, id: `${example}@${version}` }))),
  // No example keeps its tasks in PostgreSQL (examples must run without a database): the relay
  // agent with `server.store: postgres` carries the one runtime folder the examples do not.
  { example: 'relay', version: '1.0.1', id: 'relay+postgres@1.0.1', manifest: exampleText('relay').replace(/^server:\n/m, 'server:\n  store: postgres\n') },
];
const outputs = new Map<string, GeneratedFile[]>();
let root: string;

/** Generated files whose full text is snapshotted: small, and shaped by the model per version and manifest. */
const FULL_TEXT = new Set([
  'src/a2a/protocol.ts',
  'src/a2a/methods.ts',
  'src/a2a/errors.ts',
  'src/a2a/agent.ts',
  'src/a2a/skills.ts',
  'src/a2a/skill-types.ts',
  'src/a2a/server/handlers.ts',
  'src/a2a/client/index.ts',
  'src/a2a/validators/index.ts',
  'src/a2a/docs/routes.ts',
]);

const RUNTIME_FOLDERS = readdirSync(join(ROOT, 'templates', 'a2a'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The template a generated file is a verbatim copy of (after its two header lines), if any. */
function templateOf(file: GeneratedFile): string | undefined {
  const m = /^src\/a2a\/(([^/]+)\/.+)$/.exec(file.path);
  if (!m || !RUNTIME_FOLDERS.includes(m[2])) return undefined;
  try {
    return readFileSync(join(ROOT, 'templates', 'a2a', m[1]), 'utf8');
  } catch {
    return undefined; // generated into that folder, not copied (server/handlers.ts, client/index.ts, …)
  }
}

const withoutHeader = (content: string): string => content.split('\n').slice(2).join('\n');

/** The exported names of a TypeScript module, in order. */
const exportsOf = (ts: string): string[] =>
  [...ts.matchAll(/^export (?:declare )?(?:type|interface|const|function|class|enum) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);

function outline(files: GeneratedFile[]): string {
  const text = (path: string): string | undefined => files.find((f) => f.path === path)?.content;
  const json = (path: string): any => JSON.parse(text(path) ?? 'null');
  const lines: string[] = [];
  const section = (title: string, items: string[]): void => {
    lines.push(`## ${title} (${items.length})`, ...items.map((i) => `- ${i}`), '');
  };
  section('types.ts exports', exportsOf(text('src/a2a/types.ts') ?? ''));
  section('validators/compiled.ts exports', exportsOf(text('src/a2a/validators/compiled.ts') ?? ''));
  const openapi = json('src/a2a/docs/openapi.json');
  section(
    'openapi.json paths',
    Object.entries(openapi?.paths ?? {}).flatMap(([path, ops]) => Object.keys(ops as object).map((verb) => `${verb.toUpperCase()} ${path}`)),
  );
  section('openapi.json schemas', Object.keys(openapi?.components?.schemas ?? {}));
  const openrpc = json('src/a2a/docs/openrpc.json');
  section(
    'openrpc.json methods',
    (openrpc?.methods ?? []).map((m: { name: string }) => m.name),
  );
  section(
    'openrpc.json unserved',
    (openrpc?.['x-a2a-unserved'] ?? []).map((m: { name?: string; method?: string }) => m.name ?? m.method ?? JSON.stringify(m)),
  );
  section(
    'API.md headings',
    (text('src/a2a/docs/API.md') ?? '').split('\n').filter((l) => /^#{1,3} /.test(l)),
  );
  return lines.join('\n');
}

const snapshotPath = (id: string, name: string): string => join(import.meta.dirname, '__snapshots__', 'matrix', id, name);

beforeAll(async () => {
  root = await tempDir('matrix-');
  for (const c of combos) {
    let files: GeneratedFile[];
    if (c.manifest === undefined) files = await generateExample(c.example, c.version);
    else {
      // Under the example's own file name, so the generated headers match the example's.
      const dir = join(root, 'variants', c.id);
      mkdirSync(dir, { recursive: true });
      const manifestPath = join(dir, `${c.example}.a2a.yaml`);
      writeFileSync(manifestPath, c.manifest);
      files = await generate(await loadInputs({ manifestPath, spec: c.version, cwd: dir }));
    }
    outputs.set(c.id, files);
    await writeFiles(join(root, c.id), files);
  }
}, 300_000);

describe('every schema × every example that fits', () => {
  it('covers all eleven versions (nine a2a.json, two a2a.proto) and all examples', () => {
    expect(new Set(combos.map((c) => c.version)).size).toBe(11);
    expect(new Set(combos.map((c) => c.example))).toEqual(new Set(EXAMPLES));
  });

  it('carries every runtime folder of templates/a2a/ somewhere, each file a verbatim copy', () => {
    const copied = new Set(
      combos.flatMap(({ id }) =>
        outputs
          .get(id)!
          .filter((f) => templateOf(f) !== undefined)
          .map((f) => f.path.split('/')[2]),
      ),
    );
    expect([...copied].sort()).toEqual([...RUNTIME_FOLDERS].sort());
  });

  it.each(combos)('$id: runtime files are the templates, verbatim', ({ id }) => {
    const copies = outputs.get(id)!.filter((f) => templateOf(f) !== undefined);
    expect(copies.length).toBeGreaterThan(30);
    for (const f of copies) expect(withoutHeader(f.content), f.path).toBe(templateOf(f));
  });

  it.each(combos)('$id: file list, model-shaped files and outline match their snapshots', async ({ id, example, version, manifest }) => {
    const files = outputs.get(id)!;
    const list = files.map((f) => `${f.path}  ${f.owner}${templateOf(f) === undefined ? '' : ' (copy of templates/a2a/)'}`).join('\n') + '\n';
    await expect(list).toMatchFileSnapshot(snapshotPath(id, 'files.txt'));
    // A variant of an example (a manifest of its own) keeps only the texts that differ from the example's.
    const base = manifest === undefined ? undefined : outputs.get(`${example}@${version}`);
    const snapshotted = files.filter((f) => (f.owner === 'user' || FULL_TEXT.has(f.path)) && base?.find((b) => b.path === f.path)?.content !== f.content);
    for (const f of snapshotted) await expect(f.content).toMatchFileSnapshot(snapshotPath(id, f.path.replaceAll('/', '__')));
    await expect(outline(files)).toMatchFileSnapshot(snapshotPath(id, 'outline.txt'));
    // A snapshot of a file that is no longer generated is stale: `-u` removes it, a plain run fails on it.
    const expected = new Set(['files.txt', 'outline.txt', ...snapshotted.map((f) => f.path.replaceAll('/', '__'))]);
    const stale = readdirSync(snapshotPath(id, '')).filter((name) => !expected.has(name));
    const updating = (expect.getState().snapshotState as unknown as { _updateSnapshot?: string })._updateSnapshot === 'all';
    if (updating) for (const name of stale) rmSync(snapshotPath(id, name));
    else expect(stale, 'snapshot files of files no longer generated').toEqual([]);
  });

  it('all generated projects type-check under --strict', async () => {
    expect(
      await typecheck(
        root,
        combos.map((c) => join(root, c.id)),
      ),
    ).toBe('');
  }, 300_000);

  it('is deterministic: a second generation is byte-identical', async () => {
    const again = await generateExample('georoute', '0.3.0');
    expect(again).toEqual(outputs.get('georoute@0.3.0'));
  });
});
