// Enum values whose meaning stayed while their spelling changed: task states paired by their
// canonical name (features.ts `canonicalState`: `completed` and `TASK_STATE_COMPLETED` are both
// `completed`), message roles by the role they name (features.roles). A code comparing a state
// to `'completed'` must now compare it to `'TASK_STATE_COMPLETED'`: a rename, breaking. Values
// with no partner are added or removed as before.
import { followRefs, definitionName, type JsonSchema } from '../json-schema.js';
import type { Change } from './diff-change.js';
import { canonicalState } from './features.js';
import type { ProtocolModel } from './protocol.js';

/** Adds the value changes of TaskState and Message.role; returns the enum subjects they cover, for the type-level diff to skip. */
export function diffEnumValues(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): Set<string> {
  pairValues('TaskState', enumOf(a, a.definitions.TaskState), enumOf(b, b.definitions.TaskState), canonicalState, add);
  const roleName = (m: ProtocolModel) => (value: string) => Object.entries(m.features.roles ?? {}).find(([, v]) => v === value)?.[0] ?? value;
  const roleA = roleEnum(a);
  const roleB = roleEnum(b);
  pairValues('Message.role', roleA.values, roleB.values, roleName(a), add, roleName(b));
  return new Set(['TaskState', ...roleA.holders, ...roleB.holders]);
}

/** Pairs values by a version-independent name: renamed when the spelling differs; the rest added or removed. */
function pairValues(
  subject: string,
  before: readonly string[],
  after: readonly string[],
  nameA: (v: string) => string,
  add: (c: Change) => void,
  nameB: (v: string) => string = nameA,
): void {
  const partnerOf = new Map<string, string>();
  for (const v of before) {
    const match = after.filter((w) => nameB(w) === nameA(v));
    if (match.length === 1) partnerOf.set(v, match[0]);
  }
  const partnered = new Set(partnerOf.values());
  for (const w of after) if (!partnered.has(w)) add({ area: 'enum', change: 'added', subject, detail: JSON.stringify(w), breaking: false });
  for (const v of before) {
    const w = partnerOf.get(v);
    if (w === undefined) add({ area: 'enum', change: 'removed', subject, detail: JSON.stringify(v), breaking: true });
    else if (w !== v) add({ area: 'enum', change: 'renamed', subject: v, to: w, detail: subject, breaking: true });
  }
}

/** Message.role's values, and where the type-level diff lists them: `Message.role` when inline, its definition (`Role`) when a reference. */
function roleEnum(m: ProtocolModel): { values: string[]; holders: string[] } {
  const role: JsonSchema | undefined = m.definitions.Message?.properties?.role;
  const values = enumOf(m, role);
  const ref = typeof role?.$ref === 'string' ? definitionName(role.$ref) : undefined;
  return { values, holders: ['Message.role', ...(ref ? [ref] : [])] };
}

const enumOf = (m: ProtocolModel, schema: JsonSchema | undefined): string[] =>
  (followRefs(m.definitions, schema)?.enum ?? []).filter((v): v is string => typeof v === 'string');
