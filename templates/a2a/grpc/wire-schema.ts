// Part of the generator–runtime contract: a proto's messages as their binary form needs them —
// each field's number, JSON name and type — generated from the a2a.proto the agent speaks
// (load/proto-wire.ts), read by the gRPC codec (grpc/proto-codec.ts), which turns binary
// messages into the ProtoJSON objects the rest of the runtime uses and back.

export type ScalarType =
  | 'double'
  | 'float'
  | 'int32'
  | 'int64'
  | 'uint32'
  | 'uint64'
  | 'sint32'
  | 'sint64'
  | 'fixed32'
  | 'fixed64'
  | 'sfixed32'
  | 'sfixed64'
  | 'bool'
  | 'string'
  | 'bytes';

export interface WireField {
  /** The field number. */
  readonly n: number;
  /** Its JSON name (ProtoJSON, §5.5). */
  readonly j: string;
  /** A scalar type, or the full name of a message or enum (`lf.a2a.v1.Part`, `google.protobuf.Struct`). */
  readonly t: string;
  /** `repeated`. */
  readonly r?: true;
  /** A map: the key's scalar type (`t` is the value's). */
  readonly k?: ScalarType;
  /** Explicit presence (a oneof member, proto3 `optional`): written even when it holds the default value. */
  readonly p?: true;
  /** REQUIRED (`google.api.field_behavior`): proto3 leaves a default value off the wire, so a reader that must see the field fills it in (proto-decode.ts, `requiredDefaults`). */
  readonly q?: true;
  /** The oneof it belongs to: setting it clears the group's other members (the last one read wins). */
  readonly o?: string;
}

export interface WireSchema {
  /** Messages by full name, their fields in number order. */
  readonly messages: { readonly [type: string]: readonly WireField[] };
  /** Enums by full name: each value's name and number. */
  readonly enums: { readonly [type: string]: { readonly [name: string]: number } };
}
