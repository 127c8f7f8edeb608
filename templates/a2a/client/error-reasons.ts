// An A2A error from a google.rpc.ErrorInfo reason (`TASK_NOT_FOUND`), where a binding sends the
// reason but not the JSON-RPC code: HTTP+JSON from v1.0 (§11.6) and gRPC (§10.6).
import { errorClassesByCode, errorFromWire, type JsonRpcError } from '../errors.js';
import { errorReason } from '../runtime/error-reason.js';
import { isObject, type Loose } from '../runtime/shapes.js';

export const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

let codes: Map<string, number> | undefined;

/** ErrorInfo reason → JSON-RPC code, for every error class this version has. */
function codeOf(reason: string): number | undefined {
  if (!codes) {
    codes = new Map();
    for (const [code, Class] of errorClassesByCode) codes.set(errorReason(new Class().name, code), code);
  }
  return codes.get(reason);
}

/** The typed error that typed `details` name through their ErrorInfo, or undefined when they name none this version knows. */
export function errorFromDetails(details: readonly unknown[], message: string | undefined): JsonRpcError | undefined {
  const info = details.find((d): d is Loose => isObject(d) && d['@type'] === ERROR_INFO);
  const code = typeof info?.reason === 'string' ? codeOf(info.reason) : undefined;
  return code === undefined ? undefined : errorFromWire({ code, message, data: details });
}
