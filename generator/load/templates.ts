// Reads templates/ once per run: every file's text, and the build's precompiled `.hbs`
// templates (dist/templates.precompiled.js) with the hash of the source each was made from.
// Compiling and rendering are emit's (emit/templates.ts); this module only reads.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot, templatesDir } from '../paths.js';

export const sourceHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);
export const PRECOMPILED = 'dist/templates.precompiled.js';

/** A template's precompiled form, by its path under templates/. */
export interface Precompiled {
  [path: string]: { hash: string; spec: object };
}

export interface TemplateSources {
  /** Every file under templates/ by its path there ("/"-separated). */
  files: ReadonlyMap<string, string>;
  /** What the build precompiled; empty when running from source (then emit compiles all). */
  precompiled: Precompiled;
}

export async function readTemplates(dir = templatesDir()): Promise<TemplateSources> {
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
    // Not built (running from source, in tests): emit compiles every template.
  }
  return { files, precompiled };
}
