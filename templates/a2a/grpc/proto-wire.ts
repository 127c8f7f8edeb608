// Writing Protocol Buffers' binary encoding at its lowest level (proto-reader.ts reads it):
// varints (32-bit in numbers, 64-bit in BigInts), zigzag, fixed-width numbers, length-delimited
// bytes and strings. The writer grows one buffer and writes a nested message in place (a byte is
// reserved for its length, then settled), so an answer is encoded with no copy per short message.
// @see https://protobuf.dev/programming-guides/encoding/

export const enum WireType {
  Varint = 0,
  Fixed64 = 1,
  LengthDelimited = 2,
  StartGroup = 3,
  EndGroup = 4,
  Fixed32 = 5,
}

const encoder = new TextEncoder();

/**
 * A copy of the written bytes, which outlive the reused buffer. In Node a Buffer of a few KiB
 * comes from its shared pool, several times cheaper than a new ArrayBuffer per message (and less
 * for the collector); elsewhere, a plain copy.
 */
const NodeBuffer = (globalThis as { Buffer?: { allocUnsafe(size: number): Uint8Array } }).Buffer;
const copyOf = NodeBuffer
  ? (bytes: Uint8Array, end: number): Uint8Array => {
      const out = NodeBuffer.allocUnsafe(end);
      out.set(bytes.subarray(0, end));
      return out;
    }
  : (bytes: Uint8Array, end: number): Uint8Array => bytes.slice(0, end);

export class ProtoWriter {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
  pos = 0;

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  tag(field: number, type: WireType): void {
    this.uint32(((field << 3) | type) >>> 0);
  }

  uint32(value: number): void {
    this.ensure(5);
    let v = value >>> 0;
    while (v > 0x7f) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.pos++] = v;
  }

  /** int32: a negative value is written as its 64-bit two's complement (ten bytes), as protobuf does. */
  int32(value: number): void {
    if (value >= 0) this.uint32(value);
    else this.varint64(BigInt.asUintN(64, BigInt(value)));
  }

  sint32(value: number): void {
    this.uint32(((value << 1) ^ (value >> 31)) >>> 0);
  }

  varint64(value: bigint): void {
    this.ensure(10);
    let v = BigInt.asUintN(64, value);
    while (v > 0x7fn) {
      this.buf[this.pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.pos++] = Number(v);
  }

  sint64(value: bigint): void {
    this.varint64((value << 1n) ^ (value >> 63n));
  }

  fixed32(value: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, value >>> 0, true);
    this.pos += 4;
  }

  sfixed32(value: number): void {
    this.ensure(4);
    this.view.setInt32(this.pos, value | 0, true);
    this.pos += 4;
  }

  fixed64(value: bigint): void {
    this.ensure(8);
    this.view.setBigUint64(this.pos, BigInt.asUintN(64, value), true);
    this.pos += 8;
  }

  sfixed64(value: bigint): void {
    this.ensure(8);
    this.view.setBigInt64(this.pos, BigInt.asIntN(64, value), true);
    this.pos += 8;
  }

  float(value: number): void {
    this.ensure(4);
    this.view.setFloat32(this.pos, value, true);
    this.pos += 4;
  }

  double(value: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, value, true);
    this.pos += 8;
  }

  bool(value: boolean): void {
    this.ensure(1);
    this.buf[this.pos++] = value ? 1 : 0;
  }

  bytes(value: Uint8Array): void {
    this.uint32(value.length);
    this.ensure(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
  }

  string(value: string): void {
    // Short strings are common (ids, states, names): ASCII goes without TextEncoder, in one pass
    // that falls back to it at the first other character.
    if (value.length < 128) {
      this.ensure(value.length + 1);
      const at = this.pos;
      this.buf[at] = value.length;
      let i = 0;
      for (; i < value.length; i++) {
        const c = value.charCodeAt(i);
        if (c > 0x7f) break;
        this.buf[at + 1 + i] = c;
      }
      if (i === value.length) {
        this.pos = at + 1 + i;
        return;
      }
    }
    // At most three bytes per UTF-16 unit: room for the worst case, then the real length.
    const max = value.length * 3;
    const start = this.reserve();
    this.ensure(max);
    const { written } = encoder.encodeInto(value, this.buf.subarray(this.pos, this.pos + max));
    this.pos += written;
    this.settle(start);
  }

  /**
   * Reserves one byte for a length written later (settle): returns where the content starts. Most
   * nested messages are shorter than 128 bytes, whose length takes that one byte: nothing moves.
   */
  reserve(): number {
    this.ensure(1);
    this.pos += 1;
    return this.pos;
  }

  /** Writes the length of what was written since `reserve`, moving the content forward when the length takes more than one byte. */
  settle(start: number): void {
    const length = this.pos - start;
    let size = 1;
    for (let v = length >>> 7; v > 0; v >>>= 7) size++;
    const at = start - 1;
    if (size > 1) {
      this.ensure(size - 1);
      this.buf.copyWithin(at + size, start, this.pos);
    }
    let v = length;
    for (let i = 0; i < size - 1; i++) {
      this.buf[at + i] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[at + size - 1] = v;
    this.pos = at + size + length;
  }

  finish(): Uint8Array {
    return copyOf(this.buf, this.pos);
  }

  /** Starts over, keeping the buffer (one writer serves every encode); one grown past 1 MiB is let go. */
  reset(): void {
    this.pos = 0;
    if (this.buf.length > 1 << 20) {
      this.buf = new Uint8Array(256);
      this.view = new DataView(this.buf.buffer);
    }
  }

  /** Leaves room for gRPC's 5-byte message prefix (framed): call before writing the message. */
  startFramed(): void {
    this.ensure(5);
    this.pos = 5;
  }

  /** The message with gRPC's prefix (flag 0: not compressed; its length, big-endian) in front. */
  framed(): Uint8Array {
    const length = this.pos - 5;
    this.buf[0] = 0;
    this.view.setUint32(1, length, false);
    return copyOf(this.buf, this.pos);
  }
}
