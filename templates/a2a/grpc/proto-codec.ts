// Binary protobuf ↔ the ProtoJSON objects the runtime speaks, driven by the generated wire
// schema (grpc/wire-schema.ts): a gRPC request decodes straight into the object a JSON-RPC
// request would carry, and an answer encodes from the object JSON-RPC would send — no message
// classes in between. ProtoJSON's rules (§5.5, ADR-001, protobuf.dev/programming-guides/json):
// lowerCamelCase names; default values of fields without presence left out; enums by name;
// 64-bit integers as strings; bytes as base64; Timestamp as RFC 3339; Struct, Value and ListValue
// as plain JSON; Any as `{"@type": …, fields}`. Unknown fields are skipped on the way in.
import type { WireSchema } from './wire-schema.js';
import { ProtoDecoder } from './proto-decode.js';
import { ProtoEncoder } from './proto-encode.js';

export { ProtoEncodeError } from './proto-scalars.js';
export { ProtoDecodeError } from './proto-reader.js';

/** Both directions over one schema. */
export class ProtoCodec {
  private readonly encoder: ProtoEncoder;
  private readonly decoder: ProtoDecoder;

  constructor(schema: WireSchema) {
    this.encoder = new ProtoEncoder(schema);
    this.decoder = new ProtoDecoder(schema);
  }

  encode(type: string, value: Record<string, unknown>): Uint8Array {
    return this.encoder.encode(type, value);
  }

  /** `encode` with gRPC's 5-byte message prefix in front: what goes on the wire. */
  encodeFramed(type: string, value: Record<string, unknown>): Uint8Array {
    return this.encoder.encodeFramed(type, value);
  }

  decode(type: string, bytes: Uint8Array, options?: { requiredDefaults?: boolean }): Record<string, unknown> {
    return this.decoder.decode(type, bytes, options);
  }
}
