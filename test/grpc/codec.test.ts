// The gRPC codec against a reference protobuf runtime (@bufbuild/protobuf), byte for byte:
// for fast-check-generated ProtoJSON values of every message, our encoding equals the
// reference's, and our decoding of the reference's bytes equals the reference's ProtoJSON —
// with unknown fields mixed in, oneofs sent twice, unpacked repeated numbers, and bad bytes.
import { fromBinary, fromJson, toBinary, toJson, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { protoText } from '../../generator/load/proto-locate.js';
import { parseProtoText } from '../../generator/load/proto-parse.js';
import { wireSchemaOf } from '../../generator/load/proto-wire.js';
import { ProtoCodec, ProtoDecodeError } from '../../templates/a2a/grpc/proto-codec.js';
import type { WireSchema } from '../../templates/a2a/grpc/wire-schema.js';
import { ProtoArbitraries } from './proto-arbitrary.js';
import { referenceRegistry } from './reference-registry.js';

interface Subject {
  schema: WireSchema;
  codec: ProtoCodec;
  registry: FileRegistry;
  arbitraries: ProtoArbitraries;
}

function subject(file: string, pkg: string, anyHolds?: string): Subject {
  const { root } = parseProtoText(protoText(file, readFileSync(file, 'utf8')));
  const schema = wireSchemaOf(root);
  return { schema, codec: new ProtoCodec(schema), registry: referenceRegistry(root, pkg), arbitraries: new ProtoArbitraries(schema, anyHolds) };
}

const kinds = subject('test/fixtures/proto/wire-kinds.proto', 'wire.test', 'wire.test.Scalars');
const a2a = subject('schema/proto/v1.0.1.proto', 'lf.a2a.v1');

const descOf = (s: Subject, type: string): DescMessage => {
  const desc = s.registry.getMessage(type);
  if (!desc) throw new Error(`the reference has no ${type}`);
  return desc;
};
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** Both directions for one value: our bytes are the reference's, our JSON of them is the reference's. */
function agrees(s: Subject, type: string, json: Record<string, unknown>): void {
  const desc = descOf(s, type);
  const reference = fromJson(desc, json as never, { registry: s.registry });
  const bytes = toBinary(desc, reference);
  expect(hex(s.codec.encode(type, json))).toBe(hex(bytes));
  expect(s.codec.decode(type, bytes)).toEqual(toJson(desc, reference, { registry: s.registry }));
}

const SEED = 20261126;

describe('gRPC codec against @bufbuild/protobuf', () => {
  for (const type of Object.keys(kinds.schema.messages)) {
    it(`wire-kinds ${type}: fast-check values encode and decode as the reference does`, () => {
      fc.assert(
        fc.property(kinds.arbitraries.message(type), (json) => agrees(kinds, type, json)),
        { seed: SEED, numRuns: 300 },
      );
    });
  }

  it('every message of the A2A v1.0.1 proto encodes and decodes as the reference does', () => {
    for (const type of Object.keys(a2a.schema.messages)) {
      fc.assert(
        fc.property(a2a.arbitraries.message(type), (json) => agrees(a2a, type, json)),
        { seed: SEED, numRuns: 40 },
      );
    }
  });

  it('unknown fields of every wire type are skipped', () => {
    const unknown = fc.oneof(
      fc
        .tuple(fc.integer({ min: 100, max: 2 ** 29 - 1 }), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }))
        .map(([n, v]) => [...varint(BigInt(n) << 3n), ...varint(v)]),
      fc.tuple(fc.integer({ min: 100, max: 1000 }), fc.uint8Array({ minLength: 8, maxLength: 8 })).map(([n, b]) => [...varint(BigInt((n << 3) | 1)), ...b]),
      fc
        .tuple(fc.integer({ min: 100, max: 1000 }), fc.uint8Array({ maxLength: 20 }))
        .map(([n, b]) => [...varint(BigInt((n << 3) | 2)), ...varint(BigInt(b.length)), ...b]),
      fc.tuple(fc.integer({ min: 100, max: 1000 }), fc.uint8Array({ minLength: 4, maxLength: 4 })).map(([n, b]) => [...varint(BigInt((n << 3) | 5)), ...b]),
    );
    fc.assert(
      fc.property(kinds.arbitraries.message('wire.test.Tree'), fc.array(unknown, { maxLength: 3 }), (json, extra) => {
        const desc = descOf(kinds, 'wire.test.Tree');
        const bytes = toBinary(desc, fromJson(desc, json as never, { registry: kinds.registry }));
        const withUnknown = new Uint8Array([...extra.flat(), ...bytes]);
        expect(kinds.codec.decode('wire.test.Tree', withUnknown)).toEqual(toJson(desc, fromBinary(desc, withUnknown), { registry: kinds.registry }));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a oneof sent twice keeps the last member, as protobuf does', () => {
    const first = kinds.codec.encode('wire.test.Choice', { text: 'first' });
    const second = kinds.codec.encode('wire.test.Choice', { number: '7' });
    const both = new Uint8Array([...first, ...second]);
    const desc = descOf(kinds, 'wire.test.Choice');
    expect(kinds.codec.decode('wire.test.Choice', both)).toEqual({ number: '7' });
    expect(toJson(desc, fromBinary(desc, both))).toEqual({ number: '7' });
  });

  it('repeated numbers are read packed or one per field', () => {
    // Field 2 (repeated int32) unpacked: tag 0x10 per element.
    const unpacked = new Uint8Array([0x10, 0x01, 0x10, 0x96, 0x01]);
    expect(kinds.codec.decode('wire.test.Repeated', unpacked)).toEqual({ i32: [1, 150] });
    expect(hex(kinds.codec.encode('wire.test.Repeated', { i32: [1, 150] }))).toBe('1203019601');
  });

  it('fields are written in number order whatever their declaration order', () => {
    agrees(kinds, 'wire.test.Declared', { second: 'b', first: 'a', third: 3 });
    expect(hex(kinds.codec.encode('wire.test.Declared', { second: 'b', first: 'a' }))).toBe('0a0161120162');
  });

  it('bad bytes are a ProtoDecodeError, never a crash or a wrong message', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          kinds.codec.decode('wire.test.Tree', bytes);
        } catch (err) {
          expect(err).toBeInstanceOf(ProtoDecodeError);
        }
      }),
      { seed: SEED, numRuns: 2000 },
    );
    // A length past the end, a truncated varint, invalid UTF-8 in a string.
    expect(() => kinds.codec.decode('wire.test.Tree', new Uint8Array([0x0a, 0x05, 0x61]))).toThrow(ProtoDecodeError);
    expect(() => kinds.codec.decode('wire.test.Scalars', new Uint8Array([0x18, 0xff]))).toThrow(ProtoDecodeError);
    expect(() => kinds.codec.decode('wire.test.Scalars', new Uint8Array([0x72, 0x01, 0xff]))).toThrow(ProtoDecodeError);
  });

  it('nesting past the bound is refused, not a stack overflow', () => {
    let bytes = new Uint8Array(0);
    for (let i = 0; i < 200; i++) bytes = new Uint8Array([0x12, ...varint(BigInt(bytes.length)), ...bytes]);
    expect(() => kinds.codec.decode('wire.test.Tree', bytes)).toThrow(/nests deeper/);
  });
});

function varint(v: bigint): number[] {
  const out: number[] = [];
  let x = BigInt.asUintN(64, v);
  while (x > 0x7fn) {
    out.push(Number(x & 0x7fn) | 0x80);
    x >>= 7n;
  }
  out.push(Number(x));
  return out;
}
