// A proto message or enum as the JSON Schema of its ProtoJSON form (draft-07 style, the way
// a2a.json writes definitions), so the model can read a proto and a JSON Schema alike.
// @see https://protobuf.dev/programming-guides/json/ ; spec §5.5 (names, enums), §5.7 (REQUIRED)
import protobuf from 'protobufjs';
import type { Enum, Field, Type } from 'protobufjs';
import { InputError } from '../diagnostics.js';
import type { JsonSchema } from '../json-schema.js';
import { findDeclaration, findMember, locate, type ProtoText } from './proto-locate.js';
import { definitionNameOf, descriptionOf, jsonName, reservedJsonName } from './proto-names.js';
import { mapKeySchema, scalarSchema, wellKnownSchema } from './proto-types.js';

/** A `oneof`: at most one member is set, exactly one when the group is required. */
export interface OneofGroup {
  /** The proto name of the group (`content`); it has no JSON name of its own. */
  name: string;
  /** Its members' JSON names, in declaration order. */
  members: string[];
  /** True when a member carries `(google.api.field_behavior) = REQUIRED`: one member must be set. */
  required: boolean;
  description?: string;
}

export interface MessageShape {
  schema: JsonSchema;
  oneofs: OneofGroup[];
  /** The proto name of each field whose JSON name differs (`contextId` → `context_id`): ProtoJSON parsers accept both (§5.5). */
  protoNames: Record<string, string>;
}

export interface SchemaContext {
  proto: ProtoText;
  package: string | undefined;
}

export function messageSchema(type: Type, ctx: SchemaContext): MessageShape {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const oneofs = realOneofs(type).map((o) => ({ name: o.name, members: [] as string[], required: false, description: descriptionOf(o.comment) }));
  const groupOf = new Map(realOneofs(type).flatMap((o, i) => o.oneof.map((member) => [member, oneofs[i]] as const)));
  const protoNames: Record<string, string> = {};
  for (const field of type.fieldsArray) {
    const name = jsonName(field);
    if (name !== field.name) protoNames[name] = field.name;
    const reserved = reservedJsonName(name);
    if (reserved) throw located(ctx, type, field, reserved);
    if (Object.hasOwn(properties, name))
      throw located(ctx, type, field, `two fields of message ${definitionNameOf(type, ctx.package)} have the JSON name "${name}"`);
    const schema = fieldSchema(field, ctx);
    const description = descriptionOf(field.comment);
    properties[name] = description ? { description, ...schema } : schema;
    if (field.options?.deprecated === true) properties[name].deprecated = true;
    const group = groupOf.get(field.name);
    if (group) {
      group.members.push(name);
      if (isRequired(field)) group.required = true;
    } else if (isRequired(field)) required.push(name);
  }
  const description = descriptionOf(type.comment);
  const schema: JsonSchema = { ...(description ? { description } : {}), type: 'object', properties };
  if (required.length) schema.required = required;
  // One group is the message's own `oneOf`; several (no A2A message has two) each get one under `allOf`.
  const exclusions = oneofs.map(oneofSchema);
  if (exclusions.length === 1) Object.assign(schema, exclusions[0]);
  else if (exclusions.length > 1) schema.allOf = exclusions;
  return { schema, oneofs: oneofs.map(({ description: d, ...rest }) => (d ? { ...rest, description: d } : rest)), protoNames };
}

export function enumSchema(e: Enum): JsonSchema {
  const names = Object.keys(e.values);
  // `comments` is a plain object: `__proto__` (proto-enum-values.ts) must not read its prototype.
  const comment = (n: string): string | undefined => (Object.hasOwn(e.comments, n) ? descriptionOf(e.comments[n]) : undefined);
  // ProtoJSON writes an enum as its value's name (spec §5.5); what each value means goes in
  // the description, since a JSON Schema enum has no place for it.
  const meanings = names.filter((n) => comment(n)).map((n) => `- \`${n}\`: ${comment(n)!.replace(/\s*\n\s*/g, ' ')}`);
  const text = [descriptionOf(e.comment), meanings.join('\n')].filter(Boolean).join('\n\n');
  return { ...(text ? { description: text } : {}), type: 'string', enum: names };
}

/**
 * A oneof as the alternatives of a `oneOf`, one `{ required: [member] }` each. A required
 * group stops there (exactly one member); an optional one adds "none of them", so at most one
 * member is set — one branch per member instead of a `not` per pair, and the same shape either way.
 */
export function oneofSchema(group: Pick<OneofGroup, 'members' | 'required'>): JsonSchema {
  const each = group.members.map((m) => ({ required: [m] }));
  return { oneOf: group.required ? each : [...each, { not: { anyOf: structuredClone(each) } }] };
}

/** The oneofs written as such; proto3 `optional` makes a synthetic one per field, which is presence, not a choice. */
function realOneofs(type: Type): protobuf.OneOf[] {
  return type.oneofsArray.filter((o) => !o.oneof.every((n) => type.fields[n]?.options?.proto3_optional === true));
}

/** REQUIRED by `field_behavior` (what A2A writes), by proto2's `required`, or by editions' LEGACY_REQUIRED presence. */
export function isRequired(field: Field): boolean {
  if (field.rule === 'required') return true;
  const features = (field.options as { features?: { field_presence?: unknown } } | undefined)?.features;
  if (features?.field_presence === 'LEGACY_REQUIRED') return true;
  return (field.parsedOptions ?? []).some((o: Record<string, unknown>) => {
    const v = o['(google.api.field_behavior)'];
    return v === 'REQUIRED' || (Array.isArray(v) && v.includes('REQUIRED'));
  });
}

function fieldSchema(field: Field, ctx: SchemaContext): JsonSchema {
  const value = typeSchema(field, ctx);
  if (field instanceof protobuf.MapField) {
    const keys = mapKeySchema(field.keyType);
    return { type: 'object', ...(keys ? { propertyNames: keys } : {}), additionalProperties: value };
  }
  return field.repeated ? { type: 'array', items: value } : value;
}

/** A field's value type: a scalar, a well-known type, or a `$ref` to a message or enum of this file. */
function typeSchema(field: Field, ctx: SchemaContext): JsonSchema {
  const scalar = scalarSchema(field.type);
  if (scalar) return scalar;
  const wellKnown = wellKnownSchema(field.type);
  if (wellKnown) return wellKnown;
  const target = field.parent?.lookup(field.type, [protobuf.Type, protobuf.Enum]);
  // Names are proto identifiers joined by dots: nothing in them needs escaping in a pointer.
  if (target) return { $ref: `#/definitions/${definitionNameOf(target, ctx.package)}` };
  const owner = field.parent as Type;
  throw located(
    ctx,
    owner,
    field,
    `field "${field.name}" has type "${field.type}", which this file does not declare and is not a google.protobuf well-known type (imports are not read)`,
  );
}

function located(ctx: SchemaContext, type: Type, field: Field, message: string): InputError {
  const decl = findDeclaration(ctx.proto, 'message', definitionNameOf(type, ctx.package));
  return new InputError(message, locate(ctx.proto, findMember(ctx.proto, decl, field.name)), `${definitionNameOf(type, ctx.package)}.${field.name}`);
}
