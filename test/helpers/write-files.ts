// Writes GeneratedFile[] to a folder (tests that only need the files, not the write stage).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';

export async function writeFiles(root: string, files: GeneratedFile[]): Promise<void> {
  for (const f of files) {
    await mkdir(dirname(join(root, f.path)), { recursive: true });
    await writeFile(join(root, f.path), f.content);
  }
}
