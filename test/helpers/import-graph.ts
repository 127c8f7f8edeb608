// The relative imports between TypeScript modules (value and type imports, re-exports), and the
// cycles among them: what test/layout/ holds the generator's and the runtime's modules to.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Every `.ts` file under `dir`. */
export function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The modules `file` imports by a relative specifier (`./x.js` → `./x.ts`), those that exist. */
export function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom '(\.[^']+)';/gms)]
    .map((m) => resolve(dirname(file), m[1].replace(/\.js$/, '.ts')))
    .filter((target) => existsSync(target));
}

/** Every module reachable from `start` through imports, `start` included. */
export function reachable(start: string): string[] {
  const seen = new Set<string>();
  for (const todo = [start]; todo.length > 0;) {
    const file = todo.pop()!;
    if (!seen.has(file)) todo.push(...importsOf((seen.add(file), file)));
  }
  return [...seen];
}

/** Each import cycle among `files` and what they import (through `imports`: by default every import), as the list of modules around it. */
export function importCycles(files: string[], imports: (file: string) => string[] = importsOf): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    state.set(file, 'visiting');
    for (const target of imports(file)) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  return cycles;
}
