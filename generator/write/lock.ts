// The lock file records the hash of every generator-owned file as last written. JSON files
// cannot carry a header comment, so for them the lock is how a hand edit is detected; for
// the others it backs up the header. It also lists what to remove when a file is no longer made.
import { contentHash } from '../emit/header.js';
import { A2A_DIR } from '../emit/generated-file.js';

export const LOCK_PATH = `${A2A_DIR}/a2a-gen.lock.json`;

export interface LockFile {
  generator: string;
  spec: string;
  /** What the manifest (or --spec) named: a version, a path or a URL. */
  specRef?: string;
  /** Project-relative path → hash of the whole file content as written. */
  files: Record<string, string>;
}

export function parseLock(text: string | undefined): LockFile | undefined {
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text) as LockFile;
    if (data && typeof data === 'object' && data.files && typeof data.files === 'object') return data;
  } catch {
    // A damaged lock is treated as absent: headers still protect hand edits.
  }
  return undefined;
}

export function renderLock(generator: string, spec: string, specRef: string | undefined, files: { path: string; content: string }[]): string {
  const entries = [...files].sort((a, b) => a.path.localeCompare(b.path)).map((f) => [f.path, contentHash(f.content)] as const);
  return JSON.stringify({ generator, spec, ...(specRef ? { specRef } : {}), files: Object.fromEntries(entries) }, null, 2) + '\n';
}
