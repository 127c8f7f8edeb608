// AgentModel: the agent a manifest describes, on a given protocol: its card(s), skills with
// their payload schemas and generated names, security and server settings.
import type { RequestLimits } from '../../templates/a2a/runtime/protocol-types.js';
import type { Manifest, ManifestServer } from '../load/manifest.js';
import { cloneJson, type JsonSchema } from '../json-schema.js';
import { skillNames, type SkillNames } from './names.js';
import type { ProtocolModel } from './protocol.js';
import { deriveSecurity, type SecurityModel } from './security.js';
import { interfaceCardFields, servedInterfaces, type BindingName } from './interfaces.js';

export interface SkillModel {
  id: string;
  names: SkillNames;
  /** The AgentSkill as it appears in the card. */
  card: Record<string, unknown>;
  input?: JsonSchema;
  output?: JsonSchema;
  /** Media types the skill accepts / produces (its own, else the agent's defaults). */
  inputModes: string[];
  outputModes: string[];
  extendedOnly: boolean;
}

export interface ServerModel {
  port: number;
  host: string;
  /** Path of the JSON-RPC endpoint, always starting with `/`. */
  basePath: string;
  /** The protocol bindings served, the preferred first. */
  bindings: BindingName[];
  /** Where the HTTP+JSON binding is mounted (when `bindings` has `rest`). */
  restPath: string;
  docs: boolean;
  corsOrigins: string[];
  /** The runtime's contract type (protocol-types.ts). */
  limits: RequestLimits;
  keepAliveSeconds: number;
  /** Spans through @opentelemetry/api (scaffolded src/tracing.ts), or none. */
  tracing: 'none' | 'opentelemetry';
  /** Where tasks live: this process's memory, or a PostgreSQL database shared by replicas. */
  store: 'memory' | 'postgres';
  /** The environment variable with the database URL (store `postgres`). */
  databaseUrlEnv: string;
  tasks: { maxFinished: number; finishedTtlSeconds: number; memoryBytes: number };
  push: { allowPrivateTargets: string[]; maxConfigsPerTask: number; maxDeliveriesInFlight: number };
}

export interface AgentModel {
  /** The public Agent Card served at the well-known path. */
  card: Record<string, unknown>;
  /** The JSON-RPC endpoint the card advertises (its `url`, or from v1.0 its JSON-RPC interface's): the manifest's `agent.url`. */
  endpoint: string;
  /** The authenticated extended card (public card plus `extendedOnly` skills), when offered. */
  extendedCard?: Record<string, unknown>;
  skills: SkillModel[];
  security: SecurityModel;
  server: ServerModel;
  /** The manifest's file name, for headers and docs. */
  manifestName: string;
}

/**
 * Card fields a2a-gen fills in itself; a manifest must not set them. From v1.0 the card has no
 * `url`: the manifest's `agent.url` (where the agent is served) becomes its JSON-RPC interface.
 */
export function derivedCardFields(protocol: ProtocolModel, agentUrl?: unknown, server: ManifestServer = {}): Record<string, unknown> {
  const cardProps = protocol.definitions.AgentCard?.properties ?? {};
  const derived: Record<string, unknown> = {};
  if ('protocolVersion' in cardProps) {
    const fallback = cardProps.protocolVersion?.default;
    derived.protocolVersion = protocol.version !== 'unknown' ? protocol.version : typeof fallback === 'string' ? fallback : '0.0.0';
  }
  const basePath = basePathOf(server, agentUrl);
  const interfaces = servedInterfaces(protocol, server, basePath);
  return Object.assign(derived, interfaceCardFields(protocol, agentUrl, { ...interfaces, basePath, tenant: server.tenant }));
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

/** Skill fields of the manifest that are the generator's, not the card's. */
export const GENERATOR_SKILL_FIELDS = ['input', 'output', 'extendedOnly'];

/** The card exactly as built from `agent` + every skill + derived fields (before any check). */
export function assembleCard(manifest: Manifest, protocol: ProtocolModel): Record<string, unknown> {
  const skills = manifest.skills.map((s) => Object.fromEntries(Object.entries(cloneJson(s)).filter(([k]) => !GENERATOR_SKILL_FIELDS.includes(k))));
  const agent = cloneJson(manifest.agent);
  const viaInterfaces = servesThroughInterfaces(protocol);
  if (viaInterfaces) delete agent.url;
  return { ...agent, skills, ...derivedCardFields(protocol, manifest.agent.url, manifest.server) };
}

export function buildAgentModel(manifest: Manifest, protocol: ProtocolModel, manifestName: string): AgentModel {
  const full = assembleCard(manifest, protocol);
  const cardSkills = full.skills as Record<string, unknown>[];
  const defaults = (key: string): string[] => (Array.isArray(manifest.agent[key]) ? (manifest.agent[key] as string[]) : []);
  const skills: SkillModel[] = manifest.skills.map((s, i) => ({
    id: s.id,
    names: skillNames(s.id)!,
    card: cardSkills[i],
    input: s.input ? cloneJson(s.input) : undefined,
    output: s.output ? cloneJson(s.output) : undefined,
    inputModes: Array.isArray(s.inputModes) ? (s.inputModes as string[]) : defaults('defaultInputModes'),
    outputModes: Array.isArray(s.outputModes) ? (s.outputModes as string[]) : defaults('defaultOutputModes'),
    extendedOnly: s.extendedOnly === true,
  }));
  const card = { ...full, skills: cardSkills.filter((_, i) => !skills[i].extendedOnly) };
  const offersExtended = protocol.extendedCard.via !== 'none' && advertisesExtendedCard(manifest.agent);
  return {
    card,
    endpoint: typeof manifest.agent.url === 'string' ? manifest.agent.url : '',
    extendedCard: offersExtended ? full : undefined,
    skills,
    security: deriveSecurity(manifest.agent),
    server: serverModel(manifest.server, String(manifest.agent.url), protocol),
    manifestName,
  };
}

/** The JSON-RPC endpoint's path: the manifest's, else the path of `agent.url`. */
function basePathOf(server: ManifestServer, url: unknown): string {
  if (server.basePath) return server.basePath;
  try {
    return new URL(String(url)).pathname || '/';
  } catch {
    return '/';
  }
}

function serverModel(server: ManifestServer, url: string, protocol: ProtocolModel): ServerModel {
  let urlPort: number | undefined;
  try {
    const u = new URL(url);
    urlPort = u.port ? Number(u.port) : undefined;
  } catch {
    // A relative or odd url still generates; the defaults below apply.
  }
  const basePath = basePathOf(server, url);
  return {
    port: server.port ?? urlPort ?? 41241,
    host: server.host ?? '127.0.0.1',
    basePath,
    ...servedInterfaces(protocol, server, basePath),
    docs: server.docs ?? false,
    corsOrigins: server.cors?.origins ?? [],
    limits: {
      bodyBytes: server.limits?.bodyBytes ?? 1024 * 1024,
      partsPerMessage: server.limits?.partsPerMessage ?? 256,
      historyLength: server.limits?.historyLength ?? 1000,
      requestTimeoutMs: server.limits?.requestTimeoutMs ?? 30_000,
      jsonDepth: server.limits?.jsonDepth ?? 64,
      batchSize: server.limits?.batchSize ?? 20,
      messageBytes: server.limits?.messageBytes ?? 4 * 1024 * 1024,
      taskBytes: server.limits?.taskBytes ?? 16 * 1024 * 1024,
    },
    keepAliveSeconds: server.keepAliveSeconds ?? 15,
    tracing: server.tracing ?? 'none',
    store: server.store ?? 'memory',
    databaseUrlEnv: server.databaseUrlEnv ?? 'DATABASE_URL',
    tasks: {
      maxFinished: server.tasks?.maxFinished ?? 10_000,
      finishedTtlSeconds: server.tasks?.finishedTtlSeconds ?? 3600,
      memoryBytes: server.tasks?.memoryBytes ?? 32 * 1024 * 1024,
    },
    push: {
      allowPrivateTargets: server.push?.allowPrivateTargets ?? [],
      maxConfigsPerTask: server.push?.maxConfigsPerTask ?? 10,
      maxDeliveriesInFlight: server.push?.maxDeliveriesInFlight ?? 16,
    },
  };
}
