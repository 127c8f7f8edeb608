// Writing: a ProtoJSON object → protobuf's binary form, by the wire schema (proto-codec.ts).
import type { ScalarType, WireField, WireSchema } from './wire-schema.js';
import { asObject, durationSeconds, isDefault, isScalar, ProtoEncodeError, timestampSeconds, wireTypeOf, writeScalar, writeSeconds } from './proto-scalars.js';
import { ProtoWriter, WireType } from './proto-wire.js';
import { ANY, DURATION, EMPTY, FIELD_MASK, LIST_VALUE, maskPaths, STRUCT, TIMESTAMP, VALUE, WRAPPERS } from './proto-well-known.js';

type Json = unknown;
/** Deeper nesting than this (a Value inside a Value …) is refused: decoding recurses. */
const MAX_DEPTH = 100;

const enum Kind {
  Scalar,
  Enum,
  Message,
}

/** A field with what writing it needs. */
interface Planned {
  field: WireField;
  kind: Kind;
  wire: WireType;
}

const SPECIAL = Symbol('a well-known type');
const SPECIAL_TYPES: ReadonlySet<string> = new Set([STRUCT, VALUE, LIST_VALUE, TIMESTAMP, DURATION, EMPTY, ANY, FIELD_MASK]);

export class ProtoEncoder {
  private readonly plans = new Map<string, Planned[] | typeof SPECIAL>();
  /** Plans of fields written on their own: a repeated field's items, a map's values. */
  private readonly fieldPlans = new Map<WireField, Planned>();
  /** The value field of each map field's entries (number 2). */
  private readonly mapValues = new Map<WireField, WireField>();
  /** Encoding is synchronous and never nested: one writer's buffer serves every message (what is returned is a copy). */
  private readonly writer = new ProtoWriter();

  constructor(private readonly schema: WireSchema) {}

  encode(type: string, value: Record<string, Json>): Uint8Array {
    return this.written(type, value, false);
  }

  /** The message as one gRPC frame (its 5-byte prefix, then the message), written in one buffer. */
  encodeFramed(type: string, value: Record<string, Json>): Uint8Array {
    return this.written(type, value, true);
  }

  /** One writer serves every call: it is left empty when a value cannot be written. */
  private written(type: string, value: Record<string, Json>, framed: boolean): Uint8Array {
    const w = this.writer;
    w.reset();
    if (framed) w.startFramed();
    try {
      this.writeMessage(w, type, value, 0);
    } catch (err) {
      w.reset();
      throw err;
    }
    return framed ? w.framed() : w.finish();
  }

  private writeMessage(w: ProtoWriter, type: string, value: Json, depth: number): void {
    if (depth > MAX_DEPTH) throw new ProtoEncodeError(`${type} nests deeper than ${MAX_DEPTH} levels`);
    const plan = this.plans.get(type) ?? this.planOf(type);
    if (plan === SPECIAL) return this.writeSpecial(w, type, value, depth);
    const obj = asObject(value, type);
    for (const planned of plan) {
      const field = planned.field;
      const v = obj[field.j];
      // null is "not set", but for a Value, where it is the JSON null (ProtoJSON).
      if (v === undefined || (v === null && field.t !== VALUE)) continue;
      if (field.k) this.writeMap(w, field, v, depth);
      else if (field.r) this.writeRepeated(w, field, v, depth);
      else this.writePlanned(w, planned, v, depth, field.p === true);
    }
  }

  /** A message's fields with what writing each needs, worked out once per type; SPECIAL for the well-known types written their own way. */
  private planOf(type: string): Planned[] | typeof SPECIAL {
    let plan: Planned[] | typeof SPECIAL;
    if (SPECIAL_TYPES.has(type) || Object.hasOwn(WRAPPERS, type)) plan = SPECIAL;
    else plan = this.fieldsOf(type).map((field) => this.plannedOf(field));
    this.plans.set(type, plan);
    return plan;
  }

  /** What writing one field needs: its kind and wire type, worked out once per field. */
  private plannedOf(field: WireField): Planned {
    let planned = this.fieldPlans.get(field);
    if (planned) return planned;
    if (isScalar(field.t)) planned = { field, kind: Kind.Scalar, wire: wireTypeOf(field.t) };
    else if (Object.hasOwn(this.schema.enums, field.t)) planned = { field, kind: Kind.Enum, wire: WireType.Varint };
    else planned = { field, kind: Kind.Message, wire: WireType.LengthDelimited };
    this.fieldPlans.set(field, planned);
    return planned;
  }

  private writePlanned(w: ProtoWriter, planned: Planned, v: Json, depth: number, present: boolean): void {
    const { field, kind } = planned;
    if (kind === Kind.Scalar) {
      const t = field.t as ScalarType;
      if (!present && isDefault(t, v)) return;
      w.tag(field.n, planned.wire);
      writeScalar(w, t, v, field.j);
    } else if (kind === Kind.Enum) {
      const n = this.enumNumber(field.t, v, field.j);
      if (!present && n === 0) return;
      w.tag(field.n, WireType.Varint);
      w.int32(n);
    } else {
      w.tag(field.n, WireType.LengthDelimited);
      const start = w.reserve();
      this.writeMessage(w, field.t, v, depth + 1);
      w.settle(start);
    }
  }

  /** The well-known types whose ProtoJSON form is not their fields. */
  private writeSpecial(w: ProtoWriter, type: string, value: Json, depth: number): void {
    switch (type) {
      case STRUCT:
        return this.writeStruct(w, value, depth);
      case VALUE:
        return this.writeValue(w, value, depth);
      case LIST_VALUE:
        return this.writeList(w, value, depth);
      case TIMESTAMP:
      case DURATION:
        return writeSeconds(w, type === TIMESTAMP ? timestampSeconds(value) : durationSeconds(value));
      case EMPTY:
        return;
      case ANY:
        return this.writeAny(w, value, depth);
      case FIELD_MASK:
        if (typeof value !== 'string') throw new ProtoEncodeError('a FieldMask is written as text');
        for (const path of maskPaths(value)) {
          w.tag(1, WireType.LengthDelimited);
          w.string(path);
        }
        return;
    }
    const wrapped = WRAPPERS[type];
    if (!isDefault(wrapped, value)) {
      w.tag(1, wireTypeOf(wrapped));
      writeScalar(w, wrapped, value, type);
    }
  }

  private writeRepeated(w: ProtoWriter, field: WireField, v: Json, depth: number): void {
    if (!Array.isArray(v)) throw new ProtoEncodeError(`${field.j}: expected a list`);
    if (v.length === 0) return;
    const t = field.t;
    const planned = this.plannedOf(field);
    const isEnum = planned.kind === Kind.Enum;
    // proto3 packs repeated numbers: one length-delimited field holds them all.
    if (isEnum || (planned.kind === Kind.Scalar && t !== 'string' && t !== 'bytes')) {
      w.tag(field.n, WireType.LengthDelimited);
      const start = w.reserve();
      for (const item of v) {
        if (isEnum) w.int32(this.enumNumber(t, item, field.j));
        else writeScalar(w, t as ScalarType, item, field.j);
      }
      w.settle(start);
      return;
    }
    for (const item of v) this.writePlanned(w, planned, item, depth, true);
  }

  private writeMap(w: ProtoWriter, field: WireField, v: Json, depth: number): void {
    const entries = Object.entries(asObject(v, field.j));
    for (const [key, value] of entries) {
      w.tag(field.n, WireType.LengthDelimited);
      const start = w.reserve();
      const keyType = field.k!;
      w.tag(1, wireTypeOf(keyType));
      writeScalar(w, keyType, keyType === 'bool' ? key === 'true' : keyType === 'string' ? key : key, field.j);
      this.writePlanned(w, this.plannedOf(this.mapValueOf(field)), value, depth, true);
      w.settle(start);
    }
  }

  private mapValueOf(field: WireField): WireField {
    let value = this.mapValues.get(field);
    if (!value) this.mapValues.set(field, (value = { n: 2, j: field.j, t: field.t }));
    return value;
  }

  private writeStruct(w: ProtoWriter, v: Json, depth: number): void {
    for (const [key, value] of Object.entries(asObject(v, STRUCT))) {
      if (value === undefined) continue;
      w.tag(1, WireType.LengthDelimited);
      const start = w.reserve();
      w.tag(1, WireType.LengthDelimited);
      w.string(key);
      w.tag(2, WireType.LengthDelimited);
      const inner = w.reserve();
      this.writeValue(w, value, depth + 1);
      w.settle(inner);
      w.settle(start);
    }
  }

  private writeValue(w: ProtoWriter, v: Json, depth: number): void {
    if (depth > MAX_DEPTH) throw new ProtoEncodeError(`a value nests deeper than ${MAX_DEPTH} levels`);
    if (v === null) {
      w.tag(1, WireType.Varint);
      w.uint32(0);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new ProtoEncodeError('a JSON value cannot be NaN or Infinity');
      w.tag(2, WireType.Fixed64);
      w.double(v);
    } else if (typeof v === 'string') {
      w.tag(3, WireType.LengthDelimited);
      w.string(v);
    } else if (typeof v === 'boolean') {
      w.tag(4, WireType.Varint);
      w.bool(v);
    } else if (Array.isArray(v)) {
      w.tag(6, WireType.LengthDelimited);
      const start = w.reserve();
      this.writeList(w, v, depth + 1);
      w.settle(start);
    } else if (typeof v === 'object') {
      w.tag(5, WireType.LengthDelimited);
      const start = w.reserve();
      this.writeStruct(w, v, depth + 1);
      w.settle(start);
    } else throw new ProtoEncodeError(`a JSON value cannot be ${typeof v}`);
  }

  private writeList(w: ProtoWriter, v: Json, depth: number): void {
    if (!Array.isArray(v)) throw new ProtoEncodeError('a ListValue must be a list');
    for (const item of v) {
      w.tag(1, WireType.LengthDelimited);
      const start = w.reserve();
      this.writeValue(w, item, depth + 1);
      w.settle(start);
    }
  }

  /** `{"@type": "type.googleapis.com/google.rpc.ErrorInfo", …}`: the type's name after the last `/`, its fields encoded as that type. */
  private writeAny(w: ProtoWriter, v: Json, depth: number): void {
    const { '@type': url, ...fields } = asObject(v, ANY);
    if (typeof url !== 'string') throw new ProtoEncodeError('an Any must name its "@type"');
    const type = url.slice(url.lastIndexOf('/') + 1);
    w.tag(1, WireType.LengthDelimited);
    w.string(url);
    w.tag(2, WireType.LengthDelimited);
    const start = w.reserve();
    // A well-known type inside an Any carries its JSON under "value".
    this.writeMessage(w, type, type.startsWith('google.protobuf.') && 'value' in fields ? fields.value : fields, depth + 1);
    w.settle(start);
  }

  private enumNumber(type: string, v: Json, where: string): number {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    const values = this.schema.enums[type];
    if (typeof v === 'string' && Object.hasOwn(values, v)) return values[v];
    throw new ProtoEncodeError(`${where}: ${JSON.stringify(v)} is not a value of ${type}`);
  }

  private fieldsOf(type: string): readonly WireField[] {
    const fields = this.schema.messages[type];
    if (!fields) throw new ProtoEncodeError(`no message ${type} in this agent's proto`);
    return fields;
  }
}
