// How a scaffolded project's package.json should depend on a2a-gen. a2a-gen is not on the npm
// registry yet, so: a checkout is referenced by path, an install from a packed tarball by
// that tarball, and only otherwise the registry version (`^<version>`). A2A_GEN_DEPENDENCY
// overrides. Paths are written relative to the project: an absolute one names this machine's
// folders, so the project could not be committed, cloned elsewhere or moved with the checkout.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { packageRoot, toolVersion } from '../paths.js';

export interface DependencyOptions {
  /** The agent project's root: `file:` paths are made relative to it. */
  projectDir: string;
  env?: NodeJS.ProcessEnv;
  /** Where a2a-gen runs from (tests pass a stand-in); default: this package. */
  root?: string;
  version?: string;
}

export function a2aGenDependency(options: DependencyOptions): string {
  const { projectDir, env = process.env, root = packageRoot() } = options;
  if (env.A2A_GEN_DEPENDENCY) return env.A2A_GEN_DEPENDENCY;
  // A checkout (sources beside the build): depend on the folder itself.
  if (existsSync(join(root, 'generator', 'cli', 'main.ts'))) return fileSpec(projectDir, root);
  // An installed copy: the project that installed it says where from (npx writes one too).
  const marker = `${sep}node_modules${sep}`;
  const at = root.lastIndexOf(marker);
  if (at >= 0) {
    const installer = join(root.slice(0, at), 'package.json');
    try {
      const pkg = JSON.parse(readFileSync(installer, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      const spec = pkg.dependencies?.['a2a-gen'] ?? pkg.devDependencies?.['a2a-gen'];
      if (spec?.startsWith('file:')) {
        const target = spec.slice('file:'.length);
        return fileSpec(projectDir, isAbsolute(target) ? target : resolve(dirname(installer), target));
      }
    } catch {
      // No readable installer manifest: fall back to the registry.
    }
  }
  return `^${options.version ?? toolVersion()}`;
}

/** `file:` and the target's path from the project, with `/` (npm reads it on every platform). */
function fileSpec(projectDir: string, target: string): string {
  const path = relative(resolve(projectDir), target);
  // Another drive (Windows) has no relative path: the absolute one is all there is.
  if (isAbsolute(path)) return `file:${path}`;
  return `file:${path.split(sep).join('/') || '.'}`;
}
