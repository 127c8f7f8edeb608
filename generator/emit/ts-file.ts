// Builds one TypeScript module: the body is added as text, imports and re-exports as symbols.
// Imports are deduplicated, aliased on clashes, split into `import type`, given relative
// specifiers with `.js` extensions, and sorted — never glued together as strings by an emitter.
import { posix } from 'node:path';

interface ImportedName {
  local: string;
  typeOnly: boolean;
}

export class TsFile {
  private readonly imports = new Map<string, Map<string, ImportedName>>();
  private readonly locals = new Set<string>();
  private readonly parts: string[] = [];
  /** Re-exported names by module specifier: exported name → the module's name and whether it is a type. */
  private readonly reexports = new Map<string, Map<string, { name: string; typeOnly: boolean }>>();
  private readonly starExports = new Set<string>();

  /** `path` is project-relative, e.g. `src/a2a/server/methods.ts`. */
  constructor(readonly path: string) {}

  /** Declares a name this module defines itself, so imports never shadow it. */
  declare(name: string): string {
    this.locals.add(name);
    return name;
  }

  /** Imports `name` from a project-relative module (`src/a2a/types.ts`); returns the local identifier. */
  import(module: string, name: string, opts: { typeOnly?: boolean; as?: string } = {}): string {
    const specifier = this.specifierFor(module);
    let names = this.imports.get(specifier);
    if (!names) this.imports.set(specifier, (names = new Map()));
    const existing = names.get(name);
    if (existing) {
      existing.typeOnly &&= opts.typeOnly === true;
      return existing.local;
    }
    const wanted = opts.as ?? name;
    let local = wanted;
    for (let i = 2; this.locals.has(local); i++) local = `${wanted}${i === 2 ? '_' : `_${i}`}`;
    this.locals.add(local);
    names.set(name, { local, typeOnly: opts.typeOnly === true });
    return local;
  }

  importType(module: string, name: string): string {
    return this.import(module, name, { typeOnly: true });
  }

  /** Re-exports `names` of a project module (`export { a, type B } from '…'`); `as` renames on the way out. */
  reexport(module: string, names: readonly string[], opts: { typeOnly?: boolean; as?: Readonly<Record<string, string>> } = {}): this {
    const specifier = this.specifierFor(module);
    let entries = this.reexports.get(specifier);
    if (!entries) this.reexports.set(specifier, (entries = new Map()));
    for (const name of names) entries.set(opts.as?.[name] ?? name, { name, typeOnly: opts.typeOnly === true });
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
    const lines: string[] = [];
    for (const specifier of [...this.imports.keys()].sort()) {
      const entries = [...this.imports.get(specifier)!.entries()].sort(([a], [b]) => a.localeCompare(b));
      const render = (list: [string, ImportedName][]): string => list.map(([n, i]) => (n === i.local ? n : `${n} as ${i.local}`)).join(', ');
      const types = entries.filter(([, i]) => i.typeOnly);
      const values = entries.filter(([, i]) => !i.typeOnly);
      if (values.length)
        lines.push(
          `import { ${render(values)}${types.length ? ', ' + types.map(([n, i]) => `type ${n === i.local ? n : `${n} as ${i.local}`}`).join(', ') : ''} } from '${specifier}';`,
        );
      else lines.push(`import type { ${render(types)} } from '${specifier}';`);
    }
    const exports: string[] = [];
    for (const specifier of [...this.reexports.keys()].sort()) {
      const entries = [...this.reexports.get(specifier)!.entries()].sort(([a], [b]) => a.localeCompare(b));
      const allTypes = entries.every(([, e]) => e.typeOnly);
      const names = entries.map(
        ([exported, { name, typeOnly }]) => `${typeOnly && !allTypes ? 'type ' : ''}${name === exported ? name : `${name} as ${exported}`}`,
      );
      exports.push(`export ${allTypes ? 'type ' : ''}{ ${names.join(', ')} } from '${specifier}';`);
    }
    for (const specifier of [...this.starExports].sort()) exports.push(`export * from '${specifier}';`);
    const body = this.parts.join('').replace(/^\n+/, '').replace(/\n*$/, '\n');
    const head = [lines, exports]
      .filter((group) => group.length > 0)
      .map((group) => group.join('\n') + '\n\n')
      .join('');
    return head + body;
  }

  private specifierFor(module: string): string {
    if (!module.startsWith('src/')) return module; // a package or node: builtin
    let rel = posix.relative(posix.dirname(this.path), module).replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel;
  }
}
