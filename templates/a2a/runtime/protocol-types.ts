// The contract between the generator and the runtime: the shape of the generated protocol
// descriptor (../protocol.ts) and security descriptor (../agent.ts). The runtimes are written against
// these types, never against one A2A version; the generator's model imports the same types and fills
// them (generator/model/features.ts, roles.ts, spec-rules.ts, security.ts): they cannot drift apart.
import type { WithCardForm } from './card-form.js';
import type { TypeValidator } from '../validators/issues.js';
import type { RequestShape } from './request-shape.js';

export type { RequestShape } from './request-shape.js';

export type MethodRole =
  'send' | 'stream' | 'get' | 'list' | 'cancel' | 'resubscribe' | 'pushSet' | 'pushGet' | 'pushList' | 'pushDelete' | 'extendedCard' | 'custom';

export interface MethodDescriptor {
  role: MethodRole;
  /** Answers with Server-Sent Events. */
  streaming: boolean;
  paramsRequired: boolean;
  /** Validates params; `undefined` when the method takes none. */
  params: TypeValidator<unknown> | undefined;
  /** Validates a result (or, for streaming methods, each event). */
  result: TypeValidator<unknown>;
  /** The params' entry in `ProtocolDescriptor.requestShapes`, when they have fields. */
  paramsShape?: string;
}

/** The version-independent names of the task states; the schema's own values are in `ProtocolFeatures.states`. */
export type StateName = 'submitted' | 'working' | 'completed' | 'failed' | 'canceled' | 'rejected' | 'inputRequired' | 'authRequired';

/** The shapes that differ between A2A versions, read off the schema's structure by generator/model/features.ts. */
export interface ProtocolFeatures {
  /** Property that tells Part variants apart: `type` (v0.1.0) or `kind`; empty where parts have none (v1.0). */
  readonly partDiscriminator: string;
  /** Values of the `kind` property on result objects, where the schema has one. */
  readonly kinds: { readonly task?: string; readonly message?: string; readonly statusUpdate?: string; readonly artifactUpdate?: string };
  /** Part discriminator values: text / file / data. */
  readonly partKinds: { readonly text: string; readonly file: string; readonly data: string };
  /**
   * v1.0: one Part message whose content is the member that is set (`text`, `raw`, `url`,
   * `data`), with `mediaType` and `filename` beside it; no discriminator, no nested `file`.
   */
  readonly partMembers?: { readonly text: string; readonly data: string; readonly url: string; readonly raw: string };
  /** The schema's value of each task state (`completed`, or `TASK_STATE_COMPLETED` in v1.0). */
  readonly states: { readonly [name in StateName]: string };
  /** The schema's values of Message.role. */
  readonly roles: { readonly user: string; readonly agent: string };
  /** TaskStatusUpdateEvent carries `final` (before v1.0; since, the end of the stream says it). */
  readonly statusUpdateFinal: boolean;
  /**
   * v1.0: send results and stream events are wrapped in a oneof — `{ "task": … }`,
   * `{ "statusUpdate": … }` — named by these members; before, they are sent bare (with `kind`).
   */
  readonly resultMembers?: { readonly task: string; readonly message: string; readonly statusUpdate: string; readonly artifactUpdate: string };
  /** A stream may carry the Task itself (v0.2+); v0.1.0 streams carry only update events. */
  readonly streamCarriesTask: boolean;
  /** A send may be answered with a Message instead of a task (v0.2+). */
  readonly directReplies: boolean;
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
    /** v1.0: the inverse of `blocking` — true answers at once. */
    readonly returnImmediately?: readonly string[];
    readonly pushNotificationConfig?: readonly string[];
    readonly acceptedOutputModes?: readonly string[];
    /** v0.1.0 send params carry the task's session id. */
    readonly contextId?: readonly string[];
  };
  /** Field naming the task inside a TaskPushNotificationConfig: `taskId`, or `id` (v0.1.0). */
  readonly pushConfigTaskIdField: string;
  /** PushNotificationConfig has its own `id`: several configs per task (v0.2.5+). */
  readonly pushConfigIds: boolean;
  /** How the push-config methods name things, which changed in v1.0. */
  readonly pushMethods: {
    /** The member holding the config in a TaskPushNotificationConfig (`pushNotificationConfig`), or undefined where it is flat (v1.0). */
    readonly configField?: string;
    /** The params field naming the task in get/list/delete: `id` (v0.x) or `taskId` (v1.0). */
    readonly taskParam: string;
    /** The params field naming one config in get/delete: `pushNotificationConfigId` (v0.x) or `id` (v1.0). */
    readonly configIdParam: string;
    /** The list result's member holding the configs (`configs`, v1.0), or undefined where it is a bare array. */
    readonly listMember?: string;
    /** Delete answers an (empty) object (google.protobuf.Empty, v1.0) rather than null. */
    readonly deleteAnswersObject: boolean;
  };
  /** The AgentCard can advertise an authenticated extended card. */
  readonly cardAdvertisesExtendedCard: boolean;
  /** TaskState values whose tasks are finished for good. */
  readonly terminalStates: readonly string[];
  /** TaskState values where the agent waits for the client. */
  readonly interruptedStates: readonly string[];
  /** All TaskState values, in schema order. */
  readonly taskStates: readonly string[];
  /** Errors carry `data` as a list of typed details (`[{ "@type": … }]`, v1.0 §9.5) rather than free JSON. */
  readonly typedErrorDetails: boolean;
}

/**
 * Version negotiation (v1.0 §3.6): the `A2A-Version` a request names, the versions this
 * interface serves, and what a request without one speaks.
 */
export interface VersionNegotiation {
  readonly header: string;
  readonly served: readonly string[];
  /** The version an absent or empty header means (`0.3`, §3.6.2). */
  readonly absentMeans: string;
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
  | 'push-config-exists'
  | 'extended-card-capability'
  | 'cancel-nonterminal-task'
  | 'subscribe-nonterminal-task'
  | 'subscribe-until-terminal'
  | 'resubscribe-fails-in-stream'
  | 'history-zero-omitted'
  | 'no-kind-discriminator';

/**
 * The errors the runtime raises, by the key the generated errors.ts registers each under (a
 * version lacking one answers -32603 instead). A key outside this list does not compile.
 */
export type KnownErrorKey =
  | 'invalidRequest'
  | 'methodNotFound'
  | 'invalidParams'
  | 'internal'
  | 'jsonParse'
  | 'taskNotFound'
  | 'taskNotCancelable'
  | 'pushNotificationNotSupported'
  | 'unsupportedOperation'
  | 'contentTypeNotSupported'
  | 'invalidAgentResponse'
  | 'authenticatedExtendedCardNotConfigured'
  | 'extensionSupportRequired'
  | 'versionNotSupported';

/** A rule as it applies to the generated version. */
export interface SpecRule {
  /** Key of the error raised when the rule is broken; none for a rule that shapes an answer (`subscribe-until-terminal`). */
  error?: KnownErrorKey;
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

/** How a query-string value is read into a request field (v1.0 §11.5). */
export type QueryFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'strings';

/** One route of the HTTP+JSON binding: another encoding of one method. */
export interface RestRoute {
  /** The method it encodes, as the method table names it (`GetTask`, `tasks/get`). */
  method: string;
  /** That method's role: a codec chooses how to read and write the bodies by it. */
  role: MethodRole;
  /** Upper case: `GET`, `POST`, `DELETE`, … */
  verb: string;
  /** The path under the binding's base, its variables named by the field they fill: `/tasks/{id}:cancel`, `/{tenant}/tasks`. */
  path: string;
  /** `*`: the body is the request less what the path binds; a field: the body is that field; absent: no body. */
  body?: string;
  /** Fields a query string may set (routes without a body), and how each value is read. */
  query: { readonly [field: string]: QueryFieldType };
}

/**
 * How a gRPC service's messages become the JSON-RPC objects of its version and back, where they
 * differ (v0.3.0's proto: proto-v03/grpc-codec.ts); the generated grpc-services.ts names it.
 */
export interface GrpcMessageCodec {
  params(role: MethodRole, request: Record<string, unknown>): Record<string, unknown>;
  result(role: MethodRole, value: unknown): unknown;
  event(value: unknown): unknown;
}

/** The HTTP+JSON binding of a version that defines one (v0.3.0 §3.2.3, v1.0 §11). */
export interface RestBinding {
  routes: readonly RestRoute[];
  /**
   * What the bodies are. `objects`: the method's own params and results (v1.0, where JSON-RPC and
   * HTTP+JSON both carry ProtoJSON). `proto-v0.3`: the ProtoJSON of v0.3.0's a2a.proto, which the
   * official SDKs and TCK speak over HTTP+JSON while JSON-RPC carries the a2a.json objects.
   */
  wire: 'objects' | 'proto-v0.3';
  /** `status`: `{ "error": google.rpc.Status }` (v1.0 §11.6); `flat`: `{ code, message, data }`, as v0.3.0's SDKs write it. */
  errors: 'status' | 'flat';
  /** The media type of JSON bodies. */
  mediaType: string;
  /** By JSON-RPC error code: the HTTP status and the google.rpc code name (§5.4); others are 500 INTERNAL. */
  errorStatus: { readonly [code: string]: readonly [httpStatus: number, rpcStatus: string] };
}

export interface ProtocolDescriptor extends WithCardForm {
  version: string;
  name: string; // the version as messages name it: `v1.0.1`, or `unreleased lf.a2a.v1 (next.proto)` (no released version)
  /** Set from v1.0 on: requests name their version and others are refused. */
  negotiation?: VersionNegotiation;
  rules: { readonly [id in RuleId]?: SpecRule };
  wellKnownPaths: readonly string[];
  /** The media type of push notification bodies (`application/a2a+json` from v1.0, §4.3.3). */
  pushContentType: string;
  extendedCard: ExtendedCardAccess;
  features: ProtocolFeatures;
  methods: { readonly [method: string]: MethodDescriptor };
  /** The shapes of every object a request's params may hold, by name (`MethodDescriptor.paramsShape`). */
  requestShapes: { readonly [shape: string]: RequestShape };
  /** The HTTP+JSON binding, in versions that define one. */
  rest?: RestBinding;
  /** Older versions this agent answers too, by translating (the manifest's `compat`); the translation is version-adapters.ts's. */
  compat?: readonly CompatVersion[];
}

/** A version an agent answers beside its own: requests naming it are translated into the agent's version, answers back. */
export interface CompatVersion extends WithCardForm {
  /** Major.Minor, as `A2A-Version` names it (`0.3`). */
  readonly version: string;
  /** The full version (`0.3.0`), for messages and docs. */
  readonly fullVersion: string;
  /** The media type of its push notification bodies. */
  readonly pushContentType: string;
  /** Its HTTP+JSON binding, when the agent serves HTTP+JSON: mounted at the same path, chosen by the version a request names. */
  readonly rest?: RestBinding;
}
