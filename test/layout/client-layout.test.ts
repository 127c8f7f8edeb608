// The client a generated project carries — the modules its src/a2a/client/index.ts reaches, runtime
// and generated alike — imports nothing of the server (a browser bundle of it carries no server
// code) and has no import cycle (type imports count); the client runtime's files stay under 300 lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';
import { importCycles, reachable, sources } from '../helpers/import-graph.js';

const PROJECTS = readdirSync(join(ROOT, 'generated'));

describe.each(PROJECTS)('the client of generated/%s', (project) => {
  const a2a = join(ROOT, 'generated', project, 'src', 'a2a');
  const modules = reachable(join(a2a, 'client', 'index.ts'));
  const rel = (path: string): string => relative(a2a, path);

  it('imports nothing of the server', () => {
    expect(modules.map(rel).filter((path) => path.startsWith('server/'))).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(modules).map((cycle) => cycle.map(rel).join(' → '))).toEqual([]);
  });
});

describe('templates/a2a/client/', () => {
  it('has no file past 300 lines', () => {
    const dir = join(ROOT, 'templates', 'a2a', 'client');
    const long = sources(dir)
      .map((file) => ({ file: relative(dir, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });
});
