// The generated gRPC server (A2A v1.0, §10), driven by a plain @grpc/grpc-js client with the
// normative proto loaded by @grpc/proto-loader — what a Go, Java or Python client sees: every rpc,
// errors as statuses with typed details (§5.4, §10.6), auth from metadata, version negotiation,
// limits, and a client that cancels.
import { beforeAll, describe, expect, it } from 'vitest';
import { grpcStub, PROTOS, streamed, unary, type GrpcFailure, type GrpcStub, rejection } from '../helpers/grpc-client.js';
import { FORBIDDEN_TOKEN, fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

type Loose = Record<string, any>;
const AUTH = { authorization: `Bearer ${TOKEN}` };
const V1 = { ...AUTH, 'a2a-version': '1.0' };
const SERVICE = 'lf.a2a.v1.A2AService';

let agent: RunningAgent;
let stub: GrpcStub;
let address: string;

const message = (text: string, extra: Loose = {}): Loose => ({
  message: { messageId: `m-${Math.random().toString(36).slice(2)}`, role: 'ROLE_USER', parts: [{ text }], ...extra },
});
const failure = rejection;
const errorInfo = (f: GrpcFailure): Loose | undefined => f.status?.details.find((d) => String(d['@type']).endsWith('google.rpc.ErrorInfo'));

beforeAll(async () => {
  agent = await startAgent(await fixtureProject('grpc-v1.0'), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
  const grpc = (agent.server.card.supportedInterfaces as Loose[]).find((i) => i.protocolBinding === 'GRPC' && i.protocolVersion === '1.0');
  address = grpc!.url;
  stub = grpcStub(address, PROTOS.v1, SERVICE);
}, 60_000);

describe('the card', () => {
  it('lists gRPC at the address the server listens on, for v1.0 and v0.3 clients', () => {
    const grpc = (agent.server.card.supportedInterfaces as Loose[]).filter((i) => i.protocolBinding === 'GRPC');
    expect(grpc.map((i) => i.protocolVersion)).toEqual(['1.0', '0.3']);
    expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(address).not.toBe('127.0.0.1:0');
  });
});

describe('the rpcs', () => {
  it('SendMessage: a task with its artifact; a direct reply is a message', async () => {
    const sent = await unary(stub, 'SendMessage', message('task'), V1);
    expect(sent.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(sent.task.artifacts[0].parts[0].text).toBe('result text');
    const reply = await unary(stub, 'SendMessage', message('reply hello'), V1);
    expect(reply.message.parts[0].text).toBe('hello');
    expect(reply.message.role).toBe('ROLE_AGENT');
  });

  it('GetTask with historyLength; ListTasks by context', async () => {
    const { task } = await unary(stub, 'SendMessage', message('task'), V1);
    const got = await unary(stub, 'GetTask', { id: task.id, historyLength: 1 }, V1);
    expect(got.id).toBe(task.id);
    expect(got.history).toHaveLength(1);
    const listed = await unary(stub, 'ListTasks', { contextId: task.contextId }, V1);
    expect(listed.tasks.map((t: Loose) => t.id)).toEqual([task.id]);
  });

  it('SendStreamingMessage: the task, its artifact chunks in order, the final status', async () => {
    const { messages, failure: f } = await streamed(stub, 'SendStreamingMessage', message('chunks 3'), V1);
    expect(f).toBeUndefined();
    expect(messages[0].task.status.state).toBe('TASK_STATE_SUBMITTED');
    expect(messages.filter((m) => m.artifactUpdate).map((m) => m.artifactUpdate.artifact.parts[0].text)).toEqual(['chunk-0', 'chunk-1', 'chunk-2']);
    expect(messages.at(-1)!.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('an input-required task continues with a follow-up in its context', async () => {
    const { task } = await unary(stub, 'SendMessage', message('ask'), V1);
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const next = await unary(stub, 'SendMessage', message('blue', { taskId: task.id, contextId: task.contextId }), V1);
    expect(next.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(next.task.status.message.parts[0].text).toBe('got: blue');
  });

  it('CancelTask: a subscriber sees the task canceled, and its stream ends', async () => {
    // `slow` works until canceled; returnImmediately answers with the task at once.
    const started = (await unary(stub, 'SendMessage', { ...message('slow'), configuration: { returnImmediately: true } }, V1)).task;
    expect(started.status.state).toMatch(/SUBMITTED|WORKING/);
    const subscription = streamed(stub, 'SubscribeToTask', { id: started.id }, V1);
    await new Promise((r) => setTimeout(r, 100));
    const canceled = await unary(stub, 'CancelTask', { id: started.id }, V1);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    const { messages, failure: f } = await subscription;
    expect(f).toBeUndefined();
    expect(messages.at(-1)!.statusUpdate?.status.state ?? messages.at(-1)!.task?.status.state).toBe('TASK_STATE_CANCELED');
  }, 20_000);

  it('push configs: create, get, list, delete', async () => {
    const hook = await webhookReceiver();
    const { task } = await unary(stub, 'SendMessage', message('ask'), V1);
    const created = await unary(stub, 'CreateTaskPushNotificationConfig', { taskId: task.id, url: hook.url, id: 'c1', token: 't' }, V1);
    expect(created).toMatchObject({ taskId: task.id, id: 'c1', url: hook.url });
    expect(await unary(stub, 'GetTaskPushNotificationConfig', { taskId: task.id, id: 'c1' }, V1)).toMatchObject({ id: 'c1' });
    expect((await unary(stub, 'ListTaskPushNotificationConfigs', { taskId: task.id }, V1)).configs).toHaveLength(1);
    expect(await unary(stub, 'DeleteTaskPushNotificationConfig', { taskId: task.id, id: 'c1' }, V1)).toEqual({});
    expect((await failure(unary(stub, 'GetTaskPushNotificationConfig', { taskId: task.id, id: 'c1' }, V1))).code).toBe(5);
  });

  it('GetExtendedAgentCard: the card with its extended skills', async () => {
    const card = await unary(stub, 'GetExtendedAgentCard', {}, V1);
    expect(card.skills.map((s: Loose) => s.id)).toContain('secret-skill');
  });
});

describe('failures are statuses with typed details', () => {
  it('an unknown task: NOT_FOUND with ErrorInfo TASK_NOT_FOUND', async () => {
    const f = await failure(unary(stub, 'GetTask', { id: 'no-such-task' }, V1));
    expect(f.code).toBe(5);
    expect(errorInfo(f)).toMatchObject({ reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' });
    expect(f.status!.code).toBe(5);
  });

  it('invalid params: INVALID_ARGUMENT with a BadRequest naming the field', async () => {
    const f = await failure(unary(stub, 'SendMessage', { message: { messageId: 'x', role: 'ROLE_USER', parts: [] } }, V1));
    expect(f.code).toBe(3);
    const bad = f.status!.details.find((d) => String(d['@type']).endsWith('google.rpc.BadRequest'));
    expect(bad?.fieldViolations?.[0]?.field).toMatch(/^message/);
  });

  it('a task that cannot be canceled any more: FAILED_PRECONDITION', async () => {
    const { task } = await unary(stub, 'SendMessage', message('task'), V1);
    const f = await failure(unary(stub, 'CancelTask', { id: task.id }, V1));
    expect(f.code).toBe(9);
    expect(errorInfo(f)?.reason).toBe('TASK_NOT_CANCELABLE');
  });

  it('authentication from metadata: none or a bad token UNAUTHENTICATED, a refused one PERMISSION_DENIED', async () => {
    expect((await failure(unary(stub, 'GetTask', { id: 'x' }, { 'a2a-version': '1.0' }))).code).toBe(16);
    expect((await failure(unary(stub, 'GetTask', { id: 'x' }, { authorization: 'Bearer nope' }))).code).toBe(16);
    expect((await failure(unary(stub, 'GetTask', { id: 'x' }, { authorization: `Bearer ${FORBIDDEN_TOKEN}` }))).code).toBe(7);
  });

  it("a2a-version: absent serves the service's version, 99.0 is VERSION_NOT_SUPPORTED, 0.3 is sent to its own service", async () => {
    expect((await unary(stub, 'SendMessage', message('reply ok'), AUTH)).message.parts[0].text).toBe('ok');
    const unknown = await failure(unary(stub, 'SendMessage', message('reply ok'), { ...AUTH, 'a2a-version': '99.0' }));
    expect([unknown.code, errorInfo(unknown)?.reason]).toEqual([9, 'VERSION_NOT_SUPPORTED']);
    const older = await failure(unary(stub, 'SendMessage', message('reply ok'), { ...AUTH, 'a2a-version': '0.3' }));
    expect(older.code).toBe(9);
    expect(older.details).toMatch(/call the service of their version/);
  });

  it('a message past server.limits.bodyBytes: RESOURCE_EXHAUSTED, and the server goes on', async () => {
    const f = await failure(unary(stub, 'SendMessage', message('x'.repeat(70_000)), V1));
    expect(f.code).toBe(8);
    expect((await unary(stub, 'SendMessage', message('reply still here'), V1)).message.parts[0].text).toBe('still here');
  });
});
