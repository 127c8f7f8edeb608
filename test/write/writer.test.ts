// The write stage: unchanged files are not touched, hand edits are never lost, user files are
// never overwritten, --check/--dry-run write nothing, and a crash leaves no torn file.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { applyPlan } from '../../generator/write/apply.js';
import { planWrite } from '../../generator/write/plan.js';
import { runCli } from '../helpers/cli.js';
import { exampleText } from '../helpers/examples.js';
import { listFiles, snapshot } from '../helpers/files.js';
import { tempDir } from '../helpers/tmp.js';

async function project(example = 'georoute'): Promise<string> {
  const dir = await tempDir('write-');
  await writeFile(join(dir, 'a2a.yaml'), exampleText(example));
  const r = await runCli(['generate', '-q'], dir);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return dir;
}

describe('write stage', () => {
  it('a second generation leaves every file and mtime unchanged', async () => {
    const dir = await project();
    const before = await snapshot(dir);
    await new Promise((r) => setTimeout(r, 20));
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 created, 0 updated, \d+ unchanged/);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('a hand edit survives regeneration, which exits 1 naming the file and writes nothing', async () => {
    const dir = await project();
    const errorsPath = join(dir, 'src/a2a/errors.ts');
    const edited = (await readFile(errorsPath, 'utf8')) + '\n// my local tweak\n';
    await writeFile(errorsPath, edited);
    // A real change too, so that the run has something to write.
    await writeFile(join(dir, 'a2a.yaml'), exampleText('georoute').replace('version: 1.2.0', 'version: 1.3.0'));
    const before = await snapshot(dir);
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/edited by hand[\s\S]*\n  src\/a2a\/errors\.ts/);
    expect(await snapshot(dir)).toEqual(before);
    const forced = await runCli(['generate', '--force', '-q'], dir);
    expect(forced.code).toBe(0);
    expect(await readFile(errorsPath, 'utf8')).not.toContain('my local tweak');
  });

  it('detects a hand edit in a JSON file (no header) through the lock', async () => {
    const dir = await project();
    const card = join(dir, 'src/a2a/agent-card.json');
    await writeFile(card, (await readFile(card, 'utf8')).replace('GeoSpatial', 'GeoSpatial (edited)'));
    await writeFile(join(dir, 'a2a.yaml'), exampleText('georoute').replace('version: 1.2.0', 'version: 1.3.0'));
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('src/a2a/agent-card.json');
    expect(await readFile(card, 'utf8')).toContain('(edited)');
  });

  it('--check exits 0 when fresh, 1 on drift, and writes nothing', async () => {
    const dir = await project();
    expect((await runCli(['generate', '--check'], dir)).code).toBe(0);
    await writeFile(join(dir, 'a2a.yaml'), exampleText('georoute').replace('version: 1.2.0', 'version: 2.0.0'));
    const before = await snapshot(dir);
    const r = await runCli(['generate', '--check'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/update\s+src\/a2a\/agent-card\.json/);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('--dry-run prints the plan and writes nothing', async () => {
    const dir = await tempDir('dry-');
    await writeFile(join(dir, 'a2a.yaml'), exampleText('hello'));
    const r = await runCli(['generate', '--dry-run'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/create\s+src\/a2a\/types\.ts/);
    expect(await listFiles(dir)).toEqual(['a2a.yaml']);
  });

  it('removes a generated file that is no longer produced, unless edited by hand', async () => {
    const dir = await project();
    expect(await listFiles(dir)).toContain('src/a2a/agent-card.extended.json');
    await writeFile(
      join(dir, 'a2a.yaml'),
      exampleText('georoute').replace('supportsAuthenticatedExtendedCard: true', 'supportsAuthenticatedExtendedCard: false'),
    );
    const r = await runCli(['generate'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 removed/);
    expect(await listFiles(dir)).not.toContain('src/a2a/agent-card.extended.json');
  });

  it('never overwrites a user-owned file', async () => {
    const dir = await project('hello');
    const inputs = await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir });
    const files = [...(await generate(inputs)), { path: 'src/custom.ts', owner: 'user' as const, content: 'scaffold\n' }];
    await writeFile(join(dir, 'mine.txt'), 'x');
    await applyPlan(await planWrite(dir, files, { generator: 't', spec: '0.3.0' }));
    expect(await readFile(join(dir, 'src/custom.ts'), 'utf8')).toBe('scaffold\n');
    await writeFile(join(dir, 'src/custom.ts'), 'my code\n');
    const plan = await planWrite(
      dir,
      files.map((f) => (f.path === 'src/custom.ts' ? { ...f, content: 'new scaffold\n' } : f)),
      { generator: 't', spec: '0.3.0', force: true },
    );
    expect(plan.entries.find((e) => e.path === 'src/custom.ts')?.action).toBe('keep');
    await applyPlan(plan);
    expect(await readFile(join(dir, 'src/custom.ts'), 'utf8')).toBe('my code\n');
  });

  it('a crash after N files leaves each file wholly old or wholly new, and the next run recovers', async () => {
    const dir = await project();
    const oldState = await snapshot(dir);
    await writeFile(
      join(dir, 'a2a.yaml'),
      exampleText('georoute')
        .replace(/Traffic-Aware Route Optimizer/g, 'Route Optimizer (renamed)')
        .replace('version: 1.2.0', 'version: 9.9.9'),
    );
    const inputs = await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir });
    const files = await generate(inputs);
    const plan = await planWrite(dir, files, { generator: `a2a-gen ${inputs.toolVersion}`, spec: '0.3.0' });
    const updates = plan.entries.filter((e) => e.action === 'update');
    expect(updates.length).toBeGreaterThan(3);
    await expect(
      applyPlan(plan, {
        afterFile: (_p, i) => {
          if (i === 1) throw new Error('injected fault');
        },
      }),
    ).rejects.toThrow('injected fault');
    const newContent = new Map(files.map((f) => [f.path, f.content]));
    let wholeNew = 0;
    for (const [path, { content }] of await snapshot(dir)) {
      if (path === 'a2a.yaml') continue;
      const isOld = oldState.get(path)?.content === content;
      const isNew = newContent.get(path) === content;
      expect(isOld || isNew, `${path} is torn`).toBe(true);
      if (isNew && !isOld) wholeNew++;
    }
    expect(wholeNew).toBe(2);
    expect((await listFiles(dir)).filter((f) => f.includes('.a2a-gen-tmp-'))).toEqual([]);
    // A hard crash (kill -9) leaves temporaries behind; the next run sweeps them.
    await writeFile(join(dir, 'src/a2a/.a2a-gen-tmp-leftover'), 'partial');
    const recovered = await runCli(['generate', '-q'], dir);
    expect(recovered.code).toBe(0);
    expect((await listFiles(dir)).filter((f) => f.includes('.a2a-gen-tmp-'))).toEqual([]);
    expect((await runCli(['generate', '--check'], dir)).code).toBe(0);
  });
});
