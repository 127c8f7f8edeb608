// What an a2a.json of v1.0 cannot say and the v1.0 specification does. From v1.0 the a2a.json is
// generated from a2a.proto by protoc-gen-jsonschema, which writes each message's fields but not the
// service, the oneof groups, nor `(google.api.field_behavior) = REQUIRED`. A proto-made a2a.json is
// read with these facts (versions.ts `protoText`); a proto says them itself and never needs them.
// test/model/versions-v1.test.ts holds them equal to what the bundled v1.0.x protos say.
import type { OneofGroup } from '../load/proto-schema.js';

/** A method as §5.3's table and §9.4 state it. */
export interface TextMethod {
  /** The JSON-RPC method, which is also the gRPC rpc's name (§9.4). */
  name: string;
  /** Definition names; a google.protobuf type by its full name. */
  request: string;
  response: string;
  /** Answers with a stream of `response` events (SSE over HTTP). */
  streaming: boolean;
  description: string;
  /** Its HTTP+JSON route; each path variable is named by the request field (JSON name) it fills. */
  http: { verb: string; path: string; body?: '*' };
}

export interface ProtoTextFacts {
  /** @see §10.1: the gRPC service, whose rpcs are the methods. */
  service: string;
  methods: TextMethod[];
  /** Fields that must be set, by definition (§4's tables, §5.7). */
  required: Record<string, string[]>;
  /** Each message's oneof groups, its members by JSON name (§4's tables). Whether one must be set is versions.ts `requiredOneofs`. */
  oneofs: Record<string, OneofGroup[]>;
}

/**
 * @see specification-v1.0.1 §5.3 (the method mapping table: names and routes), §9.4 (each method's
 * params and result), §3.1 (what each does), §11.3. The routes name their variables by the
 * request fields they fill, as a2a.proto's `google.api.http` rules bind them (§5.3 writes the
 * config's `id` as `{configId}`); SubscribeToTask is GET there and POST in §5.3 — the proto's verb
 * is listed and versions.ts's `textVerbs` serves §5.3's too, as for the proto. The same routes
 * under `/{tenant}` (the proto's additional bindings) are added by the model for every request
 * with a `tenant` field.
 */
const METHODS: TextMethod[] = [
  {
    name: 'SendMessage',
    request: 'SendMessageRequest',
    response: 'SendMessageResponse',
    streaming: false,
    description: 'Sends a message to an agent and receives either a task that tracks the processing or a direct response message.',
    http: { verb: 'POST', path: '/message:send', body: '*' },
  },
  {
    name: 'SendStreamingMessage',
    request: 'SendMessageRequest',
    response: 'StreamResponse',
    streaming: true,
    description: 'Sends a message to an agent, with real-time streaming of updates during processing.',
    http: { verb: 'POST', path: '/message:stream', body: '*' },
  },
  {
    name: 'GetTask',
    request: 'GetTaskRequest',
    response: 'Task',
    streaming: false,
    description: 'Retrieves the current state (including status, artifacts, and optionally history) of a previously initiated task.',
    http: { verb: 'GET', path: '/tasks/{id}' },
  },
  {
    name: 'ListTasks',
    request: 'ListTasksRequest',
    response: 'ListTasksResponse',
    streaming: false,
    description: 'Retrieves a list of tasks with optional filtering and pagination capabilities.',
    http: { verb: 'GET', path: '/tasks' },
  },
  {
    name: 'CancelTask',
    request: 'CancelTaskRequest',
    response: 'Task',
    streaming: false,
    description: 'Requests the cancellation of an ongoing task.',
    http: { verb: 'POST', path: '/tasks/{id}:cancel', body: '*' },
  },
  {
    name: 'SubscribeToTask',
    request: 'SubscribeToTaskRequest',
    response: 'StreamResponse',
    streaming: true,
    description: 'Establishes a streaming connection to receive updates for an existing task.',
    http: { verb: 'GET', path: '/tasks/{id}:subscribe' },
  },
  {
    name: 'CreateTaskPushNotificationConfig',
    request: 'TaskPushNotificationConfig',
    response: 'TaskPushNotificationConfig',
    streaming: false,
    description: 'Creates a push notification configuration for a task to receive asynchronous updates via webhook.',
    http: { verb: 'POST', path: '/tasks/{taskId}/pushNotificationConfigs', body: '*' },
  },
  {
    name: 'GetTaskPushNotificationConfig',
    request: 'GetTaskPushNotificationConfigRequest',
    response: 'TaskPushNotificationConfig',
    streaming: false,
    description: 'Retrieves an existing push notification configuration for a task.',
    http: { verb: 'GET', path: '/tasks/{taskId}/pushNotificationConfigs/{id}' },
  },
  {
    name: 'ListTaskPushNotificationConfigs',
    request: 'ListTaskPushNotificationConfigsRequest',
    response: 'ListTaskPushNotificationConfigsResponse',
    streaming: false,
    description: 'Retrieves all push notification configurations for a task.',
    http: { verb: 'GET', path: '/tasks/{taskId}/pushNotificationConfigs' },
  },
  {
    name: 'GetExtendedAgentCard',
    request: 'GetExtendedAgentCardRequest',
    response: 'AgentCard',
    streaming: false,
    description: 'Retrieves a potentially more detailed version of the Agent Card after the client has authenticated.',
    http: { verb: 'GET', path: '/extendedAgentCard' },
  },
  {
    name: 'DeleteTaskPushNotificationConfig',
    request: 'DeleteTaskPushNotificationConfigRequest',
    response: 'google.protobuf.Empty',
    streaming: false,
    description: 'Removes a push notification configuration for a task.',
    http: { verb: 'DELETE', path: '/tasks/{taskId}/pushNotificationConfigs/{id}' },
  },
];

/** @see §4 (each object's table marks its REQUIRED fields), §5.7 (what REQUIRED means). */
const REQUIRED: Record<string, string[]> = {
  Task: ['id', 'status'],
  TaskStatus: ['state'],
  Message: ['messageId', 'role', 'parts'],
  Artifact: ['artifactId', 'parts'],
  TaskStatusUpdateEvent: ['taskId', 'contextId', 'status'],
  TaskArtifactUpdateEvent: ['taskId', 'contextId', 'artifact'],
  AuthenticationInfo: ['scheme'],
  AgentInterface: ['url', 'protocolBinding', 'protocolVersion'],
  AgentCard: ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
  AgentProvider: ['url', 'organization'],
  AgentSkill: ['id', 'name', 'description', 'tags'],
  AgentCardSignature: ['protected', 'signature'],
  TaskPushNotificationConfig: ['url'],
  APIKeySecurityScheme: ['location', 'name'],
  HTTPAuthSecurityScheme: ['scheme'],
  OAuth2SecurityScheme: ['flows'],
  OpenIdConnectSecurityScheme: ['openIdConnectUrl'],
  AuthorizationCodeOAuthFlow: ['authorizationUrl', 'tokenUrl', 'scopes'],
  ClientCredentialsOAuthFlow: ['tokenUrl', 'scopes'],
  DeviceCodeOAuthFlow: ['deviceAuthorizationUrl', 'tokenUrl', 'scopes'],
  SendMessageRequest: ['message'],
  GetTaskRequest: ['id'],
  ListTasksResponse: ['tasks', 'nextPageToken', 'pageSize', 'totalSize'],
  CancelTaskRequest: ['id'],
  GetTaskPushNotificationConfigRequest: ['taskId', 'id'],
  DeleteTaskPushNotificationConfigRequest: ['taskId', 'id'],
  SubscribeToTaskRequest: ['id'],
  ListTaskPushNotificationConfigsRequest: ['taskId'],
};

/** @see §4.1.6 Part, §4.5.1 SecurityScheme, §4.5.7 OAuthFlows, §3.2.3 / §9.4.1 the two response payloads. */
const ONEOFS: Record<string, OneofGroup[]> = {
  Part: [{ name: 'content', members: ['text', 'raw', 'url', 'data'], required: false }],
  SecurityScheme: [
    {
      name: 'scheme',
      members: ['apiKeySecurityScheme', 'httpAuthSecurityScheme', 'oauth2SecurityScheme', 'openIdConnectSecurityScheme', 'mtlsSecurityScheme'],
      required: false,
    },
  ],
  OAuthFlows: [{ name: 'flow', members: ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceCode'], required: false }],
  SendMessageResponse: [{ name: 'payload', members: ['task', 'message'], required: false }],
  StreamResponse: [{ name: 'payload', members: ['task', 'message', 'statusUpdate', 'artifactUpdate'], required: false }],
};

export const V1_PROTO_TEXT: ProtoTextFacts = { service: 'A2AService', methods: METHODS, required: REQUIRED, oneofs: ONEOFS };
