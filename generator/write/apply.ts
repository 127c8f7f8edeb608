// Applies a plan atomically per file: every new content is first written to a temporary
// file beside its target, then all are renamed into place. A crash leaves each file wholly
// old or wholly new; leftover temporaries are swept by the next run.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { LOCK_PATH } from './lock.js';
import type { Plan } from './plan.js';

const TEMP_PREFIX = '.a2a-gen-tmp-';

export interface ApplyHooks {
  /** Called after each file is renamed into place (tests inject faults here). */
  afterFile?: (path: string, index: number) => void;
}

export async function applyPlan(plan: Plan, hooks: ApplyHooks = {}): Promise<void> {
  const writes = plan.entries.filter((e) => (e.action === 'create' || e.action === 'update') && e.content !== undefined);
  // The lock goes last: until it is renamed, the previous lock still describes what is on disk.
  writes.sort((a, b) => Number(a.path === LOCK_PATH) - Number(b.path === LOCK_PATH));
  const dirs = new Set(writes.map((w) => dirname(join(plan.root, w.path))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  await Promise.all([...new Set(plan.entries.map((e) => dirname(join(plan.root, e.path))))].map(sweepTemporaries));
  const staged: { temp: string; target: string; path: string }[] = [];
  try {
    for (const w of writes) {
      const target = join(plan.root, w.path);
      const temp = join(dirname(target), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
      await writeFile(temp, w.content!, { flag: 'wx' });
      staged.push({ temp, target, path: w.path });
    }
  } catch (err) {
    await Promise.all(staged.map((s) => rm(s.temp, { force: true })));
    throw err;
  }
  let index = 0;
  try {
    for (const s of staged) {
      await rename(s.temp, s.target);
      index++;
      hooks.afterFile?.(s.path, index - 1);
    }
  } finally {
    // After an error (not a hard crash), drop the temporaries not yet renamed.
    await Promise.all(staged.slice(index).map((s) => rm(s.temp, { force: true })));
  }
  for (const e of plan.entries.filter((e) => e.action === 'remove')) await rm(join(plan.root, e.path), { force: true });
}

async function sweepTemporaries(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(TEMP_PREFIX)).map((n) => rm(join(dir, n), { force: true })));
}
