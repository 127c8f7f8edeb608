// A declared security scheme as an OpenAPI 3.1 Security Scheme Object, for the generated
// openapi.json. v0.2–v0.3 cards already write OpenAPI's shape; v1.0 wraps each scheme in a
// oneof member (`httpAuthSecurityScheme`, …) with proto field names (`location`,
// `bearerFormat`, a oneof of flows), so the mapping lives here, with the other version
// knowledge, and the docs emitter only filters fields.
// @see https://spec.openapis.org/oas/v3.1.0#security-scheme-object
import { isPlainObject } from '../json-schema.js';

type Json = Record<string, unknown>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const defined = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** OAS flow objects carry the same names as v1.0's; what OAS lacks goes to an `x-a2a-` extension. */
function flow(raw: unknown): Json {
  if (!isPlainObject(raw)) return {};
  const out: Json = {};
  for (const [k, v] of Object.entries(raw)) out[['authorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes'].includes(k) ? k : `x-a2a-${k}`] = v;
  if (!isPlainObject(out.scopes)) out.scopes = {};
  return out;
}

/** v1.0's OAuthFlows is a oneof; OAS 3.1 has no device-code flow, so that one is an extension. */
function flows(raw: unknown): Json {
  if (!isPlainObject(raw)) return {};
  const out: Json = {};
  for (const [k, v] of Object.entries(raw)) out[['authorizationCode', 'clientCredentials', 'implicit', 'password'].includes(k) ? k : `x-a2a-${k}`] = flow(v);
  return out;
}

const V1_MEMBERS: Readonly<Record<string, (inner: Json) => Json>> = {
  apiKeySecurityScheme: (s) => ({ type: 'apiKey', description: text(s.description), name: text(s.name) ?? 'X-API-Key', in: text(s.location) ?? 'header' }),
  httpAuthSecurityScheme: (s) => ({ type: 'http', description: text(s.description), scheme: text(s.scheme) ?? 'bearer', bearerFormat: text(s.bearerFormat) }),
  oauth2SecurityScheme: (s) => ({
    type: 'oauth2',
    description: text(s.description),
    flows: flows(s.flows),
    'x-a2a-oauth2MetadataUrl': text(s.oauth2MetadataUrl),
  }),
  openIdConnectSecurityScheme: (s) => ({ type: 'openIdConnect', description: text(s.description), openIdConnectUrl: text(s.openIdConnectUrl) }),
  mtlsSecurityScheme: (s) => ({ type: 'mutualTLS', description: text(s.description) }),
};

/** The scheme in OpenAPI's shape; undefined when it is neither a v0.2–v0.3 nor a v1.0 scheme. */
export function openApiScheme(raw: unknown): Json | undefined {
  if (!isPlainObject(raw)) return undefined;
  if (typeof raw.type === 'string') return httpSchemeLowered({ ...raw });
  const member = Object.keys(raw).find((k) => Object.prototype.hasOwnProperty.call(V1_MEMBERS, k) && isPlainObject(raw[k]));
  return member ? httpSchemeLowered(defined(V1_MEMBERS[member]!(raw[member] as Json))) : undefined;
}

/**
 * HTTP authentication scheme names are case-insensitive (RFC 9110 §11.1), and cards write
 * `Bearer` as often as `bearer`; OpenAPI 3.1's own schema allows `bearerFormat` only beside the
 * lower-case name, so the document says `bearer`/`basic` however the card spelled them.
 */
function httpSchemeLowered(scheme: Json): Json {
  if (scheme.type === 'http' && typeof scheme.scheme === 'string' && /^(bearer|basic)$/i.test(scheme.scheme)) scheme.scheme = scheme.scheme.toLowerCase();
  return scheme;
}

/** v0.1.0's `authentication.schemes` name HTTP authorization schemes. */
export function legacyOpenApiScheme(scheme: string): Json {
  const lower = scheme.toLowerCase();
  return { type: 'http', scheme: lower === 'bearer' || lower === 'basic' ? lower : scheme };
}
