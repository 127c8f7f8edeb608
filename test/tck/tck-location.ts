// Where the official A2A TCKs are. They are public code this repository never contains: a
// developer extracts them outside it (docs/TCK.md says how) and names the folders in the
// environment. Without them the TCK tests skip with one line saying how to get them, so
// `npm test` passes on a fresh clone with nothing beside it.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The TCK's folder, or (no `dir`) why its tests skip. */
export type TckLocation = { dir: string; skip?: undefined } | { dir?: undefined; skip: string };

interface TckKind {
  variable: string;
  /** Files every extracted copy of this TCK has. */
  marks: readonly string[];
  what: string;
}

export const TCK_V03: TckKind = {
  variable: 'A2A_TCK_V03_DIR',
  marks: ['run_tck.py', 'tests/mandatory'],
  what: 'a2a-tck tag 0.3.0.beta4',
};

export const TCK_V1: TckKind = {
  variable: 'A2A_TCK_V1_DIR',
  marks: ['tests/compatibility/conftest.py', 'scenarios'],
  what: 'a2a-tck 1.0-dev commit 357c4a8',
};

/** The TCK named by its variable, or why its tests skip (one line, saying how to get it). */
export function locateTck(kind: TckKind, env: NodeJS.ProcessEnv = process.env): TckLocation {
  const value = env[kind.variable];
  const how = `extract ${kind.what} outside the repository and set ${kind.variable} to it (docs/TCK.md)`;
  if (!value) return { skip: `${kind.variable} is not set: ${how}` };
  const dir = resolve(value);
  const missing = kind.marks.find((mark) => !existsSync(join(dir, mark)));
  // Set but wrong is a mistake to report, not a reason to skip quietly.
  if (missing) throw new Error(`${kind.variable}=${value} is not ${kind.what}: it has no ${missing}; ${how}`);
  return { dir };
}

/**
 * The Python that runs the v1.0 TCK: A2A_TCK_V1_PYTHON, else `venv/bin/python` beside the TCK's
 * folder (../shared/tck/README.md's layout: /tmp/a2a-tck-v1/{a2a-tck,venv}).
 */
export function v1Python(tckDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.A2A_TCK_V1_PYTHON ?? join(dirname(tckDir), 'venv', 'bin', 'python');
}
