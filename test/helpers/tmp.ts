// Temporary folders under test/.tmp that are removed after the test file (kept with KEEP_TMP=1).
import { mkdtemp, rm, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export const TMP_ROOT = join(import.meta.dirname, '..', '.tmp');

export async function tempDir(prefix = 'case-'): Promise<string> {
  await mkdir(TMP_ROOT, { recursive: true });
  const dir = await mkdtemp(join(TMP_ROOT, prefix));
  if (!process.env.KEEP_TMP) afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
