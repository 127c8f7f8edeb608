// What `--diff` shows for a plan: for each file a run would create, update, remove or (with
// --force) overwrite, a unified diff of the file on disk against the content generated.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GeneratedFile } from '../emit/generated-file.js';
import type { PlanEntry } from '../write/plan.js';
import { unifiedDiff } from './unified-diff.js';

export interface FileDiff {
  path: string;
  diff: string;
}

/**
 * Diffs of `entries` (those that change a file), in their order. The disk side is read again
 * here rather than kept in the plan: the plan holds only what it writes, and the files shown
 * are the few that differ. `files` supplies the generated content of a conflict, which the
 * plan does not hold since it never writes it without --force.
 */
export async function planDiffs(root: string, entries: PlanEntry[], files: GeneratedFile[], opts: { color?: boolean } = {}): Promise<FileDiff[]> {
  const generated = new Map(files.map((f) => [f.path, f.content]));
  const out: FileDiff[] = [];
  for (const entry of entries) {
    if (!['create', 'update', 'remove', 'conflict'].includes(entry.action)) continue;
    const before = entry.action === 'create' ? undefined : await readFile(join(root, entry.path), 'utf8').catch(() => undefined);
    const after = entry.action === 'remove' ? undefined : (entry.content ?? generated.get(entry.path));
    const diff = unifiedDiff(entry.path, before, after, opts);
    if (diff) out.push({ path: entry.path, diff });
  }
  return out;
}
