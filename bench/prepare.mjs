// Generates and builds the benchmark agent with the real CLI and the agent's own tsconfig.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function prepareBenchAgent() {
  const dir = join(root, 'bench/.tmp/bench-agent');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync(process.execPath, [join(root, 'bin/a2a-gen.js'), 'generate', '--manifest', join(root, 'bench/fixtures/bench-agent.a2a.yaml'), '--out', dir, '--quiet'], { stdio: 'inherit' });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  return dir;
}
