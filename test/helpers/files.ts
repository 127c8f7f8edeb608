// Listing and snapshotting a project folder, to prove a command changed nothing (or what).
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** Every file's content and mtime, by path relative to `dir`. */
export async function snapshot(dir: string): Promise<Map<string, { mtimeMs: number; content: string }>> {
  const out = new Map<string, { mtimeMs: number; content: string }>();
  for (const f of await listFiles(dir)) out.set(f, { mtimeMs: (await stat(join(dir, f))).mtimeMs, content: await readFile(join(dir, f), 'utf8') });
  return out;
}
