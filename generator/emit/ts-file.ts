// Builds one TypeScript module: the body is added as text, imports as symbols. Imports are
// deduplicated, aliased on clashes, split into `import type`, given relative specifiers
// with `.js` extensions, and sorted — never glued together as strings by an emitter.
import { posix } from 'node:path';

interface ImportedName {
  local: string;
  typeOnly: boolean;
}

export class TsFile {
  private readonly imports = new Map<string, Map<string, ImportedName>>();
  private readonly locals = new Set<string>();
  private readonly parts: string[] = [];

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
      if (values.length) lines.push(`import { ${render(values)}${types.length ? ', ' + types.map(([n, i]) => `type ${n === i.local ? n : `${n} as ${i.local}`}`).join(', ') : ''} } from '${specifier}';`);
      else lines.push(`import type { ${render(types)} } from '${specifier}';`);
    }
    const body = this.parts.join('').replace(/^\n+/, '');
    return (lines.length ? lines.join('\n') + '\n\n' : '') + body.replace(/\n*$/, '\n');
  }

  private specifierFor(module: string): string {
    if (!module.startsWith('src/')) return module; // a package or node: builtin
    let rel = posix.relative(posix.dirname(this.path), module).replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel;
  }
}
