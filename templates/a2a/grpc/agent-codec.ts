// One codec for everything this agent writes and reads over gRPC, server and client alike: the
// messages of the protos it serves (the generated wire schema) and google.rpc's status types.
import { wireSchema } from '../grpc-services.js';
import { ProtoCodec } from './proto-codec.js';
import { RPC_WIRE_SCHEMA } from './rpc-status.js';

export const agentCodec = new ProtoCodec({
  messages: { ...wireSchema.messages, ...RPC_WIRE_SCHEMA.messages },
  enums: { ...wireSchema.enums, ...RPC_WIRE_SCHEMA.enums },
});

/** Bytes as a Buffer without a copy, which grpc-js (the client transport) writes. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
