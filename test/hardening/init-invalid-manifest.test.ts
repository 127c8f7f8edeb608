// `init` with a manifest that does not validate writes nothing: it used to exit 1 but leave
// a2a.yaml behind, so the next `init` refused the folder as "not empty". The manifest is now
// checked (against its A2A version too) before the folder or any file is made, and errors point
// into the file the user passed.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { exampleText, ROOT } from '../helpers/examples.js';
import { snapshot } from '../helpers/files.js';
import { tempDir } from '../helpers/tmp.js';

const hello = exampleText('hello');

interface Case {
  name: string;
  manifest?: string;
  args?: string[];
  error: RegExp;
}

const cases: Case[] = [
  { name: 'a field of the wrong type', manifest: hello.replace('name: Hello Agent', 'name: 42'), error: /bad\.yaml:4:\d+: agent\.name: expected string/ },
  { name: 'broken YAML', manifest: hello.slice(0, hello.indexOf('skills:') + 30), error: /bad\.yaml:\d+:\d+: / },
  { name: 'a card field the chosen version lacks (--spec)', manifest: exampleText('georoute'), args: ['--spec', '0.1.0'], error: /bad\.yaml:\d+:\d+: / },
  { name: 'an unknown --spec version', args: ['--yes', '--spec', '9.9.9'], error: /unknown A2A spec version "9\.9\.9"/ },
];

const argsFor = (c: Case, dir: string): string[] => [
  'init',
  'agent',
  ...(c.manifest === undefined ? [] : ['--manifest', join(dir, 'bad.yaml')]),
  ...(c.args ?? []),
];

describe('init with an invalid manifest writes nothing', () => {
  it.each(cases.map((c) => [c.name, c]))('%s: exit 1, no folder, and a fixed manifest then inits the same folder', async (_name, c) => {
    const cwd = await tempDir('init-invalid-');
    if (c.manifest !== undefined) await writeFile(join(cwd, 'bad.yaml'), c.manifest);
    const refused = await runCli(argsFor(c, cwd), cwd);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(c.error);
    expect(existsSync(join(cwd, 'agent')), 'the project folder was not made').toBe(false);
    const retried = await runCli(['init', 'agent', '--yes', '-q'], cwd);
    expect(retried.code, retried.stderr).toBe(0);
  });

  it('an existing empty folder stays empty', async () => {
    const cwd = await tempDir('init-invalid-empty-');
    await mkdir(join(cwd, 'agent'));
    await writeFile(join(cwd, 'bad.yaml'), cases[0].manifest!);
    expect((await runCli(argsFor(cases[0], cwd), cwd)).code).toBe(1);
    expect(readdirSync(join(cwd, 'agent'))).toEqual([]);
  });

  it('--force into a folder with files: every file is left as it was', async () => {
    const cwd = await tempDir('init-invalid-force-');
    await mkdir(join(cwd, 'agent'));
    await writeFile(join(cwd, 'agent', 'notes.txt'), 'mine');
    await writeFile(join(cwd, 'bad.yaml'), cases[0].manifest!);
    const before = await snapshot(cwd);
    expect((await runCli([...argsFor(cases[0], cwd), '--force'], cwd)).code).toBe(1);
    expect(await snapshot(cwd)).toEqual(before);
  });

  it('a relative spec: path is checked where the manifest will live (the new project), as generate will read it', async () => {
    const cwd = await tempDir('init-relative-spec-');
    await mkdir(join(cwd, 'agent'));
    await copyFile(join(ROOT, 'schema', 'a2a', 'v0.2.5.json'), join(cwd, 'agent', 'a2a.json'));
    await writeFile(join(cwd, 'own.yaml'), hello.replace('spec: 0.3.0', 'spec: ./a2a.json'));
    const r = await runCli(['init', 'agent', '--force', '--manifest', join(cwd, 'own.yaml')], cwd);
    expect(r.code, r.stderr).toBe(0); // from own.yaml's folder, ./a2a.json does not exist
    expect(r.stderr).toContain(`from ${join('agent', 'a2a.yaml')}`);
  });
});
