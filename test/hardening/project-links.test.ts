// `generate` writes only inside the project's folder. A folder on the way to its files (`src`,
// `src/a2a`, `src/skills`) that is a symbolic link out of the project — a cloned repository can
// carry one — is refused by name before anything is written; it used to put 13 generated files
// wherever the link pointed. A link that stays inside the project is followed as before.
import { mkdir, readdir, rmdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { exampleText } from '../helpers/examples.js';
import { listFiles, snapshot } from '../helpers/files.js';
import { tempDir } from '../helpers/tmp.js';

/** A project folder and, beside it, a folder outside it. */
async function projectAndOutside(): Promise<{ project: string; outside: string }> {
  const base = await tempDir('links-');
  const project = join(base, 'project');
  const outside = join(base, 'outside');
  await mkdir(join(project, 'src'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(project, 'a2a.yaml'), exampleText('hello'));
  return { project, outside };
}

describe('a folder link that leads out of the project', () => {
  it.each(['src/a2a', 'src/skills', 'src'])('%s: one line naming the link, exit 1, nothing written inside or outside', async (link) => {
    const { project, outside } = await projectAndOutside();
    if (link === 'src') await rmdir(join(project, 'src'));
    await symlink(outside, join(project, link), 'dir');
    const before = await snapshot(project);
    const r = await runCli(['generate', '-q'], project);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `${join(project, link)}: is a link to ${outside}, outside the project (${project}); a2a-gen writes only inside the project's folder, so nothing was written: make ${link} a folder of the project\n`,
    );
    expect(await readdir(outside)).toEqual([]);
    expect(await snapshot(project)).toEqual(before);
  });

  it('--check and --dry-run refuse it too (they would read through it)', async () => {
    const { project, outside } = await projectAndOutside();
    await symlink(outside, join(project, 'src', 'a2a'), 'dir');
    for (const flag of ['--check', '--dry-run']) {
      const r = await runCli(['generate', flag], project);
      expect(r.code, flag).toBe(1);
      expect(r.stderr, flag).toMatch(/src\/a2a: is a link to .*, outside the project/);
    }
  });
});

describe('a folder link inside the project', () => {
  it('is followed: the files land in the folder it names', async () => {
    const { project, outside } = await projectAndOutside();
    await mkdir(join(project, 'generated-a2a'));
    await symlink(join(project, 'generated-a2a'), join(project, 'src', 'a2a'), 'dir');
    const r = await runCli(['generate', '-q'], project);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await listFiles(join(project, 'generated-a2a'))).toContain('agent-card.json');
    expect(await readdir(outside)).toEqual([]);
  });
});
