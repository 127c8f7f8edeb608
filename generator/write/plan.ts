// Decides, for every file, what a run would do — without writing anything. `--check` and
// `--dry-run` stop here; `generate` applies the plan (apply.ts).
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../diagnostics.js';
import type { GeneratedFile } from '../emit/generated-file.js';
import { contentHash, isPristine } from '../emit/header.js';
import { journalled, JOURNAL_PATH, parseJournal, type Journal } from './journal.js';
import { checkInsideProject } from './inside-project.js';
import { LOCK_PATH, parseLock, renderLock, type LockFile } from './lock.js';

export type Action =
  | 'create' // not on disk yet
  | 'update' // ours, unchanged by hand, content differs
  | 'unchanged' // identical on disk
  | 'keep' // a user file that exists: never overwritten
  | 'conflict' // ours, but edited by hand: left alone
  | 'remove' // ours, no longer generated, untouched: deleted
  | 'orphan'; // ours, no longer generated, edited by hand: left alone

export interface PlanEntry {
  path: string;
  owner: GeneratedFile['owner'];
  action: Action;
  /** The content to write, for create/update. */
  content?: string;
}

export interface Plan {
  root: string;
  entries: PlanEntry[];
  /** The lock as it was before this run, if there was one. */
  previousLock?: LockFile;
  /** What an interrupted run was writing (journal.ts), if one was. */
  journal?: Journal;
}

export interface PlanOptions {
  /** Overwrite hand-edited generator files. */
  force?: boolean;
  generator: string;
  spec: string;
  specRef?: string;
}

/**
 * A project file's text, or undefined when there is none. Only regular files are read: a named
 * pipe at a generated path would hang the run and a link to /dev/zero would never end (a checkout
 * you did not make could hold either), and a2a-gen never writes anything but regular files there.
 */
async function readIfExists(path: string): Promise<string | undefined> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (!info.isFile())
    throw new InputError(
      `is ${info.isDirectory() ? 'a folder' : 'not a regular file (a pipe, device or socket)'} where a2a-gen writes a file; move it away and run again`,
      { file: path },
    );
  return readFile(path, 'utf8');
}

export async function planWrite(root: string, files: GeneratedFile[], opts: PlanOptions): Promise<Plan> {
  const generatorFiles = files.filter((f) => f.owner === 'generator');
  const all: GeneratedFile[] = [
    ...files,
    { path: LOCK_PATH, owner: 'generator', content: renderLock(opts.generator, opts.spec, opts.specRef, generatorFiles) },
  ];
  await checkInsideProject(root, [...all.map((f) => f.path), JOURNAL_PATH]);
  const lock = parseLock(await readIfExists(join(root, LOCK_PATH)));
  const journal = parseJournal(await readIfExists(join(root, JOURNAL_PATH)));
  // Ours: its header vouches for it, the lock recorded it, or an interrupted run was writing it.
  const wasOurs = (path: string, disk: string): boolean =>
    isPristine(disk) || (lock?.files[path] !== undefined && lock.files[path] === contentHash(disk)) || journalled(journal, path, disk);
  const entries = await Promise.all(
    all.map(async (file): Promise<PlanEntry> => {
      const disk = await readIfExists(join(root, file.path));
      const base = { path: file.path, owner: file.owner };
      if (disk === undefined) return { ...base, action: 'create', content: file.content };
      if (disk === file.content) return { ...base, action: 'unchanged' };
      if (file.owner === 'user') return { ...base, action: 'keep' };
      if (file.path === LOCK_PATH || opts.force || wasOurs(file.path, disk)) return { ...base, action: 'update', content: file.content };
      return { ...base, action: 'conflict' };
    }),
  );
  const current = new Set(all.map((f) => f.path));
  // An interrupted run may have created files the lock never listed: they are candidates too.
  const known = new Set([...Object.keys(lock?.files ?? {}), ...Object.keys(journal ?? {})]);
  const stalePaths = [...known].filter((p) => !current.has(p)).sort();
  // The lock and the journal come from disk too: a path they name may lead through another link.
  await checkInsideProject(root, stalePaths);
  for (const stale of stalePaths) {
    const disk = await readIfExists(join(root, stale));
    if (disk === undefined) continue;
    entries.push({ path: stale, owner: 'generator', action: opts.force || wasOurs(stale, disk) ? 'remove' : 'orphan' });
  }
  entries.sort((a, b) => a.path.localeCompare(b.path));
  return { root, entries, previousLock: lock, journal };
}

export const changes = (plan: Plan): PlanEntry[] => plan.entries.filter((e) => e.action === 'create' || e.action === 'update' || e.action === 'remove');
export const conflicts = (plan: Plan): PlanEntry[] => plan.entries.filter((e) => e.action === 'conflict');
