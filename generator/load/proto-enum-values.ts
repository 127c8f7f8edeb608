// protobufjs drops an enum value named `__proto__` without a word (Enum#add returns early, so
// that `values[name] = id` cannot replace the prototype of its map). The value is legal proto
// and a peer sends it by that name, so it is read back from the text here and put in place as an
// own property, in declaration order: the schema (proto-schema.ts) and the gRPC wire map
// (proto-wire.ts) then carry it like any other value.
import protobuf from 'protobufjs';
import type { Enum, Namespace } from 'protobufjs';
import { blockAfter, findDeclaration, type ProtoText } from './proto-locate.js';
import { definitionNameOf } from './proto-names.js';

const DROPPED = '__proto__';

export function restoreDroppedEnumValues(root: protobuf.Root, proto: ProtoText, pkg: string | undefined): void {
  if (!proto.code.includes(DROPPED)) return; // the common case: nothing to look for
  const walk = (ns: Namespace): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Enum) restore(child, proto, pkg);
      if (child instanceof protobuf.Namespace) walk(child);
    }
  };
  walk(root);
}

function restore(e: Enum, proto: ProtoText, pkg: string | undefined): void {
  const at = findDeclaration(proto, 'enum', definitionNameOf(e, pkg));
  const block = at === undefined ? undefined : blockAfter(proto.code, at);
  if (!block) return;
  // Every `NAME = number` of the block, in order: protobufjs's names, and the one it dropped.
  const declared: [string, number][] = [];
  const value = /(?<![\w.])([A-Za-z_]\w*)\s*=\s*(-?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)(?![\w.])/g;
  value.lastIndex = block[0];
  for (let m = value.exec(proto.code); m && m.index < block[1]; m = value.exec(proto.code)) {
    const [, name, minus, digits] = m;
    const number = (minus ? -1 : 1) * (/^0[0-7]+$/.test(digits) ? parseInt(digits, 8) : Number(digits));
    if (name === DROPPED) declared.push([name, number]);
    else if (Object.hasOwn(e.values, name)) declared.push([name, e.values[name]]);
  }
  if (!declared.some(([name]) => name === DROPPED)) return;
  const known = Object.keys(e.values);
  // Re-made in declaration order (own keys keep the order they were defined in) when the text
  // gave every value protobufjs has; else the dropped one goes last rather than any being lost.
  if (known.every((name) => declared.some(([d]) => d === name))) for (const name of known) delete e.values[name];
  else declared.splice(0, declared.length, ...declared.filter(([name]) => name === DROPPED));
  for (const [name, number] of declared) {
    Object.defineProperty(e.values, name, { value: number, enumerable: true, writable: true, configurable: true });
    e.valuesById[number] ??= name;
  }
}
