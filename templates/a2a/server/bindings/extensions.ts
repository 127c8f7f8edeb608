// Extensions a request asks for (spec v1.0 §3.2.6, §4.6): the `A2A-Extensions` service parameter
// — an HTTP header, gRPC metadata `a2a-extensions` — lists the URIs of the extensions the client
// wants, comma-separated. Those the card declares are active for the call (the executor sees them
// as `context.extensions`); when the card marks one `required` and the client did not ask for it,
// the call is refused with ExtensionSupportRequiredError (§3.3.2: MUST), in the versions that
// define that error (v1.0 on).
import { errorCodes, errorFor, type JsonRpcError } from '../../errors.js';
import { isObject } from '../../runtime/shapes.js';
import type { HeaderReader } from '../http/request.js';

export const EXTENSIONS_HEADER = 'a2a-extensions';

/** What the card says of extensions, read once: those it declares, and those it requires. */
export interface ExtensionPolicy {
  declared: ReadonlySet<string>;
  required: readonly string[];
}

const NONE: readonly string[] = Object.freeze([]);
/** Whether this version can refuse a call for a missing extension. */
const ENFORCED = Object.hasOwn(errorCodes, 'extensionSupportRequired');

/** The card's `capabilities.extensions` (every version that has them: `{ uri, required }`). */
export function extensionPolicy(card: object): ExtensionPolicy {
  const capabilities = (card as { capabilities?: unknown }).capabilities;
  const list = isObject(capabilities) && Array.isArray(capabilities.extensions) ? capabilities.extensions : [];
  const declared = list.filter(isObject).filter((e) => typeof e.uri === 'string' && e.uri !== '');
  return {
    declared: new Set(declared.map((e) => e.uri as string)),
    required: declared.filter((e) => e.required === true).map((e) => e.uri as string),
  };
}

/** The extensions active for a call (those asked for that the card declares), or why it is refused. */
export function activeExtensions(reader: Pick<HeaderReader, 'header'>, policy: ExtensionPolicy): readonly string[] | JsonRpcError {
  const asked = reader.header(EXTENSIONS_HEADER);
  if (asked === undefined && policy.required.length === 0) return NONE;
  const requested = (asked ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter((uri) => uri !== '');
  if (ENFORCED) {
    const missing = policy.required.filter((uri) => !requested.includes(uri));
    if (missing.length > 0)
      return errorFor(
        'extensionSupportRequired',
        `this agent requires the extension${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: list ${missing.length > 1 ? 'them' : 'it'} in ${EXTENSIONS_HEADER}`,
        {
          required: missing,
        },
      );
  }
  const active = requested.filter((uri) => policy.declared.has(uri));
  return active.length > 0 ? active : NONE;
}
