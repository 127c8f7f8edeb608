// Builds one TypeScript module: the body is added as text, imports and re-exports as symbols
// (project-symbol.ts). Imports are deduplicated, aliased on clashes, split into `import type`,
// given relative specifiers with `.js` extensions, and sorted — never glued together as strings
// by an emitter.
//
// Aliases are chosen when the file is printed, not when an import is asked for: `import()`
// returns a placeholder that `toString()` replaces with the import's final name. So a name the
// module declares later (`declare('A2AClient')` after a schema type `A2AClient` was imported for
// a method) still wins, and the import is printed `A2AClient as A2AClient_` wherever it is used.
import { posix } from 'node:path';
import type { ProjectSymbol, ValueSymbol } from '../project-symbol.js';

interface ImportedName {
  /** The local name wanted: the exported name, or the `as` asked for. */
  wanted: string;
  typeOnly: boolean;
  /** Its placeholder in the body. */
  ref: string;
}

/** Placeholders are `\uE000<file>:<import>\uE001`: private-use characters, which no emitter writes. */
const REF = /\uE000(\d+):(\d+)\uE001/g;
let nextFileId = 0;

export class TsFile {
  private readonly id = nextFileId++;
  /** By module specifier, then by exported name. */
  private readonly imports = new Map<string, Map<string, ImportedName>>();
  /** Every import, in the order first asked for: earlier imports keep their names on a clash. */
  private readonly importOrder: ImportedName[] = [];
  private readonly locals = new Set<string>();
  private readonly parts: string[] = [];
  /** Re-exported names by module specifier, and whether each is a type. */
  private readonly reexports = new Map<string, Map<string, { typeOnly: boolean }>>();
  private readonly starExports = new Set<string>();

  /** `path` is project-relative, e.g. `src/a2a/server/methods.ts`. */
  constructor(readonly path: string) {}

  /**
   * Declares a name this module defines itself, so imports never shadow it (whether imported
   * before or after). A symbol must be one of this module's own (generated-symbols.ts).
   */
  declare(name: string | ProjectSymbol): string {
    if (typeof name !== 'string' && name.module !== this.path) throw new Error(`a2a-gen: ${this.path} declares ${name.name} of ${name.module}`);
    const local = typeof name === 'string' ? name : name.name;
    this.locals.add(local);
    return local;
  }

  /** Imports a value (`as`: the local name wanted instead of its own); returns what to write in the body where it is used. */
  import(symbol: ValueSymbol, opts: { as?: string } = {}): string {
    return this.addImport(symbol, false, opts.as);
  }

  /** Imports a type, or a value for use in types only (`import type`, or `type X` beside values). */
  importType(symbol: ProjectSymbol): string {
    return this.addImport(symbol, true, undefined);
  }

  /**
   * A value loaded when it is first needed: `import('…').then((m) => m.name)`, a promise of it.
   * Nothing of its module is loaded with this one (gRPC's server and its dependency, say).
   */
  lazyImport(symbol: ValueSymbol): string {
    return `import('${this.specifierFor(symbol.module)}').then((m) => m.${symbol.name})`;
  }

  /** Re-exports symbols (`export { a, type B } from '…'`, each symbol's kind decides). */
  reexport(symbols: readonly ProjectSymbol[]): this {
    for (const { module, name, kind } of symbols) {
      const specifier = this.specifierFor(module);
      let entries = this.reexports.get(specifier);
      if (!entries) this.reexports.set(specifier, (entries = new Map()));
      entries.set(name, { typeOnly: kind === 'type' });
    }
    return this;
  }

  /** Re-exports everything a project module exports (`export * from '…'`). */
  reexportAll(module: string): this {
    this.starExports.add(this.specifierFor(module));
    return this;
  }

  add(...chunks: string[]): this {
    this.parts.push(...chunks);
    return this;
  }

  toString(): string {
    const local = this.localNames();
    const lines: string[] = [];
    for (const specifier of [...this.imports.keys()].sort()) {
      const entries = [...this.imports.get(specifier)!.entries()].sort(([a], [b]) => a.localeCompare(b));
      const render = (name: string, i: ImportedName): string => (name === local.get(i) ? name : `${name} as ${local.get(i)}`);
      const types = entries.filter(([, i]) => i.typeOnly);
      const values = entries.filter(([, i]) => !i.typeOnly);
      if (values.length)
        lines.push(`import { ${[...values.map(([n, i]) => render(n, i)), ...types.map(([n, i]) => `type ${render(n, i)}`)].join(', ')} } from '${specifier}';`);
      else lines.push(`import type { ${types.map(([n, i]) => render(n, i)).join(', ')} } from '${specifier}';`);
    }
    const exports: string[] = [];
    for (const specifier of [...this.reexports.keys()].sort()) {
      const entries = [...this.reexports.get(specifier)!.entries()].sort(([a], [b]) => a.localeCompare(b));
      const allTypes = entries.every(([, e]) => e.typeOnly);
      const names = entries.map(([name, { typeOnly }]) => `${typeOnly && !allTypes ? 'type ' : ''}${name}`);
      exports.push(`export ${allTypes ? 'type ' : ''}{ ${names.join(', ')} } from '${specifier}';`);
    }
    for (const specifier of [...this.starExports].sort()) exports.push(`export * from '${specifier}';`);
    const body = this.parts
      .join('')
      .replace(/^\n+/, '')
      .replace(/\n*$/, '\n')
      .replace(REF, (_, file: string, index: string) => {
        const imported = Number(file) === this.id ? this.importOrder[Number(index)] : undefined;
        if (!imported) throw new Error(`a2a-gen: ${this.path} uses an import another file asked for`);
        return local.get(imported)!;
      });
    const head = [lines, exports]
      .filter((group) => group.length > 0)
      .map((group) => group.join('\n') + '\n\n')
      .join('');
    return head + body;
  }

  private addImport({ module, name }: ProjectSymbol, typeOnly: boolean, as: string | undefined): string {
    const specifier = this.specifierFor(module);
    let names = this.imports.get(specifier);
    if (!names) this.imports.set(specifier, (names = new Map()));
    const existing = names.get(name);
    if (existing) {
      existing.typeOnly &&= typeOnly;
      return existing.ref;
    }
    const imported: ImportedName = { wanted: as ?? name, typeOnly, ref: `\uE000${this.id}:${this.importOrder.length}\uE001` };
    names.set(name, imported);
    this.importOrder.push(imported);
    return imported.ref;
  }

  /** The name each import is printed as: the one wanted unless the module declares it or an earlier import took it (then `X_`, `X_3`, …). */
  private localNames(): Map<ImportedName, string> {
    const taken = new Set(this.locals);
    const out = new Map<ImportedName, string>();
    for (const imported of this.importOrder) {
      let local = imported.wanted;
      for (let i = 2; taken.has(local); i++) local = `${imported.wanted}${i === 2 ? '_' : `_${i}`}`;
      taken.add(local);
      out.set(imported, local);
    }
    return out;
  }

  private specifierFor(module: string): string {
    if (!module.startsWith('src/')) return module; // a package or node: builtin
    let rel = posix.relative(posix.dirname(this.path), module).replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel;
  }
}
