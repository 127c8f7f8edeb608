// What changed between two protocol models: methods, types, fields, enum values, errors and
// the card's well-known path. A change is breaking when code written against the old
// version can stop working: something removed, renamed, retyped, or newly required.
import { definitionName, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { ProtocolModel } from './protocol.js';

export type ChangeArea = 'method' | 'type' | 'field' | 'enum' | 'error' | 'card' | 'part';

export interface Change {
  area: ChangeArea;
  change: 'added' | 'removed' | 'changed';
  /** What changed: a method name, `Type`, `Type.field`, an error code, … */
  subject: string;
  detail?: string;
  breaking: boolean;
}

export interface ProtocolDiff {
  from: string;
  to: string;
  changes: Change[];
}

export function diffProtocols(a: ProtocolModel, b: ProtocolModel): ProtocolDiff {
  const changes: Change[] = [];
  const add = (c: Change): void => void changes.push(c);

  const methodsA = new Map(a.methods.map((m) => [m.name, m]));
  const methodsB = new Map(b.methods.map((m) => [m.name, m]));
  for (const [name, m] of methodsB)
    if (!methodsA.has(name))
      add({ area: 'method', change: 'added', subject: name, detail: `client: ${m.clientName}()${m.streaming ? ', streaming' : ''}`, breaking: false });
  for (const [name, m] of methodsA) {
    const next = methodsB.get(name);
    if (!next) {
      add({ area: 'method', change: 'removed', subject: name, detail: `client: ${m.clientName}()`, breaking: true });
      continue;
    }
    if (m.paramsType !== next.paramsType)
      add({ area: 'method', change: 'changed', subject: name, detail: `params ${m.paramsType ?? 'none'} → ${next.paramsType ?? 'none'}`, breaking: true });
    if (m.resultType !== next.resultType && !(a.syntheticDefinitions.includes(m.resultType) && b.syntheticDefinitions.includes(next.resultType)))
      add({ area: 'method', change: 'changed', subject: name, detail: `result ${m.resultType} → ${next.resultType}`, breaking: true });
    if (m.streaming !== next.streaming)
      add({ area: 'method', change: 'changed', subject: name, detail: next.streaming ? 'now streams' : 'no longer streams', breaking: true });
  }

  if (a.wellKnownPaths[0] !== b.wellKnownPaths[0]) {
    const stillServed = b.wellKnownPaths.includes(a.wellKnownPaths[0]);
    add({
      area: 'card',
      change: 'changed',
      subject: 'well-known path',
      detail: `${a.wellKnownPaths[0]} → ${b.wellKnownPaths[0]}${stillServed ? ` (the old path stays served for older clients)` : ''}`,
      breaking: true,
    });
  }
  if (a.extendedCard.via !== b.extendedCard.via) {
    const describe = (m: ProtocolModel): string =>
      m.extendedCard.via === 'method' ? `JSON-RPC method ${m.extendedCard.method}` : m.extendedCard.via === 'http' ? `HTTP GET ${m.extendedCard.path}` : 'none';
    add({
      area: 'card',
      change: 'changed',
      subject: 'authenticated extended card',
      detail: `${describe(a)} → ${describe(b)}`,
      breaking: a.extendedCard.via !== 'none',
    });
  }
  if (a.discriminator !== b.discriminator)
    add({ area: 'part', change: 'changed', subject: 'Part discriminator', detail: `"${a.discriminator}" → "${b.discriminator}"`, breaking: true });

  const real = (m: ProtocolModel): Map<string, JsonSchema> => new Map(Object.entries(m.definitions).filter(([n]) => !m.syntheticDefinitions.includes(n)));
  const defsA = real(a);
  const defsB = real(b);
  for (const name of [...defsB.keys()].sort()) if (!defsA.has(name)) add({ area: 'type', change: 'added', subject: name, breaking: false });
  for (const name of [...defsA.keys()].sort()) {
    const next = defsB.get(name);
    if (!next) add({ area: 'type', change: 'removed', subject: name, breaking: true });
    else diffDefinition(name, defsA.get(name)!, next, add);
  }

  const errorsA = new Map(a.errors.map((e) => [e.code, e]));
  const errorsB = new Map(b.errors.map((e) => [e.code, e]));
  for (const [code, e] of errorsB)
    if (!errorsA.has(code)) add({ area: 'error', change: 'added', subject: String(code), detail: e.definition, breaking: false });
  for (const [code, e] of errorsA) {
    const next = errorsB.get(code);
    if (!next) add({ area: 'error', change: 'removed', subject: String(code), detail: e.definition, breaking: true });
    else if (next.definition !== e.definition)
      add({ area: 'error', change: 'changed', subject: String(code), detail: `${e.definition} → ${next.definition}`, breaking: true });
  }
  return { from: a.version, to: b.version, changes };
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
