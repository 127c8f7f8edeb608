// gRPC over the same core as the other bindings (issue 26): tasks in PostgreSQL shared by two
// replicas and with JSON-RPC, ownership (another principal's task does not exist for bob, on any
// rpc that names it), the interface's tenant, and calls that go away — a client that cancels its
// stream or lets its deadline pass lets go of the run as a client that hangs up an SSE stream does:
// with no one left to tell, the run is aborted after abandonGraceMs.
import type { ClientReadableStream } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { grpcStub, metadataOf, PROTOS, unary, type GrpcFailure, type GrpcStub, rejection, errorReason } from '../helpers/grpc-client.js';
import { post } from '../helpers/http.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

type Loose = Record<string, any>;
const SERVICE = 'lf.a2a.v1.A2AService';
const V1 = { 'a2a-version': '1.0' };
const as = (who: 'alice' | 'bob'): Record<string, string> => ({ ...V1, authorization: `Bearer ${who}-token` });
const message = (text: string, extra: Loose = {}): Loose => ({
  message: { messageId: `m-${Math.random().toString(36).slice(2)}`, role: 'ROLE_USER', parts: [{ text }], ...extra },
});
const failure = rejection;
const reason = errorReason;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const MANIFEST = `spec: '1.0'
agent:
  name: Shared Agent
  description: Tasks in PostgreSQL, served over gRPC and JSON-RPC by two replicas.
  version: 1.0.0
  url: http://127.0.0.1:41392/
  capabilities: { streaming: true, pushNotifications: true }
  securitySchemes:
    bearer: { httpAuthSecurityScheme: { scheme: Bearer } }
  securityRequirements:
    - schemes: { bearer: { list: [] } }
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: work
    name: Work
    description: Asks for input, then completes.
    tags: [test]
server:
  store: postgres
  tenant: acme
  bindings: [jsonrpc, grpc]
  grpcPort: 0
`;

describe('PostgreSQL, two replicas, owners and a tenant', () => {
  let cluster: PgCluster;
  const replicas: { url: string; stub: GrpcStub; card: Loose; close(): Promise<void> }[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    const url = await cluster.createDatabase('grpc_core');
    const project = await agentProject('grpc-core-pg', MANIFEST);
    const { createA2AServer, acceptSecrets } = await project.load<any>('a2a/server/index.js');
    const { connectPostgres } = await project.load<any>('a2a/postgres/postgres.js');
    for (let i = 0; i < 2; i++) {
      const stores = await connectPostgres({ url, heartbeatMs: 300, leaseMs: 3000, log: () => undefined });
      const server = createA2AServer({
        skills: { work: (ctx: { task?: unknown }, events: { inputRequired(m: string): void }) => (ctx.task ? 'done' : events.inputRequired('more, please')) },
        auth: { bearer: acceptSecrets(['alice-token', 'bob-token'], (n: number) => ({ subject: n === 0 ? 'alice' : 'bob' })) },
        push: { allowPrivateTargets: ['127.0.0.1'] },
        logger: false,
        taskStore: stores.taskStore,
        pushConfigStore: stores.pushConfigStore,
        eventBus: stores.eventBus,
      });
      const listening = await server.listen({ port: 0, host: '127.0.0.1' });
      replicas.push({
        url: listening.url,
        stub: grpcStub(listening.grpc.address, PROTOS.v1, SERVICE),
        card: server.card,
        close: () => server.close({ graceMs: 100 }),
      });
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    await cluster?.remove();
  });

  it('a task made over gRPC on one replica is read on the other, over gRPC and JSON-RPC, and continued there', async () => {
    const [one, two] = replicas;
    const { task } = await unary(one.stub, 'SendMessage', message('start'), as('alice'));
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect((await unary(two.stub, 'GetTask', { id: task.id }, as('alice'))).status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const viaJson = await post(two.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: task.id } }), as('alice'));
    expect(viaJson.body.result).toMatchObject({ id: task.id, status: { state: 'TASK_STATE_INPUT_REQUIRED' } });
    const followUp = await unary(two.stub, 'SendMessage', message('more', { taskId: task.id, contextId: task.contextId }), as('alice'));
    expect(followUp.task.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it("bob gets NOT_FOUND for alice's task from every rpc that names it, on either replica, and changes nothing", async () => {
    const [one, two] = replicas;
    const { task } = await unary(one.stub, 'SendMessage', message('start'), as('alice'));
    const attempts: [string, Loose][] = [
      ['GetTask', { id: task.id }],
      ['CancelTask', { id: task.id }],
      ['SendMessage', message('hijack', { taskId: task.id, contextId: task.contextId })],
      ['CreateTaskPushNotificationConfig', { taskId: task.id, url: 'http://127.0.0.1:9/hook' }],
      ['ListTaskPushNotificationConfigs', { taskId: task.id }],
    ];
    for (const stub of [one.stub, two.stub])
      for (const [method, request] of attempts) {
        const f = await failure(unary(stub, method, request, as('bob')));
        expect([method, f.code, reason(f)]).toEqual([method, 5, 'TASK_NOT_FOUND']);
      }
    // SubscribeToTask: the same status before any message.
    const sub = two.stub.SubscribeToTask({ id: task.id }, metadataOf(as('bob')), {}) as ClientReadableStream<Loose>;
    const subFailure = await new Promise<number>((resolve) => sub.on('error', (err: { code: number }) => resolve(err.code)));
    expect(subFailure).toBe(5);
    const still = await unary(two.stub, 'GetTask', { id: task.id }, as('alice'));
    expect(still.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(still.history.map((m: Loose) => m.parts[0].text)).not.toContain('hijack');
  });

  it("the card's gRPC interface carries the tenant; a request naming another tenant is INVALID_ARGUMENT, the tenant's own or none is served", async () => {
    const [one] = replicas;
    expect((one.card.supportedInterfaces as Loose[]).find((i) => i.protocolBinding === 'GRPC')).toMatchObject({ tenant: 'acme', protocolVersion: '1.0' });
    const other = await failure(unary(one.stub, 'SendMessage', { ...message('start'), tenant: 'globex' }, as('alice')));
    expect(other.code).toBe(3);
    expect(other.details).toMatch(/tenant "globex" is not served here/);
    expect((await unary(one.stub, 'SendMessage', { ...message('start'), tenant: 'acme' }, as('alice'))).task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
  });
});

describe('calls that go away', () => {
  let agent: RunningAgent;
  let stub: GrpcStub;
  const AUTH = { ...V1, authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    // abandonGraceMs: 150 (startAgent's): a run no one listens to any more is aborted after it.
    agent = await startAgent(await fixtureProject('grpc-v1.0'));
    const grpc = (agent.server.card.supportedInterfaces as Loose[]).find((i) => i.protocolBinding === 'GRPC' && i.protocolVersion === '1.0');
    stub = grpcStub(grpc!.url, PROTOS.v1, SERVICE);
  }, 60_000);

  it('a client that cancels its stream: the run loses its listener and is aborted, as after an SSE hang-up', async () => {
    const before = agent.server.tasks.activeRuns;
    const call = stub.SendStreamingMessage(message('slow'), metadataOf(AUTH), {}) as ClientReadableStream<Loose>;
    const first = await new Promise<Loose>((resolve) => call.once('data', resolve));
    call.on('error', () => undefined);
    expect(agent.server.tasks.activeRuns).toBe(before + 1);
    call.cancel();
    await until(() => agent.server.tasks.activeRuns === before, 'the abandoned run has been aborted');
    const task = await unary(stub, 'GetTask', { id: first.task.id }, AUTH);
    expect(task.status.state).not.toBe('TASK_STATE_WORKING');
  });

  it('a deadline that passes: DEADLINE_EXCEEDED, and the run is let go the same way', async () => {
    const before = agent.server.tasks.activeRuns;
    const f = await failure(unary(stub, 'SendMessage', message('slow'), AUTH, { deadline: Date.now() + 300 }));
    expect(f.code).toBe(4);
    await until(() => agent.server.tasks.activeRuns === before, 'the run whose caller left has been aborted');
  });
});
