// Errors between v0.3.0 (JSON-RPC error with free `data`) and v1.0 (`data` is a list of typed
// details in ProtoJSON Any form, with a google.rpc.ErrorInfo naming the A2A reason, spec §9.5).
// The codes are the same numbers in both versions. The mapping of `data` both ways is in
// compat-v03.ts's header; it is chosen so that v0.3 → v1.0 → v0.3 gives back the same error.
import { defined } from '../proto-v03/proto-json-v03-wire.js';
import { isObject, type Loose } from '../runtime/shapes.js';
import { list, o } from './compat-v03-objects.js';

export interface WireError {
  code: number;
  message: string;
  data?: unknown;
}
const DOMAIN = 'a2a-protocol.org';
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const VALUE = 'type.googleapis.com/google.protobuf.Value';
/** The reason is the error type's name in UPPER_SNAKE_CASE without "Error" (spec §9.5). */
const REASONS: Record<number, string> = {
  [-32700]: 'JSON_PARSE',
  [-32600]: 'INVALID_REQUEST',
  [-32601]: 'METHOD_NOT_FOUND',
  [-32602]: 'INVALID_PARAMS',
  [-32603]: 'INTERNAL',
  [-32001]: 'TASK_NOT_FOUND',
  [-32002]: 'TASK_NOT_CANCELABLE',
  [-32003]: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
  [-32004]: 'UNSUPPORTED_OPERATION',
  [-32005]: 'CONTENT_TYPE_NOT_SUPPORTED',
  [-32006]: 'INVALID_AGENT_RESPONSE',
  [-32007]: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
  [-32008]: 'EXTENSION_SUPPORT_REQUIRED',
  [-32009]: 'VERSION_NOT_SUPPORTED',
};
const stringMap = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((x) => typeof x === 'string');

/** v0.3 error (free `data`) → v1.0 error (typed details). */
export function errorToV1(e: WireError): WireError {
  const info = defined({
    '@type': ERROR_INFO,
    reason: REASONS[e.code] ?? `ERROR_${Math.abs(e.code)}`,
    domain: DOMAIN,
    metadata: stringMap(e.data) ? e.data : undefined,
  });
  const details: Loose[] = [info];
  if (e.data !== undefined && !stringMap(e.data)) details.push({ '@type': VALUE, value: e.data });
  return { code: e.code, message: e.message, data: details };
}

/** v1.0 error → v0.3 error. */
export function errorToV03(e: WireError): WireError {
  const details = list(e.data).map(o);
  const value = details.find((d) => d['@type'] === VALUE);
  const infos = details.filter((d) => d['@type'] === ERROR_INFO && d.domain === DOMAIN);
  let data: unknown;
  if (value) data = value.value;
  else if (infos.length === 1 && details.length === 1) data = infos[0].metadata;
  else if (e.data !== undefined && details.length > 0) data = e.data;
  else if (e.data !== undefined && !Array.isArray(e.data)) data = e.data; // not v1.0 details at all: already free data
  const out: WireError = { code: e.code, message: e.message };
  if (data !== undefined) out.data = data;
  return out;
}
