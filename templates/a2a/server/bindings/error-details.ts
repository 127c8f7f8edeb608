// An error as the wire carries it. From v1.0 (spec §3.3.2, §9.5) `data` is a list of typed
// details in ProtoJSON `Any` form: a `google.rpc.ErrorInfo` naming the reason (`TASK_NOT_FOUND`)
// with what the server knows as string metadata, and for invalid params a
// `google.rpc.BadRequest` listing each field and what is wrong with it. Before v1.0 `data` is
// free JSON and goes as it is.
import type { JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { errorReason } from '../../runtime/error-reason.js';

type WireError = { code: number; message: string; data?: unknown };

const typed = protocol.features.typedErrorDetails;
const DOMAIN = 'a2a-protocol.org';
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const INVALID_PARAMS = -32602;

export function wireError(error: JsonRpcError): WireError {
  const json = error.toJSON();
  if (!typed || Array.isArray(json.data)) return json;
  const data = json.data !== null && typeof json.data === 'object' ? (json.data as Record<string, unknown>) : {};
  const details: Record<string, unknown>[] = [];
  // Field violations belong to invalid params; a missing task is not a bad field.
  const violations = json.code === INVALID_PARAMS ? fieldViolations(data, json.message) : [];
  if (violations.length) details.push({ '@type': BAD_REQUEST, fieldViolations: violations });
  details.push({ '@type': ERROR_INFO, reason: errorReason(error.name, error.code), domain: DOMAIN, metadata: metadataOf(data) });
  return { code: json.code, message: json.message, data: details };
}

/** ErrorInfo metadata is a map of strings: scalars as text; lists and objects are left to the other details. */
function metadataOf(data: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'issues' || key === '__proto__') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}

/** The validator's issues (or the one `path` a rule names) as BadRequest field violations. */
function fieldViolations(data: Record<string, unknown>, message: string): { field: string; description: string }[] {
  if (Array.isArray(data.issues)) {
    return (data.issues as { path?: unknown; message?: unknown }[]).map((issue) => ({
      field: fieldPath(String(issue.path ?? '')),
      description: String(issue.message ?? ''),
    }));
  }
  return typeof data.path === 'string' && data.path !== '' ? [{ field: fieldPath(data.path), description: message }] : [];
}

/** A JSON pointer into the params (`/message/parts/0`) as a field path (`message.parts[0]`). */
function fieldPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(segment) ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  }
  return out;
}
