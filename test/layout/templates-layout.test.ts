// The runtime (templates/a2a/) keeps the shape docs/ARCHITECTURE.md describes: no import cycles
// (type imports included: a cycle of types ties modules as much), no file past 300 lines, casts
// through `unknown` kept to the few places that must make them, and error keys a union (an
// unknown key does not compile in a generated project).
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { exampleText, ROOT } from '../helpers/examples.js';
import { importCycles, importsOf, sources } from '../helpers/import-graph.js';
import { typecheck } from '../helpers/typecheck.js';

const TEMPLATES = join(ROOT, 'templates');
const files = sources(TEMPLATES);
const rel = (path: string): string => relative(TEMPLATES, path);
const imports = new Map(files.map((file) => [file, importsOf(file).filter((target) => target.startsWith(TEMPLATES + '/'))] as const));
const count = (pattern: RegExp): number => files.reduce((n, f) => n + (readFileSync(f, 'utf8').match(pattern) ?? []).length, 0);

describe('templates/', () => {
  it('has no import cycles (type imports included)', () => {
    expect(importCycles(files, (file) => imports.get(file) ?? []).map((cycle) => cycle.map(rel).join(' → '))).toEqual([]);
  });

  it('has no file past 300 lines', () => {
    const long = files.map((file) => ({ file: rel(file), lines: readFileSync(file, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });

  it('casts through `unknown` in at most 10 places, and never to Record<string, never>', () => {
    expect(count(/as unknown as/g)).toBeLessThanOrEqual(10);
    expect(count(/as Record<string, never>/g)).toBe(0);
  });
});

describe('error keys', () => {
  it('are a union: a generated project compiles a known key and refuses an unknown one', async () => {
    const project = await agentProject('error-keys', exampleText('hello-v1'));
    await writeFile(
      join(project.dir, 'src', 'error-keys.ts'),
      [
        "import { errorFor } from './a2a/errors.js';",
        "errorFor('taskNotFound');",
        "errorFor('versionNotSupported', 'a key every runtime knows');",
        '// @ts-expect-error an unknown key does not compile',
        "errorFor('taskNotFund');",
        '',
      ].join('\n'),
    );
    // An unused @ts-expect-error is an error too: the test fails if errorFor took any string.
    expect(await typecheck(project.dir, [project.dir])).toBe('');
  }, 120_000);
});
