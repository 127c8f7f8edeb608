// Temporary folders under test/.tmp, removed when the test (or, made outside a test, the file)
// that made them is done; test/global-setup.ts removes whatever is left. KEEP_TMP=1 keeps them.
import { mkdtemp, rm, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

export const TMP_ROOT = join(import.meta.dirname, '..', '.tmp');

export async function tempDir(prefix = 'case-'): Promise<string> {
  await mkdir(TMP_ROOT, { recursive: true });
  const dir = await mkdtemp(join(TMP_ROOT, prefix));
  if (!process.env.KEEP_TMP) {
    const remove = () => rm(dir, { recursive: true, force: true });
    try {
      onTestFinished(remove);
    } catch {
      afterAll(remove); // made in a hook, not a test
    }
  }
  return dir;
}
