// The card endpoints: the public card at the well-known path(s), in the version the request
// names when the agent answers several, cacheable (§8.6.1); and before v1.0.0's method, the
// v0.2.x authenticated extended card over HTTP GET.
import { protocol } from '../protocol.js';
import type { AgentCard } from '../types.js';
import { authenticate, authRequired } from './bindings/auth.js';
import { headersWith, JSON_HEADERS, type BindingConfig, type Cors } from './bindings/binding.js';
import { authFailure } from './bindings/jsonrpc.js';
import type { VersionAdapter } from './bindings/version-adapter.js';
import { negotiate, requestedVersion, translatesVersions, versionHeader } from './bindings/version-negotiation.js';
import { notModified, servedCard, type ServedCard } from './http/card-cache.js';
import type { CoreRequest, CoreResponse } from './http/request.js';
import type { DispatchConfig } from './roles/role.js';

/** Where the card endpoints are, for a JSON-RPC endpoint at `base`. */
export function cardPaths(base: string): { public: Set<string>; extended: Set<string> } {
  const publicPaths = new Set<string>();
  for (const p of protocol.wellKnownPaths) {
    publicPaths.add(p);
    if (base !== '/') publicPaths.add(base + p);
  }
  const extended = new Set<string>();
  if (protocol.extendedCard.via === 'http') {
    // @see spec v0.2.x §7.10: `{AgentCard.url}/../agent/authenticatedExtendedCard`
    const parent = base === '/' ? '' : base.slice(0, base.lastIndexOf('/'));
    extended.add(`${parent}/${protocol.extendedCard.path}`);
    extended.add(`${base === '/' ? '' : base}/${protocol.extendedCard.path}`);
  }
  return { public: publicPaths, extended };
}

/**
 * The public card, in the version the request names when the agent answers several (a request
 * without `A2A-Version` speaks 0.3, §3.6.2, so it gets the 0.3 card); a version not served gets the
 * agent's own card, which lists what is. Cacheable: ETag and Last-Modified per version of the card,
 * and 304 for a client whose copy is current (card-cache.ts).
 */
export function publicCard(request: CoreRequest, card: AgentCard, cors: Cors, sign?: DispatchConfig['signCard']): CoreResponse {
  const translates = translatesVersions();
  const negotiated = translates ? negotiate(requestedVersion(request)) : undefined;
  const served = servedCardOf(card, negotiated?.ok ? negotiated.adapter : undefined, sign);
  const headers: Record<string, string> = {
    ...JSON_HEADERS,
    'cache-control': 'public, max-age=60',
    etag: served.etag,
    'last-modified': served.lastModified,
    ...cors,
  };
  if (translates) headers.vary = versionHeader!;
  if (notModified(request, served)) {
    const { 'content-type': _type, ...rest } = headers;
    return { status: 304, headers: rest };
  }
  return { status: 200, headers, body: served.body };
}

/**
 * A card as served in one version, made once per card (the card changes only when the server
 * moves its URL) and version — and signed then, in that version's form, when the agent signs.
 */
const servedCards = new WeakMap<object, Map<VersionAdapter | undefined, ServedCard>>();
function servedCardOf(card: AgentCard, adapter: VersionAdapter | undefined, sign: DispatchConfig['signCard']): ServedCard {
  let byAdapter = servedCards.get(card);
  if (!byAdapter) servedCards.set(card, (byAdapter = new Map()));
  let served = byAdapter.get(adapter);
  if (served === undefined) {
    const versioned = adapter ? adapter.card(card) : card;
    byAdapter.set(adapter, (served = servedCard(JSON.stringify(sign ? sign(versioned, adapter?.version) : versioned))));
  }
  return served;
}

/** The v0.2.x authenticated extended card: a GET with the caller's credentials. */
export async function extendedCardOverHttp(request: CoreRequest, config: BindingConfig, cors: Cors): Promise<CoreResponse> {
  const auth = await authenticate(request, config.verifiers);
  if (!auth.ok) return authFailure(auth, cors);
  if (!config.extendedCard || !authRequired)
    return { status: 404, headers: headersWith(JSON_HEADERS, cors), body: JSON.stringify({ error: 'this agent has no authenticated extended card' }) };
  return { status: 200, headers: headersWith(JSON_HEADERS, cors), body: JSON.stringify(await config.extendedCard(auth.principal)) };
}
