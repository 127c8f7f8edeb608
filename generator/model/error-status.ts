// The status of each error over the bindings that have statuses: HTTP's (HTTP+JSON) and gRPC's,
// from the one table the spec text gives (v1.0.1 §5.4). JSON-RPC has its codes in the errors.
import type { RestBinding } from '../../templates/a2a/runtime/protocol-types.js';
import type { GrpcCodeName } from '../../templates/a2a/grpc/service-types.js';

/**
 * HTTP status and google.rpc code of each error over HTTP+JSON.
 * @see specification-v1.0.1 §5.4 (the A2A errors) and §11.6; JSON-RPC's own errors are invalid
 * arguments (400), an unknown method has no route (404), an internal error is 500. v0.3.0 asks
 * only for "appropriate HTTP status codes" (§3.2.3), so it gets the table v1.0 wrote down.
 */
export const REST_ERROR_STATUS: RestBinding['errorStatus'] = {
  '-32700': [400, 'INVALID_ARGUMENT'],
  '-32600': [400, 'INVALID_ARGUMENT'],
  '-32601': [404, 'NOT_FOUND'],
  '-32602': [400, 'INVALID_ARGUMENT'],
  '-32603': [500, 'INTERNAL'],
  '-32001': [404, 'NOT_FOUND'],
  '-32002': [400, 'FAILED_PRECONDITION'],
  '-32003': [400, 'FAILED_PRECONDITION'],
  '-32004': [400, 'FAILED_PRECONDITION'],
  '-32005': [400, 'INVALID_ARGUMENT'],
  '-32006': [500, 'INTERNAL'],
  '-32007': [400, 'FAILED_PRECONDITION'],
  '-32008': [400, 'FAILED_PRECONDITION'],
  '-32009': [400, 'FAILED_PRECONDITION'],
};

/**
 * gRPC status of each error (spec v1.0.1 §5.4, the same codes as HTTP+JSON's google.rpc names),
 * but for a method the service lacks: gRPC's own UNIMPLEMENTED. v0.3.0 asks for "appropriate gRPC
 * status codes" (§3.2.2), so it gets v1.0's table.
 */
export const GRPC_ERROR_STATUS: Readonly<Record<string, GrpcCodeName>> = {
  ...Object.fromEntries(Object.entries(REST_ERROR_STATUS).map(([code, [, rpc]]) => [code, rpc as GrpcCodeName])),
  '-32601': 'UNIMPLEMENTED',
};
