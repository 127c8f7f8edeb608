// Credentials for requests: hooks that decorate each request (a header, or a query parameter
// for API keys sent that way), and handlers that can also refresh credentials after HTTP 401.
// `fromCard()` builds hooks from the card's security schemes.
import { plainScheme, requirementSets, type PlainScheme } from '../runtime/card-security.js';
import type { AgentCard } from '../types.js';

export interface OutgoingRequest {
  url: URL;
  headers: Headers;
}

/** Adds credentials to a request; may be async (to refresh a token, say). */
export type AuthHook = (request: OutgoingRequest) => void | Promise<void>;

/**
 * Credentials that can be refreshed (like @a2a-js/sdk's AuthenticationHandler): `headers()` is
 * asked before every request, and after an HTTP 401 `onUnauthorized` may refresh them and ask
 * for the call to be sent once more.
 */
export interface AuthHandler {
  /** Headers carrying the credentials (Authorization, say); asked again for every attempt. */
  headers(): Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>;
  /**
   * The server answered HTTP 401 (the response, body readable). Refresh the credentials and
   * resolve true to send the call once more with fresh `headers()`; false gives the caller the
   * 401. Asked at most once per call, so a refresh that keeps failing cannot loop.
   */
  onUnauthorized?(response: Response): boolean | Promise<boolean>;
}

/** The `auth` option: hooks, handlers, or a list of both (applied in order). */
export type Auth = AuthHook | AuthHandler | readonly (AuthHook | AuthHandler)[];

/** The `auth` option taken apart: hooks for every request, and the refresh to ask after a 401. */
export interface Credentials {
  readonly hooks: readonly AuthHook[];
  /** Asks each handler's `onUnauthorized` (each with its own copy of the response); true when any wants a retry. */
  readonly refresh?: (response: Response) => Promise<boolean>;
}

export function credentialsOf(auth: Auth | undefined): Credentials {
  const list: readonly (AuthHook | AuthHandler)[] =
    auth === undefined ? [] : typeof auth === 'function' || !Array.isArray(auth) ? [auth as AuthHook | AuthHandler] : auth;
  const hooks = list.map((a): AuthHook => (typeof a === 'function' ? a : handlerHook(a)));
  const handlers = list.filter(
    (a): a is AuthHandler & Required<Pick<AuthHandler, 'onUnauthorized'>> => typeof a !== 'function' && typeof a.onUnauthorized === 'function',
  );
  if (handlers.length === 0) return { hooks };
  return {
    hooks,
    refresh: async (response) => {
      let retry = false;
      // Every handler is asked, not only up to the first yes: each may hold a credential of its own to refresh.
      for (const handler of handlers) if ((await handler.onUnauthorized(response.clone())) === true) retry = true;
      return retry;
    },
  };
}

function handlerHook(handler: AuthHandler): AuthHook {
  return async ({ headers }) => {
    for (const [name, value] of Object.entries(await handler.headers())) headers.set(name, value);
  };
}

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
 * Hooks for the first alternative of the card's requirements (`security`, v1.0
 * `securityRequirements`) that the given credentials cover (keyed by scheme name). v0.1.0 cards
 * list scheme names under `authentication.schemes`.
 */
export function fromCard(card: AgentCard, credentials: Readonly<Record<string, Credential>>): AuthHook[] {
  const c = card as unknown as Record<string, unknown> & { securitySchemes?: Record<string, unknown>; authentication?: { schemes?: string[] } };
  const schemes: Record<string, PlainScheme | undefined> = c.securitySchemes
    ? Object.fromEntries(Object.entries(c.securitySchemes).map(([name, raw]) => [name, plainScheme(raw)]))
    : Object.fromEntries((c.authentication?.schemes ?? []).map((s) => [s, { type: 'legacy', scheme: s }]));
  const alternatives = requirementSets(c) ?? Object.keys(schemes).map((s) => [s]);
  const usable = alternatives.find((alt) => alt.length > 0 && alt.every((name) => Object.prototype.hasOwnProperty.call(credentials, name) && schemes[name]));
  if (!usable) {
    const needed = alternatives.map((alt) => alt.join(' + ')).join(' or ');
    throw new Error(`no credentials for any security requirement of the card (it accepts ${needed || 'nothing'})`);
  }
  return usable.map((name) => hookFor(schemes[name]!, credentials[name]));
}

function hookFor(scheme: PlainScheme, credential: Credential): AuthHook {
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
