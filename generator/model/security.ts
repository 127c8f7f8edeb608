// The manifest's security schemes, reduced to what the runtime must check per request.
// v0.2–v0.3 declare OpenAPI-style `securitySchemes` + `security`, v1.0 oneof-wrapped schemes +
// `securityRequirements` (both read through runtime/card-security.ts); v0.1.0 lists scheme
// names under `authentication.schemes` (any one of them suffices).
import type { CredentialKind, SecurityDescriptor, SecuritySchemeDescriptor } from '../../templates/a2a/runtime/protocol-types.js';
import { plainScheme, requirementSets, type PlainScheme } from '../../templates/a2a/runtime/card-security.js';
import { isPlainObject } from '../json-schema.js';
import { secretsVariable } from './names.js';
import { legacyOpenApiScheme, openApiScheme } from './security-openapi.js';

export type { CredentialKind };

/** A scheme as the runtime checks it (its contract, protocol-types.ts), plus what docs and scaffolds need. */
export interface SecuritySchemeModel extends SecuritySchemeDescriptor {
  /** The OpenAPI type (`http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`) or `legacy` (v0.1.0). */
  type: string;
  description?: string;
  /** Where the scaffold's main.ts reads the secrets it accepts (names.ts: secretsVariable). */
  secretsEnv: string;
  /** The scheme as an OpenAPI Security Scheme Object (security-openapi.ts), for openapi.json. */
  openApi: Record<string, unknown>;
}

export interface SecurityModel {
  schemes: SecuritySchemeModel[];
  /** Alternatives (OR) of scheme sets that must all pass (AND). Empty: no authentication. */
  requirements: string[][];
}

export function deriveSecurity(agent: Record<string, unknown>): SecurityModel {
  const { schemes, requirements } = declaredSecurity(agent);
  return { schemes: schemes.map((s) => ({ ...s, secretsEnv: secretsVariable(s.name) })), requirements };
}

type DeclaredScheme = Omit<SecuritySchemeModel, 'secretsEnv'>;

function declaredSecurity(agent: Record<string, unknown>): { schemes: DeclaredScheme[]; requirements: string[][] } {
  const declared = agent.securitySchemes;
  if (isPlainObject(declared)) {
    const schemes = Object.entries(declared)
      .map(([name, raw]) => [name, plainScheme(raw), openApiScheme(raw)] as const)
      .filter((entry): entry is readonly [string, PlainScheme, Record<string, unknown>] => entry[1] !== undefined && entry[2] !== undefined)
      .map(([name, s, openApi]) => ({ ...fromOpenApi(name, s), openApi }));
    const stated = requirementSets(agent);
    const requirements = stated ? stated.map((names) => names.filter((k) => schemes.some((s) => s.name === k)).sort()) : schemes.map((s) => [s.name]);
    return { schemes, requirements: requirements.filter((r) => r.length > 0) };
  }
  const legacy = isPlainObject(agent.authentication) ? agent.authentication.schemes : undefined;
  if (Array.isArray(legacy)) {
    const schemes = legacy.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map(fromLegacy);
    return { schemes, requirements: schemes.map((s) => [s.name]) };
  }
  return { schemes: [], requirements: [] };
}

function fromOpenApi(name: string, s: PlainScheme): Omit<DeclaredScheme, 'openApi'> {
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

function fromLegacy(scheme: string): DeclaredScheme {
  const lower = scheme.toLowerCase();
  const openApi = legacyOpenApiScheme(scheme);
  if (lower === 'bearer') return { name: scheme, type: 'legacy', credential: 'bearer', openApi };
  if (lower === 'basic') return { name: scheme, type: 'legacy', credential: 'basic', openApi };
  return { name: scheme, type: 'legacy', credential: 'scheme', authScheme: scheme, openApi };
}

/** What the runtime reads (agent.ts `security`): the contract's fields only. */
export function securityDescriptor(security: SecurityModel): SecurityDescriptor {
  return {
    schemes: security.schemes.map(({ name, credential, in: where, paramName, authScheme }) => ({ name, credential, in: where, paramName, authScheme })),
    requirements: security.requirements,
  };
}
