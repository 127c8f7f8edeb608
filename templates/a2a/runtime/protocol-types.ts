// The contract between the generator and the runtime: the shape of the generated protocol
// descriptor (../protocol.ts) and security descriptor (../agent.ts). The runtimes are written
// against these types, never against one A2A version; the generator's model imports the same
// types and fills them (generator/model/features.ts, roles.ts, spec-rules.ts, security.ts), so
// the two cannot drift apart.
import type { TypeValidator } from '../validators/issues.js';

export type MethodRole = 'send' | 'stream' | 'get' | 'cancel' | 'resubscribe' | 'pushSet' | 'pushGet' | 'pushList' | 'pushDelete' | 'extendedCard' | 'custom';

export interface MethodDescriptor {
  role: MethodRole;
  /** Answers with Server-Sent Events. */
  streaming: boolean;
  paramsRequired: boolean;
  /** Validates params; `undefined` when the method takes none. */
  params: TypeValidator<unknown> | undefined;
  /** Validates a result (or, for streaming methods, each event). */
  result: TypeValidator<unknown>;
}

/** The shapes that differ between A2A versions, read off the schema's structure by generator/model/features.ts. */
export interface ProtocolFeatures {
  /** Property that tells Part variants apart: `type` (v0.1.0) or `kind`. */
  readonly partDiscriminator: string;
  /** Values of the `kind` property on result objects, where the schema has one. */
  readonly kinds: { readonly task?: string; readonly message?: string; readonly statusUpdate?: string; readonly artifactUpdate?: string };
  /** Part discriminator values: text / file / data. */
  readonly partKinds: { readonly text: string; readonly file: string; readonly data: string };
  /** v0.1.0: the client chooses the task id (`params.id` is required on send). */
  readonly clientTaskIds: boolean;
  /** Task field grouping related tasks: `contextId`, `sessionId` (v0.1.0), or none. */
  readonly contextField?: string;
  /** Message carries `messageId`. */
  readonly messageIds: boolean;
  /** Message carries `taskId`/`contextId` to continue a task (v0.2+). */
  readonly messageRefersToTask: boolean;
  /** Field naming the task on status/artifact update events: `taskId`, or `id` (v0.1.0). */
  readonly eventTaskIdField: string;
  /** Events carry the context id too. */
  readonly eventContextField?: string;
  /** Artifacts carry `artifactId` (v0.2+); v0.1.0 numbers them with `index`. */
  readonly artifactIds: boolean;
  /** Where `append`/`lastChunk` live: on the update event (v0.2+) or the artifact (v0.1.0). */
  readonly artifactChunkFlagsOn: 'event' | 'artifact';
  /** Paths of the send options inside the send params. */
  readonly send: {
    readonly historyLength?: readonly string[];
    readonly blocking?: readonly string[];
    readonly pushNotificationConfig?: readonly string[];
    readonly acceptedOutputModes?: readonly string[];
    /** v0.1.0 send params carry the task's session id. */
    readonly contextId?: readonly string[];
  };
  /** Field naming the task inside a TaskPushNotificationConfig: `taskId`, or `id` (v0.1.0). */
  readonly pushConfigTaskIdField: string;
  /** PushNotificationConfig has its own `id`: several configs per task (v0.2.5+). */
  readonly pushConfigIds: boolean;
  /** The AgentCard can advertise an authenticated extended card. */
  readonly cardAdvertisesExtendedCard: boolean;
  /** TaskState values whose tasks are finished for good. */
  readonly terminalStates: readonly string[];
  /** TaskState values where the agent waits for the client. */
  readonly interruptedStates: readonly string[];
  /** All TaskState values, in schema order. */
  readonly taskStates: readonly string[];
}

export type ExtendedCardAccess =
  { readonly via: 'method'; readonly method: string } | { readonly via: 'http'; readonly path: string } | { readonly via: 'none' };

/**
 * The rules of the specification text that the schema does not encode and that the runtime
 * knows how to check (server/rules.ts and the task manager). generator/model/spec-rules.ts
 * says which apply to each version and cites the section; the descriptor lists those.
 */
export type RuleId =
  | 'message-has-parts'
  | 'message-role-user'
  | 'file-bytes-xor-uri'
  | 'history-length-non-negative'
  | 'history-absent-means-none'
  | 'continue-existing-task'
  | 'continue-nonterminal-task'
  | 'continue-same-context'
  | 'streaming-capability'
  | 'push-capability'
  | 'push-url-absolute'
  | 'cancel-nonterminal-task';

/** A rule as it applies to the generated version. */
export interface SpecRule {
  /** Key of the error raised when the rule is broken. */
  error: string;
  description: string;
  /** The section of this version's specification that states the rule. */
  section: string;
}

/** How a credential travels: oauth2 and openIdConnect tokens arrive as bearer tokens; `scheme` is a v0.1.0 Authorization scheme word. */
export type CredentialKind = 'bearer' | 'basic' | 'apiKey' | 'mutualTLS' | 'scheme';

/** One security scheme of the card, reduced to what the runtime checks per request. */
export interface SecuritySchemeDescriptor {
  /** The key under `securitySchemes`, or the v0.1.0 scheme name. */
  readonly name: string;
  readonly credential: CredentialKind;
  /** apiKey: where and under which name. */
  readonly in?: 'header' | 'query' | 'cookie';
  readonly paramName?: string;
  /** `scheme` credentials: the Authorization scheme word (e.g. `Digest`). */
  readonly authScheme?: string;
}

/** The card's security (agent.ts): its schemes, and the alternatives (OR) of scheme sets that must all pass (AND). Empty: no authentication. */
export interface SecurityDescriptor {
  readonly schemes: readonly SecuritySchemeDescriptor[];
  readonly requirements: readonly (readonly string[])[];
}

/** The limits on what one request may carry, from the manifest's `server.limits` (agent.ts `serverDefaults`). */
export interface RequestLimits {
  /** Largest request body, in bytes. */
  bodyBytes: number;
  /** Most parts one message may carry. */
  partsPerMessage: number;
  /** Most messages kept in a task's history. */
  historyLength: number;
  /** Time to receive a whole request, in ms. */
  requestTimeoutMs: number;
  /** Deepest JSON nesting accepted. */
  jsonDepth: number;
  /** Most requests in one JSON-RPC batch. */
  batchSize: number;
  /** Largest message a client may send, in task-size.ts bytes (its estimate of memory held). */
  messageBytes: number;
  /** Most bytes one task may hold: history and artifacts. */
  taskBytes: number;
}

export interface ProtocolDescriptor {
  version: string;
  rules: { readonly [id in RuleId]?: SpecRule };
  wellKnownPaths: readonly string[];
  extendedCard: ExtendedCardAccess;
  features: ProtocolFeatures;
  methods: { readonly [method: string]: MethodDescriptor };
}
