// A card's security in one shape, whatever the version wrote: v0.2–v0.3's OpenAPI-style
// schemes (`{ type: 'apiKey', in, name }`) with `security: [{ name: scopes }]`, or v1.0's
// oneof-wrapped schemes (`{ apiKeySecurityScheme: { location, name } }`) with
// `securityRequirements: [{ schemes: { name: { list: scopes } } }]`. Read by shape, so the
// generator's model and a client reading another agent's card agree.
import { fromShape, isObject, type Loose } from './shapes.js';

/** A scheme as OpenAPI names it. */
export interface PlainScheme {
  type: string;
  scheme?: string;
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  description?: string;
}

/** v1.0's SecurityScheme members and the OpenAPI type each stands for. */
const MEMBERS: Readonly<Record<string, string>> = {
  apiKeySecurityScheme: 'apiKey',
  httpAuthSecurityScheme: 'http',
  oauth2SecurityScheme: 'oauth2',
  openIdConnectSecurityScheme: 'openIdConnect',
  mtlsSecurityScheme: 'mutualTLS',
};

/** One scheme in OpenAPI's words; undefined when it is neither shape. */
export function plainScheme(raw: unknown): PlainScheme | undefined {
  if (!isObject(raw)) return undefined;
  if (typeof raw.type === 'string') return fromShape<PlainScheme>(raw);
  const member = Object.keys(raw).find((k) => Object.prototype.hasOwnProperty.call(MEMBERS, k) && isObject(raw[k]));
  if (!member) return undefined;
  const inner = raw[member] as Loose;
  const where = inner.location === 'query' || inner.location === 'cookie' ? inner.location : inner.location === undefined ? undefined : 'header';
  return {
    type: MEMBERS[member],
    ...(typeof inner.scheme === 'string' ? { scheme: inner.scheme } : {}),
    ...(where ? { in: where } : {}),
    ...(typeof inner.name === 'string' ? { name: inner.name } : {}),
    ...(typeof inner.description === 'string' ? { description: inner.description } : {}),
  };
}

/** The card's requirements: alternatives (OR) of scheme names that must all pass (AND); undefined when it states none. */
export function requirementSets(card: Loose): string[][] | undefined {
  if (Array.isArray(card.security)) return card.security.filter(isObject).map((req) => Object.keys(req));
  if (Array.isArray(card.securityRequirements))
    return card.securityRequirements.filter(isObject).map((req) => (isObject(req.schemes) ? Object.keys(req.schemes) : []));
  return undefined;
}
