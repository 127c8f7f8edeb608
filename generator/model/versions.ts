// The only facts about A2A versions that the schema files cannot tell us: they live in the
// specification text. Everything else in the model is derived from the schema itself.
import type { RestBinding, VersionNegotiation } from '../../templates/a2a/runtime/protocol-types.js';
import { compareVersions } from '../version-order.js';
import type { LoadedSchema } from '../load/schema.js';
import { isPlainObject } from '../json-schema.js';
import { V1_PROTO_TEXT, type ProtoTextFacts } from './versions-v1.js';

export interface VersionFacts {
  /** Where the public Agent Card is served; the first is canonical. */
  wellKnownPaths: string[];
  /** @see spec v0.2.x §7.10 — the HTTP GET endpoint for the extended card, relative to the card's url. */
  extendedCardHttpPath: string;
  /** Spec section anchors, for `@see` links in generated code. */
  specUrl: string;
  /** Errors the spec text defines that the version's schema file lacks. */
  specOnlyErrors: SpecOnlyError[];
  /** The media type of push notification bodies, where the text names one other than application/json. */
  pushContentType?: string;
  /** Version negotiation through `A2A-Version` (v1.0 §3.6), from the version that has it. */
  negotiation?: VersionNegotiation;
  /** The version as interfaces, cards and `A2A-Version` name it: `Major.Minor` (v1.0 §3.6), or the full version before. */
  wireVersion?: string;
  /** Errors carry `data` as typed details (`[{ "@type": … }]`, v1.0 §3.3.2, §9.5). */
  typedErrorDetails: boolean;
  /**
   * Oneofs the text says must be set (exactly one member), by definition. A proto cannot say
   * it: any oneof may be left unset on the wire.
   */
  requiredOneofs: string[];
  /** The HTTP+JSON binding, where the text defines one: its routes as the text lists them, or `proto` (the http annotations of a2a.proto). */
  rest?: RestFacts;
  /** From v1.0: the service, REQUIRED fields and oneofs, which an a2a.json made from the proto cannot say (versions-v1.ts). */
  protoText?: ProtoTextFacts;
  /** The gRPC binding, where the version has one (model/grpc.ts). */
  grpc?: GrpcFacts;
}

/**
 * How a version's gRPC service relates to its JSON-RPC methods. `json-rpc`: its messages are the
 * JSON-RPC objects (ProtoJSON is their JSON form) and each rpc is the method of its name (v1.0
 * §9.4, §10). `proto-v03`: its messages are v0.3.0's proto (`proto` names the bundled gRPC proto,
 * schema/proto/grpc/), translated like its HTTP+JSON bodies, and `methods` maps each rpc.
 */
export type GrpcFacts = { messages: 'json-rpc' } | { messages: 'proto-v03'; proto: string; methods: Readonly<Record<string, string>> };

export interface RestFacts extends Omit<RestBinding, 'routes' | 'errorStatus'> {
  routes: 'proto' | RestRouteFact[];
  /** Methods whose text names another verb than the proto: served under both (`SubscribeToTask`: proto GET, §5.3 and §11.3.2 POST). */
  textVerbs?: Record<string, string>;
}

/** A route as a spec's text states it; its query fields are read off the method's params. */
export interface RestRouteFact {
  method: string;
  verb: string;
  path: string;
  body?: '*';
}

export interface SpecOnlyError {
  code: number;
  definition: string;
  message: string;
  description: string;
  /** The key the runtime raises it by, when it differs from the definition's (the same error renamed). */
  key?: string;
}

// @see specification-v1.0.1 §5.4 (codes), §3.3.2 (descriptions), §9.5 (standard messages): a proto
// declares no errors, so v1.0's whole table is text.
const V1_ERRORS: SpecOnlyError[] = [
  { code: -32700, definition: 'JSONParseError', message: 'Invalid JSON payload', description: 'The server received invalid JSON.' },
  { code: -32600, definition: 'InvalidRequestError', message: 'Request payload validation error', description: 'The JSON sent is not a valid Request object.' },
  { code: -32601, definition: 'MethodNotFoundError', message: 'Method not found', description: 'The requested method does not exist or is not available.' },
  { code: -32602, definition: 'InvalidParamsError', message: 'Invalid parameters', description: 'The method parameters are invalid.' },
  { code: -32603, definition: 'InternalError', message: 'Internal error', description: 'An internal error occurred on the server.' },
  {
    code: -32001,
    definition: 'TaskNotFoundError',
    message: 'Task not found',
    description: 'The specified task ID does not correspond to an existing or accessible task. It might be invalid, expired, or already completed and purged.',
  },
  {
    code: -32002,
    definition: 'TaskNotCancelableError',
    message: 'Task cannot be canceled',
    description: 'An attempt was made to cancel a task that is not in a cancelable state (it has already reached a terminal state).',
  },
  {
    code: -32003,
    definition: 'PushNotificationNotSupportedError',
    message: 'Push Notification is not supported',
    description:
      'The client attempted to use push notification features but the agent does not support them (AgentCard.capabilities.pushNotifications is false).',
  },
  {
    code: -32004,
    definition: 'UnsupportedOperationError',
    message: 'This operation is not supported',
    description: 'The requested operation or a specific aspect of it is not supported by this agent.',
  },
  {
    code: -32005,
    definition: 'ContentTypeNotSupportedError',
    message: 'Incompatible content types',
    description: 'A media type in the request message parts, or implied for an artifact, is not supported by the agent or the skill invoked.',
  },
  {
    code: -32006,
    definition: 'InvalidAgentResponseError',
    message: 'Invalid agent response',
    description: 'An agent returned a response that does not conform to the specification for the current method.',
  },
  {
    code: -32007,
    definition: 'ExtendedAgentCardNotConfiguredError',
    message: 'Extended Agent Card not configured',
    description: 'The agent does not have an extended agent card configured when one is required for the requested operation.',
    // v0.3.0's AuthenticatedExtendedCardNotConfiguredError, renamed: the runtime raises both by one key.
    key: 'authenticatedExtendedCardNotConfigured',
  },
  {
    code: -32008,
    definition: 'ExtensionSupportRequiredError',
    message: 'Extension support required',
    description: 'The agent requires an extension marked required in its card, and the client did not declare support for it.',
  },
  {
    code: -32009,
    definition: 'VersionNotSupportedError',
    message: 'Protocol version not supported',
    description: 'The A2A protocol version of the request (the A2A-Version service parameter) is not supported by this interface.',
  },
];

// @see specification-v0.3.0 §3.5.6 (the method mapping table) and §7 (each method's REST
// endpoint). Path variables are named by the params field they fill. tasks/list is REST and
// gRPC only in v0.3.0 and has no JSON-RPC method, so no route here either.
const V03_REST_ROUTES: RestRouteFact[] = [
  { method: 'message/send', verb: 'POST', path: '/v1/message:send', body: '*' },
  { method: 'message/stream', verb: 'POST', path: '/v1/message:stream', body: '*' },
  { method: 'tasks/get', verb: 'GET', path: '/v1/tasks/{id}' },
  { method: 'tasks/cancel', verb: 'POST', path: '/v1/tasks/{id}:cancel' },
  { method: 'tasks/resubscribe', verb: 'POST', path: '/v1/tasks/{id}:subscribe' },
  // The official SDKs (0.3.x and 1.x) also accept GET here, as v1.0 has it: clients of either kind work.
  { method: 'tasks/resubscribe', verb: 'GET', path: '/v1/tasks/{id}:subscribe' },
  { method: 'tasks/pushNotificationConfig/set', verb: 'POST', path: '/v1/tasks/{taskId}/pushNotificationConfigs', body: '*' },
  { method: 'tasks/pushNotificationConfig/get', verb: 'GET', path: '/v1/tasks/{id}/pushNotificationConfigs/{pushNotificationConfigId}' },
  { method: 'tasks/pushNotificationConfig/list', verb: 'GET', path: '/v1/tasks/{id}/pushNotificationConfigs' },
  { method: 'tasks/pushNotificationConfig/delete', verb: 'DELETE', path: '/v1/tasks/{id}/pushNotificationConfigs/{pushNotificationConfigId}' },
  { method: 'agent/getAuthenticatedExtendedCard', verb: 'GET', path: '/v1/card' },
];

/**
 * v0.3.0's rpcs and the JSON-RPC methods they are. @see specification-v0.3.0 §3.5.6, whose table
 * shortens some rpc names (`CreateTaskPushNotification`, `ListTask`): the names here are its
 * a2a.proto's (schema/proto/grpc/v0.3.0.proto), which is what clients call; ListTasks has no rpc.
 */
const V03_GRPC_METHODS: Readonly<Record<string, string>> = {
  SendMessage: 'message/send',
  SendStreamingMessage: 'message/stream',
  GetTask: 'tasks/get',
  CancelTask: 'tasks/cancel',
  TaskSubscription: 'tasks/resubscribe',
  CreateTaskPushNotificationConfig: 'tasks/pushNotificationConfig/set',
  GetTaskPushNotificationConfig: 'tasks/pushNotificationConfig/get',
  ListTaskPushNotificationConfig: 'tasks/pushNotificationConfig/list',
  DeleteTaskPushNotificationConfig: 'tasks/pushNotificationConfig/delete',
  GetAgentCard: 'agent/getAuthenticatedExtendedCard',
};

/** Ordered by `since`; a version gets the last entry whose `since` it has reached. */
const FACTS: { since: string; facts: VersionFacts }[] = [
  {
    since: '0.1.0',
    facts: {
      // @see specification-v0.1.0 §5 "Recommended Location"
      wellKnownPaths: ['/.well-known/agent.json'],
      extendedCardHttpPath: 'agent/authenticatedExtendedCard',
      specUrl: 'https://a2a-protocol.org/v0.1.0/specification/',
      typedErrorDetails: false,
      requiredOneofs: [],
      // @see specification-v0.1.0 §8.2: lists -32005, which the v0.1.0 a2a.json does not define.
      specOnlyErrors: [
        {
          code: -32005,
          definition: 'ContentTypeNotSupportedError',
          message: 'Incompatible content types',
          description: 'A content MIME type in the request message.parts is not supported by the agent or the targeted skill.',
        },
      ],
    },
  },
  {
    since: '0.2.0',
    facts: {
      wellKnownPaths: ['/.well-known/agent.json'],
      // @see specification-v0.2.6 §7.10 `agent/authenticatedExtendedCard`: `{AgentCard.url}/../agent/authenticatedExtendedCard`
      extendedCardHttpPath: 'agent/authenticatedExtendedCard',
      specUrl: 'https://a2a-protocol.org/v0.2.6/specification/',
      specOnlyErrors: [],
      typedErrorDetails: false,
      requiredOneofs: [],
    },
  },
  {
    since: '0.3.0',
    facts: {
      // @see specification-v0.3.0 §5.3: the card moved to agent-card.json; agent.json stays served for older clients.
      wellKnownPaths: ['/.well-known/agent-card.json', '/.well-known/agent.json'],
      extendedCardHttpPath: 'agent/authenticatedExtendedCard',
      specUrl: 'https://a2a-protocol.org/v0.3.0/specification/',
      specOnlyErrors: [],
      typedErrorDetails: false,
      requiredOneofs: [],
      // @see §3.2.3 (application/json), §3.5.6; the bodies as the official SDKs and the TCK carry them.
      rest: { routes: V03_REST_ROUTES, wire: 'proto-v0.3', errors: 'flat', mediaType: 'application/json' },
      // @see §3.2.2: A2AService of its a2a.proto.
      grpc: { messages: 'proto-v03', proto: '0.3.0', methods: V03_GRPC_METHODS },
    },
  },
  {
    since: '1.0.0',
    facts: {
      // @see specification-v1.0.1 §8.2: the well-known URI is agent-card.json only.
      wellKnownPaths: ['/.well-known/agent-card.json'],
      // v1.0 reaches the extended card through GetExtendedAgentCard only (§3.1.11).
      extendedCardHttpPath: 'agent/authenticatedExtendedCard',
      specUrl: 'https://a2a-protocol.org/v1.0.0/specification/',
      specOnlyErrors: V1_ERRORS,
      // @see §3.6.1–3.6.2: Major.Minor, sent as A2A-Version; an absent or empty one means 0.3.
      negotiation: { header: 'A2A-Version', served: ['1.0'], absentMeans: '0.3' },
      wireVersion: '1.0',
      // @see §4.3.3 Push Notification Payload: "Content-Type: application/a2a+json".
      pushContentType: 'application/a2a+json',
      typedErrorDetails: true,
      // @see whats-new-v1 "Part Object" (the content is the one member present: text, raw, url or
      // data), §9.4.1 (a SendMessage result holds a task or a message), §4.3.3 (a StreamResponse
      // holds exactly one event).
      requiredOneofs: ['Part', 'SendMessageResponse', 'StreamResponse'],
      // @see §11: routes from the proto's (google.api.http) options, §11.1 media type, §11.6 errors.
      rest: { routes: 'proto', wire: 'objects', errors: 'status', mediaType: 'application/a2a+json', textVerbs: { SubscribeToTask: 'POST' } },
      protoText: V1_PROTO_TEXT,
      // @see §10: A2AService of a2a.proto, its rpcs the methods of §9.4's names.
      grpc: { messages: 'json-rpc' },
    },
  },
];

export function factsFor(version: string): VersionFacts {
  let chosen = FACTS[0].facts;
  for (const entry of FACTS) if (compareVersions(version, entry.since) >= 0) chosen = entry.facts;
  return chosen;
}

/**
 * The version a schema describes: the bundled version it was loaded as; else the default
 * of `AgentCard.protocolVersion`; else `undefined` (treated as newer than any we know of its
 * kind: an a2a.json as the newest v0.x, a proto as the newest v1.x — see `factsForUnknown`).
 */
export function detectVersion(schema: LoadedSchema): string | undefined {
  if (schema.bundledVersion) return schema.bundledVersion;
  const pv = schema.definitions.AgentCard?.properties?.protocolVersion;
  if (isPlainObject(pv) && typeof pv.default === 'string' && /^\d+\.\d+\.\d+/.test(pv.default)) return pv.default;
  return undefined;
}

/** Facts for a spec whose version is not known: the newest of its kind (a proto is v1.0 on, an a2a.json v0.x). */
export function factsForUnknown(isProto: boolean): VersionFacts {
  const kind = FACTS.filter((f) => compareVersions(f.since, '1.0.0') >= 0 === isProto);
  return kind.at(-1)!.facts;
}
