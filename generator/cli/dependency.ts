// How a scaffolded project's package.json should depend on a2a-gen. a2a-gen is not on the npm
// registry yet, so: a checkout is referenced by path, an install from a packed tarball by
// that tarball, and only otherwise the registry version. A2A_GEN_DEPENDENCY overrides.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { packageRoot, toolVersion } from '../paths.js';

export function a2aGenDependency(env: NodeJS.ProcessEnv = process.env): string {
  if (env.A2A_GEN_DEPENDENCY) return env.A2A_GEN_DEPENDENCY;
  const root = packageRoot();
  // A checkout (sources beside the build): depend on the folder itself.
  if (existsSync(join(root, 'generator', 'cli', 'main.ts'))) return `file:${root}`;
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
        return `file:${isAbsolute(target) ? target : resolve(dirname(installer), target)}`;
      }
    } catch {
      // No readable installer manifest: fall back to the registry.
    }
  }
  return `^${toolVersion()}`;
}
