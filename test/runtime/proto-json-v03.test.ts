// The v0.3.0 REST binding's ProtoJSON ↔ JSON-RPC translation: round trips both ways, snake_case
// input, WireShapeError paths for hostile bodies, and the official JS SDK 0.3.14's own codecs
// (ToProto/FromProto + the generated toJSON/fromJSON) as an oracle.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { WireShapeError, v03ProtoJson } from '../../templates/a2a/proto-v03/proto-json-v03.js';

type Loose = Record<string, unknown>;
const { toWire, fromWire } = v03ProtoJson;

// ---- canonical JSON-RPC objects (no proto3 defaults written: no false, '', [] members) ----

const userMessage: Loose = {
  kind: 'message',
  messageId: 'm1',
  contextId: 'c1',
  taskId: 't1',
  role: 'user',
  parts: [
    { kind: 'text', text: 'hello' },
    { kind: 'file', file: { uri: 'https://example.com/a.pdf', mimeType: 'application/pdf' } },
    { kind: 'file', file: { bytes: 'aGVsbG8=', mimeType: 'text/plain' } },
    { kind: 'data', data: { a: 1, nested: { b: [true, null] } } },
  ],
  metadata: { trace: 'x' },
  extensions: ['https://ext.example/1'],
};
const agentMessage: Loose = { kind: 'message', messageId: 'm2', contextId: 'c1', taskId: 't1', role: 'agent', parts: [{ kind: 'text', text: 'done' }] };
const artifact: Loose = {
  artifactId: 'a1',
  name: 'out',
  description: 'the output',
  parts: [{ kind: 'text', text: 'result' }],
  metadata: { k: 'v' },
  extensions: ['e'],
};
const task: Loose = {
  kind: 'task',
  id: 't1',
  contextId: 'c1',
  status: { state: 'completed', message: agentMessage, timestamp: '2025-01-01T00:00:00Z' },
  artifacts: [artifact],
  history: [userMessage, agentMessage],
  metadata: { m: 1 },
};
const statusUpdate: Loose = { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'input-required' }, final: true, metadata: { s: 1 } };
const artifactUpdate: Loose = { kind: 'artifact-update', taskId: 't1', contextId: 'c1', artifact, append: true, lastChunk: true, metadata: { s: 2 } };
const pushConfig: Loose = { id: 'p1', url: 'https://hook.example/x', token: 'tok', authentication: { schemes: ['Bearer'], credentials: 'secret' } };
const taskPushConfig: Loose = { taskId: 't1', pushNotificationConfig: pushConfig };
const sendParams: Loose = {
  message: { ...userMessage, taskId: undefined, contextId: undefined },
  configuration: { acceptedOutputModes: ['text/plain'], pushNotificationConfig: pushConfig, blocking: true },
  metadata: { req: 1 },
};
delete (sendParams.message as Loose).taskId;
delete (sendParams.message as Loose).contextId;
const card: Loose = {
  protocolVersion: '0.3.0',
  name: 'Echo',
  description: 'Echoes',
  url: 'https://agent.example/a2a/v1',
  preferredTransport: 'HTTP+JSON',
  additionalInterfaces: [{ url: 'https://agent.example/a2a/jsonrpc', transport: 'JSONRPC' }],
  provider: { organization: 'Example', url: 'https://example.com' },
  version: '1.2.3',
  documentationUrl: 'https://example.com/docs',
  capabilities: {
    streaming: true,
    pushNotifications: true,
    extensions: [{ uri: 'https://ext.example/1', description: 'ext', required: true, params: { p: 1 } }],
  },
  securitySchemes: {
    key: { type: 'apiKey', name: 'X-Key', in: 'header', description: 'api key' },
    bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    oauth: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://a.example/auth',
          tokenUrl: 'https://a.example/token',
          refreshUrl: 'https://a.example/r',
          scopes: { read: 'Read' },
        },
      },
      oauth2MetadataUrl: 'https://a.example/.well-known',
    },
    cc: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://a.example/token', scopes: {} } } },
    oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://a.example/oidc' },
    mtls: { type: 'mutualTLS', description: 'client certs' },
  },
  security: [{ oauth: ['read'] }, { key: [], mtls: [] }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain', 'application/json'],
  skills: [
    {
      id: 'echo',
      name: 'Echo',
      description: 'echoes',
      tags: ['echo'],
      examples: ['hi'],
      inputModes: ['text/plain'],
      outputModes: ['text/plain'],
      security: [{ bearer: [] }],
    },
  ],
  supportsAuthenticatedExtendedCard: true,
  signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2ln', header: { kid: 'k1' } }],
};

// ---- the same objects on the wire, written out by hand from the SDK's generated toJSON ----

const userMessageWire: Loose = {
  messageId: 'm1',
  contextId: 'c1',
  taskId: 't1',
  role: 'ROLE_USER',
  content: [
    { text: 'hello' },
    { file: { fileWithUri: 'https://example.com/a.pdf', mimeType: 'application/pdf' } },
    { file: { fileWithBytes: 'aGVsbG8=', mimeType: 'text/plain' } },
    { data: { data: { a: 1, nested: { b: [true, null] } } } },
  ],
  metadata: { trace: 'x' },
  extensions: ['https://ext.example/1'],
};
const agentMessageWire: Loose = { messageId: 'm2', contextId: 'c1', taskId: 't1', role: 'ROLE_AGENT', content: [{ text: 'done' }] };
const artifactWire: Loose = { artifactId: 'a1', name: 'out', description: 'the output', parts: [{ text: 'result' }], metadata: { k: 'v' }, extensions: ['e'] };
const taskWire: Loose = {
  id: 't1',
  contextId: 'c1',
  status: { state: 'TASK_STATE_COMPLETED', message: agentMessageWire, timestamp: '2025-01-01T00:00:00Z' },
  artifacts: [artifactWire],
  history: [userMessageWire, agentMessageWire],
  metadata: { m: 1 },
};
const statusUpdateWire: Loose = { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_INPUT_REQUIRED' }, final: true, metadata: { s: 1 } };
const artifactUpdateWire: Loose = { taskId: 't1', contextId: 'c1', artifact: artifactWire, append: true, lastChunk: true, metadata: { s: 2 } };
const pushConfigWire: Loose = { id: 'p1', url: 'https://hook.example/x', token: 'tok', authentication: { schemes: ['Bearer'], credentials: 'secret' } };
const taskPushConfigWire: Loose = { name: 'tasks/t1/pushNotificationConfigs/p1', pushNotificationConfig: pushConfigWire };

describe('JSON-RPC → ProtoJSON (toWire)', () => {
  it('writes each object kind exactly', () => {
    expect(toWire.message(userMessage)).toEqual(userMessageWire);
    expect(toWire.task(task)).toEqual(taskWire);
    expect(toWire.statusUpdate(statusUpdate)).toEqual(statusUpdateWire);
    expect(toWire.artifactUpdate(artifactUpdate)).toEqual(artifactUpdateWire);
    expect(toWire.taskPushNotificationConfig(taskPushConfig)).toEqual(taskPushConfigWire);
    expect(toWire.createTaskPushNotificationConfigRequest(taskPushConfig)).toEqual(taskPushConfigWire);
    expect(toWire.listTaskPushNotificationConfigResponse([taskPushConfig])).toEqual({ configs: [taskPushConfigWire] });
    expect(toWire.listTaskPushNotificationConfigResponse([])).toEqual({});
  });

  it('wraps results by kind', () => {
    expect(toWire.sendMessageResponse(task)).toEqual({ task: taskWire });
    expect(toWire.sendMessageResponse(agentMessage)).toEqual({ message: agentMessageWire });
    expect(toWire.streamResponse(statusUpdate)).toEqual({ statusUpdate: statusUpdateWire });
    expect(toWire.streamResponse(artifactUpdate)).toEqual({ artifactUpdate: artifactUpdateWire });
    expect(() => toWire.sendMessageResponse(statusUpdate)).toThrow(WireShapeError);
    expect(() => toWire.message({ ...agentMessage, parts: [{ kind: 'file', file: { name: 'x' } }] })).toThrow(
      '/parts/0/file: a file needs exactly one of bytes, uri',
    );
    expect(() => toWire.streamResponse({ ...agentMessage, parts: [{ kind: 'video' }] })).toThrow('/parts/0: a part of kind "video" has no v0.3 proto form');
  });

  it('writes the send request with pushNotification and leaves out proto3 defaults', () => {
    expect(toWire.sendMessageRequest(sendParams)).toEqual({
      message: { messageId: 'm1', role: 'ROLE_USER', content: userMessageWire.content, metadata: { trace: 'x' }, extensions: ['https://ext.example/1'] },
      configuration: { acceptedOutputModes: ['text/plain'], pushNotification: pushConfigWire, blocking: true },
      metadata: { req: 1 },
    });
    expect(toWire.sendMessageRequest({ message: agentMessage, configuration: { blocking: false, historyLength: 0, acceptedOutputModes: [] } })).toEqual({
      message: agentMessageWire,
      configuration: {},
    });
    expect(toWire.statusUpdate({ ...statusUpdate, final: false })).not.toHaveProperty('final');
  });

  it('carries file name and part metadata, which the v0.3.0 proto has', () => {
    const part = { kind: 'file', file: { uri: 'u', name: 'a.pdf' }, metadata: { p: 1 } };
    expect(toWire.message({ ...agentMessage, parts: [part] }).content).toEqual([{ file: { fileWithUri: 'u', name: 'a.pdf' }, metadata: { p: 1 } }]);
    expect(fromWire.message({ ...agentMessageWire, content: [{ file: { fileWithUri: 'u', name: 'a.pdf' }, metadata: { p: 1 } }] }).parts).toEqual([part]);
  });

  it('writes the card with oneof security schemes and wrapped requirements', () => {
    const wire = toWire.agentCard(card);
    expect(wire.securitySchemes).toEqual({
      key: { apiKeySecurityScheme: { name: 'X-Key', location: 'header', description: 'api key' } },
      bearer: { httpAuthSecurityScheme: { scheme: 'bearer', bearerFormat: 'JWT' } },
      oauth: {
        oauth2SecurityScheme: {
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://a.example/auth',
              tokenUrl: 'https://a.example/token',
              refreshUrl: 'https://a.example/r',
              scopes: { read: 'Read' },
            },
          },
          oauth2MetadataUrl: 'https://a.example/.well-known',
        },
      },
      cc: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: 'https://a.example/token' } } } },
      oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://a.example/oidc' } },
      mtls: { mtlsSecurityScheme: { description: 'client certs' } },
    });
    expect(wire.security).toEqual([{ schemes: { oauth: { list: ['read'] } } }, { schemes: { key: {}, mtls: {} } }]);
    expect(wire.skills).toEqual([
      {
        id: 'echo',
        name: 'Echo',
        description: 'echoes',
        tags: ['echo'],
        examples: ['hi'],
        inputModes: ['text/plain'],
        outputModes: ['text/plain'],
        security: [{ schemes: { bearer: {} } }],
      },
    ]);
    expect(wire.capabilities).toEqual({
      streaming: true,
      pushNotifications: true,
      extensions: [{ uri: 'https://ext.example/1', description: 'ext', required: true, params: { p: 1 } }],
    });
  });

  it('drops what the v0.3 proto cannot carry: iconUrl, stateTransitionHistory, all OAuth flows but one', () => {
    const wire = toWire.agentCard({
      ...card,
      iconUrl: 'https://example.com/i.png',
      capabilities: { stateTransitionHistory: true },
      securitySchemes: {
        o: { type: 'oauth2', flows: { password: { tokenUrl: 'p', scopes: {} }, implicit: { authorizationUrl: 'i', scopes: {} } } },
      },
    });
    expect(wire).not.toHaveProperty('iconUrl');
    expect(wire.capabilities).toEqual({});
    expect(wire.securitySchemes).toEqual({ o: { oauth2SecurityScheme: { flows: { implicit: { authorizationUrl: 'i' } } } } });
  });
});

describe('round trips', () => {
  const cases: [string, Loose, (o: Loose) => Loose, (w: unknown) => Loose][] = [
    ['message', userMessage, toWire.message, fromWire.message],
    ['task', task, toWire.task, fromWire.task],
    ['status update', statusUpdate, toWire.statusUpdate, fromWire.statusUpdate],
    ['artifact update', artifactUpdate, toWire.artifactUpdate, fromWire.artifactUpdate],
    ['send params', sendParams, toWire.sendMessageRequest, fromWire.sendMessageRequest],
    ['send result (task)', task, toWire.sendMessageResponse, fromWire.sendMessageResponse],
    ['send result (message)', agentMessage, toWire.sendMessageResponse, fromWire.sendMessageResponse],
    ['stream (status)', statusUpdate, toWire.streamResponse, fromWire.streamResponse],
    ['stream (artifact)', artifactUpdate, toWire.streamResponse, fromWire.streamResponse],
    ['stream (task)', task, toWire.streamResponse, fromWire.streamResponse],
    ['stream (message)', userMessage, toWire.streamResponse, fromWire.streamResponse],
    ['push config', taskPushConfig, toWire.taskPushNotificationConfig, fromWire.taskPushNotificationConfig],
    ['card', card, toWire.agentCard, fromWire.agentCard],
  ];
  it.each(cases)('%s: JSON-RPC → wire → JSON-RPC is the identity', (_, obj, to, from) => {
    expect(from(JSON.parse(JSON.stringify(to(obj))))).toEqual(obj);
  });
  it.each(cases)('%s: wire → JSON-RPC → wire is the identity', (_, obj, to, from) => {
    const wire = to(obj);
    expect(to(from(wire))).toEqual(wire);
  });
  it('push config list and create request', () => {
    expect(fromWire.listTaskPushNotificationConfigResponse(toWire.listTaskPushNotificationConfigResponse([taskPushConfig, taskPushConfig]))).toEqual([
      taskPushConfig,
      taskPushConfig,
    ]);
    expect(fromWire.listTaskPushNotificationConfigResponse({})).toEqual([]);
    expect(fromWire.createTaskPushNotificationConfigRequest(toWire.createTaskPushNotificationConfigRequest(taskPushConfig), 't1')).toEqual(taskPushConfig);
  });
});

describe('ProtoJSON → JSON-RPC (fromWire)', () => {
  it('reads absent proto3 defaults as the JSON-RPC defaults', () => {
    expect(fromWire.statusUpdate({ taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } })).toEqual({
      kind: 'status-update',
      taskId: 't',
      contextId: 'c',
      status: { state: 'working' },
      final: false,
    });
    expect(fromWire.task({ id: 't', contextId: 'c', status: {} })).toEqual({ kind: 'task', id: 't', contextId: 'c', status: { state: 'unknown' } });
    expect(fromWire.sendMessageRequest({ message: agentMessageWire, configuration: {} })).toEqual({
      message: agentMessage,
      configuration: { blocking: false },
    });
    expect(fromWire.agentCard({})).toEqual({
      protocolVersion: '',
      name: '',
      description: '',
      url: '',
      version: '',
      capabilities: {},
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
    });
  });

  it('reads enum numbers, int64-style strings, `msg`, `request`, `update` and URL-safe base64', () => {
    expect(fromWire.task({ id: 't', contextId: 'c', status: { state: 5, update: { messageId: 'x', role: 2 } } }).status).toEqual({
      state: 'canceled',
      message: { kind: 'message', messageId: 'x', role: 'agent', parts: [] },
    });
    expect(fromWire.sendMessageResponse({ msg: agentMessageWire })).toEqual(agentMessage);
    expect(fromWire.sendMessageRequest({ request: agentMessageWire, configuration: { historyLength: '3' } })).toEqual({
      message: agentMessage,
      configuration: { historyLength: 3, blocking: false },
    });
    expect(fromWire.message({ messageId: 'x', role: 'ROLE_USER', content: [{ file: { fileWithBytes: '-_8' } }] }).parts).toEqual([
      { kind: 'file', file: { bytes: '+/8' } },
    ]);
  });

  it('accepts snake_case field names', () => {
    expect(
      fromWire.sendMessageRequest({
        message: {
          message_id: 'm9',
          context_id: 'c9',
          task_id: 't9',
          role: 'ROLE_USER',
          content: [{ file: { file_with_uri: 'u', mime_type: 'text/plain' } }, { file: { file_with_bytes: 'AA==' } }],
        },
        configuration: { accepted_output_modes: ['a'], push_notification: { url: 'h' }, history_length: 2, blocking: true },
      }),
    ).toEqual({
      message: {
        kind: 'message',
        messageId: 'm9',
        contextId: 'c9',
        taskId: 't9',
        role: 'user',
        parts: [
          { kind: 'file', file: { uri: 'u', mimeType: 'text/plain' } },
          { kind: 'file', file: { bytes: 'AA==' } },
        ],
      },
      configuration: { acceptedOutputModes: ['a'], pushNotificationConfig: { url: 'h' }, historyLength: 2, blocking: true },
    });
    expect(fromWire.streamResponse({ status_update: { task_id: 't', context_id: 'c', status: { state: 'TASK_STATE_AUTH_REQUIRED' } } })).toEqual({
      kind: 'status-update',
      taskId: 't',
      contextId: 'c',
      status: { state: 'auth-required' },
      final: false,
    });
    expect(
      fromWire.streamResponse({ artifact_update: { task_id: 't', context_id: 'c', artifact: { artifact_id: 'a', parts: [] }, last_chunk: true } }),
    ).toEqual({
      kind: 'artifact-update',
      taskId: 't',
      contextId: 'c',
      artifact: { artifactId: 'a', parts: [] },
      lastChunk: true,
    });
    expect(fromWire.taskPushNotificationConfig({ name: 'tasks/t/pushNotificationConfigs/p', push_notification_config: { url: 'h' } })).toEqual({
      taskId: 't',
      pushNotificationConfig: { id: 'p', url: 'h' },
    });
    expect(
      fromWire.agentCard({
        protocol_version: '0.3.0',
        preferred_transport: 'JSONRPC',
        additional_interfaces: [{ url: 'u', transport: 'GRPC' }],
        documentation_url: 'd',
        default_input_modes: ['a'],
        default_output_modes: ['b'],
        supports_authenticated_extended_card: true,
        capabilities: { push_notifications: true },
        security_schemes: {
          k: { api_key_security_scheme: { name: 'n', location: 'query' } },
          h: { http_auth_security_scheme: { scheme: 'bearer', bearer_format: 'JWT' } },
          o: { oauth2_security_scheme: { flows: { client_credentials: { token_url: 't', refresh_url: 'r' } }, oauth2_metadata_url: 'm' } },
          i: { open_id_connect_security_scheme: { open_id_connect_url: 'x' } },
          m: { mtls_security_scheme: {} },
        },
        skills: [{ id: 's', input_modes: ['x'], output_modes: ['y'] }],
      }),
    ).toEqual({
      protocolVersion: '0.3.0',
      name: '',
      description: '',
      url: '',
      version: '',
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [{ url: 'u', transport: 'GRPC' }],
      documentationUrl: 'd',
      defaultInputModes: ['a'],
      defaultOutputModes: ['b'],
      supportsAuthenticatedExtendedCard: true,
      capabilities: { pushNotifications: true },
      securitySchemes: {
        k: { type: 'apiKey', name: 'n', in: 'query' },
        h: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        o: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 't', refreshUrl: 'r', scopes: {} } }, oauth2MetadataUrl: 'm' },
        i: { type: 'openIdConnect', openIdConnectUrl: 'x' },
        m: { type: 'mutualTLS' },
      },
      skills: [{ id: 's', name: '', description: '', tags: [], inputModes: ['x'], outputModes: ['y'] }],
    });
  });

  it('reads the create-config body in the SDK client shape and the CreateTaskPushNotificationConfigRequest shape', () => {
    expect(fromWire.createTaskPushNotificationConfigRequest({ pushNotificationConfig: { url: 'h' } }, 't1')).toEqual({
      taskId: 't1',
      pushNotificationConfig: { url: 'h' },
    });
    expect(
      fromWire.createTaskPushNotificationConfigRequest({ parent: 'tasks/t1', configId: 'p2', config: { pushNotificationConfig: { url: 'h' } } }, 't1'),
    ).toEqual({
      taskId: 't1',
      pushNotificationConfig: { id: 'p2', url: 'h' },
    });
  });
});

describe('hostile input becomes a WireShapeError with a path', () => {
  const user = (content: unknown): Loose => ({ message: { messageId: 'm', role: 'ROLE_USER', content } });
  const cases: [string, () => unknown, string, RegExp][] = [
    ['non-object body', () => fromWire.sendMessageRequest('hi'), '', /expected an object, got a string/],
    ['null body', () => fromWire.task(null), '', /got null/],
    ['array body', () => fromWire.streamResponse([]), '', /got an array/],
    ['no message', () => fromWire.sendMessageRequest({}), '/message', /needs its message/],
    ['unknown role', () => fromWire.sendMessageRequest({ message: { role: 'ROLE_BOSS' } }), '/message/role', /unknown value "ROLE_BOSS"/],
    ['missing role', () => fromWire.sendMessageRequest({ message: { messageId: 'm' } }), '/message/role', /ROLE_USER or ROLE_AGENT/],
    ['content not a list', () => fromWire.sendMessageRequest(user('hi')), '/message/content', /expected an array/],
    ['part not an object', () => fromWire.sendMessageRequest(user([7])), '/message/content/0', /expected an object, got a number/],
    ['two oneof members', () => fromWire.sendMessageRequest(user([{ text: 'a', data: { data: {} } }])), '/message/content/0', /only one of text, file, data/],
    ['empty part', () => fromWire.sendMessageRequest(user([{ metadata: {} }])), '/message/content/0', /needs one of text, file, data/],
    ['text not a string', () => fromWire.sendMessageRequest(user([{ text: 1 }])), '/message/content/0/text', /expected a string, got a number/],
    ['file with no content', () => fromWire.sendMessageRequest(user([{ file: { mimeType: 'a' } }])), '/message/content/0/file', /fileWithUri or fileWithBytes/],
    [
      'file with both',
      () => fromWire.sendMessageRequest(user([{ file: { fileWithUri: 'u', file_with_bytes: 'AA==' } }])),
      '/message/content/0/file',
      /only one of/,
    ],
    ['bad base64', () => fromWire.sendMessageRequest(user([{ file: { file_with_bytes: '@@@' } }])), '/message/content/0/file/file_with_bytes', /base64/],
    ['data not an object', () => fromWire.sendMessageRequest(user([{ data: { data: [1] } }])), '/message/content/0/data/data', /got an array/],
    ['metadata not an object', () => fromWire.sendMessageRequest({ ...user([]), metadata: 'm' }), '/metadata', /expected an object/],
    [
      'bad historyLength',
      () => fromWire.sendMessageRequest({ ...user([]), configuration: { historyLength: 'ten' } }),
      '/configuration/historyLength',
      /expected an integer/,
    ],
    [
      'blocking as string',
      () => fromWire.sendMessageRequest({ ...user([]), configuration: { blocking: 'yes' } }),
      '/configuration/blocking',
      /expected a boolean/,
    ],
    ['unknown state', () => fromWire.task({ id: 't', status: { state: 'TASK_STATE_DONE' } }), '/status/state', /unknown value "TASK_STATE_DONE"/],
    ['state out of range', () => fromWire.task({ id: 't', status: { state: 9 } }), '/status/state', /unknown value 9/],
    ['history item', () => fromWire.task({ id: 't', history: [{ role: 'ROLE_USER', content: [{}] }] }), '/history/0/content/0', /needs one of/],
    ['two results', () => fromWire.streamResponse({ task: {}, message: {} }), '', /only one of task, message, msg/],
    ['no result', () => fromWire.sendMessageResponse({ statusUpdate: {} }), '', /expected one of task, message, msg/],
    ['artifact update without artifact', () => fromWire.artifactUpdate({ taskId: 't' }), '/artifact', /needs its artifact/],
    ['bad config name', () => fromWire.taskPushNotificationConfig({ name: 'bogus', pushNotificationConfig: { url: 'h' } }), '/name', /tasks\/\{taskId\}/],
    [
      'config for another task',
      () =>
        fromWire.createTaskPushNotificationConfigRequest(
          { config: { name: 'tasks/t2/pushNotificationConfigs/p', pushNotificationConfig: { url: 'h' } } },
          't1',
        ),
      '/config/name',
      /names task t2, the path names t1/,
    ],
    ['config without config', () => fromWire.createTaskPushNotificationConfigRequest({ url: 'h' }, 't1'), '/pushNotificationConfig', /missing/],
    [
      'schemes not strings',
      () => fromWire.taskPushNotificationConfig({ name: 'tasks/t', pushNotificationConfig: { authentication: { schemes: [1] } } }),
      '/pushNotificationConfig/authentication/schemes/0',
      /expected a string/,
    ],
    ['empty security scheme', () => fromWire.agentCard({ securitySchemes: { x: {} } }), '/securitySchemes/x', /needs one of/],
    [
      'oauth2 without flow',
      () => fromWire.agentCard({ securitySchemes: { x: { oauth2SecurityScheme: { flows: {} } } } }),
      '/securitySchemes/x/oauth2SecurityScheme/flows',
      /needs one of/,
    ],
    [
      'scope not a string',
      () => fromWire.agentCard({ securitySchemes: { x: { oauth2SecurityScheme: { flows: { password: { scopes: { a: 1 } } } } } } }),
      '/securitySchemes/x/oauth2SecurityScheme/flows/password/scopes/a',
      /expected a string/,
    ],
    ['security list item', () => fromWire.agentCard({ security: [{ schemes: { a: { list: 'x' } } }] }), '/security/0/schemes/a/list', /expected an array/],
  ];
  it.each(cases)('%s', (_, run, path, message) => {
    let caught: unknown;
    try {
      run();
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(WireShapeError);
    expect((caught as WireShapeError).path).toBe(path);
    expect((caught as WireShapeError).message).toMatch(message);
  });

  it('never throws anything but WireShapeError when any member of a valid body is replaced by a wrong value', () => {
    const hostile: unknown[] = [null, 0, -1, 1.5, 'x', '', true, [], [1], {}, { a: 1 }];
    const bodies: [unknown, (w: unknown) => unknown][] = [
      [toWire.sendMessageRequest(sendParams), fromWire.sendMessageRequest],
      [{ task: taskWire }, fromWire.streamResponse],
      [{ artifactUpdate: artifactUpdateWire }, fromWire.streamResponse],
      [taskPushConfigWire, fromWire.taskPushNotificationConfig],
      [toWire.agentCard(card), fromWire.agentCard],
    ];
    let tried = 0;
    for (const [body, read] of bodies) {
      const walk = (node: unknown, replace: (v: unknown) => unknown): void => {
        if (node === null || typeof node !== 'object') return;
        for (const key of Object.keys(node)) {
          const parent = node as Record<string, unknown>;
          const original = parent[key];
          for (const value of hostile) {
            parent[key] = value;
            tried++;
            try {
              read(replace(undefined));
            } catch (e) {
              if (!(e instanceof WireShapeError)) throw new Error(`${key} = ${JSON.stringify(value)}: ${String(e)}`);
            }
          }
          parent[key] = original;
          walk(original, replace);
        }
      };
      const copy = JSON.parse(JSON.stringify(body));
      walk(copy, () => copy);
    }
    expect(tried).toBeGreaterThan(1000);
  });
});

// ---- the official SDK 0.3.14 as an oracle ----
//
// Its package exports map exposes neither the converters nor the generated codecs, so the test
// loads the dist chunk that defines them by file path. Deliberate differences, checked below:
// - proto3 defaults: the SDK's FromProto writes `[]`, '' and false where we leave the member out
//   (`extensions: []`, `mimeType: ''`, `capabilities.streaming: false`…); `normalize` removes
//   those from both sides before comparing.
// - we keep the send configuration's `historyLength`, an artifact update's `append` and an
//   artifact's `extensions`, which the SDK's FromProto drops; we write FilePart `name` and Part `metadata`, which its types lack.
interface Codec {
  toJSON(m: unknown): Loose;
  fromJSON(j: unknown): unknown;
}
interface Sdk {
  ToProto: Record<string, (x: unknown) => unknown>;
  FromProto: Record<string, (x: unknown) => unknown>;
  Task: Codec;
  AgentCard: Codec;
  TaskPushNotificationConfig: Codec;
  SendMessageRequest: Codec;
  CreateTaskPushNotificationConfigRequest: Codec;
  SendMessageResponse: Codec;
  StreamResponse: Codec;
  ListTaskPushNotificationConfigResponse: Codec;
}

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  const out: Loose = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = normalize(v);
  }
  return out;
}

const [artifactWireFull, taskWireFull, artifactUpdateWireFull] = [artifactWire, taskWire, artifactUpdateWire];

describe('oracle: the official JS SDK 0.3.14', () => {
  let sdk: Sdk;
  beforeAll(async () => {
    const dist = join(process.cwd(), 'node_modules/a2a-sdk-03/dist');
    expect(JSON.parse(readFileSync(join(dist, '../package.json'), 'utf8')).version).toBe('0.3.14');
    const chunk = readdirSync(dist).find((f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('var ToProto = class'));
    expect(chunk).toBeDefined();
    sdk = (await import(pathToFileURL(join(dist, chunk!)).href)) as Sdk;
  });

  it('our toWire writes what the SDK writes', () => {
    const { ToProto: to } = sdk;
    expect(toWire.task(task)).toEqual(sdk.Task.toJSON(to.task(task)));
    expect(toWire.sendMessageResponse(task)).toEqual(sdk.SendMessageResponse.toJSON(to.messageSendResult(task)));
    expect(toWire.sendMessageResponse(agentMessage)).toEqual(sdk.SendMessageResponse.toJSON(to.messageSendResult(agentMessage)));
    for (const event of [task, userMessage, statusUpdate, artifactUpdate])
      expect(toWire.streamResponse(event)).toEqual(sdk.StreamResponse.toJSON(to.messageStreamResult(event)));
    const paramsWithHistory = { ...sendParams, configuration: { ...(sendParams.configuration as Loose), historyLength: 4 } };
    expect(toWire.sendMessageRequest(paramsWithHistory)).toEqual(sdk.SendMessageRequest.toJSON(to.messageSendParams(paramsWithHistory)));
    expect(toWire.taskPushNotificationConfig(taskPushConfig)).toEqual(sdk.TaskPushNotificationConfig.toJSON(to.taskPushNotificationConfig(taskPushConfig)));
    expect(toWire.listTaskPushNotificationConfigResponse([taskPushConfig])).toEqual(
      sdk.ListTaskPushNotificationConfigResponse.toJSON(to.listTaskPushNotificationConfig([taskPushConfig])),
    );
    expect(toWire.agentCard(card)).toEqual(sdk.AgentCard.toJSON(to.agentCard(card)));
  });

  it('our fromWire reads what the SDK reads', () => {
    const { FromProto: from } = sdk;
    const wire = (w: Loose) => JSON.parse(JSON.stringify(w)) as Loose;
    // The SDK's FromProto.artifact drops `extensions` (checked below): compare without them.
    const artifactWire = { ...artifactWireFull, extensions: undefined };
    const taskWire = wire({ ...taskWireFull, artifacts: [artifactWire] });
    const artifactUpdateWire = { ...artifactUpdateWireFull, artifact: artifactWire };
    expect(normalize(fromWire.task(taskWire))).toEqual(normalize(from.task(sdk.Task.fromJSON(taskWire))));
    for (const body of [{ task: taskWire }, { message: agentMessageWire }, { msg: userMessageWire }])
      expect(normalize(fromWire.sendMessageResponse(body))).toEqual(normalize(from.sendMessageResult(sdk.SendMessageResponse.fromJSON(body))));
    for (const body of [
      { task: taskWire },
      { message: userMessageWire },
      { statusUpdate: statusUpdateWire },
      { artifactUpdate: { ...artifactUpdateWire, append: undefined } },
    ])
      expect(normalize(fromWire.streamResponse(wire(body)))).toEqual(normalize(from.messageStreamResult(sdk.StreamResponse.fromJSON(wire(body)))));
    const request = toWire.sendMessageRequest(sendParams);
    expect(normalize(fromWire.sendMessageRequest(request))).toEqual(normalize(from.messageSendParams(sdk.SendMessageRequest.fromJSON(request))));
    expect(fromWire.taskPushNotificationConfig(taskPushConfigWire)).toEqual(
      from.taskPushNotificationConfig(sdk.TaskPushNotificationConfig.fromJSON(taskPushConfigWire)),
    );
    const list = { configs: [taskPushConfigWire] };
    expect(fromWire.listTaskPushNotificationConfigResponse(list)).toEqual(
      from.listTaskPushNotificationConfig(sdk.ListTaskPushNotificationConfigResponse.fromJSON(list)),
    );
    const create = { parent: 'tasks/t1', config: taskPushConfigWire };
    expect(fromWire.createTaskPushNotificationConfigRequest(create, 't1')).toEqual(
      from.createTaskPushNotificationConfig(sdk.CreateTaskPushNotificationConfigRequest.fromJSON(create)),
    );
    const cardWire = toWire.agentCard(card);
    expect(normalize(fromWire.agentCard(cardWire))).toEqual(normalize(from.agentCard(sdk.AgentCard.fromJSON(cardWire))));
  });

  it('the documented differences are real: the SDK drops historyLength, append, artifact extensions, file name and part metadata', () => {
    const request = {
      message: { ...agentMessageWire, content: [{ file: { fileWithUri: 'u', name: 'n' }, metadata: { p: 1 } }] },
      configuration: { historyLength: 2 },
    };
    const theirs = sdk.FromProto.messageSendParams(sdk.SendMessageRequest.fromJSON(request)) as Loose;
    expect((theirs.configuration as Loose).historyLength).toBeUndefined();
    expect((theirs.message as Loose).parts).toEqual([{ kind: 'file', file: { uri: 'u', mimeType: '' } }]);
    const ours = fromWire.sendMessageRequest(request);
    expect((ours.configuration as Loose).historyLength).toBe(2);
    expect((ours.message as Loose).parts).toEqual([{ kind: 'file', file: { uri: 'u', name: 'n' }, metadata: { p: 1 } }]);
    expect((sdk.FromProto.messageStreamResult(sdk.StreamResponse.fromJSON({ artifactUpdate: artifactUpdateWire })) as Loose).append).toBeUndefined();
    expect(fromWire.streamResponse({ artifactUpdate: artifactUpdateWire }).append).toBe(true);
    expect((sdk.FromProto.task(sdk.Task.fromJSON(taskWire)) as { artifacts: Loose[] }).artifacts[0].extensions).toBeUndefined();
    expect((fromWire.task(taskWire) as { artifacts: Loose[] }).artifacts[0].extensions).toEqual(['e']);
  });
});
