// The v0.3.0 AgentCard as the REST binding's GET /v1/card carries it (ProtoJSON of the v0.3.0
// a2a.proto), translated to and from the JSON-RPC card. Differences from the JSON-RPC card, as
// the official JS SDK 0.3.14 writes and reads them:
// - security schemes are a oneof by member (`apiKeySecurityScheme: {name, location}`,
//   `httpAuthSecurityScheme`, `oauth2SecurityScheme`, `openIdConnectSecurityScheme`,
//   `mtlsSecurityScheme`) instead of `type`, and apiKey's `in` is `location`;
// - a security requirement is `{schemes: {name: {list: [scopes]}}}` instead of `{name: [scopes]}`;
// - OAuth flows are a oneof: one flow only.
// What the proto cannot carry, and so is not sent (deliberate, as in the SDK):
// - `iconUrl` and `capabilities.stateTransitionHistory` (no proto field in SDK 0.3.14's types);
// - all but one of several OAuth flows: the first of implicit, password, clientCredentials,
//   authorizationCode is kept (the SDK's order).
import { WireObject, WireShapeError, defined, nonEmpty } from './proto-json-v03-wire.js';

import type { Loose } from '../runtime/shapes.js';

const FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const;
const SCHEME_MEMBERS = {
  apiKey: 'apiKeySecurityScheme',
  http: 'httpAuthSecurityScheme',
  oauth2: 'oauth2SecurityScheme',
  openIdConnect: 'openIdConnectSecurityScheme',
  mutualTLS: 'mtlsSecurityScheme',
} as const;
type SchemeType = keyof typeof SCHEME_MEMBERS;
const SCHEME_TYPES = Object.fromEntries(Object.entries(SCHEME_MEMBERS).map(([type, member]) => [member, type as SchemeType])) as Record<string, SchemeType>;

const o = (v: unknown): Loose => (v ?? {}) as Loose;
const trueOnly = (v: unknown): true | undefined => (v === true ? true : undefined);
const nonEmptyMap = (m: unknown): Loose | undefined => (m && Object.keys(m).length > 0 ? (m as Loose) : undefined);
const mapValues = (m: unknown, f: (v: unknown) => unknown): Loose => Object.fromEntries(Object.entries(o(m)).map(([k, v]) => [k, f(v)]));

// ---- JSON-RPC → ProtoJSON ----

/** `{name: [scopes]}` → `{schemes: {name: {list: [scopes]}}}` (v1.0's SecurityRequirement has the same ProtoJSON). */
export const securityToWire = (req: Loose): Loose =>
  defined({ schemes: nonEmptyMap(mapValues(req, (scopes) => defined({ list: nonEmpty(Array.isArray(scopes) ? (scopes as string[]) : undefined) }))) });

const flowToWire = (f: Loose): Loose =>
  defined({ authorizationUrl: f.authorizationUrl, tokenUrl: f.tokenUrl, refreshUrl: nonEmpty(f.refreshUrl as string), scopes: nonEmptyMap(f.scopes) });

/**
 * A typed JSON-RPC security scheme → its oneof member (the same ProtoJSON in v1.0). The proto keeps
 * one OAuth flow: the first of `flowOrder` that is present (by default the SDK 0.3.14's order).
 */
export function schemeToWire(s: Loose, path: string, flowOrder: readonly string[] = FLOWS): Loose {
  const description = nonEmpty(s.description as string);
  switch (s.type) {
    case 'apiKey':
      return { apiKeySecurityScheme: defined({ description, location: s.in, name: s.name }) };
    case 'http':
      return { httpAuthSecurityScheme: defined({ description, scheme: s.scheme, bearerFormat: nonEmpty(s.bearerFormat as string) }) };
    case 'oauth2': {
      const flow = flowOrder.find((f) => o(s.flows)[f] !== undefined);
      const flows = flow ? { [flow]: flowToWire(o(o(s.flows)[flow])) } : {};
      return { oauth2SecurityScheme: defined({ description, flows, oauth2MetadataUrl: nonEmpty(s.oauth2MetadataUrl as string) }) };
    }
    case 'openIdConnect':
      return { openIdConnectSecurityScheme: defined({ description, openIdConnectUrl: s.openIdConnectUrl }) };
    case 'mutualTLS':
      return { mtlsSecurityScheme: defined({ description }) };
  }
  throw new WireShapeError(path, `security scheme type ${JSON.stringify(s.type)} has no v0.3 proto form`);
}

const skillToWire = (s: Loose): Loose =>
  defined({
    id: s.id,
    name: s.name,
    description: s.description,
    tags: nonEmpty(s.tags as string[]),
    examples: nonEmpty(s.examples as string[]),
    inputModes: nonEmpty(s.inputModes as string[]),
    outputModes: nonEmpty(s.outputModes as string[]),
    security: nonEmpty(((s.security ?? []) as Loose[]).map(securityToWire)),
  });

export function cardToWire(c: Loose): Loose {
  const caps = o(c.capabilities);
  const provider = c.provider as Loose | undefined;
  return defined({
    protocolVersion: c.protocolVersion,
    name: c.name,
    description: c.description,
    url: c.url,
    preferredTransport: nonEmpty(c.preferredTransport as string),
    additionalInterfaces: nonEmpty(((c.additionalInterfaces ?? []) as Loose[]).map((i) => ({ url: i.url, transport: i.transport }))),
    provider: provider && { url: provider.url, organization: provider.organization },
    version: c.version,
    documentationUrl: nonEmpty(c.documentationUrl as string),
    capabilities: defined({
      streaming: trueOnly(caps.streaming),
      pushNotifications: trueOnly(caps.pushNotifications),
      extensions: nonEmpty(
        ((caps.extensions ?? []) as Loose[]).map((e) =>
          defined({ uri: e.uri, description: nonEmpty(e.description as string), required: trueOnly(e.required), params: e.params }),
        ),
      ),
    }),
    securitySchemes: nonEmptyMap(Object.fromEntries(Object.entries(o(c.securitySchemes)).map(([k, s]) => [k, schemeToWire(o(s), `/securitySchemes/${k}`)]))),
    security: nonEmpty(((c.security ?? []) as Loose[]).map(securityToWire)),
    defaultInputModes: nonEmpty(c.defaultInputModes as string[]),
    defaultOutputModes: nonEmpty(c.defaultOutputModes as string[]),
    skills: nonEmpty(((c.skills ?? []) as Loose[]).map(skillToWire)),
    supportsAuthenticatedExtendedCard: trueOnly(c.supportsAuthenticatedExtendedCard),
    signatures: nonEmpty(((c.signatures ?? []) as Loose[]).map((s) => defined({ protected: s.protected, signature: s.signature, header: s.header }))),
  });
}

// ---- ProtoJSON → JSON-RPC ----

function stringMap(w: WireObject, name: string): Record<string, string> {
  return w.map(name, (v, path) => {
    if (typeof v !== 'string') throw new WireShapeError(path, 'expected a string');
    return v;
  });
}

export const securityFromWire = (w: WireObject): Loose =>
  Object.fromEntries(Object.entries(w.map('schemes', (v, path) => WireObject.of(v, path).strings('list'))));

function flowFromWire(w: WireObject, flow: (typeof FLOWS)[number]): Loose {
  const urls = flow === 'implicit' ? ['authorizationUrl'] : flow === 'authorizationCode' ? ['authorizationUrl', 'tokenUrl'] : ['tokenUrl'];
  return defined({ ...Object.fromEntries(urls.map((u) => [u, w.str(u) ?? ''])), refreshUrl: nonEmpty(w.str('refreshUrl')), scopes: stringMap(w, 'scopes') });
}

/** A oneof-wrapped security scheme → the typed JSON-RPC one (`type`, apiKey's `in`). */
export function schemeFromWire(w: WireObject): Loose {
  const member = w.oneof(Object.values(SCHEME_MEMBERS));
  if (!member) throw new WireShapeError(w.path, `a security scheme needs one of ${Object.values(SCHEME_MEMBERS).join(', ')}`);
  const s = w.obj(member)!;
  const type = SCHEME_TYPES[member];
  const description = nonEmpty(s.str('description'));
  switch (type) {
    case 'apiKey':
      return defined({ type, name: s.str('name') ?? '', in: s.str('location') ?? '', description });
    case 'http':
      return defined({ type, scheme: s.str('scheme') ?? '', bearerFormat: nonEmpty(s.str('bearerFormat')), description });
    case 'oauth2': {
      const flows = s.obj('flows');
      const flow = flows?.oneof(FLOWS);
      if (!flows || !flow) throw new WireShapeError(flows?.path ?? `${s.path}/flows`, `needs one of ${FLOWS.join(', ')}`);
      return defined({ type, flows: { [flow]: flowFromWire(flows.obj(flow)!, flow) }, oauth2MetadataUrl: nonEmpty(s.str('oauth2MetadataUrl')), description });
    }
    case 'openIdConnect':
      return defined({ type, openIdConnectUrl: s.str('openIdConnectUrl') ?? '', description });
    case 'mutualTLS':
      return defined({ type, description });
  }
}

const skillFromWire = (w: WireObject): Loose =>
  defined({
    id: w.str('id') ?? '',
    name: w.str('name') ?? '',
    description: w.str('description') ?? '',
    tags: w.strings('tags'),
    examples: nonEmpty(w.strings('examples')),
    inputModes: nonEmpty(w.strings('inputModes')),
    outputModes: nonEmpty(w.strings('outputModes')),
    security: nonEmpty(w.list('security', securityFromWire)),
  });

export function cardFromWire(w: WireObject): Loose {
  const caps = w.obj('capabilities');
  const provider = w.obj('provider');
  return defined({
    protocolVersion: w.str('protocolVersion') ?? '',
    name: w.str('name') ?? '',
    description: w.str('description') ?? '',
    url: w.str('url') ?? '',
    preferredTransport: nonEmpty(w.str('preferredTransport')),
    additionalInterfaces: nonEmpty(w.list('additionalInterfaces', (i) => ({ url: i.str('url') ?? '', transport: i.str('transport') ?? '' }))),
    provider: provider && { organization: provider.str('organization') ?? '', url: provider.str('url') ?? '' },
    version: w.str('version') ?? '',
    documentationUrl: nonEmpty(w.str('documentationUrl')),
    capabilities: caps
      ? defined({
          streaming: caps.bool('streaming') || undefined,
          pushNotifications: caps.bool('pushNotifications') || undefined,
          extensions: nonEmpty(
            caps.list('extensions', (e) =>
              defined({
                uri: e.str('uri') ?? '',
                description: nonEmpty(e.str('description')),
                required: e.bool('required') || undefined,
                params: e.struct('params'),
              }),
            ),
          ),
        })
      : {},
    securitySchemes: nonEmptyMap(w.map('securitySchemes', (v, path) => schemeFromWire(WireObject.of(v, path)))),
    security: nonEmpty(w.list('security', securityFromWire)),
    defaultInputModes: w.strings('defaultInputModes'),
    defaultOutputModes: w.strings('defaultOutputModes'),
    skills: w.list('skills', skillFromWire),
    supportsAuthenticatedExtendedCard: w.bool('supportsAuthenticatedExtendedCard') || undefined,
    signatures: nonEmpty(
      w.list('signatures', (s) => defined({ protected: s.str('protected') ?? '', signature: s.str('signature') ?? '', header: s.struct('header') })),
    ),
  });
}
