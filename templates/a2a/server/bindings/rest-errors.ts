// Errors over HTTP+JSON: an HTTP status from the error (spec v1.0 §5.4) and a body in the
// binding's style — v1.0's `{ "error": google.rpc.Status }` with the typed details the
// JSON-RPC binding carries in `data` (§11.6), or v0.3.0's `{ code, message, data }` as its
// official SDKs write and read it (@a2a-js/sdk 0.3 maps the code), plus the error's type name
// (`TaskNotFoundError`) twice: as `error`, which the official v0.3 TCK's HTTP+JSON client reads,
// and as `type`, which a2a-python's v0.3 client reads. Failures before any method
// (authentication, no route, a body too big) are HTTP failures with a status of their own, written
// in the same style.
import { errorFor, JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import type { RestBinding } from '../../runtime/protocol-types.js';
import { retryAfterOf } from '../../runtime/retry-after.js';
import { wireError } from './error-details.js';

const nativeBinding = protocol.rest as RestBinding | undefined;

/** An error as the version of the request writes it (compat: translated from the agent's). */
export type ErrorWriter = (error: JsonRpcError) => { code: number; message: string; data?: unknown };

const UNAVAILABLE = [503, 'UNAVAILABLE'] as const;

/** The HTTP status and google.rpc code name of an error: by the table, but 503 for one worth sending again (retry-after.ts). */
export function statusOf(error: JsonRpcError, binding: RestBinding | undefined = nativeBinding): readonly [number, string] {
  if (retryAfterOf(error) !== undefined) return UNAVAILABLE;
  return binding?.errorStatus[String(error.code)] ?? [500, 'INTERNAL'];
}

/** The `Retry-After` header of an error worth sending again, else none. */
export function retryHeaders(error: JsonRpcError): Record<string, string> | undefined {
  const seconds = retryAfterOf(error);
  return seconds === undefined ? undefined : { 'retry-after': String(Math.ceil(seconds)) };
}

/** The body of an error answer (a stream's error event has the same). */
export function restErrorBody(error: JsonRpcError, binding: RestBinding | undefined = nativeBinding, write: ErrorWriter = wireError): string {
  const wire = write(error);
  if (binding?.errors !== 'status') {
    const type = error.name === 'JsonRpcError' ? 'A2AError' : error.name;
    return JSON.stringify({ ...wire, error: type, type });
  }
  const [httpStatus, rpcStatus] = statusOf(error, binding);
  const details = Array.isArray(wire.data) ? wire.data : [];
  return JSON.stringify({ error: { code: httpStatus, status: rpcStatus, message: wire.message, details } });
}

/** A stream's failure as the binding writes it in an `event: error` (anything not an A2A error is internal). */
export const streamErrorBody = (error: unknown): string => restErrorBody(error instanceof JsonRpcError ? error : errorFor('internal'));

/** google.rpc code names of the HTTP failures that come before a method is known. */
const HTTP_RPC_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'UNIMPLEMENTED',
  408: 'DEADLINE_EXCEEDED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  503: 'UNAVAILABLE',
};

/** An HTTP-level failure: no JSON-RPC code of its own, so v0.3.0's style names it in `error`. */
export function httpFailureBody(status: number, message: string, binding: RestBinding | undefined = nativeBinding): string {
  if (binding?.errors === 'status') return JSON.stringify({ error: { code: status, status: HTTP_RPC_STATUS[status] ?? 'UNKNOWN', message, details: [] } });
  return JSON.stringify({ error: HTTP_ERROR_NAMES[status] ?? 'error', message });
}

const HTTP_ERROR_NAMES: Record<number, string> = {
  400: 'bad request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not found',
  405: 'method not allowed',
  408: 'request timeout',
  413: 'payload too large',
  415: 'unsupported media type',
  503: 'unavailable',
};

/** A route's path that is not A2A's: the JSON-RPC error the method table would give, for the status table. */
export const noRoute = (verb: string, path: string): JsonRpcError =>
  errorFor('methodNotFound', `no HTTP+JSON route is ${verb} ${path.slice(0, 200)}`, { path: path.slice(0, 200) });
