// The generator's own code keeps the shape docs/ARCHITECTURE.md describes: its stages import only
// backwards (load → model → emit → write, the CLI last; the stage-neutral modules at the top of
// generator/ import no stage), no module imports itself through others — type imports count, they
// tie modules together as much — and no file passes 300 lines.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';
import { importCycles, importsOf, sources } from '../helpers/import-graph.js';

const GENERATOR = join(ROOT, 'generator');
const files = sources(GENERATOR);
const rel = (path: string): string => relative(GENERATOR, path);

/** Each file's imports of other files of generator/ (value and type imports, re-exports). */
const imports = new Map(files.map((file) => [file, importsOf(file).filter((target) => target.startsWith(GENERATOR + '/'))] as const));

/** The stage a file belongs to (its folder under generator/), or `neutral` for the files at the top. */
const stageOf = (file: string): string => (rel(file).includes('/') ? rel(file).split('/')[0] : 'neutral');
/** What each stage may import besides itself: the stages before it. */
const MAY_IMPORT: Record<string, string[]> = {
  neutral: [],
  load: ['neutral'],
  model: ['neutral', 'load'],
  emit: ['neutral', 'load', 'model'],
  write: ['neutral', 'emit'],
  build: ['neutral', 'load', 'emit'],
  cli: ['neutral', 'load', 'model', 'emit', 'write'],
};
/** The drivers at the top of generator/, which run the stages in order. */
const DRIVERS = new Set(['inputs.ts', 'generate.ts', 'runtime-symbols.check.ts']);

describe('generator/', () => {
  it('has no import cycles (type imports included)', () => {
    expect(importCycles(files, (file) => imports.get(file) ?? []).map((cycle) => cycle.map(rel).join(' → '))).toEqual([]);
  });

  it('imports only backwards: load → model → emit → write, the CLI last', () => {
    const wrong = files.flatMap((file) => {
      if (DRIVERS.has(rel(file))) return [];
      const stage = stageOf(file);
      return (imports.get(file) ?? [])
        .filter((target) => stageOf(target) !== stage && !MAY_IMPORT[stage].includes(stageOf(target)) && !DRIVERS.has(rel(target)))
        .map((target) => `${rel(file)} imports ${rel(target)}`);
    });
    expect(wrong).toEqual([]);
  });

  it('has no file past 300 lines', () => {
    const long = files.map((file) => ({ file: rel(file), lines: readFileSync(file, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });
});
