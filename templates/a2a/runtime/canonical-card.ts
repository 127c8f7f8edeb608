// The payload a card's signatures cover (spec v1.0 §8.4.1): the card without `signatures`,
// without the fields its version says are not set (protocol descriptor's `cardForm`), without
// empty strings, lists and objects, as RFC 8785 (JCS) writes it. Leaving empties out is what the
// official SDKs do (JS 1.3.0 `canonicalizeAgentCard`, a2a-python `utils/signing.py`), so that a
// card signed by one verifies with the others. The signer (server/signing/) and the verifier
// (client/card-verify.ts) both call this, so they cannot drift apart.
import type { CardForm } from './card-form.js';
import { isObject } from './shapes.js';

/** The canonical JSON text of `card` under `form`. */
export function canonicalCard(card: object, form: CardForm): string {
  const { signatures: _, ...unsigned } = card as Record<string, unknown>;
  return canonicalJson(withoutEmpty(withoutUnset(unsigned, form.root, form)) ?? {});
}

/** Fields holding their "not set" value, and in a closed form fields the type does not declare, left out. */
function withoutUnset(value: unknown, type: string | undefined, form: CardForm): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutUnset(item, type, form));
  const fields = type === undefined ? undefined : form.types[type];
  if (!fields || !isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined) {
      if (!form.closed) out[key] = value[key];
      continue;
    }
    if (field.d !== undefined && value[key] === field.d) continue;
    const held = value[key];
    out[key] = field.m && isObject(held) ? mapOf(held, (item) => withoutUnset(item, field.t, form)) : withoutUnset(held, field.t, form);
  }
  return out;
}

function mapOf(map: Record<string, unknown>, each: (value: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(map)) out[key] = each(map[key]);
  return out;
}

/** `""`, `null`, `[]` and `{}` left out, recursively (undefined when nothing is left). */
function withoutEmpty(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(withoutEmpty).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  let empty = true;
  for (const key of Object.keys(value)) {
    const kept = withoutEmpty((value as Record<string, unknown>)[key]);
    if (kept !== undefined) {
      out[key] = kept;
      empty = false;
    }
  }
  return empty ? undefined : out;
}

/**
 * RFC 8785: members sorted by their names' UTF-16 code units (what Array.prototype.sort compares),
 * no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them (§3.2.2).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}
