// A failed call says why, where that is safe: a downstream agent's failure (as the generated
// client reports it) and an error the author marked `expose: true` reach the caller in the
// task's status message; any other error stays in the agent's log, and the caller is told it
// was internal. Every -32602 message names the field it is about.
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, textMessage } from '../helpers/hardening.js';
import { rpc } from '../helpers/http.js';
import { fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

let agent: RunningAgent;
const logged: string[] = [];
beforeAll(async () => {
  const project = await fixtureProject('full-v0.3.0');
  const { A2AClient } = await project.load<any>('a2a/client/index.js');
  agent = await startAgent(project, {
    logger: (_level: string, message: string) => logged.push(message),
    skills: {
      script: async (ctx: { text: string }) => {
        if (ctx.text === 'relay') {
          // Port 1 on loopback: nothing listens there, the connection is refused at once.
          const downstream = new A2AClient({ url: 'http://127.0.0.1:1/a2a', retries: 0 });
          return downstream.sendMessage({ message: textMessage('ping') });
        }
        if (ctx.text === 'exposed') throw Object.assign(new Error('the quota of this caller is used up'), { expose: true });
        throw new Error('db password hunter2 rejected');
      },
      add: (ctx: { input: { a: number; b: number } }) => ({ sum: ctx.input.a + ctx.input.b }),
    },
  });
});

const failure = async (text: string) => {
  const res = await rpc(agent.url, 'message/send', { message: textMessage(text) }, auth);
  expect(res.body.result.status.state).toBe('failed');
  return JSON.stringify(res.body.result.status.message);
};

describe('why a task failed', () => {
  it('a downstream agent that cannot be reached: the caller is told it was downstream, and why', async () => {
    const message = await failure('relay');
    expect(message).toContain('A call to another agent failed (A2ATransportError)');
    expect(message).toMatch(/ECONNREFUSED|fetch failed|connect/i);
  });

  it('an error the author exposes reaches the caller as written', async () => {
    expect(await failure('exposed')).toContain('the quota of this caller is used up');
  });

  it('any other error stays in the log: the caller learns only that it was internal', async () => {
    const message = await failure('crash');
    expect(message).toContain('an internal error');
    expect(message).not.toContain('hunter2');
    expect(logged.some((m) => m.includes('the executor failed'))).toBe(true);
  });
});

describe('-32602 names the field', () => {
  it('a skill input that breaks its schema: the message carries the path into the data part', async () => {
    const res = await rpc(
      agent.url,
      'message/send',
      { message: { ...textMessage(''), parts: [{ kind: 'data', data: { a: 'one', b: 2 } }], metadata: { skillId: 'add' } } },
      auth,
    );
    expect(res.body.error.code).toBe(-32602);
    expect(res.body.error.message).toContain('/message/parts/0/data/a');
  });

  it.each([
    ['tasks/get', { id: 'x', historyLength: -1 }, '/historyLength'],
    ['tasks/get', { id: 'x', historyLength: 1.5 }, '/historyLength'],
    ['message/send', { message: { ...textMessage('x'), metadata: { skillId: 'nope' } } }, '/message/metadata/skillId'],
    ['message/send', { message: { ...textMessage('x'), parts: [] } }, '/message/parts'],
    ['tasks/pushNotificationConfig/set', { taskId: 'x', pushNotificationConfig: { url: 'ftp://127.0.0.1/' } }, '/pushNotificationConfig/url'],
  ])('%s with a rule broken: the message names %j', async (method, params, path) => {
    const res = await rpc(agent.url, method, params, auth);
    expect(res.body.error.code).toBe(-32602);
    expect(res.body.error.message).toContain(path as string);
  });

  it('params that break the schema: the message carries the path', async () => {
    const res = await rpc(agent.url, 'tasks/get', { id: 7 }, auth);
    expect(res.body.error.code).toBe(-32602);
    expect(res.body.error.message).toContain('/id');
  });
});
