// The manifest's security schemes, reduced to what the runtime must check per request.
// v0.2+ declares OpenAPI-style `securitySchemes` + `security`; v0.1.0 lists scheme names
// under `authentication.schemes` (any one of them suffices).
import { isPlainObject } from '../json-schema.js';

export type CredentialKind = 'bearer' | 'basic' | 'apiKey' | 'mutualTLS' | 'scheme';

export interface SecuritySchemeModel {
  /** The key under `securitySchemes`, or the v0.1.0 scheme name. */
  name: string;
  /** The OpenAPI type (`http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`) or `legacy` (v0.1.0). */
  type: string;
  /** How the credential travels: oauth2 and openIdConnect tokens arrive as bearer tokens. */
  credential: CredentialKind;
  /** apiKey: where and under which name. */
  in?: 'header' | 'query' | 'cookie';
  paramName?: string;
  /** v0.1.0 `scheme` credentials: the Authorization scheme word (e.g. `Digest`). */
  authScheme?: string;
  description?: string;
}

export interface SecurityModel {
  schemes: SecuritySchemeModel[];
  /** Alternatives (OR) of scheme sets that must all pass (AND). Empty: no authentication. */
  requirements: string[][];
}

export function deriveSecurity(agent: Record<string, unknown>): SecurityModel {
  const declared = agent.securitySchemes;
  if (isPlainObject(declared)) {
    const schemes = Object.entries(declared)
      .filter(([, s]) => isPlainObject(s))
      .map(([name, s]) => fromOpenApi(name, s as Record<string, unknown>));
    const security = Array.isArray(agent.security) ? agent.security : undefined;
    const requirements = security
      ? security.filter(isPlainObject).map((req) => Object.keys(req).filter((k) => schemes.some((s) => s.name === k)).sort())
      : schemes.map((s) => [s.name]);
    return { schemes, requirements: requirements.filter((r) => r.length > 0) };
  }
  const legacy = isPlainObject(agent.authentication) ? agent.authentication.schemes : undefined;
  if (Array.isArray(legacy)) {
    const schemes = legacy.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map(fromLegacy);
    return { schemes, requirements: schemes.map((s) => [s.name]) };
  }
  return { schemes: [], requirements: [] };
}

function fromOpenApi(name: string, s: Record<string, unknown>): SecuritySchemeModel {
  const type = String(s.type ?? '');
  const description = typeof s.description === 'string' ? s.description : undefined;
  if (type === 'apiKey') {
    const where = s.in === 'query' || s.in === 'cookie' ? s.in : 'header';
    return { name, type, credential: 'apiKey', in: where, paramName: String(s.name ?? 'X-API-Key'), description };
  }
  if (type === 'http') {
    const scheme = String(s.scheme ?? 'bearer').toLowerCase();
    if (scheme === 'basic') return { name, type, credential: 'basic', description };
    if (scheme === 'bearer') return { name, type, credential: 'bearer', description };
    return { name, type, credential: 'scheme', authScheme: String(s.scheme), description };
  }
  if (type === 'mutualTLS') return { name, type, credential: 'mutualTLS', description };
  // oauth2 and openIdConnect: the client presents the access token as a bearer token.
  return { name, type, credential: 'bearer', description };
}

function fromLegacy(scheme: string): SecuritySchemeModel {
  const lower = scheme.toLowerCase();
  if (lower === 'bearer') return { name: scheme, type: 'legacy', credential: 'bearer' };
  if (lower === 'basic') return { name: scheme, type: 'legacy', credential: 'basic' };
  return { name: scheme, type: 'legacy', credential: 'scheme', authScheme: scheme };
}
