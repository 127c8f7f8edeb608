// Every file a2a-gen writes stays inside the project's folder. A folder on the way to one — `src`,
// `src/a2a`, `src/skills` — may be a symbolic link (a cloned repository can carry such links), and
// writing through one that leads out of the project would put generated files, temporaries and
// removals wherever it points: 13 files used to land outside. A link that stays inside the
// project is fine. Checked before anything is read or written, for every folder of every path.
import { lstat, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { InputError } from '../diagnostics.js';

/** Throws, naming the link, when a folder on the way to one of `paths` (relative to `root`) leads outside it. */
export async function checkInsideProject(root: string, paths: readonly string[]): Promise<void> {
  const realRoot = await realpath(root).catch(() => undefined);
  if (realRoot === undefined) return; // no project folder yet: nothing inside it can be a link
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  // Outer folders first, so the link reported is the one the user made.
  for (const folder of [...folders].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))) {
    const at = join(root, folder);
    const info = await lstat(at).catch(() => undefined);
    if (!info?.isSymbolicLink()) continue;
    const target = await realpath(at).catch(() => undefined);
    if (target !== undefined && (target === realRoot || target.startsWith(realRoot + sep))) continue;
    throw new InputError(
      `is a link to ${target ?? 'a path that does not exist'}, outside the project (${realRoot}); a2a-gen writes only inside the project's folder, so nothing was written: make ${relative(root, at)} a folder of the project`,
      { file: at },
    );
  }
}
