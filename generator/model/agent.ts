// AgentModel: the agent a manifest describes, on a given protocol: its card(s), skills with
// their payload schemas and generated names, the older versions it answers too, security and
// server settings.
import type { RequestLimits } from '../../templates/a2a/runtime/protocol-types.js';
import type { Manifest, ManifestServer } from '../load/manifest.js';
import { cloneJson, type JsonSchema } from '../json-schema.js';
import { advertisesExtendedCard } from './card.js';
import type { CompatModel } from './compat.js';
import { typedExtensions, type ExtensionModel } from './extensions.js';
import { agentGrpc, type AgentGrpc } from './grpc.js';
import { basePathOf, servedInterfaces, type BindingName } from './interfaces.js';
import { skillNames, type SkillNames } from './names.js';
import type { ProtocolModel } from './protocol.js';
import { deriveSecurity, type SecurityModel } from './security.js';

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

/** A payload schema a skill declares (`input` or `output`), with the name its type and validator take (names.ts). */
export interface SkillPayload {
  skill: SkillModel;
  kind: 'input' | 'output';
  name: string;
  schema: JsonSchema;
}

/** Every payload schema the skills declare, skill by skill, input before output. */
export function skillPayloads(skills: readonly SkillModel[]): SkillPayload[] {
  return skills.flatMap((skill) =>
    (['input', 'output'] as const).flatMap((kind) => {
      const schema = skill[kind];
      return schema ? [{ skill, kind, name: skill.names[kind], schema }] : [];
    }),
  );
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
  /** Where gRPC listens (when `bindings` has `grpc`). */
  grpcPort: number;
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
  /** Cards signed with the key in `keyEnv`, its public half served at `jwksPath` (server/signing/); false: unsigned. */
  cardSigning: false | { keyEnv: string; jwksPath: string };
}

export interface AgentModel {
  /** The public Agent Card served at the well-known path. */
  card: Record<string, unknown>;
  /** The JSON-RPC endpoint the card advertises (its `url`, or from v1.0 its JSON-RPC interface's): the manifest's `agent.url`. */
  endpoint: string;
  /** The authenticated extended card (public card plus `extendedOnly` skills), when offered. */
  extendedCard?: Record<string, unknown>;
  skills: SkillModel[];
  /** The declared extensions that give metadata schemas (extensions.ts). */
  extensions: ExtensionModel[];
  /** Older versions the agent answers too, by translation (the manifest's `compat`, compat.ts). */
  compat: CompatModel[];
  security: SecurityModel;
  server: ServerModel;
  /** The gRPC services served, when `server.bindings` has `grpc` (grpc.ts). */
  grpc?: AgentGrpc;
  /** The manifest's file name, for headers and docs. */
  manifestName: string;
}

/** `full` is the card card.ts assembled (every skill, derived fields), which the card check has passed. */
export function buildAgentModel(
  manifest: Manifest,
  protocol: ProtocolModel,
  compat: CompatModel[],
  full: Record<string, unknown>,
  manifestName: string,
): AgentModel {
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
  const server = serverModel(manifest.server, String(manifest.agent.url), protocol);
  const grpc = server.bindings.includes('grpc') ? agentGrpc(protocol, compat) : undefined;
  return {
    card,
    endpoint: typeof manifest.agent.url === 'string' ? manifest.agent.url : '',
    extendedCard: offersExtended ? full : undefined,
    skills,
    extensions: typedExtensions(manifest.agent),
    compat,
    security: deriveSecurity(manifest.agent),
    server,
    ...(grpc ? { grpc } : {}),
    manifestName,
  };
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
    cardSigning: server.cardSigning
      ? {
          keyEnv: (server.cardSigning !== true && server.cardSigning.keyEnv) || 'A2A_CARD_SIGNING_KEY',
          jwksPath: (server.cardSigning !== true && server.cardSigning.jwksPath) || '/.well-known/jwks.json',
        }
      : false,
  };
}
