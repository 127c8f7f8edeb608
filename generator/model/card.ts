// The Agent Card a manifest implies on a protocol version: the manifest's `agent` and skills
// (minus the generator's own skill fields) plus what a2a-gen derives — `protocolVersion` and the
// interfaces it serves (interfaces.ts). Built once per run (agents.ts): the card check reads it,
// and the agent model serves it.
import { GENERATOR_EXTENSION_FIELDS, manifestExtensions, type Manifest, type ManifestServer } from '../load/manifest.js';
import { cloneJson } from '../json-schema.js';
import type { CompatModel } from './compat.js';
import { basePathOf, interfaceCardFields, servedInterfaces } from './interfaces.js';
import type { ProtocolModel } from './protocol.js';

/** Skill fields of the manifest that are the generator's, not the card's. */
export const GENERATOR_SKILL_FIELDS = ['input', 'output', 'extendedOnly'];

/**
 * Card fields a2a-gen fills in itself; a manifest must not set them. From v1.0 the card has no
 * `url`: the manifest's `agent.url` (where the agent is served) becomes its JSON-RPC interface.
 */
export function derivedCardFields(
  protocol: ProtocolModel,
  agentUrl?: unknown,
  server: ManifestServer = {},
  compat: readonly CompatModel[] = [],
): Record<string, unknown> {
  const cardProps = protocol.definitions.AgentCard?.properties ?? {};
  const derived: Record<string, unknown> = {};
  if ('protocolVersion' in cardProps) {
    const fallback = cardProps.protocolVersion?.default;
    derived.protocolVersion = protocol.version !== 'unknown' ? protocol.version : typeof fallback === 'string' ? fallback : '0.0.0';
  }
  const basePath = basePathOf(server, agentUrl);
  const interfaces = servedInterfaces(protocol, server, basePath);
  return Object.assign(derived, interfaceCardFields(protocol, compat, agentUrl, { ...interfaces, basePath, tenant: server.tenant }));
}

/** v1.0: the card lists its endpoints as `supportedInterfaces` instead of a `url`. */
export function servesThroughInterfaces(protocol: ProtocolModel): boolean {
  const cardProps = protocol.definitions.AgentCard?.properties ?? {};
  return 'supportedInterfaces' in cardProps && !('url' in cardProps);
}

/** The card advertises an authenticated extended card: `supportsAuthenticatedExtendedCard` (v0.x) or `capabilities.extendedAgentCard` (v1.0). */
export function advertisesExtendedCard(agent: Record<string, unknown>): boolean {
  const capabilities = agent.capabilities as Record<string, unknown> | undefined;
  return agent.supportsAuthenticatedExtendedCard === true || capabilities?.extendedAgentCard === true;
}

/** The card exactly as built from `agent` + every skill + derived fields (before any check): the extended card's content. */
export function assembleCard(manifest: Manifest, protocol: ProtocolModel, compat: readonly CompatModel[]): Record<string, unknown> {
  const skills = manifest.skills.map((s) => Object.fromEntries(Object.entries(cloneJson(s)).filter(([k]) => !GENERATOR_SKILL_FIELDS.includes(k))));
  const agent = cloneJson(manifest.agent);
  if (servesThroughInterfaces(protocol)) delete agent.url;
  // An extension's metadata schemas (extensions.ts) are the generator's: the card carries its uri, description, required and params.
  for (const extension of manifestExtensions(agent)) for (const field of GENERATOR_EXTENSION_FIELDS) delete extension[field];
  return { ...agent, skills, ...derivedCardFields(protocol, manifest.agent.url, manifest.server, compat) };
}
