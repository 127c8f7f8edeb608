// The bound on YAML aliases. An alias (`*modes`) repeats everything its anchor (`&modes`) holds,
// and an anchor may hold aliases of other anchors, so a few hundred bytes can stand for billions
// of nodes ("billion laughs"): every stage after the parse walks the document as expanded. The
// bound is on what the aliases add — each alias counts as the nodes it stands for, aliases inside
// it included — not on how many there are: a manifest of 150 skills that share their modes and
// tags through 450 aliases adds a few thousand nodes, and was refused by the yaml library's own
// count (100 aliases of one anchor). Counted on the syntax tree, each anchor's size once, before
// any of it is turned into data.
import { isAlias, isMap, isSeq, type Document, type Node } from 'yaml';
import { InputError } from '../diagnostics.js';

/** How many nodes the aliases of one document may add, all together. */
export const ALIAS_NODES_LIMIT = 1_000_000;

export function checkAliasExpansion(doc: Document, file: string, position: (offset: number) => { line: number; column: number }): void {
  const anchors = new Map<string, Node>();
  const sizes = new Map<Node, number>();
  const open = new Set<Node>();
  let added = 0;
  const fail = (node: Node, message: string): never => {
    throw new InputError(message, { file, ...(node.range ? position(node.range[0]) : {}) });
  };
  // Recursive, like the walk that records positions: the parser has bounded the nesting.
  const size = (node: unknown): number => {
    if (!node || typeof node !== 'object') return 1;
    const n = node as Node;
    if (isAlias(n)) {
      const target = anchors.get(n.source);
      if (!target) return 1; // an undefined anchor: the parser reports it
      if (open.has(target))
        return fail(n, `the alias *${n.source} stands inside the node its anchor &${n.source} names, which would make the document endless`);
      added += sizes.get(target)!;
      if (added > ALIAS_NODES_LIMIT)
        fail(
          n,
          `YAML aliases expand the document by more than ${ALIAS_NODES_LIMIT.toLocaleString('en-US')} nodes (each alias repeats everything its anchor holds); write the repeated parts out, or share fewer of them`,
        );
      return sizes.get(target)!;
    }
    const anchor = typeof n.anchor === 'string' ? n.anchor : undefined;
    if (anchor) {
      anchors.set(anchor, n);
      open.add(n);
    }
    let total = 1;
    if (isMap(n)) for (const pair of n.items) total += size(pair.key) + size(pair.value);
    else if (isSeq(n)) for (const item of n.items) total += size(item);
    if (anchor) {
      open.delete(n);
      sizes.set(n, total);
    }
    return total;
  };
  size(doc.contents);
}
