// Part of the generator–runtime contract: the gRPC services an agent serves, generated from the
// proto of each version it answers (grpc-services.ts, beside the wire schema of their messages).
// The agent's own version's service carries the JSON-RPC objects themselves (v1.0 on: ProtoJSON
// is the JSON form of the proto); v0.3.0's service carries its proto's messages, which
// proto-v03/ translates to and from v0.3.0's JSON-RPC objects, as for its HTTP+JSON binding.

export interface GrpcMethod {
  /** The rpc's name in the service: `SendMessage`, `TaskSubscription`. */
  readonly name: string;
  /** Full names of its messages: `lf.a2a.v1.SendMessageRequest`. */
  readonly requestType: string;
  readonly responseType: string;
  readonly serverStreaming: boolean;
  /** The JSON-RPC method it runs, in its service's version: v1.0 `SendMessage`, v0.3.0 `message/send`. */
  readonly method: string;
}

export interface GrpcService {
  /** Full name, as it appears in call paths: `lf.a2a.v1.A2AService`. */
  readonly name: string;
  /** The A2A version its clients speak (Major.Minor). */
  readonly version: string;
  /** Its calls go through the version adapter of `version` (the manifest's `compat`); false: the agent's own version. */
  readonly translated: boolean;
  /** How its messages relate to the JSON-RPC objects of that version: the same (`json-rpc`), or v0.3.0's proto (`proto-v03`). */
  readonly messages: 'json-rpc' | 'proto-v03';
  readonly methods: readonly GrpcMethod[];
}

/** gRPC status codes by name (grpc.io/docs/guides/status-codes). */
export const GRPC_CODES = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type GrpcCodeName = keyof typeof GRPC_CODES;
