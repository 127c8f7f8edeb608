// The agent's signing key (`server.cardSigning`): a private key from an environment variable,
// PKCS#8 PEM or a JWK, read once at start. Its algorithm follows from the key (ES256/384/512 by
// curve, RS256, EdDSA for Ed25519) so a key and a header can never disagree; its `kid` is the
// JWK's own, or the key's RFC 7638 thumbprint, which changes exactly when the key does — rotation
// by `kid` needs no bookkeeping. No dependency: node:crypto reads, signs and exports JWKs.
import { createHash, createPrivateKey, createPublicKey, sign, type JsonWebKey, type KeyObject } from 'node:crypto';

export type SigningAlgorithm = 'ES256' | 'ES384' | 'ES512' | 'RS256' | 'EdDSA';

export interface SigningKey {
  readonly alg: SigningAlgorithm;
  readonly kid: string;
  /** The public half as a JWK (`kid`, `alg`, `use: sig`), for the JWK Set. */
  readonly publicJwk: Readonly<Record<string, string>>;
  /** Signs the JWS signing input, the signature as JWS writes it (ECDSA as r‖s, RFC 7518 §3.4). */
  sign(input: Uint8Array): Buffer;
}

/** Thrown for a key that is missing or cannot sign: the one line the server refuses to start with. */
export class SigningKeyError extends Error {}

const CURVES: Readonly<Record<string, { alg: SigningAlgorithm; hash: string | null }>> = {
  prime256v1: { alg: 'ES256', hash: 'sha256' },
  secp384r1: { alg: 'ES384', hash: 'sha384' },
  secp521r1: { alg: 'ES512', hash: 'sha512' },
};

/** The key in `text` (the value of `variable`), or why it cannot sign. */
export function signingKeyFrom(text: string | undefined, variable: string): SigningKey {
  if (text === undefined || text.trim() === '')
    throw new SigningKeyError(`server.cardSigning is on but ${variable} is not set: give it the private key (PKCS#8 PEM or a JWK)`);
  let key: KeyObject;
  let jwk: JsonWebKey | undefined;
  try {
    if (text.trim().startsWith('{')) {
      jwk = JSON.parse(text) as JsonWebKey;
      if (typeof jwk !== 'object' || jwk === null || jwk.d === undefined)
        throw new SigningKeyError(`${variable} holds a public JWK (no "d"): signing needs the private key`);
      key = createPrivateKey({ key: jwk, format: 'jwk' });
    } else key = createPrivateKey(text.includes('\\n') ? text.replace(/\\n/g, '\n') : text);
  } catch (err) {
    if (err instanceof SigningKeyError) throw err;
    throw new SigningKeyError(`${variable} is not a private key this server can read (PKCS#8 PEM or a JWK): ${(err as Error).message}`);
  }
  const { alg, hash } = algorithmOf(key, variable);
  if (jwk?.alg !== undefined && jwk.alg !== alg) throw new SigningKeyError(`${variable}: the JWK says "alg": "${jwk.alg}" but the key is an ${alg} key`);
  const exported = createPublicKey(key).export({ format: 'jwk' }) as Record<string, string>;
  const kid = typeof jwk?.kid === 'string' && jwk.kid !== '' ? jwk.kid : thumbprint(exported);
  return {
    alg,
    kid,
    publicJwk: { ...exported, kid, alg, use: 'sig' },
    sign: (input) => sign(hash, input, alg.startsWith('ES') ? { key, dsaEncoding: 'ieee-p1363' } : key),
  };
}

function algorithmOf(key: KeyObject, variable: string): { alg: SigningAlgorithm; hash: string | null } {
  const type = key.asymmetricKeyType;
  if (type === 'ed25519') return { alg: 'EdDSA', hash: null };
  if (type === 'rsa') {
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 2048) throw new SigningKeyError(`${variable} is a ${bits}-bit RSA key: RS256 needs 2048 bits or more`);
    return { alg: 'RS256', hash: 'sha256' };
  }
  const curve = type === 'ec' ? CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''] : undefined;
  if (curve) return curve;
  throw new SigningKeyError(
    `${variable} is a${type === 'ec' ? `n EC key on ${key.asymmetricKeyDetails?.namedCurve}` : ` ${type} key`}: card signing takes ES256 (P-256), ES384, ES512, RS256 or EdDSA (Ed25519)`,
  );
}

/** RFC 7638: SHA-256 of the key's required members in lexicographic order, base64url. */
function thumbprint(jwk: Record<string, string>): string {
  const members = jwk.kty === 'RSA' ? ['e', 'kty', 'n'] : jwk.kty === 'EC' ? ['crv', 'kty', 'x', 'y'] : ['crv', 'kty', 'x'];
  const text = `{${members.map((m) => `${JSON.stringify(m)}:${JSON.stringify(jwk[m])}`).join(',')}}`;
  return createHash('sha256').update(text).digest('base64url');
}
