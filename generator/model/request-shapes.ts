// What a request's params may hold, read off the schema for the runtime's request reader
// (templates/a2a/server/request-fields.ts): from each method's params definition, every object
// its fields lead to — their fields by JSON name, which of them hold objects to read further,
// and, for a ProtoJSON spec, each field's proto name. The reader drops what a shape does not
// know (spec v1.0 §5.7) and reads proto names as JSON names (ADR-001).
import { definitionName, followRefs, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { RequestShape } from '../../templates/a2a/runtime/protocol-types.js';

type Shapes = Record<string, RequestShape>;
type Fields = Record<string, string | 0>;

/**
 * The shapes reachable from `roots` (params definitions), by name: a definition's own, or for an
 * object written inline in a field, `Owner.field`. `fieldNames`: by definition, each field's
 * proto name where it differs from its JSON name (a ProtoJSON spec; none before v1.0).
 */
export function deriveRequestShapes(
  definitions: Readonly<Record<string, JsonSchema>>,
  roots: readonly string[],
  fieldNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): Shapes {
  const shapes: Shapes = {};

  /** The shape name of a definition, built on first use; undefined when its values are read as they are. */
  const named = (name: string): string | undefined => {
    if (Object.hasOwn(shapes, name)) return name;
    const def = definitions[name];
    if (!isObjectLike(def)) return undefined;
    // Registered before its fields are read: a message may hold itself (directly or not).
    shapes[name] = { fields: {} };
    shapes[name] = shapeOf(def, name, fieldNames[name]);
    return name;
  };

  /** What a field's value is: a shape to read further, or 0. Lists of objects read each item. */
  const valueOf = (schema: JsonSchema | undefined, inlineName: string): string | 0 => {
    if (!isPlainObject(schema)) return 0;
    if (typeof schema.$ref === 'string') {
      const target = definitionName(schema.$ref);
      return (target !== undefined && Object.hasOwn(definitions, target) && named(target)) || 0;
    }
    if (schema.type === 'array' && isPlainObject(schema.items)) return valueOf(schema.items, inlineName);
    if (!isObjectLike(schema)) return 0;
    if (!Object.hasOwn(shapes, inlineName)) {
      shapes[inlineName] = { fields: {} };
      shapes[inlineName] = shapeOf(schema, inlineName, undefined);
    }
    return inlineName;
  };

  const shapeOf = (schema: JsonSchema, name: string, protoNames: Readonly<Record<string, string>> | undefined): RequestShape => {
    const branches = unionBranches(schema);
    if (branches) return unionShape(branches, name);
    const fields: Fields = {};
    let open = false;
    for (const part of [schema, ...(schema.allOf ?? []).map(resolve)]) {
      if (!isPlainObject(part)) continue;
      for (const [field, sub] of Object.entries(part.properties ?? {})) fields[field] = valueOf(sub, `${name}.${field}`);
      if (part.additionalProperties !== undefined && part.additionalProperties !== false) open = true;
    }
    const aliases = Object.entries(protoNames ?? {}).filter(([json, proto]) => Object.hasOwn(fields, json) && proto !== json);
    return {
      fields,
      ...(aliases.length ? { protoNames: Object.fromEntries(aliases.map(([json, proto]) => [proto, json])) } : {}),
      ...(open ? { open: true as const } : {}),
    };
  };

  /** A union: told apart by a field every branch fixes (`kind`), else one shape knowing every branch's fields. */
  const unionShape = (branches: JsonSchema[], name: string): RequestShape => {
    const resolved = branches.map(resolve);
    const discriminator = discriminatorOf(resolved);
    if (discriminator) {
      const out: Record<string, string> = {};
      branches.forEach((branch, i) => {
        const shape = valueOf(branch, `${name}.${i}`);
        if (shape !== 0) out[String(resolved[i]!.properties![discriminator].const)] = shape;
      });
      return { fields: {}, union: { discriminator, branches: out } };
    }
    const fields: Fields = {};
    let open = false;
    resolved.forEach((branch, i) => {
      const shape = valueOf(branches[i], `${name}.${i}`);
      if (shape === 0 || !isPlainObject(branch)) return;
      const of = shapes[shape];
      if (of.open) open = true;
      // A field two branches read differently is read as it is.
      for (const [field, value] of Object.entries(of.fields)) fields[field] = Object.hasOwn(fields, field) && fields[field] !== value ? 0 : value;
    });
    return { fields, ...(open ? { open: true as const } : {}) };
  };

  const resolve = (schema: JsonSchema): JsonSchema | undefined => followRefs(definitions, schema);

  /** Whether a schema describes objects with fields of their own, or a union of such. */
  const isObjectLike = (schema: JsonSchema | undefined): schema is JsonSchema => {
    if (!isPlainObject(schema)) return false;
    if (unionBranches(schema)) return true;
    return [schema, ...(schema.allOf ?? []).map(resolve)].some((s) => isPlainObject(s) && isPlainObject(s.properties) && Object.keys(s.properties).length > 0);
  };

  for (const root of roots) named(root);
  return Object.fromEntries(Object.entries(shapes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The alternatives of a schema that is only a union of objects (`anyOf`/`oneOf` without fields of its own). */
function unionBranches(schema: JsonSchema): JsonSchema[] | undefined {
  if (isPlainObject(schema.properties)) return undefined;
  const branches = schema.anyOf ?? schema.oneOf;
  return Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((b) => isPlainObject(b) && (typeof b.$ref === 'string' || isPlainObject(b.properties)))
    ? branches
    : undefined;
}

/** A field every branch fixes to a different string (`kind: "text"`, `kind: "file"`, …). */
function discriminatorOf(branches: (JsonSchema | undefined)[]): string | undefined {
  const first = branches[0];
  if (!isPlainObject(first?.properties)) return undefined;
  return Object.keys(first.properties).find((field) => {
    const values = branches.map((b) => (isPlainObject(b?.properties) ? b.properties[field]?.const : undefined));
    return values.every((v) => typeof v === 'string') && new Set(values).size === values.length;
  });
}
