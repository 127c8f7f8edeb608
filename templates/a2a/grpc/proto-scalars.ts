// The scalar values of Protocol Buffers as ProtoJSON writes them (protobuf.dev/programming-guides/
// json): numbers (64-bit ones as decimal strings), booleans, strings, bytes as base64, and the
// well-known Timestamp and Duration as text — each read from and written to the binary form.
import type { ScalarType } from './wire-schema.js';
import { ProtoReader } from './proto-reader.js';
import { ProtoWriter, WireType } from './proto-wire.js';

type Json = unknown;
type JsonObject = Record<string, Json>;

/** Thrown for a value that cannot be written in its field's type (the caller answers with a status). */
export class ProtoEncodeError extends Error {}

const SCALARS: ReadonlySet<string> = new Set([
  'double',
  'float',
  'int32',
  'int64',
  'uint32',
  'uint64',
  'sint32',
  'sint64',
  'fixed32',
  'fixed64',
  'sfixed32',
  'sfixed64',
  'bool',
  'string',
  'bytes',
]);
export const isScalar = (t: string): t is ScalarType => SCALARS.has(t);
export const wireTypeOf = (t: ScalarType): WireType =>
  t === 'string' || t === 'bytes'
    ? WireType.LengthDelimited
    : t === 'double' || t === 'fixed64' || t === 'sfixed64'
      ? WireType.Fixed64
      : t === 'float' || t === 'fixed32' || t === 'sfixed32'
        ? WireType.Fixed32
        : WireType.Varint;
export const is64 = (t: ScalarType): boolean => t === 'int64' || t === 'uint64' || t === 'sint64' || t === 'fixed64' || t === 'sfixed64';

export function asObject(v: Json, where: string): JsonObject {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ProtoEncodeError(`${where}: expected an object`);
  return v as JsonObject;
}

export function defaultOf(t: ScalarType): Json {
  if (t === 'string' || t === 'bytes') return '';
  if (t === 'bool') return false;
  return is64(t) ? '0' : 0;
}

export function isDefault(t: ScalarType, v: Json): boolean {
  if (t === 'string' || t === 'bytes') return v === '';
  if (t === 'bool') return v === false;
  if (is64(t)) return v === 0 || v === '0';
  return v === 0 && !Object.is(v, -0);
}

export function writeScalar(w: ProtoWriter, t: ScalarType, v: Json, where: string): void {
  switch (t) {
    case 'string':
      if (typeof v !== 'string') throw new ProtoEncodeError(`${where}: expected a string`);
      return w.string(v);
    case 'bytes':
      if (typeof v !== 'string') throw new ProtoEncodeError(`${where}: expected base64 text`);
      return w.bytes(base64Decode(v));
    case 'bool':
      if (typeof v !== 'boolean') throw new ProtoEncodeError(`${where}: expected true or false`);
      return w.bool(v);
    case 'double':
      return w.double(number(v, where));
    case 'float':
      return w.float(number(v, where));
  }
  if (is64(t)) {
    const big = bigint(v, where);
    if (t === 'sint64') return w.sint64(big);
    if (t === 'fixed64') return w.fixed64(big);
    if (t === 'sfixed64') return w.sfixed64(big);
    return w.varint64(big);
  }
  const n = number(v, where);
  if (!Number.isInteger(n)) throw new ProtoEncodeError(`${where}: expected an integer`);
  if (t === 'uint32') return w.uint32(n);
  if (t === 'sint32') return w.sint32(n);
  if (t === 'fixed32') return w.fixed32(n);
  if (t === 'sfixed32') return w.sfixed32(n);
  return w.int32(n);
}

export function readScalar(r: ProtoReader, t: ScalarType): Json {
  switch (t) {
    case 'string':
      return r.string();
    case 'bytes':
      return base64Encode(r.bytes());
    case 'bool':
      return r.bool();
    case 'double':
      return finiteOrName(r.double());
    case 'float':
      return finiteOrName(r.float());
    case 'int32':
      return r.int32();
    case 'uint32':
      return r.uint32();
    case 'sint32':
      return r.sint32();
    case 'fixed32':
      return r.fixed32();
    case 'sfixed32':
      return r.sfixed32();
    case 'int64':
      return BigInt.asIntN(64, r.varint64()).toString();
    case 'uint64':
      return r.varint64().toString();
    case 'sint64':
      return r.sint64().toString();
    case 'fixed64':
      return r.fixed64().toString();
    case 'sfixed64':
      return r.sfixed64().toString();
  }
}

/** ProtoJSON writes the three floats JSON has no number for as strings. */
const finiteOrName = (n: number): number | string => (Number.isFinite(n) ? n : String(n));

function number(v: Json, where: string): number {
  if (typeof v === 'number') return v;
  // ProtoJSON accepts numbers written as strings, and the three special floats.
  if (typeof v === 'string' && v.trim() !== '') {
    if (v === 'NaN') return NaN;
    if (v === 'Infinity') return Infinity;
    if (v === '-Infinity') return -Infinity;
    const n = Number(v);
    if (!Number.isNaN(n)) return n;
  }
  throw new ProtoEncodeError(`${where}: expected a number`);
}

function bigint(v: Json, where: string): bigint {
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw new ProtoEncodeError(`${where}: expected a 64-bit integer`);
}

export function writeSeconds(w: ProtoWriter, [seconds, nanos]: [bigint, number]): void {
  if (seconds !== 0n) {
    w.tag(1, WireType.Varint);
    w.varint64(seconds);
  }
  if (nanos !== 0) {
    w.tag(2, WireType.Varint);
    w.int32(nanos);
  }
}

export function readSeconds(r: ProtoReader, end: number): [bigint, number] {
  let seconds = 0n;
  let nanos = 0;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag >>> 3 === 1 && (tag & 7) === WireType.Varint) seconds = BigInt.asIntN(64, r.varint64());
    else if (tag >>> 3 === 2 && (tag & 7) === WireType.Varint) nanos = r.int32();
    else r.skip(tag & 7);
  }
  return [seconds, nanos];
}

/** The last timestamp read: the same one is often written several times in a row (a task's status, its events). */
let lastTimestamp: { text: string; value: [bigint, number] } | undefined;

/** RFC 3339 → seconds and nanos (any offset; fractional seconds to the nanosecond). */
export function timestampSeconds(v: Json): [bigint, number] {
  if (lastTimestamp !== undefined && v === lastTimestamp.text) return lastTimestamp.value;
  const value = parseTimestamp(v);
  if (typeof v === 'string') lastTimestamp = { text: v, value };
  return value;
}

function parseTimestamp(v: Json): [bigint, number] {
  const m = typeof v === 'string' ? /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i.exec(v) : null;
  const ms = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (!m || Number.isNaN(ms)) throw new ProtoEncodeError(`expected an RFC 3339 timestamp, got ${JSON.stringify(v)}`);
  return [BigInt(ms / 1000), Number((m[2] ?? '').padEnd(9, '0'))];
}

export function timestampText(seconds: bigint, nanos: number): string {
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  const digits = String(nanos).padStart(9, '0');
  // As protobuf writes it: 3, 6 or 9 digits.
  const shown = digits.endsWith('000000') ? digits.slice(0, 3) : digits.endsWith('000') ? digits.slice(0, 6) : digits;
  return `${base}.${shown}Z`;
}

export function durationSeconds(v: Json): [bigint, number] {
  const m = typeof v === 'string' ? /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(v) : null;
  if (!m) throw new ProtoEncodeError(`expected a duration such as "1.5s", got ${JSON.stringify(v)}`);
  const sign = m[1] ? -1 : 1;
  return [BigInt(sign) * BigInt(m[2]), sign * Number((m[3] ?? '').padEnd(9, '0'))];
}

export function durationText(seconds: bigint, nanos: number): string {
  const negative = seconds < 0n || nanos < 0;
  const s = (seconds < 0n ? -seconds : seconds).toString();
  const n = Math.abs(nanos);
  const digits =
    n === 0
      ? ''
      : '.' +
        String(n)
          .padStart(9, '0')
          .replace(/(\d{3})(000)+$/, '$1')
          .replace(/^(\d{6})000$/, '$1');
  return `${negative ? '-' : ''}${s}${digits}s`;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64Encode(bytes: Uint8Array): string {
  const g = globalThis as { Buffer?: { from(b: Uint8Array): { toString(e: string): string } } };
  if (g.Buffer) return g.Buffer.from(bytes).toString('base64');
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < bytes.length ? B64[n & 63] : '=');
  }
  return out;
}

/** Base64 (standard or URL-safe, padded or not, as ProtoJSON parsers accept); anything else is refused. */
function base64Decode(text: string): Uint8Array {
  const clean = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) throw new ProtoEncodeError('bytes must be base64');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < clean.length; i++) {
    value = (value << 6) | B64.indexOf(clean[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
