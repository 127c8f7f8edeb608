// Reads templates/ once per run; emitters receive them through the context (no I/O inside).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createTemplates, type Templates } from '../emit/templates.js';
import { templatesDir } from '../paths.js';

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
  return createTemplates(files);
}
