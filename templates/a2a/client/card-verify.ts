// Checking a card's signatures (spec v1.0 §8.4.3) before trusting it: at least one JWS in
// `signatures` must verify, over the card's canonical form in the version it is in
// (runtime/canonical-card.ts, the same code that signs), with a key the caller trusts — keys it
// holds, or a JWK Set at a URL it names. The card's own `jku` is not followed: whoever could
// change the card could change it too. Fails closed with CardSignatureError. WebCrypto only, so
// it runs in browsers as in Node.
import { base64urlFromText, bytesFromBase64url } from '../runtime/base64url.js';
import { canonicalCard } from '../runtime/canonical-card.js';
import type { CardForm } from '../runtime/card-form.js';
import { isObject } from '../runtime/shapes.js';

/** The keys a card must be signed with. */
export interface CardVerification {
  /** Public keys (JWKs with their `kid`), or a JWK Set. */
  keys?: readonly JsonWebKey[] | { keys: readonly JsonWebKey[] };
  /** A JWK Set URL the caller trusts (the agent's `/.well-known/jwks.json`, say), fetched once per discovery. */
  jwksUrl?: string;
}

export type CardSignatureFailure = 'unsigned' | 'unknown-key' | 'invalid' | 'unsupported' | 'no-keys';

/** The card is not signed by a trusted key: `reason` says how. */
export class CardSignatureError extends Error {
  override readonly name = 'CardSignatureError';
  constructor(
    message: string,
    readonly reason: CardSignatureFailure,
  ) {
    super(message);
  }
}

export type KeyWithId = JsonWebKey & { kid?: string };

const ALGORITHMS: Readonly<Record<string, { key: EcKeyImportParams | RsaHashedImportParams | Algorithm; verify: EcdsaParams | Algorithm }>> = {
  ES256: { key: { name: 'ECDSA', namedCurve: 'P-256' }, verify: { name: 'ECDSA', hash: 'SHA-256' } },
  ES384: { key: { name: 'ECDSA', namedCurve: 'P-384' }, verify: { name: 'ECDSA', hash: 'SHA-384' } },
  ES512: { key: { name: 'ECDSA', namedCurve: 'P-521' }, verify: { name: 'ECDSA', hash: 'SHA-512' } },
  RS256: { key: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, verify: { name: 'RSASSA-PKCS1-v1_5' } },
  EdDSA: { key: { name: 'Ed25519' }, verify: { name: 'Ed25519' } },
};

/** Resolves when one of the card's signatures verifies with one of `keys`; throws CardSignatureError otherwise. */
export async function verifyCardSignatures(card: object, form: CardForm, keys: readonly KeyWithId[]): Promise<void> {
  const signatures = (card as { signatures?: unknown }).signatures;
  if (!Array.isArray(signatures) || signatures.length === 0) throw new CardSignatureError('the agent card is not signed', 'unsigned');
  if (keys.length === 0) throw new CardSignatureError('no keys to verify the agent card with', 'no-keys');
  const payload = base64urlFromText(canonicalCard(card, form));
  const reasons: string[] = [];
  let failure: CardSignatureFailure = 'invalid';
  for (const entry of signatures) {
    const checked = await checkSignature(entry, payload, keys);
    if (checked === true) return;
    reasons.push(checked.message);
    if (checked.reason !== 'invalid' || signatures.length === 1) failure = checked.reason;
  }
  throw new CardSignatureError(`no signature of the agent card verifies: ${reasons.join('; ')}`, failure);
}

function checkSignature(entry: unknown, payload: string, keys: readonly KeyWithId[]): Promise<true | JwsFailure> {
  const fields = isObject(entry) && typeof entry.protected === 'string' && typeof entry.signature === 'string' ? entry : undefined;
  if (!fields) return Promise.resolve({ reason: 'invalid', message: 'a signature that is not a JWS' });
  return verifyJws(fields.protected as string, payload, fields.signature as string, keys);
}

export interface JwsFailure {
  reason: CardSignatureFailure;
  message: string;
}

/** The protected header of a JWS, or undefined when it is not base64url JSON. */
export function jwsHeader(protectedHeader: string): Record<string, unknown> | undefined {
  const bytes = bytesFromBase64url(protectedHeader);
  try {
    const header: unknown = bytes && JSON.parse(new TextDecoder().decode(bytes));
    return isObject(header) ? header : undefined;
  } catch {
    return undefined;
  }
}

/** Checks one JWS (its base64url parts) against the key its `kid` names among `keys`. */
export async function verifyJws(protectedHeader: string, payload: string, signatureText: string, keys: readonly KeyWithId[]): Promise<true | JwsFailure> {
  const header = jwsHeader(protectedHeader);
  if (!header) return { reason: 'invalid', message: 'a signature that is not a JWS' };
  const alg = typeof header.alg === 'string' && Object.hasOwn(ALGORITHMS, header.alg) ? ALGORITHMS[header.alg] : undefined;
  if (!alg) return { reason: 'unsupported', message: `algorithm ${JSON.stringify(header.alg)} (ES256, ES384, ES512, RS256 and EdDSA are checked)` };
  const key = keys.find((k) => k.kid === header.kid);
  if (!key) return { reason: 'unknown-key', message: `kid ${JSON.stringify(header.kid)} is not one of the trusted keys` };
  if (key.alg !== undefined && key.alg !== header.alg)
    return { reason: 'invalid', message: `key ${String(header.kid)} is for ${key.alg}, not ${String(header.alg)}` };
  const signature = bytesFromBase64url(signatureText);
  if (!signature) return { reason: 'invalid', message: 'a signature that is not base64url' };
  try {
    const { alg: _, key_ops: __, use: ___, ...material } = key;
    const imported = await crypto.subtle.importKey('jwk', material, alg.key, false, ['verify']);
    const input = new TextEncoder().encode(`${protectedHeader}.${payload}`);
    if (await crypto.subtle.verify(alg.verify, imported, signature, input)) return true;
  } catch (err) {
    return { reason: 'invalid', message: `key ${String(header.kid)} cannot check it (${(err as Error).message})` };
  }
  return { reason: 'invalid', message: `the signature by ${String(header.kid)} does not match` };
}

/** The trusted keys from the options: those given, and the JWK Set at `jwksUrl` (read by `fetchSet`). */
export async function trustedKeys(options: CardVerification, fetchSet: (url: string) => Promise<unknown>): Promise<KeyWithId[]> {
  const given = options.keys === undefined ? [] : Array.isArray(options.keys) ? options.keys : (options.keys as { keys: readonly JsonWebKey[] }).keys;
  const keys: KeyWithId[] = [...given];
  if (options.jwksUrl !== undefined) {
    const set = await fetchSet(options.jwksUrl);
    if (!isObject(set) || !Array.isArray(set.keys)) throw new CardSignatureError(`${options.jwksUrl} is not a JWK Set`, 'no-keys');
    keys.push(...(set.keys.filter(isObject) as KeyWithId[]));
  }
  return keys;
}
