// Methods across two versions. A method keeps its identity through its role (methods.ts,
// roles.ts), not its name: v1.0's `SendMessage` is v0.3's `message/send` renamed, so code
// calling one must call the other — a rename, not a removal and an unrelated addition.
// Only a role held by exactly one method on each side pairs up; `custom` methods never do.
import type { Change } from './diff-change.js';
import type { MethodModel } from './methods.js';
import type { ProtocolModel } from './protocol.js';

export function diffMethods(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): void {
  const pairs = pairMethods(a.methods, b.methods);
  const partner = new Map(pairs.map(([m, n]) => [m.name, n]));
  const pairedB = new Set(pairs.map(([, n]) => n.name));
  for (const m of b.methods)
    if (!pairedB.has(m.name))
      add({ area: 'method', change: 'added', subject: m.name, detail: `client: ${m.clientName}()${m.streaming ? ', streaming' : ''}`, breaking: false });
  for (const m of a.methods) {
    const next = partner.get(m.name);
    if (!next) {
      add({ area: 'method', change: 'removed', subject: m.name, detail: `client: ${m.clientName}()`, breaking: true });
      continue;
    }
    if (m.name !== next.name) {
      const client = m.clientName === next.clientName ? '' : `; client: ${m.clientName}() → ${next.clientName}()`;
      add({ area: 'method', change: 'renamed', subject: m.name, to: next.name, detail: `${m.role}${client}`, breaking: true });
    }
    const subject = next.name;
    if (m.paramsType !== next.paramsType)
      add({ area: 'method', change: 'changed', subject, detail: `params ${m.paramsType ?? 'none'} → ${next.paramsType ?? 'none'}`, breaking: true });
    if (m.resultType !== next.resultType && !(a.syntheticDefinitions.includes(m.resultType) && b.syntheticDefinitions.includes(next.resultType)))
      add({ area: 'method', change: 'changed', subject, detail: `result ${m.resultType} → ${next.resultType}`, breaking: true });
    if (m.streaming !== next.streaming)
      add({ area: 'method', change: 'changed', subject, detail: next.streaming ? 'now streams' : 'no longer streams', breaking: true });
  }
}

/** Same name first; then, among the rest, one method per role on each side. */
function pairMethods(a: MethodModel[], b: MethodModel[]): [MethodModel, MethodModel][] {
  const byName = new Map(b.map((m) => [m.name, m]));
  const pairs: [MethodModel, MethodModel][] = a.filter((m) => byName.has(m.name)).map((m) => [m, byName.get(m.name)!]);
  const restA = a.filter((m) => !byName.has(m.name));
  const namesA = new Set(a.map((m) => m.name));
  const restB = b.filter((m) => !namesA.has(m.name));
  const only = (list: MethodModel[], role: MethodModel['role']): MethodModel | undefined => {
    const found = list.filter((m) => m.role === role);
    return found.length === 1 ? found[0] : undefined;
  };
  for (const m of restA) {
    if (m.role === 'custom') continue;
    const next = only(restB, m.role);
    if (next && only(restA, m.role)) pairs.push([m, next]);
  }
  return pairs;
}
