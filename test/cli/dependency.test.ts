// How a scaffold depends on a2a-gen: a checkout or a tarball by a path relative to the project
// (it names no folder of this machine, so project and checkout can move, be committed and
// cloned together), a registry install by `^<version>`, and A2A_GEN_DEPENDENCY over all.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { a2aGenDependency } from '../../generator/cli/dependency.js';
import { tempDir } from '../helpers/tmp.js';

/** An a2a-gen installed under `<base>/node_modules/a2a-gen` by a package.json with this dependency. */
function installed(base: string, spec: string): string {
  const root = join(base, 'node_modules', 'a2a-gen');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(base, 'package.json'), JSON.stringify({ dependencies: { 'a2a-gen': spec } }));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'a2a-gen', version: '1.2.3' }));
  return root;
}

describe("the scaffold's a2a-gen dependency", () => {
  const env = {};

  it('from a checkout: a relative file: path, from wherever the project is', async () => {
    const base = await tempDir('dep-checkout-');
    const checkout = join(base, 'tools', 'a2a-gen');
    mkdirSync(join(checkout, 'generator', 'cli'), { recursive: true });
    writeFileSync(join(checkout, 'generator', 'cli', 'main.ts'), '');
    expect(a2aGenDependency({ projectDir: join(checkout, 'hello-agent'), root: checkout, env })).toBe('file:..');
    expect(a2aGenDependency({ projectDir: join(base, 'work', 'agents', 'relay'), root: checkout, env })).toBe('file:../../../tools/a2a-gen');
    expect(a2aGenDependency({ projectDir: checkout, root: checkout, env })).toBe('file:.');
  });

  it('installed from a registry: ^<version>, whatever the installer asked for', async () => {
    for (const spec of ['^1.2.0', 'latest', '1.2.3']) {
      const base = await tempDir('dep-registry-');
      expect(a2aGenDependency({ projectDir: join(base, 'agent'), root: installed(base, spec), version: '1.2.3', env })).toBe('^1.2.3');
    }
    // No installer manifest to read (a global install): the registry as well.
    const bare = await tempDir('dep-global-');
    const root = join(bare, 'lib', 'node_modules', 'a2a-gen');
    mkdirSync(root, { recursive: true });
    expect(a2aGenDependency({ projectDir: join(bare, 'agent'), root, version: '1.2.3', env })).toBe('^1.2.3');
  });

  it('installed from a tarball (npx --package=./a2a-gen.tgz): the tarball, relative to the project', async () => {
    const base = await tempDir('dep-tarball-');
    const npxCache = join(base, 'cache', '_npx', 'abc');
    const absolute = installed(npxCache, `file:${join(base, 'dl', 'a2a-gen-1.2.3.tgz')}`);
    expect(a2aGenDependency({ projectDir: join(base, 'agent'), root: absolute, version: '1.2.3', env })).toBe('file:../dl/a2a-gen-1.2.3.tgz');
    // A relative spec in the installer is relative to the installer's folder.
    const relative = installed(join(base, 'proj'), 'file:../dl/a2a-gen-1.2.3.tgz');
    expect(a2aGenDependency({ projectDir: join(base, 'proj', 'agent'), root: relative, version: '1.2.3', env })).toBe('file:../../dl/a2a-gen-1.2.3.tgz');
  });

  it('A2A_GEN_DEPENDENCY wins, as given', async () => {
    const base = await tempDir('dep-env-');
    expect(a2aGenDependency({ projectDir: join(base, 'agent'), root: installed(base, '^1.0.0'), env: { A2A_GEN_DEPENDENCY: 'file:../..' } })).toBe(
      'file:../..',
    );
  });
});
