// The google.protobuf types whose ProtoJSON form is not their fields (protobuf.dev/programming-
// guides/json): named once for both directions of the codec. The wrappers are their one value;
// a FieldMask is its paths in lowerCamelCase joined by commas.
import type { ScalarType } from './wire-schema.js';

export const STRUCT = 'google.protobuf.Struct';
export const VALUE = 'google.protobuf.Value';
export const LIST_VALUE = 'google.protobuf.ListValue';
export const TIMESTAMP = 'google.protobuf.Timestamp';
export const DURATION = 'google.protobuf.Duration';
export const EMPTY = 'google.protobuf.Empty';
export const ANY = 'google.protobuf.Any';
export const FIELD_MASK = 'google.protobuf.FieldMask';

/** Each wrapper type's one field (number 1, `value`). */
export const WRAPPERS: { readonly [type: string]: ScalarType } = {
  'google.protobuf.DoubleValue': 'double',
  'google.protobuf.FloatValue': 'float',
  'google.protobuf.Int64Value': 'int64',
  'google.protobuf.UInt64Value': 'uint64',
  'google.protobuf.Int32Value': 'int32',
  'google.protobuf.UInt32Value': 'uint32',
  'google.protobuf.BoolValue': 'bool',
  'google.protobuf.StringValue': 'string',
  'google.protobuf.BytesValue': 'bytes',
};

/** `"user.displayName,photo"` → `["user.display_name", "photo"]`. */
export const maskPaths = (text: string): string[] => (text === '' ? [] : text.split(',').map((path) => path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)));

/** `["user.display_name", "photo"]` → `"user.displayName,photo"`. */
export const maskText = (paths: readonly string[]): string => paths.map((path) => path.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())).join(',');
