// A field of a proto-made a2a.json, as bufbuild's protoc-gen-jsonschema writes it, turned into the
// schema proto-schema.ts writes for the same field: what ProtoJSON *sends* rather than everything a
// ProtoJSON parser accepts. bufbuild allows numbers as strings, enums as numbers and 64-bit integers
// as JSON numbers (`anyOf` of each), and writes proto3's implicit defaults; a2a-gen's model has one
// shape per value, like the proto path.
// @see bufbuild/protoschema-plugins internal/protoschema/jsonschema/jsonschema.go (generateFieldValidation)
// @see proto-types.ts (the same mapping from the proto side)
import { isPlainObject, type JsonSchema } from '../json-schema.js';
import { titleOf } from './proto-json-names.js';
import { mapKeySchema, scalarSchema } from './proto-types.js';

export interface FieldContext {
  /** The schema a `$ref` becomes: a `#/definitions/Name` reference or a well-known type inline. */
  ref(ref: string, path: readonly string[]): JsonSchema;
  /** Records the values of an enum met inline (bufbuild writes no enum definitions); its definition name. */
  enumNamed(title: string, values: string[], path: readonly string[]): string;
  fail(message: string, path: readonly string[]): never;
}

/** bufbuild's pattern for `bytes`: base64 text. */
const BASE64 = '^[A-Za-z0-9+/]*={0,2}$';
/** Past 2^53 a JSON number loses integers: bufbuild leaves 64-bit integers unbounded. */
const SAFE = 2 ** 53;
/** What bufbuild writes that says nothing the model keeps: implicit defaults, per-file ids. */
const NOISE = ['default', '$schema', '$id', '$comment'];

/** A field's schema, its comment as the description (a two-paragraph comment's first paragraph is bufbuild's `title`). */
export function fieldSchema(raw: unknown, path: readonly string[], ctx: FieldContext): JsonSchema {
  if (!isPlainObject(raw)) return ctx.fail('a property schema must be a JSON object', path);
  const value = valueSchema(raw as JsonSchema, path, ctx);
  // An enum field's `title` is the enum's name, not a comment.
  const title = value.$ref !== undefined && isEnum(raw as JsonSchema) ? undefined : raw.title;
  const description = joinDescription(title, raw.description);
  return description ? { description, ...value } : value;
}

/** The text of a comment as bufbuild split it (`title` + `description`), lines trimmed like protobufjs's. */
export function joinDescription(title: unknown, description: unknown): string | undefined {
  const parts = [title, description].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (!parts.length) return undefined;
  return parts
    .join('\n\n')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

function valueSchema(s: JsonSchema, path: readonly string[], ctx: FieldContext): JsonSchema {
  if (typeof s.$ref === 'string') return ctx.ref(s.$ref, [...path, '$ref']);
  if (isEnum(s)) return { $ref: `#/definitions/${ctx.enumNamed(s.title as string, enumValues(s), path)}` };
  if (s.type === 'array' && isPlainObject(s.items)) {
    const bounds = pick(s, ['minItems', 'maxItems']);
    return { type: 'array', items: valueSchema(s.items, [...path, 'items'], ctx), ...bounds };
  }
  if (s.type === 'object' && (isPlainObject(s.additionalProperties) || isPlainObject(s.propertyNames))) {
    const keys = isPlainObject(s.propertyNames) ? mapKeys(s.propertyNames) : undefined;
    const values = isPlainObject(s.additionalProperties) ? valueSchema(s.additionalProperties, [...path, 'additionalProperties'], ctx) : {};
    return { type: 'object', ...(keys ? { propertyNames: keys } : {}), additionalProperties: values };
  }
  const branches = Array.isArray(s.anyOf) ? s.anyOf.filter(isPlainObject) : [s];
  const integer = branches.find((b) => b.type === 'integer');
  if (integer) return integerSchema(integer, branches);
  const number = branches.find((b) => b.type === 'number');
  if (number) return { type: 'number', ...pick(number, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'], (v) => Math.abs(v) < 3.4e38) };
  if (s.type === 'string' && s.pattern === BASE64) return scalarSchema('bytes')!;
  return passThrough(s, path, ctx, ['title', 'description']);
}

/**
 * An enum field: a `title` (the enum's name in words) over an `anyOf` of its value names as strings
 * and integer ranges; in strict mode the names alone, which a string field with protovalidate's
 * `in` and a two-paragraph comment would look like but for its title being no name in words.
 */
function isEnum(s: JsonSchema): boolean {
  if (typeof s.title !== 'string') return false;
  const named = (b: unknown): boolean => isPlainObject(b) && b.type === 'string' && (Array.isArray(b.enum) || enumPatternName(b as JsonSchema) !== undefined);
  if (Array.isArray(s.anyOf)) return s.anyOf.some(named) && s.anyOf.some((b) => isPlainObject(b) && b.type === 'integer');
  const compact = s.title.replace(/ /g, '');
  return named(s) && /^[A-Za-z_]\w*$/.test(compact) && titleOf(compact) === s.title;
}

/**
 * The value names in declaration order. An enum field without presence has its zero value as a
 * pattern of its own (bufbuild: so editors do not offer it), ahead of the others.
 */
function enumValues(s: JsonSchema): string[] {
  const out: string[] = [];
  for (const b of Array.isArray(s.anyOf) ? s.anyOf : [s]) {
    if (!isPlainObject(b) || b.type !== 'string') continue;
    const single = enumPatternName(b);
    if (single) out.push(single);
    for (const v of Array.isArray(b.enum) ? b.enum : []) if (typeof v === 'string') out.push(v);
  }
  return [...new Set(out)];
}

const enumPatternName = (b: JsonSchema): string | undefined => (typeof b.pattern === 'string' ? /^\^([A-Za-z_]\w*)\$$/.exec(b.pattern)?.[1] : undefined);

/** 32-bit integers keep their range; 64-bit ones (unbounded past 2^53) are sent as decimal strings. */
function integerSchema(integer: JsonSchema, branches: JsonSchema[]): JsonSchema {
  const max = typeof integer.maximum === 'number' ? integer.maximum : typeof integer.exclusiveMaximum === 'number' ? integer.exclusiveMaximum : undefined;
  if (max !== undefined && max <= SAFE) return { type: 'integer', ...pick(integer, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) };
  const unsigned = integer.minimum === 0 || branches.some((b) => b.type === 'string' && b.pattern === '^[0-9]+$');
  return scalarSchema(unsigned ? 'uint64' : 'int64')!;
}

/** A map's keys: always strings in JSON, spelled as their proto type (proto-types.ts's form). */
function mapKeys(keys: JsonSchema): JsonSchema | undefined {
  if (keys.type === 'boolean') return mapKeySchema('bool');
  const integer = (Array.isArray(keys.anyOf) ? keys.anyOf : [keys]).find((b) => isPlainObject(b) && b.type === 'integer');
  if (!integer) return undefined;
  return mapKeySchema(integer.minimum === 0 ? 'uint64' : 'int64');
}

/**
 * A scalar or a shape this module does not know: kept as written, less bufbuild's defaults, with
 * references resolved. (The field's own title and description are fieldSchema's.)
 */
function passThrough(s: JsonSchema, path: readonly string[], ctx: FieldContext, skip: readonly string[] = []): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(s)) {
    if (NOISE.includes(key) || skip.includes(key)) continue;
    if (key === '__proto__') return ctx.fail('the key "__proto__" cannot be used: JavaScript objects reserve it', path);
    out[key] = nested(value, [...path, key], ctx);
  }
  return out;
}

/** Inside a shape passed through: every `$ref` resolved, defaults dropped. */
function nested(value: unknown, path: readonly string[], ctx: FieldContext): unknown {
  if (Array.isArray(value)) return value.map((v, i) => nested(v, [...path, String(i)], ctx));
  if (!isPlainObject(value)) return value;
  if (typeof value.$ref === 'string') return { ...ctx.ref(value.$ref, [...path, '$ref']) };
  return passThrough(value as JsonSchema, path, ctx);
}

function pick(s: JsonSchema, keys: string[], keep: (v: number) => boolean = () => true): JsonSchema {
  const out: JsonSchema = {};
  for (const k of keys) if (typeof s[k] === 'number' && keep(s[k] as number)) out[k] = s[k];
  return out;
}
