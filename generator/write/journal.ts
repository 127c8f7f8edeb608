// The journal records what a run is about to put in place, before it renames anything: for each
// generator-owned path, the hash of the new content. The lock is renamed last, so a run killed
// between its first rename and the lock's leaves files the old lock does not know. Files with a
// header prove themselves (their hash is inside them), but JSON files cannot, and without the
// journal the next run took them for hand edits. With it, the next run knows that a file whose
// content has a journalled hash was written by a2a-gen. The journal is removed once the lock is
// in place; a run that finds one merges it into its own, so several interrupted runs in a row
// stay known until one finishes. Its name marks it as one of the run's temporaries: like them
// it exists only while a run is unfinished, and the next run that completes removes it.
import { A2A_DIR } from '../emit/generated-file.js';
import { contentHash } from '../emit/header.js';

export const JOURNAL_PATH = `${A2A_DIR}/.a2a-gen-tmp-journal.json`;

/** Project-relative path → hashes of contents an interrupted run may have left there. */
export type Journal = Record<string, string[]>;

export function parseJournal(text: string | undefined): Journal | undefined {
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text) as { files?: unknown };
    const files = data?.files;
    if (!files || typeof files !== 'object' || Array.isArray(files)) return undefined;
    const entries = Object.entries(files).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((h) => typeof h === 'string'));
    return Object.fromEntries(entries);
  } catch {
    // A damaged journal (edited by hand) is treated as absent: the run falls back to the lock
    // and the headers, which at worst reports a conflict that --force resolves.
    return undefined;
  }
}

/** This run's intent, merged with what an earlier interrupted run recorded. */
export function renderJournal(previous: Journal | undefined, writes: { path: string; content: string }[]): string {
  const files: Record<string, Set<string>> = {};
  for (const [path, hashes] of Object.entries(previous ?? {})) files[path] = new Set(hashes);
  for (const w of writes) (files[w.path] ??= new Set()).add(contentHash(w.content));
  const sorted = Object.keys(files)
    .sort()
    .map((path) => [path, [...files[path]].sort()] as const);
  return (
    JSON.stringify(
      { about: 'a2a-gen was writing these files when it stopped; the next `a2a-gen generate` uses this and removes it', files: Object.fromEntries(sorted) },
      null,
      2,
    ) + '\n'
  );
}

/** Whether `content` at `path` is what an interrupted run was writing there. */
export const journalled = (journal: Journal | undefined, path: string, content: string): boolean => journal?.[path]?.includes(contentHash(content)) ?? false;
