// A proto's messages and enums as the gRPC codec reads them (grpc/wire-schema.ts): each
// field's number, JSON name, type (resolved to a full name), and whether it is repeated, a map
// or has presence. The codec needs nothing else to turn binary messages into the ProtoJSON
// objects the rest of the runtime speaks, so no protobuf runtime is needed at run time.
// @see https://protobuf.dev/programming-guides/encoding/ ; spec §10 (gRPC binding)
import protobuf from 'protobufjs';
import type { Enum, Field, Namespace, Type } from 'protobufjs';
import type { ScalarType, WireField, WireSchema } from '../../templates/a2a/grpc/wire-schema.js';
import { jsonName } from './proto-names.js';
import { isRequired } from './proto-schema.js';
import { scalarSchema, wellKnownName } from './proto-types.js';

/** The wire schema of every message and enum declared in a parsed proto, by full name. */
export function wireSchemaOf(root: protobuf.Root): WireSchema {
  const messages: Record<string, WireField[]> = {};
  const enums: Record<string, Record<string, number>> = {};
  const walk = (ns: Namespace): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Type) messages[fullNameOf(child)] = fieldsOf(child);
      else if (child instanceof protobuf.Enum) enums[fullNameOf(child)] = { ...child.values };
      if (child instanceof protobuf.Namespace) walk(child);
    }
  };
  walk(root);
  return { messages, enums };
}

/** `.lf.a2a.v1.Part` → `lf.a2a.v1.Part`: the name a gRPC path and an Any's type URL use. */
export const fullNameOf = (object: Type | Enum | protobuf.Service): string => object.fullName.replace(/^\./, '');

function fieldsOf(type: Type): WireField[] {
  // Field-number order: how protoc's own encoders write, so our bytes match theirs.
  return [...type.fieldsArray].sort((a, b) => a.id - b.id).map((field) => wireField(type, field));
}

function wireField(type: Type, field: Field): WireField {
  const t = typeNameOf(field);
  const out: { -readonly [K in keyof WireField]: WireField[K] } = { n: field.id, j: jsonName(field), t };
  if (field instanceof protobuf.MapField) out.k = field.keyType as ScalarType;
  else if (field.repeated) out.r = true;
  // REQUIRED (field_behavior): a reader that must see the field gets its default when the wire left it out.
  if (isRequired(field) && !field.partOf) out.q = true;
  // A oneof member (a real one or proto3 `optional`'s synthetic one) is written even when it
  // holds its type's default: that it is set is information.
  if (field.partOf) {
    out.p = true;
    const group = field.partOf;
    if (!group.oneof.every((n) => type.fields[n]?.options?.proto3_optional === true)) out.o = group.name;
  }
  return out;
}

/** A scalar keeps its name; a message or enum is named in full; a well-known type by its full name. */
function typeNameOf(field: Field): string {
  if (scalarSchema(field.type)) return field.type;
  const wellKnown = wellKnownName(field.type);
  if (wellKnown) return wellKnown;
  const target = field.parent?.lookup(field.type, [protobuf.Type, protobuf.Enum]);
  // proto.ts has already refused a field whose type the file does not declare.
  if (!target) throw new Error(`unresolved proto type ${field.type}`);
  return fullNameOf(target as Type | Enum);
}
