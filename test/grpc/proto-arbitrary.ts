// fast-check arbitraries for the ProtoJSON form of any message of a wire schema: every field
// kind, at most one member of each oneof, maps keyed as JSON writes them, the well-known types
// in their JSON forms. Nesting is bounded by depth so recursive messages stay finite.
import fc from 'fast-check';
import type { ScalarType, WireField, WireSchema } from '../../templates/a2a/grpc/wire-schema.js';

type Json = unknown;
const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const nonFiniteAsText = (n: number): number | string => (Number.isFinite(n) ? n : String(n));
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
// ProtoJSON's Timestamp range: 0001-01-01 to 9999-12-31.
const TS_MIN = -62135596800;
const TS_MAX = 253402300799;

export function scalarArbitrary(t: ScalarType): fc.Arbitrary<Json> {
  switch (t) {
    // ProtoJSON writes the infinities and NaN as strings.
    case 'double':
      return fc.double().map(nonFiniteAsText);
    case 'float':
      return fc.float().map(nonFiniteAsText);
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return fc.integer();
    case 'uint32':
    case 'fixed32':
      return fc.integer({ min: 0, max: 2 ** 32 - 1 });
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map(String);
    case 'uint64':
    case 'fixed64':
      return fc.bigInt({ min: 0n, max: UINT64_MAX }).map(String);
    case 'bool':
      return fc.boolean();
    case 'string':
      return fc.string({ unit: 'grapheme', maxLength: 12 });
    case 'bytes':
      return fc.uint8Array({ maxLength: 12 }).map(base64);
  }
}

/** A JSON value as google.protobuf.Value holds one: numbers are finite doubles. */
const jsonValue: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as Json);

function mapKeyArbitrary(t: ScalarType): fc.Arbitrary<string> {
  if (t === 'string') return fc.string({ maxLength: 6 });
  if (t === 'bool') return fc.constantFrom('true', 'false');
  return scalarArbitrary(t).map(String);
}

const WELL_KNOWN: Record<string, fc.Arbitrary<Json>> = {
  'google.protobuf.Struct': fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 4 }),
  'google.protobuf.Value': jsonValue,
  'google.protobuf.ListValue': fc.array(jsonValue, { maxLength: 4 }),
  'google.protobuf.Timestamp': fc
    .tuple(fc.integer({ min: TS_MIN, max: TS_MAX }), fc.integer({ min: 0, max: 999_999_999 }))
    .map(([s, n]) => `${new Date(s * 1000).toISOString().slice(0, 19)}.${String(n).padStart(9, '0')}Z`),
  'google.protobuf.Duration': fc
    .tuple(fc.integer({ min: -315_576_000_000, max: 315_576_000_000 }), fc.integer({ min: 0, max: 999_999_999 }))
    .map(([s, n]) => `${s < 0 ? '-' : ''}${Math.abs(s)}.${String(n).padStart(9, '0')}s`),
  'google.protobuf.Empty': fc.constant({}),
  'google.protobuf.FieldMask': fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,4}(?:[A-Z][a-z0-9]{1,3})?$/), { maxLength: 3 }).map((p) => p.join(',')),
  'google.protobuf.DoubleValue': scalarArbitrary('double'),
  'google.protobuf.FloatValue': scalarArbitrary('float'),
  'google.protobuf.Int64Value': scalarArbitrary('int64'),
  'google.protobuf.UInt64Value': scalarArbitrary('uint64'),
  'google.protobuf.Int32Value': scalarArbitrary('int32'),
  'google.protobuf.UInt32Value': scalarArbitrary('uint32'),
  'google.protobuf.BoolValue': scalarArbitrary('bool'),
  'google.protobuf.StringValue': scalarArbitrary('string'),
  'google.protobuf.BytesValue': scalarArbitrary('bytes'),
};

export class ProtoArbitraries {
  constructor(
    private readonly schema: WireSchema,
    /** The message an Any holds in generated values. */
    private readonly anyHolds?: string,
  ) {}

  message(type: string, depth = 3): fc.Arbitrary<Record<string, Json>> {
    const fields = this.schema.messages[type];
    if (!fields) throw new Error(`no message ${type}`);
    const single = fields.filter((f) => !f.o);
    const groups = [...new Set(fields.flatMap((f) => (f.o ? [f.o] : [])))].map((g) => fields.filter((f) => f.o === g));
    const plain = fc.record(Object.fromEntries(single.map((f) => [f.j, this.field(f, depth)])), { requiredKeys: [] });
    const choices = groups.map((members) => fc.option(fc.oneof(...members.map((m) => this.value(m.t, depth).map((v) => ({ [m.j]: v })))), { nil: {} }));
    return fc.tuple(plain, ...choices).map(([p, ...cs]) => Object.assign({}, p, ...cs) as Record<string, Json>);
  }

  private field(f: WireField, depth: number): fc.Arbitrary<Json> {
    if (f.k) return fc.dictionary(mapKeyArbitrary(f.k), this.value(f.t, depth), { maxKeys: depth > 0 ? 3 : 0 });
    if (f.r) return fc.array(this.value(f.t, depth), { maxLength: depth > 0 ? 3 : 0 });
    return this.value(f.t, depth);
  }

  private value(t: string, depth: number): fc.Arbitrary<Json> {
    if (Object.hasOwn(WELL_KNOWN, t)) return WELL_KNOWN[t];
    if (t === 'google.protobuf.Any') {
      if (!this.anyHolds) return fc.constant({ '@type': 'type.googleapis.com/google.protobuf.Empty', value: {} });
      const url = `type.googleapis.com/${this.anyHolds}`;
      return this.message(this.anyHolds, 0).map((m) => ({ '@type': url, ...m }));
    }
    const values = this.schema.enums[t];
    if (values) return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...Object.keys(values)) }, { weight: 1, arbitrary: fc.integer({ min: 50, max: 99 }) });
    if (this.schema.messages[t]) return depth > 0 ? fc.constant(null).chain(() => this.message(t, depth - 1)) : fc.constant({});
    return scalarArbitrary(t as ScalarType);
  }
}
