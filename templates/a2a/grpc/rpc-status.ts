// A failure as gRPC carries it (spec v1.0 §10.6): a status code from the error (§5.4, the model's
// table), the message, and a google.rpc.Status with typed details — a google.rpc.ErrorInfo naming
// the A2A error (`TASK_NOT_FOUND`, domain `a2a-protocol.org`), and a google.rpc.BadRequest for
// invalid params — encoded in the `grpc-status-details-bin` trailer, where every gRPC client
// library's status helpers look.
// @see https://github.com/googleapis/googleapis/blob/master/google/rpc/status.proto, error_details.proto
import type { JsonRpcError } from '../errors.js';
import { errorReason } from '../runtime/error-reason.js';
import { retryAfterOf } from '../runtime/retry-after.js';
import type { ProtoCodec } from './proto-codec.js';
import { GRPC_CODES, type GrpcCodeName } from './service-types.js';
import type { WireSchema } from './wire-schema.js';

/** google.rpc's messages a status needs, and grpc.health.v1's (the health service): fixed protos, not A2A's. */
export const RPC_WIRE_SCHEMA: WireSchema = {
  messages: {
    'google.rpc.Status': [
      { n: 1, j: 'code', t: 'int32' },
      { n: 2, j: 'message', t: 'string' },
      { n: 3, j: 'details', t: 'google.protobuf.Any', r: true },
    ],
    'google.rpc.ErrorInfo': [
      { n: 1, j: 'reason', t: 'string' },
      { n: 2, j: 'domain', t: 'string' },
      { n: 3, j: 'metadata', t: 'string', k: 'string' },
    ],
    'google.rpc.BadRequest': [{ n: 1, j: 'fieldViolations', t: 'google.rpc.BadRequest.FieldViolation', r: true }],
    'google.rpc.BadRequest.FieldViolation': [
      { n: 1, j: 'field', t: 'string' },
      { n: 2, j: 'description', t: 'string' },
    ],
    'grpc.health.v1.HealthCheckRequest': [{ n: 1, j: 'service', t: 'string' }],
    'grpc.health.v1.HealthCheckResponse': [{ n: 1, j: 'status', t: 'grpc.health.v1.HealthCheckResponse.ServingStatus' }],
  },
  enums: {
    'grpc.health.v1.HealthCheckResponse.ServingStatus': { UNKNOWN: 0, SERVING: 1, NOT_SERVING: 2, SERVICE_UNKNOWN: 3 },
  },
};

const DOMAIN = 'a2a-protocol.org';
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
/** The `grpc-message` trailer is cut at this length; google.rpc.Status in `grpc-status-details-bin` carries the message whole. */
const MAX_MESSAGE = 1024;

export interface GrpcFailure {
  code: number;
  /** The status message (`grpc-message`). */
  details: string;
  /** google.rpc.Status, binary, for `grpc-status-details-bin`. */
  statusDetails: Uint8Array;
}

/** The error as the version's wire writes it (`code`, `message`, `data`: typed details from v1.0). */
export type ErrorWriter = (error: JsonRpcError) => { code: number; message: string; data?: unknown };

/** An A2A error as a gRPC failure: its status by the table, its details typed. */
export function failureOf(error: JsonRpcError, write: ErrorWriter, statusByCode: Readonly<Record<string, GrpcCodeName>>, codec: ProtoCodec): GrpcFailure {
  const wire = write(error);
  // Worth sending again (a full task budget, a store down before anything changed): UNAVAILABLE, which gRPC clients may retry.
  const code = GRPC_CODES[retryAfterOf(error) !== undefined ? 'UNAVAILABLE' : (statusByCode[String(error.code)] ?? 'INTERNAL')];
  return statusFailure(code, wire.message, detailsOf(error, wire.data), codec);
}

/** A failure that is no A2A error (authentication, shutdown, a message that cannot be read). */
export function plainFailure(name: GrpcCodeName, message: string, codec: ProtoCodec, reason?: string): GrpcFailure {
  const details = reason ? [{ '@type': ERROR_INFO, reason, domain: DOMAIN }] : [];
  return statusFailure(GRPC_CODES[name], message, details, codec);
}

function statusFailure(code: number, message: string, details: readonly unknown[], codec: ProtoCodec): GrpcFailure {
  const shown = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  return { code, details: shown, statusDetails: codec.encode('google.rpc.Status', { code, message, details }) };
}

/** v1.0's typed details as they are; before v1.0 (free `data`), an ErrorInfo made from the error and its scalar data. */
function detailsOf(error: JsonRpcError, data: unknown): readonly unknown[] {
  if (Array.isArray(data) && data.every((d) => d !== null && typeof d === 'object' && typeof (d as { '@type'?: unknown })['@type'] === 'string')) return data;
  const metadata: Record<string, string> = {};
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (key !== '__proto__' && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) metadata[key] = String(value);
    }
  }
  return [{ '@type': ERROR_INFO, reason: errorReason(error.name, error.code), domain: DOMAIN, metadata }];
}
