// Extensions a request asks for (spec v1.0 §3.2.6, §4.6): the `A2A-Extensions` service parameter
// — an HTTP header, gRPC metadata `a2a-extensions`; v0.3 clients send `X-A2A-Extensions`, read
// too — lists the URIs of the extensions the client wants, comma-separated. Those the card
// declares are offered to the executor (`context.extensions`), which activates the ones it
// uses (`context.activateExtension`); the response names the activated ones in the same
// parameter. When the card marks one `required` and the client did not ask for it, the call is
// refused with ExtensionSupportRequiredError (§3.3.2: MUST), in the versions that define that
// error (v1.0 on); one it asked for is active from the start. Unknown ones are ignored (§4.6.3).
import { errorCodes, errorFor, type JsonRpcError } from '../../errors.js';
import { isObject } from '../../runtime/shapes.js';
import type { HeaderReader } from '../http/request.js';

export const EXTENSIONS_HEADER = 'a2a-extensions';
/** What v0.3 clients (and @a2a-js/sdk 0.3.x) send and read. */
export const LEGACY_EXTENSIONS_HEADER = 'x-a2a-extensions';

/** What the card says of extensions, read once: those it declares, and those it requires. */
export interface ExtensionPolicy {
  declared: ReadonlySet<string>;
  required: readonly string[];
}

/** The extensions of one call: those the client asked for that the card declares, and those activated. */
export class ExtensionUse {
  private readonly activatedSet: Set<string>;
  private readonly asked: string[];
  constructor(
    asked: readonly string[],
    activated: readonly string[] = [],
    /** The request named them in `X-A2A-Extensions` (a v0.3 client): the answer does too. */
    readonly legacy = false,
    private readonly declared: ReadonlySet<string> = new Set(),
  ) {
    this.asked = [...asked];
    this.activatedSet = new Set(activated);
  }

  /** Asked for and declared, in the client's order. */
  get requested(): readonly string[] {
    return this.asked;
  }

  /** Those a message names in its own `extensions` (v1.0 Message, v0.3 too) that the card declares are asked for as well. */
  offer(uris: unknown): void {
    if (!Array.isArray(uris) || this === NO_EXTENSIONS) return;
    for (const uri of uris) if (typeof uri === 'string' && this.declared.has(uri) && !this.asked.includes(uri)) this.asked.push(uri);
  }

  /** Marks one the client asked for as used; false (and nothing done) for one it did not ask for. */
  activate(uri: string): boolean {
    if (!this.requested.includes(uri)) return false;
    this.activatedSet.add(uri);
    return true;
  }

  get activated(): readonly string[] {
    return [...this.activatedSet];
  }

  /** The response headers naming the activated extensions; undefined when none is. */
  headers(): Record<string, string> | undefined {
    if (this.activatedSet.size === 0) return undefined;
    const list = this.activated.join(', ');
    return this.legacy ? { [EXTENSIONS_HEADER]: list, [LEGACY_EXTENSIONS_HEADER]: list } : { [EXTENSIONS_HEADER]: list };
  }
}

/** A call that asked for no declared extension: shared, nothing to activate. */
export const NO_EXTENSIONS = new ExtensionUse([]);
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

/** The call's extensions (those asked for that the card declares), or why it is refused. */
export function activeExtensions(reader: Pick<HeaderReader, 'header'>, policy: ExtensionPolicy): ExtensionUse | JsonRpcError {
  const asked = reader.header(EXTENSIONS_HEADER);
  const legacy = reader.header(LEGACY_EXTENSIONS_HEADER);
  // An agent that declares none has nothing to offer: one shared answer, nothing made per call.
  if (policy.declared.size === 0) return NO_EXTENSIONS;
  const requested = [asked, legacy]
    .flatMap((list) => (list ?? '').split(','))
    .map((uri) => uri.trim())
    .filter((uri) => uri !== '');
  if (ENFORCED) {
    const missing = policy.required.filter((uri) => !requested.includes(uri));
    if (missing.length > 0)
      return errorFor(
        'extensionSupportRequired',
        `this agent requires the extension${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: list ${missing.length > 1 ? 'them' : 'it'} in ${EXTENSIONS_HEADER}`,
        { required: missing },
      );
  }
  const active = [...new Set(requested.filter((uri) => policy.declared.has(uri)))];
  return new ExtensionUse(
    active,
    policy.required.filter((uri) => active.includes(uri)),
    legacy !== undefined,
    policy.declared,
  );
}
