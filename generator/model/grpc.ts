// The gRPC binding (spec v1.0 §10; v0.3.0 §3.2.2): which service a version's clients call, which
// rpc is which JSON-RPC method (versions.ts says how they relate), and the wire schema of its
// messages — then, for an agent that serves gRPC, every service it answers: its own version's and
// each `compat` version's, each with its own package (`lf.a2a.v1`, v0.3.0's `a2a.v1`), so one
// server holds them all.
import type { GrpcCodeName, GrpcMethod, GrpcService } from '../../templates/a2a/grpc/service-types.js';
import type { WireSchema } from '../../templates/a2a/grpc/wire-schema.js';
import type { GrpcProtoFacts } from '../load/proto-grpc.js';
import type { MethodModel } from './methods.js';
import { GRPC_ERROR_STATUS } from './error-status.js';
import type { GrpcFacts } from './versions.js';

/** A version's gRPC service. */
export interface ProtocolGrpc {
  /** Full name: `lf.a2a.v1.A2AService`. */
  service: string;
  messages: GrpcService['messages'];
  /** The rpcs this version's methods answer (a client-streaming rpc, which A2A has none of, is left out). */
  methods: GrpcMethod[];
  wire: WireSchema;
  /** The proto's text: the agent's docs ship it. */
  protoText: string;
}

/** An agent's gRPC (it listens on `server.grpcPort`): every service it serves, the wire schema of all their messages, the status of each error. */
export interface AgentGrpc {
  services: GrpcService[];
  wire: WireSchema;
  errorStatus: Readonly<Record<string, GrpcCodeName>>;
  /** Each served proto, by the file name the docs give it. */
  protos: { file: string; version: string; text: string }[];
}

/** A version's service, when it has a gRPC binding and its proto is known. */
export function deriveGrpc(facts: GrpcFacts | undefined, proto: GrpcProtoFacts | undefined, methods: readonly MethodModel[]): ProtocolGrpc | undefined {
  if (!facts || !proto) return undefined;
  const known = new Set(methods.map((m) => m.name));
  const served = proto.rpcs.flatMap((rpc): GrpcMethod[] => {
    const method = facts.messages === 'json-rpc' ? rpc.name : facts.methods[rpc.name];
    if (rpc.clientStreaming || method === undefined || !known.has(method)) return [];
    return [{ name: rpc.name, requestType: rpc.requestType, responseType: rpc.responseType, serverStreaming: rpc.serverStreaming, method }];
  });
  return { service: proto.service, messages: facts.messages, methods: served, wire: proto.wire, protoText: proto.text };
}

/** The agent's gRPC, from its version's service and its `compat` versions'. */
export function agentGrpc(
  own: { grpc?: ProtocolGrpc; wireVersion: string },
  compat: readonly { version: string; grpc?: ProtocolGrpc }[],
): AgentGrpc | undefined {
  if (!own.grpc) return undefined;
  const all = [
    { grpc: own.grpc, version: own.wireVersion, translated: false },
    ...compat.flatMap((c) => (c.grpc ? [{ grpc: c.grpc, version: c.version, translated: true }] : [])),
  ];
  return {
    services: all.map(({ grpc, version, translated }) => ({ name: grpc.service, version, translated, messages: grpc.messages, methods: grpc.methods })),
    wire: {
      messages: Object.assign({}, ...all.map((s) => s.grpc.wire.messages)),
      enums: Object.assign({}, ...all.map((s) => s.grpc.wire.enums)),
    },
    errorStatus: GRPC_ERROR_STATUS,
    protos: all.map(({ grpc, version, translated }) => ({ file: translated ? `a2a-v${version}.proto` : 'a2a.proto', version, text: grpc.protoText })),
  };
}
