// Credentials for requests: hooks that decorate each request (a header, or a query parameter
// for API keys sent that way). `fromCard()` builds them from the card's security schemes.
import type { AgentCard } from '../types.js';

export interface OutgoingRequest {
  url: URL;
  headers: Headers;
}

/** Adds credentials to a request; may be async (to refresh a token, say). */
export type AuthHook = (request: OutgoingRequest) => void | Promise<void>;

type Secret = string | (() => string | Promise<string>);
const resolve = async (secret: Secret): Promise<string> => (typeof secret === 'function' ? secret() : secret);

export function bearer(token: Secret): AuthHook {
  return async ({ headers }) => headers.set('authorization', `Bearer ${await resolve(token)}`);
}

export function basic(username: string, password: Secret): AuthHook {
  return async ({ headers }) => {
    const bytes = new TextEncoder().encode(`${username}:${await resolve(password)}`);
    headers.set('authorization', `Basic ${btoa(String.fromCharCode(...bytes))}`);
  };
}

/** An API key in a header, a query parameter or a cookie (cookies: Node only, browsers forbid the header). */
export function apiKey(where: { in: 'header' | 'query' | 'cookie'; name: string }, key: Secret): AuthHook {
  return async ({ url, headers }) => {
    const value = await resolve(key);
    if (where.in === 'query') url.searchParams.set(where.name, value);
    else if (where.in === 'cookie') headers.append('cookie', `${where.name}=${encodeURIComponent(value)}`);
    else headers.set(where.name, value);
  };
}

/** A custom Authorization scheme: `Authorization: <scheme> <credentials>`. */
export function authorization(scheme: string, credentials: Secret): AuthHook {
  return async ({ headers }) => headers.set('authorization', `${scheme} ${await resolve(credentials)}`);
}

export type Credential = Secret | { username: string; password: Secret };

/**
 * Hooks for the first alternative of the card's `security` that the given credentials cover
 * (keyed by scheme name). v0.1.0 cards list scheme names under `authentication.schemes`.
 */
export function fromCard(card: AgentCard, credentials: Readonly<Record<string, Credential>>): AuthHook[] {
  const c = card as unknown as {
    securitySchemes?: Record<string, { type?: string; scheme?: string; in?: 'header' | 'query' | 'cookie'; name?: string }>;
    security?: Record<string, unknown>[];
    authentication?: { schemes?: string[] };
  };
  const schemes = c.securitySchemes ?? Object.fromEntries((c.authentication?.schemes ?? []).map((s) => [s, { type: 'legacy', scheme: s }]));
  const alternatives = c.security?.map((req) => Object.keys(req)) ?? Object.keys(schemes).map((s) => [s]);
  const usable = alternatives.find((alt) => alt.length > 0 && alt.every((name) => Object.prototype.hasOwnProperty.call(credentials, name) && schemes[name]));
  if (!usable) {
    const needed = alternatives.map((alt) => alt.join(' + ')).join(' or ');
    throw new Error(`no credentials for any security requirement of the card (it accepts ${needed || 'nothing'})`);
  }
  return usable.map((name) => hookFor(schemes[name], credentials[name]));
}

function hookFor(scheme: { type?: string; scheme?: string; in?: 'header' | 'query' | 'cookie'; name?: string }, credential: Credential): AuthHook {
  const secret = typeof credential === 'object' ? credential.password : credential;
  const kind = (scheme.scheme ?? '').toLowerCase();
  switch (scheme.type) {
    case 'apiKey':
      return apiKey({ in: scheme.in ?? 'header', name: scheme.name ?? 'X-API-Key' }, secret);
    case 'http':
    case 'legacy':
      if (kind === 'basic' && typeof credential === 'object') return basic(credential.username, credential.password);
      if (kind === 'bearer') return bearer(secret);
      return authorization(scheme.scheme ?? 'Bearer', secret);
    default:
      // oauth2 and openIdConnect: the access token travels as a bearer token.
      return bearer(secret);
  }
}
