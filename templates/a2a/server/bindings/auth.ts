// Authentication from the card's security schemes, checked on every request but the public
// card. Credentials are extracted per scheme; verifying them is the agent author's callback.
// No credentials or bad ones: 401 with `WWW-Authenticate`; a verifier that knows the caller
// but refuses it returns `forbidden()`: 403.
// @see the A2A spec §4 Authentication and Authorization.
import type { HeaderReader } from '../http/request.js';
import { security } from '../../agent.js';
import type { SecuritySchemeDescriptor } from '../../runtime/protocol-types.js';
import type { Principal } from '../executor.js';
import { emptyVariableOf } from '../environment.js';

export type { HeaderReader };

export class Forbidden {
  constructor(readonly reason: string) {}
}
/** Return this from a verifier to answer 403: the caller is known, but not allowed. */
export const forbidden = (reason = 'forbidden'): Forbidden => new Forbidden(reason);

/** A verifier's answer: the principal; nothing (bad credentials: 401); or `forbidden()` (403). */
export type VerifyResult = Principal | null | undefined | false | Forbidden;
type Awaitable<T> = T | Promise<T>;

export type BearerVerifier = (token: string, request: HeaderReader) => Awaitable<VerifyResult>;
export type BasicVerifier = (credentials: { username: string; password: string }, request: HeaderReader) => Awaitable<VerifyResult>;
export type ApiKeyVerifier = (key: string, request: HeaderReader) => Awaitable<VerifyResult>;
export type SchemeVerifier = (credentials: string, request: HeaderReader) => Awaitable<VerifyResult>;
export type MutualTlsVerifier = (peerCertificate: unknown, request: HeaderReader) => Awaitable<VerifyResult>;
export type AnyVerifier = BearerVerifier | BasicVerifier | ApiKeyVerifier | SchemeVerifier | MutualTlsVerifier;

const schemes: readonly SecuritySchemeDescriptor[] = security.schemes;
const requirements: readonly (readonly string[])[] = security.requirements;

export const authRequired = requirements.length > 0;

export type AuthOutcome = { ok: true; principal?: Principal } | { ok: false; status: 401 | 403; message: string; challenge?: string };

/** The outcome for every request when the card declares no security. */
export const AUTH_NOT_REQUIRED: AuthOutcome = Object.freeze({ ok: true });

/** Compares secrets in time that depends only on their lengths, never on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const encoder = new TextEncoder();
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const length = Math.max(x.length, y.length);
  let diff = x.length ^ y.length;
  for (let i = 0; i < length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Verifiers made from no secrets at all, with the variable the secrets were to come from (when known). */
const acceptsNothing = new WeakMap<object, string | undefined>();

/** Whether a verifier was made from no secrets (`acceptSecrets([])`, an unset variable): `{ variable }` then, else undefined. */
export const madeFromNoSecrets = (verifier: AnyVerifier): { variable?: string } | undefined =>
  acceptsNothing.has(verifier) ? { variable: acceptsNothing.get(verifier) } : undefined;

/** A verifier accepting any of the given secrets (bearer tokens or API keys), compared in constant time. */
export function acceptSecrets(
  secrets: readonly string[],
  principal: (index: number) => Principal = (i) => ({ subject: `secret-${i}` }),
): (presented: string) => Principal | null {
  const list = secrets.filter((s) => s.length > 0);
  const verify = (presented: string): Principal | null => {
    let found = -1;
    for (let i = 0; i < list.length; i++) if (safeEqual(presented, list[i]) && found < 0) found = i;
    return found >= 0 ? principal(found) : null;
  };
  if (list.length === 0) acceptsNothing.set(verify, emptyVariableOf(secrets));
  return verify;
}

/** A basic-auth verifier over a user → password table, compared in constant time. */
export function acceptUsers(users: Readonly<Record<string, string>>): BasicVerifier {
  const verify: BasicVerifier = ({ username, password }) => {
    const expected = Object.prototype.hasOwnProperty.call(users, username) ? users[username] : undefined;
    const ok = safeEqual(password, expected ?? '\u0000never');
    return ok && expected !== undefined ? { subject: username } : null;
  };
  if (Object.keys(users).length === 0) acceptsNothing.set(verify, emptyVariableOf(users));
  return verify;
}

function extract(scheme: SecuritySchemeDescriptor, request: HeaderReader): string | { username: string; password: string } | true | undefined {
  switch (scheme.credential) {
    case 'bearer':
    case 'scheme':
    case 'basic': {
      const header = request.header('authorization');
      if (!header) return undefined;
      const space = header.indexOf(' ');
      const word = (space < 0 ? header : header.slice(0, space)).toLowerCase();
      const value = space < 0 ? '' : header.slice(space + 1).trim();
      const expected = scheme.credential === 'scheme' ? (scheme.authScheme ?? '').toLowerCase() : scheme.credential;
      if (word !== expected || !value) return undefined;
      if (scheme.credential !== 'basic') return value;
      let decoded: string;
      try {
        decoded = new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
      } catch {
        return undefined;
      }
      const colon = decoded.indexOf(':');
      return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
    }
    case 'apiKey': {
      const name = scheme.paramName ?? '';
      if (scheme.in === 'query') return new URLSearchParams(request.query).get(name) ?? undefined;
      if (scheme.in === 'cookie') {
        for (const pair of (request.header('cookie') ?? '').split(';')) {
          const eq = pair.indexOf('=');
          if (eq > 0 && pair.slice(0, eq).trim() === name) {
            try {
              return decodeURIComponent(pair.slice(eq + 1).trim());
            } catch {
              return undefined;
            }
          }
        }
        return undefined;
      }
      return request.header(name.toLowerCase()) ?? undefined;
    }
    case 'mutualTLS':
      return request.peerCertificate ? true : undefined;
  }
}

function challenge(scheme: SecuritySchemeDescriptor, invalid: boolean): string {
  switch (scheme.credential) {
    case 'bearer':
      return invalid ? 'Bearer realm="a2a", error="invalid_token"' : 'Bearer realm="a2a"';
    case 'basic':
      return 'Basic realm="a2a", charset="UTF-8"';
    case 'apiKey':
      return `ApiKey realm="a2a", in="${scheme.in ?? 'header'}", name="${(scheme.paramName ?? '').replace(/["\\]/g, '')}"`;
    case 'scheme':
      return `${scheme.authScheme ?? 'Custom'} realm="a2a"`;
    case 'mutualTLS':
      return 'MutualTLS realm="a2a"';
  }
}

/**
 * Checks the request against the card's requirements: any alternative (OR) whose schemes all
 * (AND) present credentials that their verifiers accept.
 */
export async function authenticate(request: HeaderReader, verifiers: Readonly<Record<string, AnyVerifier | undefined>>): Promise<AuthOutcome> {
  if (!authRequired) return AUTH_NOT_REQUIRED;
  let sawForbidden: string | undefined;
  let sawInvalid = false;
  for (const alternative of requirements) {
    let principal: Principal | undefined;
    let passed = true;
    for (const name of alternative) {
      const scheme = schemes.find((s) => s.name === name);
      const verify = verifiers[name];
      const credential = scheme ? extract(scheme, request) : undefined;
      if (!scheme || credential === undefined) {
        passed = false;
        break;
      }
      if (!verify) {
        passed = false;
        sawInvalid = true;
        break;
      }
      let result: VerifyResult;
      try {
        result = await (verify as (c: unknown, r: HeaderReader) => Awaitable<VerifyResult>)(
          credential === true ? request.peerCertificate : credential,
          request,
        );
      } catch {
        result = null;
      }
      if (result instanceof Forbidden) {
        sawForbidden ??= result.reason;
        passed = false;
        break;
      }
      if (!result) {
        sawInvalid = true;
        passed = false;
        break;
      }
      principal = { ...result, scheme: result.scheme ?? name };
    }
    if (passed) return { ok: true, principal };
  }
  if (sawForbidden !== undefined) return { ok: false, status: 403, message: `Forbidden: ${sawForbidden}` };
  const challenges = [...new Set(requirements.flat())].map((n) => schemes.find((s) => s.name === n)).filter((s): s is SecuritySchemeDescriptor => !!s);
  return {
    ok: false,
    status: 401,
    message: sawInvalid
      ? 'Unauthorized: the credentials were not accepted'
      : `Unauthorized: credentials required (${challenges.map((s) => s.name).join(' or ')})`,
    challenge: challenges.map((s) => challenge(s, sawInvalid)).join(', '),
  };
}
