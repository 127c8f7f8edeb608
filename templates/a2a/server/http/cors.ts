// CORS for browser clients: only configured origins (none by default), preflight answered,
// and the same headers on JSON and SSE responses so EventSource-style readers work too.

export interface CorsPolicy {
  origins: readonly string[];
}

// DELETE: HTTP+JSON deletes push notification configs with it (v0.3.0 §3.5.6, v1.0 §11.3.3).
const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';

function allowedOrigin(origin: string | undefined, policy: CorsPolicy): string | undefined {
  if (!origin || policy.origins.length === 0) return undefined;
  if (policy.origins.includes(origin)) return origin;
  return policy.origins.includes('*') ? '*' : undefined;
}

/** Shared by every response that gets no CORS headers (most of them): never mutated. */
export const NO_CORS: Readonly<Record<string, string>> = Object.freeze({});

/** Headers for an actual (non-preflight) response; NO_CORS when the origin is not allowed. */
export function corsHeaders(origin: string | undefined, policy: CorsPolicy): Readonly<Record<string, string>> {
  const allow = allowedOrigin(origin, policy);
  if (!allow) return NO_CORS;
  const headers: Record<string, string> = {
    'access-control-allow-origin': allow,
    'access-control-expose-headers': 'WWW-Authenticate, Content-Type, A2A-Extensions, X-A2A-Extensions',
  };
  if (allow !== '*') {
    headers.vary = 'Origin';
    headers['access-control-allow-credentials'] = 'true';
  }
  return headers;
}

/** The answer to an OPTIONS preflight: 204 with the grants, or 204 without them (origin refused). */
export function preflight(
  origin: string | undefined,
  requestedHeaders: string | undefined,
  policy: CorsPolicy,
): { status: number; headers: Record<string, string> } {
  const granted = corsHeaders(origin, policy);
  if (granted === NO_CORS) return { status: 204, headers: { vary: 'Origin' } };
  const headers: Record<string, string> = { ...granted };
  headers['access-control-allow-methods'] = ALLOWED_METHODS;
  const wanted = (requestedHeaders ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => /^[A-Za-z0-9-]+$/.test(h));
  if (wanted.length) headers['access-control-allow-headers'] = wanted.join(', ');
  headers['access-control-max-age'] = '600';
  return { status: 204, headers };
}
