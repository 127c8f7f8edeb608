// A task belongs to the skill that started it: a follow-up message that names no skill (as every
// standard client sends it) goes to that skill, not to whatever the per-message rules would pick;
// one naming another skill is invalid params — on both bindings and a compat agent's v0.3 side.
// (The PostgreSQL store keeps the skill with the task: postgres-turns.test.ts.)
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rpc, textMessage } from '../helpers/http.js';
import { rest } from '../helpers/rest.js';
import { fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });
const interview = { metadata: { skillId: 'interview' } };

describe('follow-up messages go to the skill of their task', () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('skills-v1.0'), { defaultSkill: undefined });
  });

  it("over JSON-RPC: no skillId → the task's skill; its own skillId → fine; another → -32602", async () => {
    const task = (await rpc(agent.url, 'SendMessage', { message: message('hi', interview) }, V1)).body.result.task;
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const wrong = (await rpc(agent.url, 'SendMessage', { message: message('me', { taskId: task.id, metadata: { skillId: 'script' } }) }, V1)).body;
    expect(wrong.error).toMatchObject({ code: -32602, message: expect.stringMatching(/belongs to skill "interview".*\/message\/metadata\/skillId/) });
    const answer = (await rpc(agent.url, 'SendMessage', { message: message('me', { taskId: task.id }) }, V1)).body.result.task;
    expect(answer.status.message.parts).toEqual([{ text: 'interview got: me (routed by task)' }]);

    const again = (await rpc(agent.url, 'SendMessage', { message: message('hi', interview) }, V1)).body.result.task;
    const named = (await rpc(agent.url, 'SendMessage', { message: message('you', { taskId: again.id, ...interview }) }, V1)).body.result.task;
    expect(named.status.message.parts).toEqual([{ text: 'interview got: you (routed by task)' }]);
  });

  it('over HTTP+JSON', async () => {
    const base = `${agent.origin}/a2a/rest`;
    const task = (await rest(base, 'POST', '/message:send', { message: message('hi', interview) }, V1)).body.task;
    const answer = await rest(base, 'POST', '/message:send', { message: message('me', { taskId: task.id }) }, V1);
    expect(answer.body.task.status.message.parts).toEqual([{ text: 'interview got: me (routed by task)' }]);
  });

  it('through the v0.3 side, and across versions: started in v0.3, continued in v1.0', async () => {
    const task = (await rpc(agent.url, 'message/send', { message: textMessage('hi', interview) })).body.result;
    expect(task.status.state).toBe('input-required');
    const answer = (await rpc(agent.url, 'SendMessage', { message: message('me', { taskId: task.id }) }, V1)).body.result.task;
    expect(answer.status.message.parts).toEqual([{ text: 'interview got: me (routed by task)' }]);
    const v03 = (await rpc(agent.url, 'message/send', { message: textMessage('hi', interview) })).body.result;
    const wrong = (await rpc(agent.url, 'message/send', { message: textMessage('me', { taskId: v03.id, metadata: { skillId: 'script' } }) })).body;
    expect(wrong.error?.code).toBe(-32602);
    const done = (await rpc(agent.url, 'message/send', { message: textMessage('me', { taskId: v03.id }) })).body.result;
    expect(done.status.message.parts).toEqual([{ kind: 'text', text: 'interview got: me (routed by task)' }]);
  });

  it('a new task without a skillId still goes to the default skill', async () => {
    const res = (await rpc(agent.url, 'SendMessage', { message: message('reply plain') }, V1)).body.result;
    expect(res.message.parts).toEqual([{ text: 'plain' }]);
  });
});
