// A symbol: one export of one module of an agent project, as data — `{ module, name, kind }` —
// that emit/ts-file.ts prints as an import or a re-export. Emitters never write an import of
// their own: they name what they use through symbols, from the tables that know where each
// export lives (runtime-symbols.ts for the copied runtime, emit/generated-symbols.ts for the
// modules the generator writes).

/** Where generated code lives inside an agent project (skill handlers: model/names.ts, handlerModule). */
export const A2A_DIR = 'src/a2a';

export interface ProjectSymbol {
  /** Project-relative (`src/a2a/client/transport.ts`), or a package or `node:` builtin. */
  readonly module: string;
  readonly name: string;
  /** A value can be imported as a value or as a type; a type only as a type. */
  readonly kind: 'value' | 'type';
}

export interface ValueSymbol extends ProjectSymbol {
  readonly kind: 'value';
}

export interface TypeSymbol extends ProjectSymbol {
  readonly kind: 'type';
}

export const valueSymbol = (module: string, name: string): ValueSymbol => ({ module, name, kind: 'value' });
export const typeSymbol = (module: string, name: string): TypeSymbol => ({ module, name, kind: 'type' });
