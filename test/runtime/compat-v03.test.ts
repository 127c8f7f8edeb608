// v0.3.0 JSON-RPC ↔ v1.0 ProtoJSON: every object kind, every method's params and results, the card
// and the errors, both ways, and each lossy case the module's header documents (degraded in
// answers, a WireShapeError with a path in requests).
import { beforeAll, describe, expect, it } from 'vitest';
import { WireShapeError, compatV03, methodToV03, methodToV1, paramsToV03, paramsToV1, resultToV03, resultToV1 } from '../../templates/a2a/compat/compat-v03.js';
import type { V03Method, V1Method } from '../../templates/a2a/compat/compat-v03.js';

type Loose = Record<string, unknown>;
const { toV1, toV03, errorToV1, errorToV03 } = compatV03;
const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

// ---- the same objects in both versions ----

const message03: Loose = {
  kind: 'message',
  messageId: 'm1',
  contextId: 'c1',
  taskId: 't1',
  role: 'user',
  parts: [
    { kind: 'text', text: 'hello', metadata: { a: 1 } },
    { kind: 'file', file: { uri: 'https://example.com/a.pdf', mimeType: 'application/pdf', name: 'a.pdf' } },
    { kind: 'file', file: { bytes: 'aGVsbG8=' } },
    { kind: 'data', data: { k: [1, 2] } },
  ],
  metadata: { trace: 'x' },
  extensions: ['https://ext.example/1'],
  referenceTaskIds: ['t0'],
};
const message1: Loose = {
  messageId: 'm1',
  contextId: 'c1',
  taskId: 't1',
  role: 'ROLE_USER',
  parts: [
    { text: 'hello', metadata: { a: 1 } },
    { url: 'https://example.com/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
    { raw: 'aGVsbG8=' },
    { data: { k: [1, 2] } },
  ],
  metadata: { trace: 'x' },
  extensions: ['https://ext.example/1'],
  referenceTaskIds: ['t0'],
};
const reply03: Loose = { kind: 'message', messageId: 'm2', contextId: 'c1', taskId: 't1', role: 'agent', parts: [{ kind: 'text', text: 'done' }] };
const reply1: Loose = { messageId: 'm2', contextId: 'c1', taskId: 't1', role: 'ROLE_AGENT', parts: [{ text: 'done' }] };
const artifact03: Loose = { artifactId: 'a1', name: 'out', description: 'd', parts: [{ kind: 'data', data: { r: 1 } }], metadata: { m: 1 }, extensions: ['e'] };
const artifact1: Loose = { artifactId: 'a1', name: 'out', description: 'd', parts: [{ data: { r: 1 } }], metadata: { m: 1 }, extensions: ['e'] };
const task03: Loose = {
  kind: 'task',
  id: 't1',
  contextId: 'c1',
  status: { state: 'completed', message: reply03, timestamp: '2025-01-01T00:00:00.000Z' },
  artifacts: [artifact03],
  history: [message03, reply03],
  metadata: { n: 1 },
};
const task1: Loose = {
  id: 't1',
  contextId: 'c1',
  status: { state: 'TASK_STATE_COMPLETED', message: reply1, timestamp: '2025-01-01T00:00:00.000Z' },
  artifacts: [artifact1],
  history: [message1, reply1],
  metadata: { n: 1 },
};
const statusUpdate03: Loose = { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'input-required' }, final: true, metadata: { s: 1 } };
const statusUpdate1: Loose = { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_INPUT_REQUIRED' }, metadata: { s: 1 } };
const artifactUpdate03: Loose = {
  kind: 'artifact-update',
  taskId: 't1',
  contextId: 'c1',
  artifact: artifact03,
  append: true,
  lastChunk: false,
  metadata: { s: 2 },
};
const artifactUpdate1: Loose = { taskId: 't1', contextId: 'c1', artifact: artifact1, append: true, lastChunk: false, metadata: { s: 2 } };
const push03: Loose = {
  taskId: 't1',
  pushNotificationConfig: { id: 'p1', url: 'https://hook.example', token: 'tok', authentication: { schemes: ['Bearer'], credentials: 'cr' } },
};
const push1: Loose = { id: 'p1', taskId: 't1', url: 'https://hook.example', token: 'tok', authentication: { scheme: 'Bearer', credentials: 'cr' } };

describe('objects, both ways', () => {
  const pairs: [string, Loose, Loose, (x: Loose) => Loose, (x: Loose) => Loose][] = [
    ['message', message03, message1, toV1.message, toV03.message],
    ['reply', reply03, reply1, toV1.message, toV03.message],
    ['artifact', artifact03, artifact1, toV1.artifact, toV03.artifact],
    ['task status', task03.status as Loose, task1.status as Loose, toV1.taskStatus, toV03.taskStatus],
    ['task', task03, task1, toV1.task, toV03.task],
    ['status update', statusUpdate03, statusUpdate1, toV1.statusUpdate, toV03.statusUpdate],
    ['artifact update', artifactUpdate03, artifactUpdate1, toV1.artifactUpdate, toV03.artifactUpdate],
    ['push config', push03, push1, toV1.taskPushNotificationConfig, toV03.taskPushNotificationConfig],
    ['result: task', task03, { task: task1 }, toV1.result, toV03.result],
    ['result: message', reply03, { message: reply1 }, toV1.result, toV03.result],
    ['result: status update', statusUpdate03, { statusUpdate: statusUpdate1 }, toV1.result, toV03.result],
    ['result: artifact update', artifactUpdate03, { artifactUpdate: artifactUpdate1 }, toV1.result, toV03.result],
  ];
  it.each(pairs)('%s: v0.3 → v1.0 exactly', (_, v03, v1, to1) => expect(to1(clone(v03))).toEqual(v1));
  it.each(pairs)('%s: v1.0 → v0.3 exactly', (_, v03, v1, _to1, to03) => expect(to03(clone(v1))).toEqual(v03));
  it.each(pairs)('%s: v0.3 → v1.0 → v0.3 is the identity', (_, v03, _v1, to1, to03) => expect(to03(to1(clone(v03)))).toEqual(v03));
  it.each(pairs)('%s: v1.0 → v0.3 → v1.0 is the identity', (_, _v03, v1, to1, to03) => expect(to1(to03(clone(v1)))).toEqual(v1));

  it('maps every state both ways, and computes `final` from it', () => {
    const states: [string, string, boolean][] = [
      ['submitted', 'TASK_STATE_SUBMITTED', false],
      ['working', 'TASK_STATE_WORKING', false],
      ['input-required', 'TASK_STATE_INPUT_REQUIRED', true],
      ['auth-required', 'TASK_STATE_AUTH_REQUIRED', true],
      ['completed', 'TASK_STATE_COMPLETED', true],
      ['canceled', 'TASK_STATE_CANCELED', true],
      ['failed', 'TASK_STATE_FAILED', true],
      ['rejected', 'TASK_STATE_REJECTED', true],
      ['unknown', 'TASK_STATE_UNSPECIFIED', false],
    ];
    for (const [v03, v1, final] of states) {
      expect(toV1.taskStatus({ state: v03 })).toEqual({ state: v1 });
      expect(toV03.taskStatus({ state: v1 })).toEqual({ state: v03 });
      expect(toV03.statusUpdate({ taskId: 't', contextId: 'c', status: { state: v1 } })).toEqual({
        kind: 'status-update',
        taskId: 't',
        contextId: 'c',
        status: { state: v03 },
        final,
      });
    }
    expect(toV03.taskStatus({})).toEqual({ state: 'unknown' });
  });

  it('drops v0.3 `final` (v1.0 closes the stream), whatever it said', () => {
    expect(toV1.statusUpdate({ ...statusUpdate03, status: { state: 'working' }, final: true })).toEqual({
      ...statusUpdate1,
      status: { state: 'TASK_STATE_WORKING' },
    });
  });
});

describe('method names', () => {
  const names: [V03Method, V1Method][] = [
    ['message/send', 'SendMessage'],
    ['message/stream', 'SendStreamingMessage'],
    ['tasks/get', 'GetTask'],
    ['tasks/cancel', 'CancelTask'],
    ['tasks/resubscribe', 'SubscribeToTask'],
    ['tasks/pushNotificationConfig/set', 'CreateTaskPushNotificationConfig'],
    ['tasks/pushNotificationConfig/get', 'GetTaskPushNotificationConfig'],
    ['tasks/pushNotificationConfig/list', 'ListTaskPushNotificationConfigs'],
    ['tasks/pushNotificationConfig/delete', 'DeleteTaskPushNotificationConfig'],
    ['agent/getAuthenticatedExtendedCard', 'GetExtendedAgentCard'],
  ];
  it.each(names)('%s ↔ %s', (v03, v1) => {
    expect(methodToV1(v03)).toBe(v1);
    expect(methodToV03(v1)).toBe(v03);
  });
  it('ListTasks and unknown names have no counterpart', () => {
    expect(methodToV03('ListTasks')).toBeUndefined();
    expect(methodToV1('tasks/list')).toBeUndefined();
    expect(methodToV1('toString')).toBeUndefined();
    expect(methodToV03('constructor')).toBeUndefined();
  });
});

describe('params of every method, both ways', () => {
  const sendConfig03 = { acceptedOutputModes: ['text/plain'], historyLength: 3, blocking: false, pushNotificationConfig: push03.pushNotificationConfig };
  const sendConfig1 = {
    acceptedOutputModes: ['text/plain'],
    historyLength: 3,
    returnImmediately: true,
    taskPushNotificationConfig: { ...push1, taskId: undefined },
  };
  delete (sendConfig1.taskPushNotificationConfig as Loose).taskId;
  const cases: [V03Method, Loose | undefined, V1Method, Loose][] = [
    [
      'message/send',
      { message: message03, configuration: sendConfig03, metadata: { q: 1 } },
      'SendMessage',
      { message: message1, configuration: sendConfig1, metadata: { q: 1 } },
    ],
    ['message/stream', { message: reply03 }, 'SendStreamingMessage', { message: reply1 }],
    ['tasks/get', { id: 't1', historyLength: 2 }, 'GetTask', { id: 't1', historyLength: 2 }],
    ['tasks/cancel', { id: 't1', metadata: { why: 'x' } }, 'CancelTask', { id: 't1', metadata: { why: 'x' } }],
    ['tasks/resubscribe', { id: 't1' }, 'SubscribeToTask', { id: 't1' }],
    ['tasks/pushNotificationConfig/set', push03, 'CreateTaskPushNotificationConfig', push1],
    ['tasks/pushNotificationConfig/get', { id: 't1', pushNotificationConfigId: 'p1' }, 'GetTaskPushNotificationConfig', { taskId: 't1', id: 'p1' }],
    ['tasks/pushNotificationConfig/list', { id: 't1' }, 'ListTaskPushNotificationConfigs', { taskId: 't1' }],
    ['tasks/pushNotificationConfig/delete', { id: 't1', pushNotificationConfigId: 'p1' }, 'DeleteTaskPushNotificationConfig', { taskId: 't1', id: 'p1' }],
    ['agent/getAuthenticatedExtendedCard', undefined, 'GetExtendedAgentCard', {}],
  ];
  it.each(cases)('%s → v1.0', (m03, p03, _m1, p1) => expect(paramsToV1(m03, clone(p03))).toEqual(p1));
  it.each(cases)('%s ← v1.0', (m03, p03, m1, p1) => expect(paramsToV03(m1, clone(p1))).toEqual({ method: m03, params: p03 }));

  it('blocking ↔ returnImmediately, inverted; absent stays absent', () => {
    const config = (c: Loose) => paramsToV1('message/send', { message: reply03, configuration: c }).configuration;
    expect(config({ blocking: true })).toEqual({ returnImmediately: false });
    expect(config({ blocking: false })).toEqual({ returnImmediately: true });
    expect(config({})).toEqual({});
    const back = (c: Loose) => paramsToV03('SendMessage', { message: reply1, configuration: c }).params?.configuration;
    expect(back({ returnImmediately: false })).toEqual({ blocking: true });
    expect(back({ returnImmediately: true })).toEqual({ blocking: false });
    expect(back({})).toEqual({});
  });

  it('a config set without id gets the task id, and get without a config id asks for it (as SDK 0.3.14 does)', () => {
    expect(paramsToV1('tasks/pushNotificationConfig/set', { taskId: 't1', pushNotificationConfig: { url: 'u' } })).toEqual({
      id: 't1',
      taskId: 't1',
      url: 'u',
    });
    expect(paramsToV1('tasks/pushNotificationConfig/get', { id: 't1' })).toEqual({ taskId: 't1', id: 't1' });
  });

  it('empty metadata where v1.0 has none is nothing lost', () => {
    expect(paramsToV1('tasks/get', { id: 't1', metadata: {} })).toEqual({ id: 't1' });
  });
});

describe('results of every method, both ways', () => {
  const cases: [V03Method, unknown, V1Method, unknown][] = [
    ['message/send', task03, 'SendMessage', { task: task1 }],
    ['message/send', reply03, 'SendMessage', { message: reply1 }],
    ['message/stream', statusUpdate03, 'SendStreamingMessage', { statusUpdate: statusUpdate1 }],
    ['message/stream', artifactUpdate03, 'SendStreamingMessage', { artifactUpdate: artifactUpdate1 }],
    ['tasks/resubscribe', task03, 'SubscribeToTask', { task: task1 }],
    ['tasks/get', task03, 'GetTask', task1],
    ['tasks/cancel', task03, 'CancelTask', task1],
    ['tasks/pushNotificationConfig/set', push03, 'CreateTaskPushNotificationConfig', push1],
    ['tasks/pushNotificationConfig/get', push03, 'GetTaskPushNotificationConfig', push1],
    ['tasks/pushNotificationConfig/list', [push03, push03], 'ListTaskPushNotificationConfigs', { configs: [push1, push1] }],
    ['tasks/pushNotificationConfig/delete', null, 'DeleteTaskPushNotificationConfig', {}],
  ];
  it.each(cases)('%s: v1.0 result → v0.3', (_m03, r03, m1, r1) => expect(resultToV03(m1, clone(r1))).toEqual(r03));
  it.each(cases)('%s: v0.3 result → v1.0', (m03, r03, _m1, r1) => expect(resultToV1(m03, clone(r03))).toEqual(r1));
  it('a v1.0 list page token is dropped: v0.3 lists have no pages', () => {
    expect(resultToV03('ListTaskPushNotificationConfigs', { configs: [push1], nextPageToken: 'next' })).toEqual([push03]);
  });
  it('ListTasks has no v0.3 result', () => {
    expect(() => resultToV03('ListTasks', { tasks: [] })).toThrow(WireShapeError);
  });
});

// ---- the card ----

const card1: Loose = {
  name: 'Echo',
  description: 'Echoes',
  supportedInterfaces: [
    { url: 'https://agent.example/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://agent.example/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    { url: 'https://agent.example/a2a/t', protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: 'acme' },
  ],
  provider: { organization: 'Example', url: 'https://example.com' },
  version: '1.0.0',
  documentationUrl: 'https://example.com/docs',
  iconUrl: 'https://example.com/i.png',
  capabilities: { streaming: true, pushNotifications: false, extensions: [{ uri: 'https://ext.example', required: true }], extendedAgentCard: true },
  securitySchemes: {
    key: { apiKeySecurityScheme: { name: 'X-Key', location: 'header' } },
    oauth: {
      oauth2SecurityScheme: {
        flows: { authorizationCode: { authorizationUrl: 'https://a/auth', tokenUrl: 'https://a/token', scopes: { read: 'Read' }, pkceRequired: true } },
      },
    },
    device: {
      oauth2SecurityScheme: {
        flows: { deviceCode: { deviceAuthorizationUrl: 'https://a/device', tokenUrl: 'https://a/token', scopes: {} } },
        description: 'device',
      },
    },
    mtls: { mtlsSecurityScheme: {} },
  },
  securityRequirements: [{ schemes: { oauth: { list: ['read'] } } }, { schemes: { key: {} } }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'], securityRequirements: [{ schemes: { key: {} } }] }],
  signatures: [{ protected: 'p', signature: 's' }],
};
const card03: Loose = {
  protocolVersion: '0.3.0',
  name: 'Echo',
  description: 'Echoes',
  url: 'https://agent.example/a2a/v1',
  preferredTransport: 'JSONRPC',
  additionalInterfaces: [
    { url: 'https://agent.example/a2a/v1', transport: 'JSONRPC' },
    { url: 'https://agent.example/a2a/rest', transport: 'HTTP+JSON' },
  ],
  provider: { organization: 'Example', url: 'https://example.com' },
  version: '1.0.0',
  documentationUrl: 'https://example.com/docs',
  iconUrl: 'https://example.com/i.png',
  capabilities: { streaming: true, pushNotifications: false, extensions: [{ uri: 'https://ext.example', required: true }] },
  securitySchemes: {
    key: { type: 'apiKey', name: 'X-Key', in: 'header' },
    oauth: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://a/auth', tokenUrl: 'https://a/token', scopes: { read: 'Read' } } } },
    device: { type: 'oauth2', flows: {}, description: 'device' },
    mtls: { type: 'mutualTLS' },
  },
  security: [{ oauth: ['read'] }, { key: [] }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'], security: [{ key: [] }] }],
  supportsAuthenticatedExtendedCard: true,
};

describe('agent card', () => {
  it('v1.0 → v0.3: interfaces, capabilities, unwrapped schemes; tenant interfaces, pkceRequired, device code and signatures degrade', () => {
    expect(toV03.agentCard(clone(card1))).toEqual(card03);
    expect(resultToV03('GetExtendedAgentCard', clone(card1))).toEqual(card03);
  });

  it('an API key location v0.3 does not have becomes header', () => {
    const card = { ...card1, securitySchemes: { k: { apiKeySecurityScheme: { name: 'k', location: 'body' } } } };
    expect(toV03.agentCard(card).securitySchemes).toEqual({ k: { type: 'apiKey', name: 'k', in: 'header' } });
    expect(thrown(() => toV03.agentCard(card, { strict: true })).path).toBe('/securitySchemes/k/apiKeySecurityScheme/location');
  });

  it('prefers the interfaces declared for 0.3; one interface gives no additionalInterfaces', () => {
    const interfaces = [
      { url: 'https://a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://a/v03', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' },
    ];
    const v03 = toV03.agentCard({ ...card1, supportedInterfaces: interfaces });
    expect([v03.url, v03.preferredTransport, v03.additionalInterfaces]).toEqual(['https://a/v03', 'HTTP+JSON', undefined]);
  });

  const cardFrom03: Loose = {
    ...card03,
    securitySchemes: {
      key: { type: 'apiKey', name: 'X-Key', in: 'header' },
      oauth: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://a/auth', tokenUrl: 'https://a/token', scopes: { read: 'Read' } } } },
    },
  };
  const cardTo1: Loose = {
    name: 'Echo',
    description: 'Echoes',
    supportedInterfaces: [
      { url: 'https://agent.example/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '0.3.0' },
      { url: 'https://agent.example/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3.0' },
    ],
    provider: { organization: 'Example', url: 'https://example.com' },
    version: '1.0.0',
    documentationUrl: 'https://example.com/docs',
    iconUrl: 'https://example.com/i.png',
    capabilities: { streaming: true, pushNotifications: false, extensions: [{ uri: 'https://ext.example', required: true }], extendedAgentCard: true },
    securitySchemes: {
      key: { apiKeySecurityScheme: { name: 'X-Key', location: 'header' } },
      oauth: {
        oauth2SecurityScheme: { flows: { authorizationCode: { authorizationUrl: 'https://a/auth', tokenUrl: 'https://a/token', scopes: { read: 'Read' } } } },
      },
    },
    securityRequirements: [{ schemes: { oauth: { list: ['read'] } } }, { schemes: { key: {} } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'], securityRequirements: [{ schemes: { key: {} } }] }],
  };

  it('v0.3 → v1.0: protocolVersion moves into each interface, main interface deduplicated', () => {
    expect(toV1.agentCard(clone(cardFrom03))).toEqual(cardTo1);
    expect(resultToV1('agent/getAuthenticatedExtendedCard', clone(cardFrom03))).toEqual(cardTo1);
  });

  it('v0.3 → v1.0 → v0.3 is the identity', () => {
    expect(toV03.agentCard(toV1.agentCard(clone(cardFrom03)))).toEqual(cardFrom03);
  });

  it('v0.3 → v1.0 degrades stateTransitionHistory, signatures and extra OAuth flows (strict: throws)', () => {
    const lossy = {
      ...cardFrom03,
      capabilities: { stateTransitionHistory: true },
      signatures: [{ protected: 'p', signature: 's' }],
      securitySchemes: { o: { type: 'oauth2', flows: { password: { tokenUrl: 'p', scopes: {} }, clientCredentials: { tokenUrl: 'c', scopes: {} } } } },
    };
    const v1 = toV1.agentCard(lossy);
    expect(v1.capabilities).toEqual({ extendedAgentCard: true });
    expect(v1).not.toHaveProperty('signatures');
    expect(v1.securitySchemes).toEqual({ o: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: 'c' } } } } });
    expect(() => toV1.agentCard(lossy, { strict: true })).toThrow(WireShapeError);
  });
});

// ---- errors ----

describe('errors', () => {
  const cases: [string, Loose, Loose][] = [
    [
      'task not found with string data',
      { code: -32001, message: 'Task not found', data: { taskId: '123' } },
      {
        code: -32001,
        message: 'Task not found',
        data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org', metadata: { taskId: '123' } }],
      },
    ],
    [
      'no data',
      { code: -32007, message: 'No extended card' },
      {
        code: -32007,
        message: 'No extended card',
        data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED', domain: 'a2a-protocol.org' }],
      },
    ],
    [
      'data that is not a map of strings',
      { code: -32602, message: 'Invalid params', data: { issues: [{ path: '/x' }], n: 1 } },
      {
        code: -32602,
        message: 'Invalid params',
        data: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'INVALID_PARAMS', domain: 'a2a-protocol.org' },
          { '@type': 'type.googleapis.com/google.protobuf.Value', value: { issues: [{ path: '/x' }], n: 1 } },
        ],
      },
    ],
    [
      'an unknown code',
      { code: -32099, message: 'custom', data: 'text' },
      {
        code: -32099,
        message: 'custom',
        data: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ERROR_32099', domain: 'a2a-protocol.org' },
          { '@type': 'type.googleapis.com/google.protobuf.Value', value: 'text' },
        ],
      },
    ],
  ];
  it.each(cases)('%s: v0.3 → v1.0', (_, v03, v1) => expect(errorToV1(v03 as never)).toEqual(v1));
  it.each(cases)('%s: v1.0 → v0.3', (_, v03, v1) => expect(errorToV03(v1 as never)).toEqual(v03));

  it('other v1.0 details become the free data as they are; v1.0-only codes keep their code', () => {
    const details = [
      { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.parts', description: 'required' }] },
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'INVALID_PARAMS', domain: 'a2a-protocol.org' },
    ];
    expect(errorToV03({ code: -32602, message: 'bad', data: details })).toEqual({ code: -32602, message: 'bad', data: details });
    expect(
      errorToV03({
        code: -32009,
        message: 'Version not supported',
        data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'VERSION_NOT_SUPPORTED', domain: 'a2a-protocol.org' }],
      }),
    ).toEqual({
      code: -32009,
      message: 'Version not supported',
    });
  });
});

// ---- lossy cases ----

function thrown(run: () => unknown): WireShapeError {
  try {
    run();
  } catch (e) {
    if (e instanceof WireShapeError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

describe('v1.0 → v0.3 lossy cases: answers degrade, requests throw', () => {
  const send = (parts: Loose[]) => ({ message: { ...reply1, parts } });

  it('a text or data part loses filename and mediaType', () => {
    expect(toV03.message({ ...reply1, parts: [{ text: 'x', mediaType: 'text/markdown', filename: 'a.md' }] }).parts).toEqual([{ kind: 'text', text: 'x' }]);
    expect(toV03.message({ ...reply1, parts: [{ data: { a: 1 }, mediaType: 'application/json' }] }).parts).toEqual([{ kind: 'data', data: { a: 1 } }]);
    expect(thrown(() => paramsToV03('SendMessage', send([{ text: 'x', mediaType: 'text/markdown' }]))).path).toBe('/message/parts/0');
  });

  it('a data part whose value is not an object is wrapped as {value} and flagged (the JS SDK 1.3.0 convention), and unwrapped on the way back', () => {
    const wrapped = toV03.message({ ...reply1, parts: [{ data: [1, 2], metadata: { m: 1 } }, { data: 'x' }] });
    expect(wrapped.parts).toEqual([
      { kind: 'data', data: { value: [1, 2] }, metadata: { m: 1, data_part_compat: true } },
      { kind: 'data', data: { value: 'x' }, metadata: { data_part_compat: true } },
    ]);
    expect(toV1.message(wrapped).parts).toEqual([{ data: [1, 2], metadata: { m: 1 } }, { data: 'x' }]);
    // A null Value is a value too.
    expect(toV03.message({ ...reply1, parts: [{ data: null }] }).parts).toEqual([
      { kind: 'data', data: { value: null }, metadata: { data_part_compat: true } },
    ]);
    // Without the flag, {value} is just an object.
    expect(toV1.message({ ...reply03, parts: [{ kind: 'data', data: { value: 1 } }] }).parts).toEqual([{ data: { value: 1 } }]);
    expect(thrown(() => paramsToV03('SendMessage', send([{ text: 'ok' }, { data: 7 }]))).path).toBe('/message/parts/1/data');
  });

  it('a part with no content member, or several, is left out', () => {
    expect(toV03.message({ ...reply1, parts: [{ metadata: {} }, { text: 'a', url: 'u' }, { text: 'kept' }] }).parts).toEqual([{ kind: 'text', text: 'kept' }]);
    const e = thrown(() => paramsToV03('SendMessage', send([{ text: 'a', url: 'u' }])));
    expect([e.path, e.message]).toEqual(['/message/parts/0', '/message/parts/0: only one of text, raw, url, data may be set, got text and url']);
  });

  it('an unknown state becomes unknown, an unknown role agent', () => {
    expect(toV03.task({ id: 't', contextId: 'c', status: { state: 'TASK_STATE_PAUSED' } }).status).toEqual({ state: 'unknown' });
    expect(toV03.message({ ...reply1, role: 'ROLE_UNSPECIFIED' }).role).toBe('agent');
    expect(thrown(() => toV03.task({ id: 't', status: { state: 'TASK_STATE_PAUSED' } }, { strict: true })).path).toBe('/status/state');
    expect(thrown(() => paramsToV03('SendMessage', { message: { ...reply1, role: 'ROLE_UNSPECIFIED' } })).path).toBe('/message/role');
  });

  it('a task without a context gets contextId ""', () => {
    expect(toV03.task({ id: 't', status: { state: 'TASK_STATE_WORKING' } })).toEqual({ kind: 'task', id: 't', contextId: '', status: { state: 'working' } });
  });

  it('a push config loses its tenant in answers; a request with a tenant throws', () => {
    expect(resultToV03('GetTaskPushNotificationConfig', { ...push1, tenant: 'acme' })).toEqual(push03);
    expect(thrown(() => paramsToV03('CreateTaskPushNotificationConfig', { ...push1, tenant: 'acme' })).path).toBe('/tenant');
    expect(thrown(() => paramsToV03('GetTask', { id: 't', tenant: 'acme' })).path).toBe('/tenant');
  });

  it('a send configuration’s push config for another task throws', () => {
    const request = { message: reply1, configuration: { taskPushNotificationConfig: { taskId: 'other', url: 'u' } } };
    expect(thrown(() => paramsToV03('SendMessage', request)).path).toBe('/configuration/taskPushNotificationConfig/taskId');
    expect(paramsToV03('SendMessage', { ...request, configuration: { taskPushNotificationConfig: { taskId: 't1', url: 'u' } } }).params?.configuration).toEqual(
      {
        pushNotificationConfig: { url: 'u' },
      },
    );
  });

  it('paging, ListTasks and non-object params throw', () => {
    expect(thrown(() => paramsToV03('ListTaskPushNotificationConfigs', { taskId: 't', pageToken: 'x' })).path).toBe('/pageToken');
    expect(thrown(() => paramsToV03('ListTasks', {})).message).toMatch(/ListTasks has no v0.3 method/);
    expect(thrown(() => paramsToV03('GetTask', 'x')).path).toBe('');
  });
});

describe('v0.3 → v1.0 lossy cases: a client’s request throws with a path', () => {
  const send = (parts: unknown[]) => ({ message: { ...message03, parts } });

  it('a part of unknown kind (left out of answers)', () => {
    const e = thrown(() =>
      paramsToV1(
        'message/send',
        send([
          { kind: 'text', text: 'a' },
          { kind: 'unknown', text: 'b' },
        ]),
      ),
    );
    expect([e.path, e.message]).toEqual(['/message/parts/1/kind', '/message/parts/1/kind: a part of kind "unknown" has no v1.0 form']);
    expect(toV1.message({ ...reply03, parts: [{ kind: 'video' }, { kind: 'text', text: 'a' }] }).parts).toEqual([{ text: 'a' }]);
    expect(thrown(() => paramsToV1('message/send', send(['text']))).path).toBe('/message/parts/0/kind');
  });

  it('a file with neither or both of bytes and uri', () => {
    expect(thrown(() => paramsToV1('message/send', send([{ kind: 'file', file: { name: 'x' } }]))).path).toBe('/message/parts/0/file');
    expect(thrown(() => paramsToV1('message/stream', send([{ kind: 'file', file: { bytes: 'AA==', uri: 'u' } }]))).path).toBe('/message/parts/0/file');
  });

  it('several push authentication schemes (v1.0 names one)', () => {
    const config = { url: 'u', authentication: { schemes: ['Bearer', 'Basic'] } };
    expect(thrown(() => paramsToV1('message/send', { message: reply03, configuration: { pushNotificationConfig: config } })).path).toBe(
      '/configuration/pushNotificationConfig/authentication/schemes',
    );
    expect(thrown(() => paramsToV1('tasks/pushNotificationConfig/set', { taskId: 't', pushNotificationConfig: config })).path).toBe(
      '/pushNotificationConfig/authentication/schemes',
    );
    expect(
      thrown(() =>
        paramsToV1('tasks/pushNotificationConfig/set', {
          taskId: 't',
          pushNotificationConfig: { url: 'u', authentication: { schemes: [], credentials: 'c' } },
        }),
      ).path,
    ).toBe('/pushNotificationConfig/authentication/schemes');
    // No scheme and no credentials: nothing to lose.
    expect(
      paramsToV1('tasks/pushNotificationConfig/set', { taskId: 't', pushNotificationConfig: { id: 'p', url: 'u', authentication: { schemes: [] } } }),
    ).toEqual({
      id: 'p',
      taskId: 't',
      url: 'u',
    });
    // In an answer the first scheme is kept.
    expect(toV1.taskPushNotificationConfig({ taskId: 't', pushNotificationConfig: config })).toEqual({
      taskId: 't',
      url: 'u',
      authentication: { scheme: 'Bearer' },
    });
  });

  it.each([
    'tasks/get',
    'tasks/resubscribe',
    'tasks/pushNotificationConfig/get',
    'tasks/pushNotificationConfig/list',
    'tasks/pushNotificationConfig/delete',
  ] as V03Method[])('metadata on %s, whose v1.0 request has none', (method) => {
    const e = thrown(() => paramsToV1(method, { id: 't', pushNotificationConfigId: 'p', metadata: { k: 'v' } }));
    expect([e.path, e.message]).toEqual(['/metadata', '/metadata: this v1.0 request has no metadata']);
  });

  it('non-object params', () => {
    expect(thrown(() => paramsToV1('tasks/get', [1])).path).toBe('');
    expect(thrown(() => paramsToV1('message/send', null)).path).toBe('');
  });

  it('hostile shapes never end in a TypeError', () => {
    const hostile: unknown[] = [null, 1, 'x', [], {}, [null], { kind: 'file', file: null }];
    for (const value of hostile) {
      for (const method of ['message/send', 'tasks/pushNotificationConfig/set'] as V03Method[]) {
        for (const p of [
          { message: value },
          { message: { parts: value } },
          { message: { parts: [value] } },
          { configuration: value },
          { pushNotificationConfig: value },
        ]) {
          try {
            paramsToV1(method, p);
          } catch (e) {
            expect(e).toBeInstanceOf(WireShapeError);
          }
        }
      }
      for (const m of ['SendMessage', 'GetExtendedAgentCard', 'ListTaskPushNotificationConfigs'] as V1Method[])
        expect(() => resultToV03(m, value)).not.toThrow(TypeError);
    }
  });
});

// ---- the official JS SDK 1.3.0's v0.3 compat layer as an oracle ----
//
// Its translators are private, but its LegacyJsonRpcTransportHandler (exported from
// 'a2a-sdk-10/compat/v0_3/server') runs them: given a v0.3 JSON-RPC request it hands a v1.0 request
// to the A2ARequestHandler and turns that handler's v1.0 answer into the v0.3 result. A recording
// handler therefore shows both directions; the SDK's own v1.0 codecs turn its objects into
// ProtoJSON and back. `normalize` drops '', [], false and undefined on both sides: proto3 defaults
// the SDK writes or reads where we leave the member out. Deliberate differences, checked below:
// - `final` is true at input-required/auth-required too (the SDK: terminal states only), as the
//   stream ends there in v1.0;
// - an absent `blocking` stays absent (v1.0: wait), as SDK 0.3.14's server blocked when it was
//   absent; the SDK 1.3.0 compat sends returnImmediately: true;
// - tasks/pushNotificationConfig/get without a config id asks for the task id (SDK 0.3.14's
//   default), the SDK 1.3.0 compat for id '';
// - several push auth schemes in a request are an error here, the SDK keeps the first;
// - the card: protocolVersion '0.3.0' (the SDK copies the interface's '0.3'), additionalInterfaces
//   include the main interface (v0.3 §5.6: SHOULD, for completeness), signatures are dropped.
describe('oracle: the JS SDK 1.3.0 v0.3 compat layer', () => {
  type Codec = { toJSON(m: unknown): unknown; fromJSON(j: unknown): unknown };
  let sdk: Record<string, Codec>;
  let Handler: new (h: object) => { handle(body: object, ctx: object): Promise<unknown> };
  let seen: { method: string; request: unknown } | undefined;
  let answer: unknown;

  const run = async (method: string, params: unknown): Promise<{ result?: unknown; error?: unknown; events?: unknown[] }> => {
    const handler = new Proxy(
      {},
      {
        get: (_, name) =>
          name === 'then'
            ? undefined
            : (request: unknown) => {
                if (name === 'getAgentCard') return Promise.resolve({ capabilities: { streaming: true } });
                seen = { method: String(name), request };
                if (name === 'sendMessageStream' || name === 'resubscribe')
                  return (async function* () {
                    yield* answer as unknown[];
                  })();
                return Promise.resolve(answer);
              },
      },
    );
    const out = await new Handler(handler).handle({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }, {});
    if (out && typeof (out as AsyncGenerator)[Symbol.asyncIterator] === 'function') {
      const events: unknown[] = [];
      for await (const e of out as AsyncGenerator<{ result: unknown }>) events.push(e.result);
      return { events };
    }
    return out as { result?: unknown; error?: unknown };
  };
  const normalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalize);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => !(v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0)))
        .map(([k, v]) => [k, normalize(v)]),
    );
  };

  beforeAll(async () => {
    sdk = (await import('a2a-sdk-10')) as unknown as Record<string, Codec>;
    Handler = (await import('a2a-sdk-10/compat/v0_3/server')).LegacyJsonRpcTransportHandler as never;
  });

  const requests: [V03Method, Loose | undefined, string, string][] = [
    [
      'message/send',
      {
        message: message03,
        configuration: { acceptedOutputModes: ['text/plain'], historyLength: 3, blocking: true, pushNotificationConfig: push03.pushNotificationConfig },
        metadata: { q: 1 },
      },
      'sendMessage',
      'SendMessageRequest',
    ],
    ['message/stream', { message: reply03, configuration: { blocking: false } }, 'sendMessageStream', 'SendMessageRequest'],
    ['tasks/get', { id: 't1', historyLength: 2 }, 'getTask', 'GetTaskRequest'],
    ['tasks/cancel', { id: 't1', metadata: { why: 'x' } }, 'cancelTask', 'CancelTaskRequest'],
    ['tasks/resubscribe', { id: 't1' }, 'resubscribe', 'SubscribeToTaskRequest'],
    ['tasks/pushNotificationConfig/set', push03, 'createTaskPushNotificationConfig', 'TaskPushNotificationConfig'],
    ['tasks/pushNotificationConfig/get', { id: 't1', pushNotificationConfigId: 'p1' }, 'getTaskPushNotificationConfig', 'GetTaskPushNotificationConfigRequest'],
    ['tasks/pushNotificationConfig/list', { id: 't1' }, 'listTaskPushNotificationConfigs', 'ListTaskPushNotificationConfigsRequest'],
    [
      'tasks/pushNotificationConfig/delete',
      { id: 't1', pushNotificationConfigId: 'p1' },
      'deleteTaskPushNotificationConfig',
      'DeleteTaskPushNotificationConfigRequest',
    ],
    ['agent/getAuthenticatedExtendedCard', undefined, 'getAuthenticatedExtendedAgentCard', 'GetExtendedAgentCardRequest'],
  ];
  it.each(requests)('%s: our v1.0 request is the SDK’s', async (method, params, handlerMethod, codec) => {
    answer = method.startsWith('message/') ? sdk.Task.fromJSON(task1) : method === 'tasks/resubscribe' ? [] : undefined;
    if (method === 'message/stream') answer = [];
    seen = undefined;
    await run(method, params === undefined ? {} : clone(params));
    const got = seen as { method: string; request: unknown } | undefined;
    expect(got?.method).toBe(handlerMethod);
    expect(normalize(paramsToV1(method, clone(params)))).toEqual(normalize(sdk[codec].toJSON(got!.request)));
  });

  const card03Interfaces: Loose = {
    ...card1,
    supportedInterfaces: [
      { url: 'https://agent.example/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      { url: 'https://agent.example/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' },
    ],
    signatures: undefined,
  };
  const results: [string, V03Method, V1Method, string, unknown][] = [
    ['send → task', 'message/send', 'SendMessage', 'Task', task1],
    ['send → message', 'message/send', 'SendMessage', 'Message', reply1],
    ['get', 'tasks/get', 'GetTask', 'Task', task1],
    ['cancel', 'tasks/cancel', 'CancelTask', 'Task', { ...task1, status: { state: 'TASK_STATE_CANCELED' } }],
    ['set push config', 'tasks/pushNotificationConfig/set', 'CreateTaskPushNotificationConfig', 'TaskPushNotificationConfig', push1],
    ['get push config', 'tasks/pushNotificationConfig/get', 'GetTaskPushNotificationConfig', 'TaskPushNotificationConfig', push1],
    [
      'list push configs',
      'tasks/pushNotificationConfig/list',
      'ListTaskPushNotificationConfigs',
      'ListTaskPushNotificationConfigsResponse',
      { configs: [push1, push1] },
    ],
  ];
  it.each(results)('%s: our v0.3 result is the SDK’s', async (_, method, v1Method, codec, v1) => {
    const params =
      method === 'message/send'
        ? { message: message03 }
        : method === 'tasks/pushNotificationConfig/set'
          ? push03
          : { id: 't1', pushNotificationConfigId: 'p1' };
    answer = sdk[codec].fromJSON(clone(v1));
    const out = await run(method, clone(params));
    expect(out.error).toBeUndefined();
    // The SDK's handler gets the bare Task or Message; ours translates the SendMessageResponse wrapping it.
    const wrapped = method === 'message/send' ? { [codec === 'Task' ? 'task' : 'message']: clone(v1) } : clone(v1);
    expect(normalize(resultToV03(v1Method, wrapped))).toEqual(normalize(out.result));
  });

  it('stream events: our v0.3 events are the SDK’s', async () => {
    const events = [
      { task: task1 },
      { message: reply1 },
      { statusUpdate: { ...statusUpdate1, status: { state: 'TASK_STATE_COMPLETED' } } },
      { artifactUpdate: artifactUpdate1 },
    ];
    answer = events.map((e) => sdk.StreamResponse.fromJSON(clone(e)));
    const out = await run('message/stream', { message: message03 });
    expect(normalize(events.map((e) => resultToV03('SendStreamingMessage', clone(e))))).toEqual(normalize(out.events));
  });

  it('the card: ours is the SDK’s but for protocolVersion, the main interface in additionalInterfaces, and signatures', async () => {
    answer = sdk.AgentCard.fromJSON(clone({ ...card03Interfaces, signatures: [{ protected: 'p', signature: 's' }] }));
    const out = (await run('agent/getAuthenticatedExtendedCard', undefined)) as { result: Loose };
    const theirs = normalize(out.result) as Loose;
    expect(theirs.protocolVersion).toBe('0.3');
    expect(theirs.signatures).toEqual([{ protected: 'p', signature: 's' }]);
    const ours = resultToV03('GetExtendedAgentCard', clone(card03Interfaces)) as Loose;
    expect(normalize(ours)).toEqual({
      ...theirs,
      protocolVersion: '0.3.0',
      additionalInterfaces: [{ url: 'https://agent.example/a2a/v1', transport: 'JSONRPC' }, ...(theirs.additionalInterfaces as Loose[])],
      signatures: undefined,
    });
  });

  it('the documented differences are real', async () => {
    // final at input-required
    answer = [sdk.StreamResponse.fromJSON({ statusUpdate: statusUpdate1 })];
    const stream = await run('message/stream', { message: message03 });
    expect((stream.events![0] as Loose).final).toBe(false);
    expect((resultToV03('SendStreamingMessage', { statusUpdate: statusUpdate1 }) as Loose).final).toBe(true);
    // absent blocking
    answer = sdk.Task.fromJSON(task1);
    await run('message/send', { message: message03, configuration: {} });
    expect(sdk.SendMessageRequest.toJSON(seen!.request)).toMatchObject({ configuration: { returnImmediately: true } });
    expect(paramsToV1('message/send', { message: message03, configuration: {} }).configuration).toEqual({});
    // get without a config id
    answer = sdk.TaskPushNotificationConfig.fromJSON(push1);
    await run('tasks/pushNotificationConfig/get', { id: 't1' });
    expect(sdk.GetTaskPushNotificationConfigRequest.toJSON(seen!.request)).toEqual({ taskId: 't1' });
    expect(paramsToV1('tasks/pushNotificationConfig/get', { id: 't1' })).toEqual({ taskId: 't1', id: 't1' });
    // several auth schemes
    const several = { taskId: 't1', pushNotificationConfig: { id: 'p', url: 'u', authentication: { schemes: ['Bearer', 'Basic'] } } };
    const warn = console.warn;
    console.warn = () => {};
    try {
      await run('tasks/pushNotificationConfig/set', several);
    } finally {
      console.warn = warn;
    }
    expect(sdk.TaskPushNotificationConfig.toJSON(seen!.request)).toMatchObject({ authentication: { scheme: 'Bearer' } });
    expect(() => paramsToV1('tasks/pushNotificationConfig/set', several)).toThrow(WireShapeError);
  });
});
