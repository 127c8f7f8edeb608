// The type-level part of a diff: definitions added and removed, their fields (added, removed,
// retyped, required or not, defaults) and enum values. The semantic rules in diff-*.ts come
// first in a diff; these are the detail behind them.
import { definitionName, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { Change } from './diff-change.js';
import type { ProtocolModel } from './protocol.js';

export function diffDefinitions(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): void {
  const real = (m: ProtocolModel): Map<string, JsonSchema> => new Map(Object.entries(m.definitions).filter(([n]) => !m.syntheticDefinitions.includes(n)));
  const defsA = real(a);
  const defsB = real(b);
  for (const name of [...defsB.keys()].sort()) if (!defsA.has(name)) add({ area: 'type', change: 'added', subject: name, breaking: false });
  for (const name of [...defsA.keys()].sort()) {
    const next = defsB.get(name);
    if (!next) add({ area: 'type', change: 'removed', subject: name, breaking: true });
    else diffDefinition(name, defsA.get(name)!, next, add);
  }
}

function diffDefinition(name: string, a: JsonSchema, b: JsonSchema, add: (c: Change) => void): void {
  diffEnum(name, a, b, add);
  const propsA = isPlainObject(a.properties) ? a.properties : {};
  const propsB = isPlainObject(b.properties) ? b.properties : {};
  const reqA = new Set(a.required ?? []);
  const reqB = new Set(b.required ?? []);
  for (const field of Object.keys(propsB).sort()) {
    if (Object.hasOwn(propsA, field)) continue;
    add({ area: 'field', change: 'added', subject: `${name}.${field}`, detail: reqB.has(field) ? 'required' : 'optional', breaking: reqB.has(field) });
  }
  for (const field of Object.keys(propsA).sort()) {
    const subject = `${name}.${field}`;
    if (!Object.hasOwn(propsB, field)) {
      add({ area: 'field', change: 'removed', subject, breaking: true });
      continue;
    }
    diffFieldType(subject, propsA[field], propsB[field], add);
    const [da, db] = [propsA[field].default, propsB[field].default];
    if (JSON.stringify(da) !== JSON.stringify(db)) {
      add({
        area: 'field',
        change: 'changed',
        subject,
        detail: `default ${da === undefined ? 'none' : JSON.stringify(da)} → ${db === undefined ? 'none' : JSON.stringify(db)}`,
        breaking: false,
      });
    }
    if (!reqA.has(field) && reqB.has(field)) add({ area: 'field', change: 'changed', subject, detail: 'now required', breaking: true });
    if (reqA.has(field) && !reqB.has(field)) add({ area: 'field', change: 'changed', subject, detail: 'now optional', breaking: false });
    diffEnum(subject, propsA[field], propsB[field], add);
  }
}

/** A union that gains members is an addition; one that loses members, or a different type, breaks. */
function diffFieldType(subject: string, a: JsonSchema, b: JsonSchema, add: (c: Change) => void): void {
  const [ta, tb] = [typeSignature(a), typeSignature(b)];
  if (ta === tb) return;
  const membersA = unionMembers(a);
  const membersB = unionMembers(b);
  if (membersA && membersB) {
    for (const m of membersB) if (!membersA.includes(m)) add({ area: 'field', change: 'changed', subject, detail: `may now also be ${m}`, breaking: false });
    for (const m of membersA) if (!membersB.includes(m)) add({ area: 'field', change: 'changed', subject, detail: `can no longer be ${m}`, breaking: true });
    return;
  }
  add({ area: 'field', change: 'changed', subject, detail: `type ${ta} → ${tb}`, breaking: true });
}

const unionMembers = (s: JsonSchema): string[] | undefined => {
  const union = s.anyOf ?? s.oneOf;
  return union ? union.map(typeSignature) : undefined;
};

function diffEnum(subject: string, a: JsonSchema, b: JsonSchema, add: (c: Change) => void): void {
  if (!Array.isArray(a.enum) || !Array.isArray(b.enum)) return;
  const before = a.enum.map((v) => JSON.stringify(v));
  const after = b.enum.map((v) => JSON.stringify(v));
  for (const v of after) if (!before.includes(v)) add({ area: 'enum', change: 'added', subject, detail: v, breaking: false });
  for (const v of before) if (!after.includes(v)) add({ area: 'enum', change: 'removed', subject, detail: v, breaking: true });
}

/** A short, comparable description of a property's type: `string`, `Task[]`, `"kind"`, `Task | Message`. */
export function typeSignature(s: JsonSchema | undefined): string {
  if (!isPlainObject(s)) return 'any';
  if (typeof s.$ref === 'string') return definitionName(s.$ref) ?? s.$ref;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return 'enum';
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(typeSignature).sort().join(' | ');
  const type = Array.isArray(s.type) ? [...s.type].sort().join(' | ') : s.type;
  if (type === 'array') return `${typeSignature(isPlainObject(s.items) ? s.items : undefined)}[]`;
  if (type === 'object' && isPlainObject(s.additionalProperties)) return `map<${typeSignature(s.additionalProperties)}>`;
  return type ?? 'any';
}
