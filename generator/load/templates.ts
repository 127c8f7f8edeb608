// Reads templates/ once per run; emitters receive them through the context (no I/O inside).
// `.hbs` templates come precompiled from the build when their source is unchanged since (a
// hash says so); otherwise — editing templates in a checkout — they are compiled here.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertEscaped, COMPILE_OPTIONS, createEnv, createTemplates, type Templates } from '../emit/templates.js';
import { packageRoot, templatesDir } from '../paths.js';

export const sourceHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);
export const PRECOMPILED = 'dist/templates.precompiled.js';

interface Precompiled {
  [path: string]: { hash: string; spec: object };
}

export async function loadTemplates(dir = templatesDir()): Promise<Templates> {
  const files = new Map<string, string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const full = join(e.parentPath, e.name);
        files.set(relative(dir, full).split(sep).join('/'), await readFile(full, 'utf8'));
      }),
  );
  let precompiled: Precompiled = {};
  try {
    precompiled = (await import(pathToFileURL(join(packageRoot(), PRECOMPILED)).href)).default as Precompiled;
  } catch {
    // Not built (running from source, in tests): everything is compiled below.
  }
  const env = createEnv();
  const compiled = new Map<string, (data: object) => string>();
  const stale: string[] = [];
  for (const [path, text] of files) {
    if (!path.endsWith('.hbs')) continue;
    const entry = precompiled[path];
    if (entry && entry.hash === sourceHash(text)) compiled.set(path, env.template(entry.spec as never) as never);
    else stale.push(path);
  }
  if (stale.length > 0) {
    // Only here is the full compiler loaded.
    const { default: Handlebars } = await import('handlebars');
    const full = createEnv(Handlebars);
    for (const path of stale) {
      const ast = full.parse(files.get(path)!);
      assertEscaped(ast, path);
      compiled.set(path, full.compile(ast, COMPILE_OPTIONS));
    }
  }
  return createTemplates(files, compiled);
}
