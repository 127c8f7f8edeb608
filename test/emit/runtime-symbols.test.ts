// The symbols emitters import by (generator/runtime-symbols.ts, generator/emit/generated-symbols.ts)
// against the modules that export them, read by the TypeScript checker: each name is exported
// there with its kind (a value, or a type), and each table's key is the symbol's name. The
// generator's own type check holds the runtime's symbols too (runtime-symbols.check.ts); this
// also catches a name spelt wrong twice, and checks the generated modules' symbols against the
// committed example.
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as generatedSymbols from '../../generator/emit/generated-symbols.js';
import type { ProjectSymbol } from '../../generator/project-symbol.js';
import * as runtimeSymbols from '../../generator/runtime-symbols.js';
import { ROOT } from '../helpers/examples.js';

/** The members of every table a symbols module exports (objects of symbols), with their keys. */
function tables(module: Record<string, unknown>): [key: string, symbol: ProjectSymbol][] {
  return Object.values(module)
    .filter(
      (t): t is Record<string, ProjectSymbol> => typeof t === 'object' && t !== null && Object.values(t).every((s) => typeof s === 'object' && 'kind' in s),
    )
    .flatMap((t) => Object.entries(t));
}

/** What each module (a path under `root`) exports: name → 'value' | 'type' | 'both'. */
function exportsOf(root: string, paths: string[]): Map<string, Map<string, 'value' | 'type' | 'both'>> {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(
    paths.map((p) => join(root, p)),
    config.options,
  );
  const checker = program.getTypeChecker();
  const out = new Map<string, Map<string, 'value' | 'type' | 'both'>>();
  for (const path of paths) {
    const source = program.getSourceFile(join(root, path));
    const module = source && checker.getSymbolAtLocation(source);
    const names = new Map<string, 'value' | 'type' | 'both'>();
    for (const exported of module ? checker.getExportsOfModule(module) : []) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const value = (target.flags & ts.SymbolFlags.Value) !== 0;
      const type = (target.flags & ts.SymbolFlags.Type) !== 0;
      names.set(exported.name, value && type ? 'both' : value ? 'value' : 'type');
    }
    out.set(path, names);
  }
  return out;
}

function check(symbols: [string, ProjectSymbol][], root: string, pathOf: (s: ProjectSymbol) => string): string[] {
  const exported = exportsOf(root, [...new Set(symbols.map(([, s]) => pathOf(s)))]);
  return symbols.flatMap(([key, s]) => {
    const kind = exported.get(pathOf(s))?.get(s.name);
    if (key !== s.name) return [`${key}: names ${s.name}`];
    if (kind === undefined) return [`${s.module} does not export ${s.name}`];
    if (s.kind === 'value' && kind === 'type') return [`${s.module} exports ${s.name} as a type only`];
    if (s.kind === 'type' && kind === 'value') return [`${s.module} exports ${s.name} as a value only`];
    return [];
  });
}

describe('symbols', () => {
  it('every runtime symbol is exported by its module of templates/a2a/, with its kind', () => {
    const symbols = tables(runtimeSymbols);
    expect(symbols.length).toBeGreaterThan(50);
    expect(check(symbols, join(ROOT, 'templates', 'a2a'), (s) => s.module.replace(/^src\/a2a\//, ''))).toEqual([]);
  }, 60_000);

  it("every fixed symbol of a generated module is exported by the committed hello example's", () => {
    const symbols = tables(generatedSymbols);
    expect(symbols.length).toBeGreaterThan(10);
    expect(check(symbols, join(ROOT, 'generated', 'hello'), (s) => s.module)).toEqual([]);
  }, 60_000);
});
