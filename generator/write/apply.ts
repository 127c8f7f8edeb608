// Applies a plan atomically per file: every new content is first written to a temporary
// file beside its target, then all are renamed into place. A crash leaves each file wholly
// old or wholly new; leftover temporaries are swept by the next run.
//
// Order, so that an interrupted run is always told apart from hand edits (see journal.ts):
// temporaries → the journal (this run's new hashes) → renames → removals → the lock → the
// journal is removed. Until the lock lands, the old lock plus the journal describe the disk.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { JOURNAL_PATH, renderJournal } from './journal.js';
import { LOCK_PATH } from './lock.js';
import type { Plan } from './plan.js';

const TEMP_PREFIX = '.a2a-gen-tmp-';

export interface ApplyHooks {
  /** Called after each file is renamed into place (tests inject faults here). */
  afterFile?: (path: string, index: number) => void;
}

const temporaryFor = (target: string): string => join(dirname(target), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);

export async function applyPlan(plan: Plan, hooks: ApplyHooks = {}): Promise<void> {
  const writes = plan.entries.filter((e) => (e.action === 'create' || e.action === 'update') && e.content !== undefined);
  // The lock goes last: until it is renamed, the previous lock (with the journal) still describes what is on disk.
  writes.sort((a, b) => Number(a.path === LOCK_PATH) - Number(b.path === LOCK_PATH));
  const dirs = new Set(writes.map((w) => dirname(join(plan.root, w.path))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  const journal = join(plan.root, JOURNAL_PATH);
  const touched = [...plan.entries.map((e) => e.path), ...Object.keys(plan.journal ?? {})];
  await Promise.all([...new Set(touched.map((p) => dirname(join(plan.root, p))))].map((dir) => sweepTemporaries(dir, journal)));
  const staged: { temp: string; target: string; path: string }[] = [];
  try {
    for (const w of writes) {
      const target = join(plan.root, w.path);
      const temp = temporaryFor(target);
      await writeFile(temp, w.content!, { flag: 'wx' });
      staged.push({ temp, target, path: w.path });
    }
  } catch (err) {
    await Promise.all(staged.map((s) => rm(s.temp, { force: true })));
    throw err;
  }
  const journalled = writes.filter((w) => w.owner === 'generator' && w.path !== LOCK_PATH);
  let index = 0;
  let finished = false;
  try {
    if (journalled.length > 0)
      await placeAtomically(
        journal,
        renderJournal(
          plan.journal,
          journalled.map((w) => ({ path: w.path, content: w.content! })),
        ),
      );
    const renameNext = async (): Promise<void> => {
      const s = staged[index];
      await rename(s.temp, s.target);
      index++;
      hooks.afterFile?.(s.path, index - 1);
    };
    const lockStaged = staged.at(-1)?.path === LOCK_PATH;
    while (index < staged.length - Number(lockStaged)) await renameNext();
    // Removals come before the lock: a run stopped among them leaves the old lock, which
    // still lists the files, so the next run removes the rest.
    for (const e of plan.entries.filter((e) => e.action === 'remove')) await rm(join(plan.root, e.path), { force: true });
    if (lockStaged) await renameNext();
    finished = true;
  } finally {
    // After an error (not a hard crash), drop the temporaries not yet renamed.
    await Promise.all(staged.slice(index).map((s) => rm(s.temp, { force: true })));
    // A run that can report its error removes all its temporaries, the journal it started among
    // them, leaving only old and new files (a journal found at the start stays, merged: it is
    // still needed). The cost: renamed JSON files are then vouched for by nothing, so a manifest
    // edit before the next run calls them hand edits. Only a hard crash skips this cleanup.
    if (!finished && !plan.journal) await rm(journal, { force: true });
  }
  // The lock now describes the disk: the journal (this run's, or one left by a run killed
  // after its lock landed) has nothing left to say.
  await rm(journal, { force: true });
}

/** Writes a file by temporary and rename, so it is never seen half written. */
async function placeAtomically(target: string, content: string): Promise<void> {
  const temp = temporaryFor(target);
  try {
    await writeFile(temp, content, { flag: 'wx' });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Removes what killed runs left, except the journal: it is replaced only once this run's is written. */
async function sweepTemporaries(dir: string, journal: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = names
    .filter((n) => n.startsWith(TEMP_PREFIX))
    .map((n) => join(dir, n))
    .filter((path) => path !== journal);
  await Promise.all(stale.map((path) => rm(path, { force: true })));
}
