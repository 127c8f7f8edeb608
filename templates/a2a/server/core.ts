// The transport-neutral core: one request in, one response (or SSE stream) out — the router
// over the bindings. The Fetch handler, the node:http adapter and the middleware (http/) are
// thin shims around it; JSON-RPC and HTTP+JSON (bindings/) each turn their wire into role calls
// (roles/) and back. (It is not itself a Fetch handler: with WHATWG Request/Response objects
// built per call, a node:http server keeps a third of its throughput — docs/ARCHITECTURE.md.)
import { protocol } from '../protocol.js';
import type { AgentCard } from '../types.js';
import { headersWith, JSON_HEADERS, type BindingConfig, type Cors } from './bindings/binding.js';
import { serveJsonRpc } from './bindings/jsonrpc.js';
import { serveRest } from './bindings/rest.js';
import { cardPaths, extendedCardOverHttp, publicCard } from './card-routes.js';
import { corsHeaders, preflight, type CorsPolicy } from './http/cors.js';
import type { CoreRequest, CoreResponse } from './http/request.js';

export type { CoreRequest, CoreResponse } from './http/request.js';

export interface CoreConfig extends BindingConfig {
  basePath: string;
  /** Where the HTTP+JSON binding is mounted (its routes are paths under it), when it is served. */
  restPath?: string;
  card: () => AgentCard;
  cors: CorsPolicy;
  /** Extra GET routes (the docs), tried before 404. */
  extraRoutes?: (path: string) => CoreResponse | undefined;
  /** The JWK Set of the key that signs the cards (`server.cardSigning`): where it is served, and its JSON. */
  jwks?: { path: string; body: string };
}

export interface Core {
  (request: CoreRequest): Promise<CoreResponse>;
  /** Whether a path is one of the routes answered here (middleware passes the others on). */
  owns(path: string): boolean;
}

export function createCore(config: CoreConfig): Core {
  const base = normalizePath(config.basePath);
  const cards = cardPaths(base);
  const restBase = config.restPath === undefined || !protocol.rest ? undefined : normalizePath(config.restPath);
  /** The path under the HTTP+JSON base (`/tasks/abc`), or undefined when the request is not for it. */
  const restPathOf = (path: string): string | undefined => {
    if (restBase === undefined) return undefined;
    if (restBase === '/') return path;
    if (path === restBase) return '';
    return path.startsWith(`${restBase}/`) ? path.slice(restBase.length) : undefined;
  };

  const owns = (raw: string): boolean => {
    const path = normalizePath(raw);
    return (
      path === base ||
      cards.public.has(path) ||
      cards.extended.has(path) ||
      path === config.jwks?.path ||
      restPathOf(path) !== undefined ||
      config.extraRoutes?.(path) !== undefined
    );
  };

  return Object.assign(
    async function handle(request: CoreRequest): Promise<CoreResponse> {
      const cors = corsHeaders(request.header('origin'), config.cors);
      const path = normalizePath(request.path);
      if (request.method === 'OPTIONS') {
        const answer = preflight(request.header('origin'), request.header('access-control-request-headers'), config.cors);
        return { status: answer.status, headers: answer.headers };
      }
      if (cards.public.has(path)) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET', cors);
        return publicCard(request, config.card(), cors, config.signCard);
      }
      if (path === config.jwks?.path) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET', cors);
        return {
          status: 200,
          headers: { 'content-type': 'application/jwk-set+json', 'cache-control': 'public, max-age=300', ...cors },
          body: config.jwks.body,
        };
      }
      if (cards.extended.has(path)) {
        if (request.method !== 'GET') return methodNotAllowed('GET', cors);
        return extendedCardOverHttp(request, config, cors);
      }
      if (path === base) {
        if (request.method !== 'POST') return methodNotAllowed('POST', cors);
        return serveJsonRpc(request, config, cors);
      }
      if (request.method === 'GET') {
        const extra = config.extraRoutes?.(path);
        if (extra) return { ...extra, headers: { ...extra.headers, ...cors } };
      }
      const restPath = restPathOf(path);
      if (restPath !== undefined) return serveRest(request, restPath, config, cors);
      return {
        status: 404,
        headers: headersWith(JSON_HEADERS, cors),
        body: JSON.stringify({ error: 'not found', hint: `the A2A endpoint is POST ${base}; the Agent Card is GET ${protocol.wellKnownPaths[0]}` }),
      };
    },
    { owns },
  );
}

const normalizePath = (p: string): string => {
  const trimmed = p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  return trimmed || '/';
};

function methodNotAllowed(allow: string, cors: Cors): CoreResponse {
  return { status: 405, headers: headersWith(JSON_HEADERS, cors, { allow }), body: JSON.stringify({ error: `method not allowed; use ${allow}` }) };
}
