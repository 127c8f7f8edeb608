// Task ownership through the PostgreSQL store: the owner key travels in the row, so on every
// replica another principal gets TaskNotFound for alice's task — from tasks/get, tasks/cancel,
// tasks/resubscribe and the push-config methods — while alice reads it anywhere. Two servers of
// one agent (bearer auth, server.store: postgres) in this process, on one real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject, type AgentProject } from '../helpers/agent-project.js';
import { rpc, textMessage } from '../helpers/http.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';

const MANIFEST = `spec: 0.3.0
agent:
  name: Owned Agent
  description: Tasks belong to their callers.
  version: 1.0.0
  url: http://127.0.0.1:41391/
  capabilities: { streaming: true, pushNotifications: true }
  securitySchemes:
    bearer: { type: http, scheme: bearer }
  security:
    - bearer: []
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: work
    name: Work
    description: Asks for input, then completes.
    tags: [test]
server:
  store: postgres
`;

const as = (who: 'alice' | 'bob') => ({ authorization: `Bearer ${who}-token` });
let cluster: PgCluster;
let project: AgentProject;
const servers: { url: string; close(): Promise<void> }[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const url = await cluster.createDatabase('owners');
  project = await agentProject('pg-owners', MANIFEST);
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
    const { url: at } = await server.listen({ port: 0, host: '127.0.0.1' });
    servers.push({ url: at, close: () => server.close({ graceMs: 100 }) });
  }
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await cluster?.remove();
});

describe('task ownership on the PostgreSQL store', () => {
  it("alice's task is TaskNotFound for bob on every replica, and alice's on each", async () => {
    const [one, two] = servers;
    const made = await rpc(one.url, 'message/send', { message: textMessage('start') }, as('alice'));
    const taskId = made.body.result.id;
    expect(made.body.result.status.state).toBe('input-required');
    for (const s of [one, two]) {
      expect((await rpc(s.url, 'tasks/get', { id: taskId }, as('alice'))).body.result.id).toBe(taskId);
      const attempts = (id: string) =>
        [
          ['tasks/get', { id }],
          ['tasks/cancel', { id }],
          ['tasks/pushNotificationConfig/list', { id }],
          ['tasks/pushNotificationConfig/set', { taskId: id, pushNotificationConfig: { url: 'http://127.0.0.1:9/hook' } }],
          ['message/send', { message: textMessage('mine now', { taskId: id }) }],
        ] as const;
      const unknown = attempts('no-such-task');
      for (const [i, [method, params]] of attempts(taskId).entries()) {
        const bob = (await rpc(s.url, method, params, as('bob'))).body.error;
        // Exactly what an id that never existed gets.
        const never = (await rpc(s.url, unknown[i][0], unknown[i][1], as('bob'))).body.error;
        expect(JSON.stringify(bob).replaceAll(taskId, 'ID'), `${method} on ${s.url}`).toBe(JSON.stringify(never).replaceAll('no-such-task', 'ID'));
        expect(bob.code).not.toBe(-32603);
      }
    }
    // Nothing bob tried changed it; alice continues it on the other replica.
    const done = await rpc(two.url, 'message/send', { message: textMessage('here you go', { taskId }) }, as('alice'));
    expect(done.body.result.status.state).toBe('completed');
  });
});
