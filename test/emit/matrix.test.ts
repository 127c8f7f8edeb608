// Every bundled schema × every example manifest its card fits: generate, snapshot, and
// type-check the whole lot under --strict in one TypeScript program.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { EXAMPLES, FITS, generateExample } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

const combos = EXAMPLES.flatMap((example) => FITS[example].map((version) => ({ example, version, id: `${example}@${version}` })));
const outputs = new Map<string, GeneratedFile[]>();
let root: string;

/** Files whose full text is snapshotted: small, model-driven, and where versions differ. */
const FULL_TEXT = ['src/a2a/methods.ts', 'src/a2a/protocol.ts', 'src/a2a/errors.ts'];

beforeAll(async () => {
  root = await tempDir('matrix-');
  for (const c of combos) {
    const files = await generateExample(c.example, c.version);
    outputs.set(c.id, files);
    await writeFiles(join(root, c.id), files);
  }
}, 300_000);

describe('every schema × every example that fits', () => {
  it('covers all nine versions and all examples', () => {
    expect(new Set(combos.map((c) => c.version)).size).toBe(9);
    expect(new Set(combos.map((c) => c.example))).toEqual(new Set(EXAMPLES));
  });

  it.each(combos)('$id: emitted files match their snapshot', ({ id }) => {
    const files = outputs.get(id)!;
    const digest = Object.fromEntries(files.map((f) => [f.path, `${f.owner} ${createHash('sha256').update(f.content).digest('hex').slice(0, 16)}`]));
    expect(digest).toMatchSnapshot('file list and content digests');
    for (const path of FULL_TEXT) expect(files.find((f) => f.path === path)?.content).toMatchSnapshot(path);
  });

  it('all generated projects type-check under --strict', async () => {
    expect(await typecheck(root, combos.map((c) => join(root, c.id)))).toBe('');
  }, 300_000);

  it('is deterministic: a second generation is byte-identical', async () => {
    const again = await generateExample('georoute', '0.3.0');
    expect(again).toEqual(outputs.get('georoute@0.3.0'));
  });
});
