// A bound on how long a chain of references may be: definition A refers to B, B to C, and so on.
// json-schema-to-typescript's ref parser and ajv's compiler follow such a chain recursively, a
// few dozen stack frames per link, so a proto of 300 messages that each hold the next (or a
// skill schema of 300 `$defs` in a row) overflowed the stack ("this is a bug"). Past
// MAX_REFERENCE_DEPTH the input is refused at the chain's first definition. Recursion is fine —
// a tree's node referring to itself is one link — but definitions that refer to each other in a
// ring are walked one after another, so a ring counts as many links as it has members. The walk
// is iterative (Tarjan's strongly connected components, then the longest path over them), so the
// check itself cannot overflow.
import { decodePointerSegment, forEachSubschema, isPlainObject, type JsonSchema } from '../json-schema.js';

/**
 * The longest chain of definitions one may refer through. Published A2A schemas need about ten.
 * It is also the generated server's default JSON nesting limit (`server.limits.jsonDepth`), past
 * which no request could carry such a value anyway; generation works to about 150 with room on
 * the stack.
 */
export const MAX_REFERENCE_DEPTH = 64;

/**
 * Who refers to whom: each node (a definition, or a skill schema's root) → the nodes its `$ref`s
 * lead into. `target` names the node a reference leads into, undefined for none of them.
 */
export function referenceGraph(nodes: Readonly<Record<string, JsonSchema>>, target: (ref: string) => string | undefined): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(nodes)) {
    const targets = new Set<string>();
    forEachSubschema(schema, (sub) => {
      const to = typeof sub.$ref === 'string' ? target(sub.$ref) : undefined;
      if (to !== undefined && Object.hasOwn(nodes, to)) targets.add(to);
    });
    graph.set(name, [...targets]);
  }
  return graph;
}

/** `#/definitions/A/properties/b` → `definitions/A` (`$defs` alike); `#` → `#`; undefined for anything else. */
export function pointerHead(ref: string): string | undefined {
  if (ref === '#') return '#';
  const m = /^#\/(definitions|\$defs)\/([^/]+)/.exec(ref);
  const name = m ? decodePointerSegment(m[2]) : undefined;
  return name === undefined ? undefined : `${m![1]}/${name}`;
}

/** A spec's definitions (references `#/definitions/Name`): the chain that is too long, else undefined. */
export function tooLongDefinitionChain(definitions: Readonly<Record<string, JsonSchema>>): string[] | undefined {
  const target = (ref: string): string | undefined => pointerHead(ref)?.replace(/^(?:definitions|\$defs)\//, '');
  return tooLongReferenceChain(referenceGraph(definitions, target));
}

/** A skill schema, its root and its own `$defs`/`definitions` each a node (`#`, `$defs/Name`): the chain that is too long, else undefined. */
export function tooLongSchemaChain(schema: JsonSchema): string[] | undefined {
  const { definitions, $defs, ...root } = schema;
  const nodes: Record<string, JsonSchema> = { '#': root };
  for (const [keyword, map] of [
    ['definitions', definitions],
    ['$defs', $defs],
  ] as const)
    if (isPlainObject(map)) for (const [name, sub] of Object.entries(map)) if (isPlainObject(sub)) nodes[`${keyword}/${name}`] = sub;
  return tooLongReferenceChain(referenceGraph(nodes, pointerHead));
}

/** The longest chain of `graph` when it passes `max` definitions (a ring's members spelled out), else undefined. */
export function tooLongReferenceChain(graph: ReadonlyMap<string, readonly string[]>, max = MAX_REFERENCE_DEPTH): string[] | undefined {
  const components = stronglyConnected(graph);
  const componentOf = new Map<string, number>();
  components.forEach((members, i) => members.forEach((m) => componentOf.set(m, i)));
  // Tarjan's algorithm emits a component after every component it reaches: one pass in that order.
  const depth: number[] = [];
  const next: (number | undefined)[] = [];
  components.forEach((members, i) => {
    let best: number | undefined;
    for (const m of members)
      for (const t of graph.get(m) ?? []) {
        const c = componentOf.get(t)!;
        if (c !== i && (best === undefined || depth[c] > depth[best])) best = c;
      }
    depth[i] = members.length + (best === undefined ? 0 : depth[best]);
    next[i] = best;
  });
  let start = -1;
  depth.forEach((d, i) => (start < 0 || d > depth[start] ? (start = i) : undefined));
  if (start < 0 || depth[start] <= max) return undefined;
  const chain: string[] = [];
  for (let c: number | undefined = start; c !== undefined; c = next[c]) chain.push(...components[c]);
  return chain;
}

/** Where a chain too long is reported: its first definition past the bound. */
export const overTheBound = (chain: readonly string[]): string => chain[MAX_REFERENCE_DEPTH];

/** "A → B → … → Z (301 definitions; …)", for an error. */
export function describeChain(chain: readonly string[]): string {
  const shown = chain.length > 6 ? [...chain.slice(0, 3), '…', ...chain.slice(-2)] : chain;
  return `${JSON.stringify(overTheBound(chain))} is definition ${MAX_REFERENCE_DEPTH + 1} of a chain of references, ${shown.join(' → ')} (${chain.length} definitions); at most ${MAX_REFERENCE_DEPTH} can be generated`;
}

/** Tarjan's strongly connected components, iteratively; each component's members in discovery order. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const members: string[] = [];
        let m: string;
        do {
          m = stack.pop()!;
          onStack.delete(m);
          members.push(m);
        } while (m !== frame.node);
        out.push(members.reverse());
      }
    }
  }
  return out;
}
