// HTTP caching of the public Agent Card (spec v1.0 §8.6.1: SHOULD ETag, MAY Last-Modified,
// Cache-Control): the ETag is a hash of the bytes served, so it changes exactly when they do —
// per version of the card when the agent answers several, the same on every replica — and
// Last-Modified is when this process first served those bytes. A conditional GET whose
// validator still holds is answered 304 without the card. Each card's answer is made once.
import type { HeaderReader } from '../bindings/auth.js';

export interface ServedCard {
  body: string;
  etag: string;
  /** An HTTP date, to the second. */
  lastModified: string;
  /** The same instant in ms, rounded down to the second as the header carries it. */
  modifiedMs: number;
}

/** A card's answer, from its JSON text. */
export function servedCard(body: string): ServedCard {
  const modifiedMs = Math.floor(Date.now() / 1000) * 1000;
  return { body, etag: `"${hash(body)}"`, lastModified: new Date(modifiedMs).toUTCString(), modifiedMs };
}

/**
 * Whether the client's copy is current (RFC 9110 §13.1): `If-None-Match` names this ETag (weak
 * comparison, `*` matches), or — only when there is no `If-None-Match` — `If-Modified-Since` is
 * not before Last-Modified.
 */
export function notModified(request: HeaderReader, card: ServedCard): boolean {
  const match = request.header('if-none-match');
  if (match !== undefined) return match.split(',').some((tag) => ((tag = tag.trim()), tag === '*' || tag.replace(/^W\//, '') === card.etag));
  const since = request.header('if-modified-since');
  if (since === undefined) return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && card.modifiedMs <= at;
}

/** Two 32-bit FNV-1a hashes of the UTF-16 text (64 bits), as hex: a validator, not a secret. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 7);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
