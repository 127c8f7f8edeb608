// Signed cards (`server.cardSigning`, spec v1.0 §8.4): every card the agent serves — the public
// one and the extended one, in each version it answers — carries a JWS over its canonical form
// (runtime/canonical-card.ts) made with the agent's key, `kid` and `jku` in the protected header,
// and the public key is served as a JWK Set at `jku`. A signature is made once per distinct card
// (by its canonical text), not per request: the public card's answer is itself made once per
// version (card-routes.ts), and an extended card that a function builds per caller is signed
// again only when its content differs.
import { base64urlFromBytes, base64urlFromText } from '../../runtime/base64url.js';
import { canonicalCard } from '../../runtime/canonical-card.js';
import { cardEndpoint } from '../../runtime/card-endpoint.js';
import type { CardForm } from '../../runtime/card-form.js';
import { protocol } from '../../protocol.js';
import type { SigningKey } from './signing-key.js';

export interface CardSigner {
  /** `card` (in the version `version` names, Major.Minor; the agent's own when undefined) with its signature; `own` is the agent's own card, whose endpoint `jku` is resolved against. */
  sign<T extends object>(card: T, own: object, version?: string): T;
  /** Where the JWK Set is served (a path). */
  readonly jwksPath: string;
  /** The JWK Set's JSON text. */
  readonly jwks: string;
  readonly key: SigningKey;
}

/** At most this many distinct cards' signatures are kept (extended cards built per caller vary). */
const CACHED = 64;

export function createCardSigner(key: SigningKey, jwksPath: string): CardSigner {
  const signatures = new Map<string, { protected: string; signature: string }>();
  return {
    jwksPath,
    jwks: JSON.stringify({ keys: [key.publicJwk] }),
    key,
    sign(card, own, version) {
      const form = formOf(version);
      // A version whose cards carry no signatures (none the generator lets sign) is served as it is.
      if (!form) return card;
      const payload = canonicalCard(card, form);
      const jku = jkuOf(own, jwksPath);
      const cacheKey = `${jku}\n${payload}`;
      let signature = signatures.get(cacheKey);
      if (!signature) {
        signature = signJws(key, jku, payload);
        if (signatures.size >= CACHED) signatures.delete(signatures.keys().next().value!);
        signatures.set(cacheKey, signature);
      }
      return { ...card, signatures: [signature] };
    },
  };
}

/** The card form of a version the agent serves (its own, or a `compat` one). */
function formOf(version: string | undefined): CardForm | undefined {
  if (version === undefined) return protocol.cardForm;
  return protocol.compat?.find((c) => c.version === version)?.cardForm;
}

/** The JWK Set's absolute URL, at the origin of the card's endpoint; none when the card has no absolute endpoint. */
export function jkuOf(card: object, jwksPath: string): string | undefined {
  try {
    return new URL(jwksPath, cardEndpoint(card)).href;
  } catch {
    return undefined;
  }
}

/**
 * A JWS of `payload` (RFC 7515) made with `key`: its protected header (`alg`, `kid`, `jku` when
 * known, then `claims`) and signature, both base64url. Cards and push notifications sign alike.
 */
export function signJws(key: SigningKey, jku: string | undefined, payload: string, claims: object = {}): { protected: string; signature: string } {
  const header = base64urlFromText(JSON.stringify({ alg: key.alg, typ: 'JOSE', kid: key.kid, ...(jku ? { jku } : {}), ...claims }));
  const input = new TextEncoder().encode(`${header}.${base64urlFromText(payload)}`);
  return { protected: header, signature: base64urlFromBytes(key.sign(input)) };
}
