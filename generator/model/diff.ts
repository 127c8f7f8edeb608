// What changed between two protocol models. The semantic changes come first — methods paired by
// role (renames), the card's discovery and moved fields, the Part and other wire shapes, enum
// values paired by meaning, errors — then the type-level detail: definitions, fields, enum
// values, without the rows a semantic change already names (`Task.kind` under "result objects
// lose `kind`"). A change is breaking when code written against the old version can stop
// working: something removed, renamed, moved, retyped, or newly required. Pure: no version
// strings, only what the two models say.
import type { Change } from './diff-change.js';
import { diffCardMoves } from './diff-card.js';
import { diffEnumValues } from './diff-enums.js';
import { diffMethods } from './diff-methods.js';
import { diffShapes } from './diff-shapes.js';
import { diffDefinitions } from './diff-types.js';
import type { ProtocolModel } from './protocol.js';

export type { Change, ChangeArea } from './diff-change.js';
export { typeSignature } from './diff-types.js';

export interface ProtocolDiff {
  from: string;
  to: string;
  /** The versions as messages name them (`v0.3.0`, `unreleased lf.a2a.v1 (next.proto)`: ProtocolModel.name). */
  fromName: string;
  toName: string;
  changes: Change[];
}

export function diffProtocols(a: ProtocolModel, b: ProtocolModel): ProtocolDiff {
  const changes: Change[] = [];
  const add = (c: Change): void => void changes.push(c);

  diffMethods(a, b, add);
  diffDiscovery(a, b, add);
  const movedFields = diffCardMoves(a, b, add);
  const shapeFields = diffShapes(a, b, add);
  const enumSubjects = diffEnumValues(a, b, add);
  diffErrors(a, b, add);

  diffDefinitions(a, b, (c) => {
    if (c.area === 'field' && c.change === 'removed' && (movedFields.has(c.subject) || shapeFields.has(c.subject))) return;
    if (c.area === 'enum' && enumSubjects.has(c.subject)) return;
    add(c);
  });
  return { from: a.version, to: b.version, fromName: a.name, toName: b.name, changes };
}

/** Where the card is found: the well-known path and the authenticated extended card. */
function diffDiscovery(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): void {
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
}

function diffErrors(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): void {
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
}
