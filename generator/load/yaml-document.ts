// Parses a manifest (YAML, or JSON, which YAML 1.2 reads too) and keeps the position of
// every node, so that each later error can say file:line:column.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { InputError } from '../diagnostics.js';
import { checkAliasExpansion } from './yaml-aliases.js';
import { duplicateKeyError, yamlSyntaxError } from './yaml-syntax.js';

export interface Position {
  line: number;
  column: number;
}

export interface LocatedDocument {
  file: string;
  data: unknown;
  /** Position of the value at a JSON pointer, or of the nearest ancestor that exists. */
  locate(pointer: string): Position;
  /** Position of a mapping key (for "unknown field" errors); falls back to the value. */
  locateKey(pointer: string): Position;
  /** The text a scalar was written as (`0.30` for what YAML reads as the number 0.3). */
  source(pointer: string): string | undefined;
}

const escapeSegment = (s: string | number): string => String(s).replace(/~/g, '~0').replace(/\//g, '~1');

export function parseLocatedDocument(text: string, file: string): LocatedDocument {
  const counter = new LineCounter();
  // Keys are checked for repeats in the walk below, in linear time (see duplicateKeyError).
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false, strict: true });
  const toPos = (offset: number): Position => {
    const p = counter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) throw yamlSyntaxError(text, file, doc, counter);
  const values = new Map<string, Position>();
  const keys = new Map<string, Position>();
  const scalars = new Map<string, [number, number]>();
  const walk = (node: unknown, pointer: string): void => {
    const n = node as Node | null;
    if (n?.range) values.set(pointer, toPos(n.range[0]));
    if (isScalar(n) && n.range) scalars.set(pointer, [n.range[0], n.range[1]]);
    if (isMap(n)) {
      const seen = new Map<unknown, number>();
      for (const pair of n.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const child = `${pointer}/${escapeSegment(key)}`;
        const keyNode = pair.key as Node | null;
        // Scalar keys are equal when their values are (1 and "1" differ), as the parser's check had it.
        if (isScalar(keyNode) && keyNode.range) {
          const first = seen.get(keyNode.value);
          if (first !== undefined) throw duplicateKeyError(text, file, counter, key, keyNode.range[0], first);
          seen.set(keyNode.value, keyNode.range[0]);
        }
        if (keyNode?.range) keys.set(child, toPos(keyNode.range[0]));
        walk(pair.value, child);
        if (!values.has(child) && keyNode?.range) values.set(child, toPos(keyNode.range[0]));
      }
    } else if (isSeq(n)) {
      n.items.forEach((item, i) => walk(item, `${pointer}/${i}`));
    }
  };
  walk(doc.contents, '');
  checkAliasExpansion(doc, file, toPos);
  let data: unknown;
  try {
    // The yaml library's own bound counts aliases (100 of one anchor), not what they add: ours,
    // just above, replaces it.
    data = doc.toJS({ maxAliasCount: -1 });
  } catch (err) {
    throw new InputError(`cannot read the document: ${(err as Error).message}`, { file });
  }
  const nearest = (map: Map<string, Position>, pointer: string): Position => {
    for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
      const hit = map.get(p) ?? values.get(p);
      if (hit) return hit;
      if (p === '') return { line: 1, column: 1 };
    }
  };
  return {
    file,
    data,
    locate: (pointer) => nearest(values, pointer),
    locateKey: (pointer) => nearest(keys, pointer),
    source: (pointer) => {
      const range = scalars.get(pointer);
      return range && text.slice(range[0], range[1]);
    },
  };
}
