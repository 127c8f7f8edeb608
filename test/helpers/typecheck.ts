// Type-checks generated projects with the pinned TypeScript under --strict (one tsc run for
// many project roots: a single program is far cheaper than one process per project).
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './examples.js';

const run = promisify(execFile);

export const STRICT_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  types: ['node'],
  typeRoots: [join(ROOT, 'node_modules', '@types')],
};

/**
 * Returns tsc's diagnostics ('' when clean) for every `src/**` and `test/**` under the given
 * roots: the scaffold's own tsconfig builds `src/` only, so its `test/agent.test.ts` would
 * otherwise never be type-checked (vitest runs it without a type check).
 */
export async function typecheck(baseDir: string, roots: string[]): Promise<string> {
  const config = join(baseDir, `tsconfig.check.json`);
  const include = roots.flatMap((r) => ['src', 'test'].map((dir) => `${relative(baseDir, r) || '.'}/${dir}/**/*.ts`));
  await writeFile(config, JSON.stringify({ compilerOptions: STRICT_OPTIONS, include }, null, 2));
  try {
    await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], { maxBuffer: 64 * 1024 * 1024 });
    return '';
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return (e.stdout || e.stderr || e.message).trim();
  }
}
