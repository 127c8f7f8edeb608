// docs/WRITING-SKILLS.md stays true to the code: its YAML block is the manifest of a generated
// v1.0 project, each of its TypeScript blocks becomes one of that project's source files, and
// the lot type-checks under --strict. A renamed event, context field or part builder fails here.
import { mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

const guide = readFileSync(join(ROOT, 'docs', 'WRITING-SKILLS.md'), 'utf8');
const blocks = (lang: string): string[] => [...guide.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1]);

describe('docs/WRITING-SKILLS.md', () => {
  it("ships in the package, and a scaffold's README points at it", async () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files).toContain('docs/WRITING-SKILLS.md');
    const dir = await tempDir('writing-skills-readme-');
    await writeFile(join(dir, 'a2a.yaml'), blocks('yaml')[0]);
    const files = await generate(await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir }));
    const readme = files.find((f) => f.path === 'README.md');
    expect(readme?.content).toContain('`node_modules/a2a-gen/docs/WRITING-SKILLS.md`');
  });

  it('has one manifest and its handlers', () => {
    expect(blocks('yaml')).toHaveLength(1);
    expect(blocks('ts').length).toBeGreaterThanOrEqual(6);
  });

  it('every TypeScript block type-checks in a project generated from its manifest', async () => {
    const dir = await tempDir('writing-skills-');
    await writeFile(join(dir, 'a2a.yaml'), blocks('yaml')[0]);
    await writeFiles(dir, await generate(await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir })));
    // Beside the scaffolded handlers, as an author would write them.
    await mkdir(join(dir, 'src', 'skills'), { recursive: true });
    for (const [i, code] of blocks('ts').entries()) await writeFile(join(dir, 'src', 'skills', `guide-${i}.ts`), code);
    expect(await typecheck(dir, [dir])).toBe('');
  }, 120_000);
});
