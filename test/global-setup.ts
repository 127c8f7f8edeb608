// Runs once around the whole test run: temporary projects, clones and agent builds under
// test/.tmp are removed at the end, whatever each file managed to clean (KEEP_TMP=1 keeps them).
import { rm } from 'node:fs/promises';
import { TMP_ROOT } from './helpers/tmp.js';

export default function setup(): () => Promise<void> {
  return async () => {
    if (!process.env.KEEP_TMP) await rm(TMP_ROOT, { recursive: true, force: true });
  };
}
