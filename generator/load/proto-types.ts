// How a proto scalar or well-known type looks in ProtoJSON, as a JSON Schema. One table, so
// the mapping can be read (and argued with) in one place.
// @see https://protobuf.dev/programming-guides/json/ (the "JSON mapping" table; spec §5.5, §5.6, ADR-001)
import type { JsonSchema } from '../json-schema.js';

const INT32 = { type: 'integer', minimum: -2147483648, maximum: 2147483647 } as const;
const UINT32 = { type: 'integer', minimum: 0, maximum: 4294967295 } as const;
// 64-bit integers are decimal strings: a JSON number loses precision past 2^53. (Parsers
// also accept a number; what is sent is a string.)
const INT64 = { type: 'string', pattern: '^-?[0-9]+$' } as const;
const UINT64 = { type: 'string', pattern: '^[0-9]+$' } as const;

const SCALARS: Record<string, JsonSchema> = {
  double: { type: 'number' },
  float: { type: 'number' },
  int32: INT32,
  sint32: INT32,
  sfixed32: INT32,
  uint32: UINT32,
  fixed32: UINT32,
  int64: INT64,
  sint64: INT64,
  sfixed64: INT64,
  uint64: UINT64,
  fixed64: UINT64,
  bool: { type: 'boolean' },
  string: { type: 'string' },
  bytes: { type: 'string', contentEncoding: 'base64' },
};

/** The google.protobuf types with a JSON form of their own, by full name. */
const WELL_KNOWN: Record<string, JsonSchema> = {
  // RFC 3339, "Z"-normalized on output (spec §5.6.1).
  'google.protobuf.Timestamp': { type: 'string', format: 'date-time' },
  'google.protobuf.Duration': { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]{1,9})?s$' },
  'google.protobuf.FieldMask': { type: 'string' },
  // Struct is a JSON object, Value any JSON value, ListValue an array of them.
  'google.protobuf.Struct': { type: 'object', additionalProperties: {} },
  'google.protobuf.Value': {},
  'google.protobuf.ListValue': { type: 'array', items: {} },
  'google.protobuf.NullValue': { type: 'null' },
  'google.protobuf.Empty': { type: 'object' },
  'google.protobuf.Any': { type: 'object', properties: { '@type': { type: 'string' } }, required: ['@type'] },
  // Wrappers are their wrapped value (null meaning unset is allowed by ProtoJSON parsers, not sent).
  'google.protobuf.DoubleValue': SCALARS.double,
  'google.protobuf.FloatValue': SCALARS.float,
  'google.protobuf.Int64Value': INT64,
  'google.protobuf.UInt64Value': UINT64,
  'google.protobuf.Int32Value': INT32,
  'google.protobuf.UInt32Value': UINT32,
  'google.protobuf.BoolValue': SCALARS.bool,
  'google.protobuf.StringValue': SCALARS.string,
  'google.protobuf.BytesValue': SCALARS.bytes,
};

/** The schema of a scalar type (`int64`), or undefined when the name is not a scalar. */
export function scalarSchema(type: string): JsonSchema | undefined {
  return Object.hasOwn(SCALARS, type) ? structuredClone(SCALARS[type]) : undefined;
}

/** The schema of a well-known type, by the name a field wrote (`google.protobuf.Struct`, `.google.protobuf.Struct`). */
export function wellKnownSchema(type: string): JsonSchema | undefined {
  const full = type.replace(/^\./, '');
  return Object.hasOwn(WELL_KNOWN, full) ? structuredClone(WELL_KNOWN[full]) : undefined;
}

/** The well-known type's full name, when `type` names one. */
export function wellKnownName(type: string): string | undefined {
  const full = type.replace(/^\./, '');
  return Object.hasOwn(WELL_KNOWN, full) ? full : undefined;
}

/** What a map key is in JSON: always a string, spelled as the key type would be. */
export function mapKeySchema(keyType: string): JsonSchema | undefined {
  if (keyType === 'string') return undefined;
  if (keyType === 'bool') return { enum: ['true', 'false'] };
  return { pattern: keyType.startsWith('u') || keyType.startsWith('fixed') ? '^[0-9]+$' : '^-?[0-9]+$' };
}
