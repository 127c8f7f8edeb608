// Reading Protocol Buffers' binary encoding at its lowest level (proto-wire.ts writes it): varints,
// zigzag, fixed-width numbers, length-delimited fields, and skipping what a schema does not know.
import { WireType } from './proto-wire.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Thrown for bytes that are not a valid encoding: the caller answers with a status, never crashes. */
export class ProtoDecodeError extends Error {}

/** A proto3 string must be valid UTF-8 (protoc's parsers refuse it otherwise). */
function utf8(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new ProtoDecodeError('a string field is not valid UTF-8');
  }
}

export class ProtoReader {
  pos: number;
  /** The bounds of the fields entered (enter/leave). */
  private readonly outer: number[] = [];
  private readonly view: DataView;

  constructor(
    readonly buf: Uint8Array,
    start = 0,
    /** Where reading stops: narrowed while a nested message is read (within). */
    public end = buf.length,
  ) {
    this.pos = start;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new ProtoDecodeError('the message ends in the middle of a field');
  }

  uint32(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      this.need(1);
      const b = this.buf[this.pos++];
      if (shift < 32) result |= (b & 0x7f) << shift;
      if (b < 0x80) return result >>> 0;
      shift += 7;
      if (shift >= 70) throw new ProtoDecodeError('a varint longer than ten bytes');
    }
  }

  /** int32 on the wire is a 64-bit varint whose low 32 bits are the value. */
  int32(): number {
    return this.uint32() | 0;
  }

  sint32(): number {
    const v = this.uint32();
    return (v >>> 1) ^ -(v & 1);
  }

  varint64(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      this.need(1);
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return BigInt.asUintN(64, result);
      shift += 7n;
      if (shift >= 70n) throw new ProtoDecodeError('a varint longer than ten bytes');
    }
  }

  sint64(): bigint {
    const v = this.varint64();
    return (v >> 1n) ^ -(v & 1n);
  }

  fixed32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  sfixed32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  fixed64(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }

  sfixed64(): bigint {
    this.need(8);
    const v = this.view.getBigInt64(this.pos, true);
    this.pos += 8;
    return v;
  }

  float(): number {
    this.need(4);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  double(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  bool(): boolean {
    return this.varint64() !== 0n;
  }

  /** The bounds of a length-delimited field's content. */
  delimited(): [number, number] {
    const length = this.uint32();
    this.need(length);
    const start = this.pos;
    this.pos += length;
    return [start, this.pos];
  }

  bytes(): Uint8Array {
    const [start, end] = this.delimited();
    return this.buf.slice(start, end);
  }

  string(): string {
    const [start, end] = this.delimited();
    // ASCII goes without TextDecoder (ids, states, names).
    if (end - start < 64) {
      let s = '';
      for (let i = start; i < end; i++) {
        const c = this.buf[i];
        if (c > 0x7f) return utf8(this.buf.subarray(start, end));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return utf8(this.buf.subarray(start, end));
  }

  /** Bounds the reader to a length-delimited field's content: returns where it ends (leave() restores the outer bound). */
  enter(): number {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.end) throw new ProtoDecodeError('the message ends in the middle of a field');
    this.outer.push(this.end);
    this.end = end;
    return end;
  }

  /** Back to the outer bound, after the field that ends at `end`. */
  leave(end: number): void {
    this.end = this.outer.pop()!;
    this.pos = end;
  }

  /** Reads a length-delimited field's content with `read(end)`, the reader bounded to it meanwhile (no reader per nested message). */
  within<T>(read: (end: number) => T): T {
    const end = this.enter();
    const value = read(end);
    this.leave(end);
    return value;
  }

  /** Skips a field of an unknown number (or a type this field does not expect). */
  skip(type: number): void {
    switch (type) {
      case WireType.Varint:
        this.varint64();
        return;
      case WireType.Fixed64:
        this.need(8);
        this.pos += 8;
        return;
      case WireType.LengthDelimited:
        this.delimited();
        return;
      case WireType.Fixed32:
        this.need(4);
        this.pos += 4;
        return;
      case WireType.StartGroup:
        for (;;) {
          if (this.pos >= this.end) throw new ProtoDecodeError('a group without its end');
          const tag = this.uint32();
          if ((tag & 7) === WireType.EndGroup) return;
          this.skip(tag & 7);
        }
      default:
        throw new ProtoDecodeError(`wire type ${type} is not protobuf's`);
    }
  }
}
