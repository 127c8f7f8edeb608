// Known facts of each published A2A schema, asserted against the model derived from it.
import { describe, expect, it } from 'vitest';
import { readSchemaSource } from '../../generator/load/schema-source.js';
import { loadSpec } from '../../generator/load/spec.js';
import { buildProtocolModel, type ProtocolModel } from '../../generator/model/protocol.js';
import { VERSIONS } from '../helpers/examples.js';

async function model(version: string): Promise<ProtocolModel> {
  return buildProtocolModel(loadSpec(await readSchemaSource(version, { baseDir: '.' })));
}

const V01_METHODS = [
  'tasks/cancel',
  'tasks/get',
  'tasks/pushNotification/get',
  'tasks/pushNotification/set',
  'tasks/resubscribe',
  'tasks/send',
  'tasks/sendSubscribe',
];
const V020_METHODS = [
  'message/send',
  'message/stream',
  'tasks/cancel',
  'tasks/get',
  'tasks/pushNotificationConfig/get',
  'tasks/pushNotificationConfig/set',
  'tasks/resubscribe',
];
const V025_METHODS = [...V020_METHODS, 'tasks/pushNotificationConfig/delete', 'tasks/pushNotificationConfig/list'].sort();
const V030_METHODS = [...V025_METHODS, 'agent/getAuthenticatedExtendedCard'].sort();
// v1.0: the proto's rpcs, by name (spec v1.0 §9.4).
const V1_METHODS = [
  'CancelTask',
  'CreateTaskPushNotificationConfig',
  'DeleteTaskPushNotificationConfig',
  'GetExtendedAgentCard',
  'GetTask',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'ListTasks',
  'SendMessage',
  'SendStreamingMessage',
  'SubscribeToTask',
];

const expectedMethods: Record<string, string[]> = {
  '0.1.0': V01_METHODS,
  '0.2.0': V020_METHODS,
  '0.2.1': V020_METHODS,
  '0.2.2': V020_METHODS,
  '0.2.3': V020_METHODS,
  '0.2.4': V020_METHODS,
  '0.2.5': V025_METHODS,
  '0.2.6': V025_METHODS,
  '0.3.0': V030_METHODS,
  '1.0.0': V1_METHODS,
  '1.0.1': V1_METHODS,
};

describe.each(VERSIONS)('A2A v%s', (version) => {
  it('derives every method (from definitions with a method const; from a proto, its rpcs)', async () => {
    const m = await model(version);
    expect(m.version).toBe(version);
    expect(m.methods.map((x) => x.name)).toEqual(expectedMethods[version]);
    expect(m.methods.every((x) => x.role !== 'custom')).toBe(true);
  });

  it('marks exactly the stream and resubscribe methods as streaming', async () => {
    const m = await model(version);
    expect(
      m.methods
        .filter((x) => x.streaming)
        .map((x) => x.role)
        .sort(),
    ).toEqual(['resubscribe', 'stream']);
  });

  it('has the JSON-RPC errors and TaskNotFound in its catalogue', async () => {
    const m = await model(version);
    const codes = m.errors.map((e) => e.code);
    for (const code of [-32700, -32600, -32601, -32602, -32603, -32001, -32002, -32003, -32004]) expect(codes).toContain(code);
    expect(m.errors.find((e) => e.code === -32001)).toMatchObject({ key: 'taskNotFound', className: 'TaskNotFoundError', standard: false });
    expect(m.errors.find((e) => e.code === -32700)).toMatchObject({ key: 'jsonParse', standard: true });
  });
});

describe('version-specific facts', () => {
  it('v0.1.0: tasks/sendSubscribe is a method although A2ARequest omits it', async () => {
    const m = await model('0.1.0');
    const union = (m.definitions.A2ARequest.oneOf ?? []).map((r) => r.$ref);
    expect(union).not.toContain('#/definitions/SendTaskStreamingRequest');
    expect(m.methods.find((x) => x.name === 'tasks/sendSubscribe')).toMatchObject({
      role: 'stream',
      streaming: true,
      paramsType: 'TaskSendParams',
      clientName: 'sendTaskSubscribe',
    });
  });

  it('v0.1.0: type discriminator, client-chosen ids, sessionId, agent.json, no extended card', async () => {
    const m = await model('0.1.0');
    expect(m.discriminator).toBe('type');
    expect(m.features).toMatchObject({
      clientTaskIds: true,
      contextField: 'sessionId',
      messageIds: false,
      eventTaskIdField: 'id',
      artifactChunkFlagsOn: 'artifact',
      pushConfigTaskIdField: 'id',
    });
    expect(m.features.send).toMatchObject({ historyLength: ['historyLength'], pushNotificationConfig: ['pushNotification'], contextId: ['sessionId'] });
    expect(m.features.send.blocking).toBeUndefined();
    expect(m.features.kinds).toEqual({ task: undefined, message: undefined, statusUpdate: undefined, artifactUpdate: undefined });
    expect(m.wellKnownPaths).toEqual(['/.well-known/agent.json']);
    expect(m.extendedCard).toEqual({ via: 'none' });
    expect(m.methods.find((x) => x.name === 'tasks/send')?.clientName).toBe('sendTask');
    // -32005 is in the v0.1.0 specification text (§8.2), though not in its schema file.
    expect(m.errors.find((e) => e.code === -32005)).toMatchObject({ key: 'contentTypeNotSupported', defaultMessage: 'Incompatible content types' });
  });

  it('v0.2.0: kind discriminator, server ids, contextId, configuration.blocking; no extended card field yet', async () => {
    const m = await model('0.2.0');
    expect(m.discriminator).toBe('kind');
    expect(m.features).toMatchObject({
      clientTaskIds: false,
      contextField: 'contextId',
      messageIds: true,
      eventTaskIdField: 'taskId',
      artifactIds: true,
      artifactChunkFlagsOn: 'event',
      pushConfigIds: false,
    });
    expect(m.features.send).toMatchObject({
      historyLength: ['configuration', 'historyLength'],
      blocking: ['configuration', 'blocking'],
      pushNotificationConfig: ['configuration', 'pushNotificationConfig'],
    });
    expect(m.features.kinds).toEqual({ task: 'task', message: 'message', statusUpdate: 'status-update', artifactUpdate: 'artifact-update' });
    expect(m.extendedCard).toEqual({ via: 'none' });
    expect(m.methods.find((x) => x.name === 'message/send')).toMatchObject({ clientName: 'sendMessage', paramsType: 'MessageSendParams' });
  });

  it('v0.2.1 – v0.2.6: the extended card is an HTTP GET endpoint', async () => {
    for (const v of ['0.2.1', '0.2.5', '0.2.6']) expect((await model(v)).extendedCard).toEqual({ via: 'http', path: 'agent/authenticatedExtendedCard' });
  });

  it('v0.2.5: push config ids, list and delete', async () => {
    const m = await model('0.2.5');
    expect(m.features.pushConfigIds).toBe(true);
    expect(m.methods.find((x) => x.role === 'pushList')?.clientName).toBe('listTaskPushNotificationConfig');
    expect(m.methods.find((x) => x.role === 'pushDelete')?.clientName).toBe('deleteTaskPushNotificationConfig');
  });

  it('v0.3.0: agent-card.json (and agent.json for older clients), extended card method and error -32007', async () => {
    const m = await model('0.3.0');
    expect(m.wellKnownPaths).toEqual(['/.well-known/agent-card.json', '/.well-known/agent.json']);
    expect(m.extendedCard).toEqual({ via: 'method', method: 'agent/getAuthenticatedExtendedCard' });
    expect(m.methods.find((x) => x.role === 'extendedCard')).toMatchObject({
      paramsType: undefined,
      resultType: 'AgentCard',
      clientName: 'getAuthenticatedExtendedCard',
    });
    expect(m.errors.find((e) => e.code === -32007)?.key).toBe('authenticatedExtendedCardNotConfigured');
    expect(m.features.taskStates).toEqual([
      'submitted',
      'working',
      'input-required',
      'completed',
      'canceled',
      'failed',
      'rejected',
      'auth-required',
      'unknown',
    ]);
    expect(m.features.terminalStates).toEqual(['completed', 'canceled', 'failed', 'rejected']);
  });

  it('names inline params and results without clashing with existing definitions', async () => {
    const m = await model('0.3.0');
    const pushGet = m.methods.find((x) => x.role === 'pushGet')!;
    expect(pushGet.paramsType).toBe('GetTaskPushNotificationConfigRequestParams');
    expect(m.definitions[pushGet.paramsType!].anyOf).toHaveLength(2);
    expect(m.methods.find((x) => x.role === 'send')?.resultType).toBe('SendMessageResult');
    expect(m.methods.find((x) => x.role === 'resubscribe')?.resultType).toBe('TaskResubscriptionResult');
  });
});

describe('v1.0 (the proto)', () => {
  it('roles by rpc name, params and results are the request and response messages', async () => {
    const m = await model('1.0');
    expect(m.version).toBe('1.0.1');
    expect(m.wireVersion).toBe('1.0');
    const byName = Object.fromEntries(m.methods.map((x) => [x.name, x]));
    expect(Object.fromEntries(m.methods.map((x) => [x.name, x.role]))).toEqual({
      CancelTask: 'cancel',
      CreateTaskPushNotificationConfig: 'pushSet',
      DeleteTaskPushNotificationConfig: 'pushDelete',
      GetExtendedAgentCard: 'extendedCard',
      GetTask: 'get',
      GetTaskPushNotificationConfig: 'pushGet',
      ListTaskPushNotificationConfigs: 'pushList',
      ListTasks: 'list',
      SendMessage: 'send',
      SendStreamingMessage: 'stream',
      SubscribeToTask: 'resubscribe',
    });
    expect(byName.SendMessage).toMatchObject({ paramsType: 'SendMessageRequest', resultType: 'SendMessageResponse', paramsRequired: true, streaming: false });
    expect(byName.SendStreamingMessage).toMatchObject({ resultType: 'StreamResponse', streaming: true, clientName: 'sendMessageStream' });
    // No REQUIRED field: params may be left out (§9.4.8); Empty is renamed to an identifier.
    expect(byName.GetExtendedAgentCard.paramsRequired).toBe(false);
    expect(byName.DeleteTaskPushNotificationConfig.resultType).toBe('Empty');
    expect(m.syntheticDefinitions).toEqual([]);
  });

  it('ProtoJSON shapes as features: wrapped results, member-typed parts, TASK_STATE_* and ROLE_*, no final', async () => {
    const { features } = await model('1.0');
    expect(features.kinds).toEqual({ task: undefined, message: undefined, statusUpdate: undefined, artifactUpdate: undefined });
    expect(features.partMembers).toEqual({ text: 'text', data: 'data', url: 'url', raw: 'raw' });
    expect(features.resultMembers).toEqual({ task: 'task', message: 'message', statusUpdate: 'statusUpdate', artifactUpdate: 'artifactUpdate' });
    expect(features.states).toMatchObject({ completed: 'TASK_STATE_COMPLETED', inputRequired: 'TASK_STATE_INPUT_REQUIRED' });
    expect(features.roles).toEqual({ user: 'ROLE_USER', agent: 'ROLE_AGENT' });
    expect(features.terminalStates).toEqual(['TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_REJECTED']);
    expect(features).toMatchObject({ statusUpdateFinal: false, directReplies: true, streamCarriesTask: true, typedErrorDetails: true });
    expect(features.send).toMatchObject({
      returnImmediately: ['configuration', 'returnImmediately'],
      pushNotificationConfig: ['configuration', 'taskPushNotificationConfig'],
    });
    expect(features.pushMethods).toEqual({
      configField: undefined,
      taskParam: 'taskId',
      configIdParam: 'id',
      listMember: 'configs',
      deleteAnswersObject: true,
    });
  });

  it("the spec text's facts: §5.4 errors, A2A-Version negotiation, agent-card.json only, required oneofs", async () => {
    const m = await model('1.0');
    expect(m.negotiation).toEqual({ header: 'A2A-Version', served: ['1.0'], absentMeans: '0.3' });
    expect(m.wellKnownPaths).toEqual(['/.well-known/agent-card.json']);
    expect(m.errors.find((e) => e.code === -32009)).toMatchObject({ key: 'versionNotSupported', className: 'VersionNotSupportedError' });
    // The renamed -32007 keeps the key the runtime raises it by.
    expect(m.errors.find((e) => e.code === -32007)).toMatchObject({
      key: 'authenticatedExtendedCardNotConfigured',
      className: 'ExtendedAgentCardNotConfiguredError',
    });
    // A proto oneof may be unset; the text says a Part and a StreamResponse hold exactly one member.
    for (const name of ['Part', 'StreamResponse', 'SendMessageResponse']) expect(m.definitions[name].oneOf!.every((b) => Array.isArray(b.required))).toBe(true);
    expect(m.definitions.SecurityScheme.oneOf!.some((b) => b.not !== undefined)).toBe(true);
    expect(Object.keys(m.rules)).toContain('subscribe-nonterminal-task');
    expect(Object.keys(m.rules)).not.toContain('file-bytes-xor-uri');
  });

  it('v1.0.0 and v1.0.1 differ only where their protos do', async () => {
    const [a, b] = [await model('1.0.0'), await model('1.0.1')];
    expect(a.methods.map((x) => [x.name, x.role])).toEqual(b.methods.map((x) => [x.name, x.role]));
    expect(a.features).toEqual(b.features);
  });
});
