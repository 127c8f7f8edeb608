// A task's turns across replicas of a v1.0 agent on one PostgreSQL database: a follow-up goes to
// the skill that started the task wherever it lands (the skill is stored with the task), and a
// subscription to a task waiting for input, opened on one replica, hears the turn another replica
// runs and ends at the terminal state (v1.0 §3.1.6), as a compat agent's v0.3 resubscribe does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { openStream, rpc, textMessage, type SseEvent } from '../helpers/http.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { pgAgentProjectV1, startReplica, type Replica } from '../helpers/replicas.js';

const V1 = { 'a2a-version': '1.0' };
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });

let cluster: PgCluster;
let project: AgentProject;
let A: Replica, B: Replica;

beforeAll(async () => {
  cluster = await startCluster();
  const url = await cluster.createDatabase('turns');
  project = await pgAgentProjectV1();
  [A, B] = await Promise.all(['A', 'B'].map((name) => startReplica(project, name, url)));
});

afterAll(async () => {
  await Promise.all([A, B].map((r) => r?.stop()));
  await cluster?.remove();
});

const call = async (replica: Replica, method: string, params: unknown, headers: Record<string, string> = V1) =>
  (await rpc(replica.url, method, params, headers)).body;

/** Every event of a stream until it ends, failing if it stays silent for `ms`. */
async function untilClosed(events: AsyncGenerator<SseEvent>, ms = 8000): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silent = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the stream stayed open and silent for ${ms} ms`)), ms)));
    const next = await Promise.race([events.next(), silent]).finally(() => clearTimeout(timer));
    if (next.done) return out;
    out.push(next.value);
  }
}

describe('two replicas on one PostgreSQL database', () => {
  it("a follow-up on the other replica, naming no skill, goes to the task's skill; naming another is invalid params", async () => {
    const started = await call(A, 'SendMessage', { message: message('hello', { metadata: { skillId: 'interview' } }) });
    const task = started.result.task;
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const wrong = await call(B, 'SendMessage', { message: message('me', { taskId: task.id, metadata: { skillId: 'work' } }) });
    expect(wrong.error).toMatchObject({ code: -32602 });
    expect(wrong.error.message).toMatch(/belongs to skill "interview"/);
    const answer = await call(B, 'SendMessage', { message: message('me', { taskId: task.id }) });
    expect(answer.result.task.status).toMatchObject({ state: 'TASK_STATE_COMPLETED', message: { parts: [{ text: 'interview got: me' }] } });
  });

  it("the same through the compat agent's v0.3 side", async () => {
    const task = (await call(A, 'message/send', { message: textMessage('hello', { metadata: { skillId: 'interview' } }) }, {})).result;
    expect(task.status.state).toBe('input-required');
    const answer = (await call(B, 'message/send', { message: textMessage('me', { taskId: task.id }) }, {})).result;
    expect(answer.status).toMatchObject({ state: 'completed', message: { parts: [{ kind: 'text', text: 'interview got: me' }] } });
  });

  it('SubscribeToTask on A to a task waiting for input: the turn B runs reaches it, and the stream ends at completed', async () => {
    const task = (await call(A, 'SendMessage', { message: message('ask') })).result.task;
    const stream = await openStream(A.url, 'SubscribeToTask', { id: task.id }, V1);
    const events = stream.events();
    const snapshot = (await events.next()).value!.data.result;
    expect(snapshot.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const answer = await call(B, 'SendMessage', { message: message('more', { taskId: task.id }) });
    expect(answer.result.task.status.state).toBe('TASK_STATE_COMPLETED');
    const rest = await untilClosed(events);
    expect(rest.at(-1)!.data.result.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('a v0.3 tasks/resubscribe on B to a task waiting for input ends at completed after the follow-up on A (final)', async () => {
    const task = (await call(A, 'message/send', { message: textMessage('ask') }, {})).result;
    const stream = await openStream(B.url, 'tasks/resubscribe', { id: task.id });
    const events = stream.events();
    expect((await events.next()).value!.data.result.status.state).toBe('input-required');
    await call(A, 'message/send', { message: textMessage('more', { taskId: task.id }) }, {});
    const rest = await untilClosed(events);
    expect(rest.at(-1)!.data.result).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
  });
});
