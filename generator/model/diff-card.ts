// Agent Card fields that moved: a field gone from one path of the card that lives on at another
// path of the new card. Code reading `card.url` must now read `card.supportedInterfaces[0].url`.
// Found from the definitions where the structure tells: the card is walked into paths (objects
// and array items, `skills[].id`), and a removed path's new home is the one new path with the
// same leaf name (`url` → `supportedInterfaces[].url`) or, for a field typed by a definition,
// the one new path of the same type (`additionalInterfaces` → `supportedInterfaces`, both
// `AgentInterface[]`). Where a field changed its name the structure cannot tell, so MOVES
// states it — and it applies only when both paths are where it says.
import { definitionName, followRefs, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { Change } from './diff-change.js';
import { typeSignature } from './diff-types.js';
import type { ProtocolModel } from './protocol.js';

/**
 * Renamed card fields (A2A v1.0, "What's new": the extended-card flag joined the capabilities,
 * the preferred transport became each interface's protocol binding, `security` became
 * `securityRequirements`). Paths as `walkCard` writes them.
 */
const MOVES: readonly (readonly [from: string, to: string])[] = [
  ['supportsAuthenticatedExtendedCard', 'capabilities.extendedAgentCard'],
  ['preferredTransport', 'supportedInterfaces[].protocolBinding'],
  ['security', 'securityRequirements'],
  ['skills[].security', 'skills[].securityRequirements'],
];

/** How deep the card is walked: deep enough for `skills[].security`, `supportedInterfaces[].url`. */
const MAX_DEPTH = 3;

interface CardPath {
  schema: JsonSchema;
  /** The definition declaring the field (`AgentCapabilities` for `capabilities.streaming`). */
  owner: string;
}

/** Adds the moves; returns the field subjects (`AgentCard.url`) they explain. */
export function diffCardMoves(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): Set<string> {
  const explained = new Set<string>();
  const before = walkCard(a.definitions);
  const after = walkCard(b.definitions);
  const fresh = [...after.keys()].filter((p) => !before.has(p));
  for (const [path, { schema, owner }] of before) {
    if (after.has(path) || !after.has(parentOf(path))) continue; // still there, or inside something removed or moved as a whole
    const to = newHome(path, schema, fresh, after);
    if (!to) continue;
    add({ area: 'card', change: 'moved', subject: path, to, breaking: true });
    explained.add(`${owner}.${leafOf(path)}`);
  }
  return explained;
}

function newHome(path: string, schema: JsonSchema, fresh: string[], after: Map<string, CardPath>): string | undefined {
  // The table reads both ways: a diff from the newer version back to the older one moves the field back.
  const stated = MOVES.find(([from]) => from === path)?.[1] ?? MOVES.find(([, to]) => to === path)?.[0];
  if (stated !== undefined) return fresh.includes(stated) ? stated : undefined;
  const byName = fresh.filter((p) => leafOf(p) === leafOf(path));
  if (byName.length === 1) return byName[0];
  const type = typeSignature(schema);
  if (!/^[A-Za-z]\w*(\[\])?$/.test(type) || /^(string|number|integer|boolean|object|any)(\[\])?$/.test(type)) return undefined; // only a named definition says "the same thing"
  const byType = fresh.filter((p) => typeSignature(after.get(p)!.schema) === type);
  return byType.length === 1 ? byType[0] : undefined;
}

const parentOf = (path: string): string => path.replace(/(^|\.)[^.]+$/, '').replace(/\[\]$/, '');
const leafOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** Every property path of the AgentCard ('' is the card), through references, objects and array items; not into maps or unions. */
function walkCard(defs: Record<string, JsonSchema>): Map<string, CardPath> {
  const paths = new Map<string, CardPath>([['', { schema: defs.AgentCard ?? {}, owner: 'AgentCard' }]]);
  const visit = (schema: JsonSchema | undefined, prefix: string, depth: number, seen: string[]): void => {
    let target = schema;
    let owner: string | undefined;
    for (let hops = 0; hops < 16 && typeof target?.$ref === 'string'; hops++) {
      owner = definitionName(target.$ref);
      target = followRefs(defs, target, 1);
    }
    if (!isPlainObject(target) || depth > MAX_DEPTH || (owner && seen.includes(owner))) return;
    if (target.type === 'array') return visit(isPlainObject(target.items) ? target.items : undefined, `${prefix}[]`, depth, seen);
    if (!isPlainObject(target.properties)) return;
    for (const [field, sub] of Object.entries(target.properties)) {
      const path = prefix ? `${prefix}.${field}` : field;
      paths.set(path, { schema: sub, owner: owner ?? 'AgentCard' });
      visit(sub, path, depth + 1, owner ? [...seen, owner] : seen);
    }
  };
  visit({ $ref: '#/definitions/AgentCard' }, '', 0, []);
  return paths;
}
