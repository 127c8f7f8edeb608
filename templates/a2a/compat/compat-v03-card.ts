// The agent card between v1.0 (ProtoJSON: `supportedInterfaces`, `capabilities.extendedAgentCard`,
// oneof-wrapped security schemes, `securityRequirements`) and v0.3.0 (JSON-RPC: `url`,
// `preferredTransport`, `additionalInterfaces`, `protocolVersion`, typed schemes, `security`).
// The security schemes' ProtoJSON is the v0.3 proto's plus v1.0's device-code flow and
// `pkceRequired`, so the v0.3 REST card's scheme translation is reused. What does not translate
// is listed in compat-v03.ts's header.
import { schemeFromWire, schemeToWire, securityFromWire, securityToWire } from '../proto-v03/proto-json-v03-card.js';
import { WireObject, defined } from '../proto-v03/proto-json-v03-wire.js';
import { type Mode, list, lossy, o } from './compat-v03-objects.js';
import type { Loose } from '../runtime/shapes.js';

const V03_INTERFACE = /^0\.3(\.|$)/;
// v1.0 deprecates implicit and password: when a v0.3 scheme lists several flows, the first of these is kept.
const FLOWS_TO_V1 = ['authorizationCode', 'clientCredentials', 'implicit', 'password'] as const;

const mapEntries = (m: unknown, f: (v: Loose, key: string) => unknown): Loose | undefined =>
  m === undefined ? undefined : Object.fromEntries(Object.entries(o(m)).map(([k, v]) => [k, f(o(v), k)]));
const requirementsToV03 = (reqs: unknown, path: string): Loose[] | undefined =>
  reqs === undefined ? undefined : list(reqs).map((r, i) => securityFromWire(WireObject.of(r, `${path}/${i}`)));
const requirementsToV1 = (reqs: unknown): Loose[] | undefined => (reqs === undefined ? undefined : list(reqs).map((r) => securityToWire(o(r))));

const API_KEY_LOCATIONS = new Set(['header', 'query', 'cookie']);

function schemeToV03(s: Loose, path: string, mode: Mode): Loose {
  const oauth = o(s.oauth2SecurityScheme);
  if (o(oauth.flows).deviceCode !== undefined) {
    lossy(mode, `${path}/oauth2SecurityScheme/flows/deviceCode`, 'v0.3 has no device-code flow', undefined);
    // The scheme stays, with no flow a v0.3 client could use.
    return defined({ type: 'oauth2', flows: {}, oauth2MetadataUrl: oauth.oauth2MetadataUrl, description: oauth.description });
  }
  const scheme = schemeFromWire(WireObject.of(s, path));
  // v1.0's location is free text, v0.3's `in` one of three (OpenAPI's default: header).
  if (scheme.type === 'apiKey' && !API_KEY_LOCATIONS.has(scheme.in as string))
    scheme.in = lossy(mode, `${path}/apiKeySecurityScheme/location`, `v0.3 has no API key location ${JSON.stringify(scheme.in)}`, 'header');
  return scheme;
}

function schemeToV1(s: Loose, path: string, mode: Mode): Loose {
  const flows = Object.keys(o(s.flows));
  if (s.type === 'oauth2' && flows.length > 1) lossy(mode, `${path}/flows`, `v1.0 carries one OAuth flow, got ${flows.join(', ')}`, undefined);
  return schemeToWire(s, path, FLOWS_TO_V1);
}

/** v1.0 card → the card a v0.3 client reads. */
export function cardToV03(c: Loose, mode: Mode): Loose {
  const all = list(c.supportedInterfaces).map(o);
  // An interface with a tenant is reached with that tenant, which a v0.3 request cannot carry.
  const reachable = all.filter((i) => !i.tenant);
  const v03 = reachable.filter((i) => V03_INTERFACE.test(String(i.protocolVersion ?? '')));
  // With no interface declared for 0.3, every one serves v0.3 too: a request without A2A-Version is 0.3 (spec §3.6.2).
  const chosen = v03.length ? v03 : reachable.length ? reachable : all;
  const caps = o(c.capabilities);
  return defined({
    protocolVersion: '0.3.0',
    name: c.name,
    description: c.description,
    url: chosen[0]?.url ?? '',
    preferredTransport: chosen[0]?.protocolBinding,
    additionalInterfaces: additionalInterfaces(chosen),
    iconUrl: c.iconUrl,
    provider: c.provider,
    version: c.version,
    documentationUrl: c.documentationUrl,
    capabilities: defined({ streaming: caps.streaming, pushNotifications: caps.pushNotifications, extensions: caps.extensions }),
    securitySchemes: mapEntries(c.securitySchemes, (s, k) => schemeToV03(s, `/securitySchemes/${k}`, mode)),
    security: requirementsToV03(c.securityRequirements, '/securityRequirements'),
    defaultInputModes: c.defaultInputModes ?? [],
    defaultOutputModes: c.defaultOutputModes ?? [],
    skills: list(c.skills).map((skill, i) => {
      const { securityRequirements, ...rest } = o(skill);
      return defined({ ...rest, security: requirementsToV03(securityRequirements, `/skills/${i}/securityRequirements`) });
    }),
    supportsAuthenticatedExtendedCard: caps.extendedAgentCard,
    // `signatures` are left out: they sign the v1.0 card's canonical JSON and would not verify against this one.
  });
}

/**
 * v0.3's `additionalInterfaces`: each URL and transport once. The interfaces chosen may list one
 * URL and binding in several versions (an agent whose every interface has a tenant offers them
 * all, v1.0's and v0.3's), which v0.3 cannot tell apart.
 */
function additionalInterfaces(chosen: readonly Loose[]): Loose[] | undefined {
  const seen = new Set<string>();
  const out: Loose[] = [];
  for (const i of chosen) {
    const key = JSON.stringify([i.url, i.protocolBinding]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ url: i.url, transport: i.protocolBinding });
  }
  return out.length > 1 ? out : undefined;
}

/** v0.3 card → v1.0 card; its `protocolVersion` moves into each interface. */
export function cardToV1(c: Loose, mode: Mode): Loose {
  const version = c.protocolVersion ?? '0.3.0';
  const interfaces: Loose[] = [];
  const add = (url: unknown, binding: unknown) => {
    if (!interfaces.some((i) => i.url === url && i.protocolBinding === binding)) interfaces.push({ url, protocolBinding: binding, protocolVersion: version });
  };
  add(c.url, c.preferredTransport ?? 'JSONRPC');
  for (const i of list(c.additionalInterfaces).map(o)) add(i.url, i.transport);
  const caps = o(c.capabilities);
  if (caps.stateTransitionHistory !== undefined) lossy(mode, '/capabilities/stateTransitionHistory', 'v1.0 has no stateTransitionHistory', undefined);
  if (c.signatures !== undefined) lossy(mode, '/signatures', 'the signatures sign the v0.3 card', undefined);
  return defined({
    name: c.name,
    description: c.description,
    supportedInterfaces: interfaces,
    provider: c.provider,
    version: c.version,
    documentationUrl: c.documentationUrl,
    capabilities: defined({
      streaming: caps.streaming,
      pushNotifications: caps.pushNotifications,
      extensions: caps.extensions,
      extendedAgentCard: c.supportsAuthenticatedExtendedCard,
    }),
    securitySchemes: mapEntries(c.securitySchemes, (s, k) => schemeToV1(s, `/securitySchemes/${k}`, mode)),
    securityRequirements: requirementsToV1(c.security),
    defaultInputModes: c.defaultInputModes,
    defaultOutputModes: c.defaultOutputModes,
    skills: list(c.skills).map((skill) => {
      const { security, ...rest } = o(skill);
      return defined({ ...rest, securityRequirements: requirementsToV1(security) });
    }),
    iconUrl: c.iconUrl,
  });
}
