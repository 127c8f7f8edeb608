// Reading: protobuf's binary form → a ProtoJSON object, by the wire schema (proto-codec.ts).
// Unknown fields are skipped; default values of fields without presence are left out.
import type { ScalarType, WireField, WireSchema } from './wire-schema.js';
import { defaultOf, durationText, isDefault, isScalar, readScalar, readSeconds, timestampText, wireTypeOf } from './proto-scalars.js';
import { ProtoDecodeError, ProtoReader } from './proto-reader.js';
import { WireType } from './proto-wire.js';
import { ANY, DURATION, EMPTY, FIELD_MASK, LIST_VALUE, maskText, STRUCT, TIMESTAMP, VALUE, WRAPPERS } from './proto-well-known.js';

type Json = unknown;
type JsonObject = Record<string, Json>;
/** Deeper nesting than this (a Value inside a Value …) is refused: decoding recurses. */
const MAX_DEPTH = 100;

export class ProtoDecoder {
  private readonly byNumber = new Map<string, Map<number, WireField>>();
  private readonly enumNames = new Map<string, Map<number, string>>();
  private readonly groupOthers = new Map<WireField, string[]>();

  constructor(private readonly schema: WireSchema) {}

  /** Set for one decode (decoding is synchronous): fill REQUIRED fields the wire left at their default. */
  private fillRequired = false;

  /** `requiredDefaults`: a REQUIRED scalar, enum or list the wire left out (proto3 omits defaults) is written with its default, as a reader of the JSON form expects it. */
  decode(type: string, bytes: Uint8Array, options: { requiredDefaults?: boolean } = {}): JsonObject {
    this.fillRequired = options.requiredDefaults === true;
    return this.readMessage(new ProtoReader(bytes), type, bytes.length, 0) as JsonObject;
  }

  private readMessage(r: ProtoReader, type: string, end: number, depth: number): Json {
    if (depth > MAX_DEPTH) throw new ProtoDecodeError(`${type} nests deeper than ${MAX_DEPTH} levels`);
    switch (type) {
      case STRUCT:
        return this.readStruct(r, end, depth);
      case VALUE:
        return this.readValue(r, end, depth);
      case LIST_VALUE:
        return this.readList(r, end, depth);
      case TIMESTAMP:
      case DURATION: {
        const [seconds, nanos] = readSeconds(r, end);
        return type === TIMESTAMP ? timestampText(seconds, nanos) : durationText(seconds, nanos);
      }
      case ANY:
        return this.readAny(r, end, depth);
      case FIELD_MASK:
        return this.readMask(r, end);
      case EMPTY:
        while (r.pos < end) r.skip(r.uint32() & 7);
        return {};
    }
    const wrapped = WRAPPERS[type];
    if (wrapped) return this.readWrapper(r, wrapped, end);
    const numbers = this.numbersOf(type);
    const out: JsonObject = {};
    while (r.pos < end) {
      const tag = r.uint32();
      const field = numbers.get(tag >>> 3);
      const wire = tag & 7;
      if (!field) {
        r.skip(wire);
        continue;
      }
      if (field.k) this.readMapEntry(r, field, out, depth);
      else if (field.r) this.readRepeated(r, field, wire, out, depth);
      else {
        const value = this.readField(r, field.t, wire, depth);
        // Without presence, a default value on the wire is as if absent (ProtoJSON leaves it out).
        if (field.p || !isScalar(field.t) || !isDefault(field.t, value)) {
          if (Object.hasOwn(this.schema.enums, field.t) && !field.p && value === this.enumName(field.t, 0)) continue;
          // A oneof holds one member: the last one on the wire wins.
          if (field.o) for (const member of this.othersInGroup(type, field)) if (out[member] !== undefined) delete out[member];
          out[field.j] = value;
        }
      }
    }
    if (r.pos !== end) throw new ProtoDecodeError(`${type} runs past its end`);
    if (this.fillRequired) this.fillDefaults(type, out);
    return out;
  }

  private fillDefaults(type: string, out: JsonObject): void {
    for (const field of this.schema.messages[type]) {
      if (!field.q || out[field.j] !== undefined) continue;
      if (field.k) out[field.j] = {};
      else if (field.r) out[field.j] = [];
      else if (isScalar(field.t)) out[field.j] = defaultOf(field.t);
      else if (Object.hasOwn(this.schema.enums, field.t)) out[field.j] = this.enumName(field.t, 0);
    }
  }

  private readField(r: ProtoReader, t: string, wire: number, depth: number): Json {
    if (isScalar(t)) {
      if (wire !== wireTypeOf(t)) throw new ProtoDecodeError(`a ${t} field sent as wire type ${wire}`);
      return readScalar(r, t);
    }
    if (Object.hasOwn(this.schema.enums, t)) {
      if (wire !== WireType.Varint) throw new ProtoDecodeError(`an enum field sent as wire type ${wire}`);
      return this.enumName(t, r.int32());
    }
    if (wire !== WireType.LengthDelimited) throw new ProtoDecodeError(`a message field sent as wire type ${wire}`);
    // r.within without its closure: this is every nested message of every request.
    const end = r.enter();
    const value = this.readMessage(r, t, end, depth + 1);
    r.leave(end);
    return value;
  }

  private readRepeated(r: ProtoReader, field: WireField, wire: number, out: JsonObject, depth: number): void {
    const list = (out[field.j] ??= []) as Json[];
    const t = field.t;
    const numeric = (isScalar(t) && t !== 'string' && t !== 'bytes') || Object.hasOwn(this.schema.enums, t);
    // Packed (what proto3 writes) or one element per field (what it must also read).
    if (numeric && wire === WireType.LengthDelimited) {
      const elementWire = isScalar(t) ? wireTypeOf(t) : WireType.Varint;
      r.within((end) => {
        while (r.pos < end) list.push(this.readField(r, t, elementWire, depth));
      });
      return;
    }
    list.push(this.readField(r, t, wire, depth));
  }

  private readMapEntry(r: ProtoReader, field: WireField, out: JsonObject, depth: number): void {
    const map = (out[field.j] ??= {}) as JsonObject;
    let key: Json = defaultOf(field.k!);
    let value: Json = isScalar(field.t) ? defaultOf(field.t) : Object.hasOwn(this.schema.enums, field.t) ? this.enumName(field.t, 0) : {};
    r.within((end) => {
      while (r.pos < end) {
        const tag = r.uint32();
        if (tag >>> 3 === 1) key = this.readField(r, field.k!, tag & 7, depth);
        else if (tag >>> 3 === 2) value = this.readField(r, field.t, tag & 7, depth);
        else r.skip(tag & 7);
      }
    });
    setEntry(map, String(key), value);
  }

  private readStruct(r: ProtoReader, end: number, depth: number): JsonObject {
    const out: JsonObject = {};
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag >>> 3 !== 1 || (tag & 7) !== WireType.LengthDelimited) {
        r.skip(tag & 7);
        continue;
      }
      let key = '';
      let value: Json = null;
      r.within((stop) => {
        while (r.pos < stop) {
          const t = r.uint32();
          if (t >>> 3 === 1 && (t & 7) === WireType.LengthDelimited) key = r.string();
          else if (t >>> 3 === 2 && (t & 7) === WireType.LengthDelimited) value = r.within((e) => this.readValue(r, e, depth + 1));
          else r.skip(t & 7);
        }
      });
      setEntry(out, key, value);
    }
    return out;
  }

  private readValue(r: ProtoReader, end: number, depth: number): Json {
    if (depth > MAX_DEPTH) throw new ProtoDecodeError(`a value nests deeper than ${MAX_DEPTH} levels`);
    let value: Json = null;
    while (r.pos < end) {
      const tag = r.uint32();
      const wire = tag & 7;
      switch (tag >>> 3) {
        case 1:
          r.uint32();
          value = null;
          break;
        case 2:
          if (wire !== WireType.Fixed64) throw new ProtoDecodeError('a number value sent as another wire type');
          value = r.double();
          break;
        case 3:
          value = this.readField(r, 'string', wire, depth);
          break;
        case 4:
          value = this.readField(r, 'bool', wire, depth);
          break;
        case 5:
          value = this.readField(r, STRUCT, wire, depth);
          break;
        case 6:
          value = this.readField(r, LIST_VALUE, wire, depth);
          break;
        default:
          r.skip(wire);
      }
    }
    return value;
  }

  private readList(r: ProtoReader, end: number, depth: number): Json[] {
    const out: Json[] = [];
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag >>> 3 === 1) out.push(this.readField(r, VALUE, tag & 7, depth));
      else r.skip(tag & 7);
    }
    return out;
  }

  private readWrapper(r: ProtoReader, t: ScalarType, end: number): Json {
    let value = defaultOf(t);
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag >>> 3 === 1) value = this.readField(r, t, tag & 7, 0);
      else r.skip(tag & 7);
    }
    return value;
  }

  private readMask(r: ProtoReader, end: number): string {
    const paths: string[] = [];
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag >>> 3 === 1) paths.push(this.readField(r, 'string', tag & 7, 0) as string);
      else r.skip(tag & 7);
    }
    return maskText(paths);
  }

  private readAny(r: ProtoReader, end: number, depth: number): JsonObject {
    let url = '';
    let bytes: [number, number] | undefined;
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag >>> 3 === 1) url = r.string();
      else if (tag >>> 3 === 2) bytes = r.delimited();
      else r.skip(tag & 7);
    }
    const type = url.slice(url.lastIndexOf('/') + 1);
    if (!bytes || !this.schema.messages[type]) return { '@type': url };
    // The value may come before the type URL: read once both are known, with a reader of its own.
    const inner = this.readMessage(new ProtoReader(r.buf, bytes[0], bytes[1]), type, bytes[1], depth + 1);
    return type.startsWith('google.protobuf.') ? { '@type': url, value: inner } : { '@type': url, ...(inner as JsonObject) };
  }

  /** The other members of a field's oneof, by JSON name (found once per field). */
  private othersInGroup(type: string, field: WireField): readonly string[] {
    let others = this.groupOthers.get(field);
    if (!others) this.groupOthers.set(field, (others = this.schema.messages[type].filter((f) => f.o === field.o && f !== field).map((f) => f.j)));
    return others;
  }

  private numbersOf(type: string): Map<number, WireField> {
    let numbers = this.byNumber.get(type);
    if (!numbers) {
      const fields = this.schema.messages[type];
      if (!fields) throw new ProtoDecodeError(`no message ${type} in this agent's proto`);
      this.byNumber.set(type, (numbers = new Map(fields.map((f) => [f.n, f]))));
    }
    return numbers;
  }

  private enumName(type: string, n: number): string | number {
    let names = this.enumNames.get(type);
    if (!names) this.enumNames.set(type, (names = new Map(Object.entries(this.schema.enums[type]).map(([name, num]) => [num, name]))));
    return names.get(n) ?? n;
  }
}

/** Sets a key as JSON.parse would: `__proto__` is a key like any other, never the prototype. */
function setEntry(target: JsonObject, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
