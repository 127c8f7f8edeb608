// No request mix exhausts an agent's memory. The attack of the security review: messages with
// a 1,000,000-character text part (under the 1 MiB body limit), sent again and again, once to
// a skill that keeps its task open (publishes `working` only) and once to one that echoes the
// text into an artifact and completes. The agent runs in a child with a 512 MiB heap, as in a
// small container; past the task memory budget (server.tasks.memoryBytes) it refuses new work
// with a JSON-RPC error naming the limit, evicts finished tasks, keeps running and stays under
// 512 MiB RSS. The per-message and per-task budgets are checked on the in-process server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { startChildAgent, type ChildAgent } from '../helpers/child-agent.js';
import { countsOf, flood } from '../helpers/flood.js';
import { auth, textMessage } from '../helpers/hardening.js';
import { rpc } from '../helpers/http.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

const floodServer = (skill: string): string => `
import { createA2AServer, acceptSecrets } from './dist/a2a/server/index.js';
const server = createA2AServer({
  skills: { script: ${skill} },
  defaultSkill: 'script',
  auth: { bearer: acceptSecrets([${JSON.stringify(TOKEN)}]), key: acceptSecrets(['unused']), Bearer: acceptSecrets([${JSON.stringify(TOKEN)}]) },
  logger: false,
  abandonGraceMs: 600_000,
  // The fixture's manifest lowers the body limit and the request timeout (1.5 s, for its slow-
  // body tests); the attack needs the defaults: 1 MiB bodies, 30 s. With 1.5 s a loaded machine
  // took longer than that to upload eight 1 MB bodies at once, and Node answered 408.
  limits: { bodyBytes: 1_048_576, requestTimeoutMs: 30_000 },
});
const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
console.log(url);
`;

describe.each([
  { name: 'a skill that keeps each task open', skill: '(ctx, events) => { events.working("on it"); return new Promise(() => {}); }' },
  { name: 'a skill that echoes the text into an artifact and completes', skill: '(ctx) => ctx.text' },
])('1 MB messages flooding $name', ({ name, skill }) => {
  let agent: ChildAgent;
  beforeAll(async () => {
    agent = await startChildAgent(project, `flood-${name.length}`, floodServer(skill), ['--max-old-space-size=512']);
  });
  afterAll(() => agent?.stop());

  it('end in errors that name the budget, with the server alive and under 512 MiB RSS', async () => {
    const outcomes = await flood(agent.url, 400, 1_000_000, 8);
    expect(agent.alive(), agent.stderr()).toBe(true);
    const { peak } = agent.rss();
    expect(peak).toBeLessThan(512);
    const total = [...outcomes.values()].reduce((sum, o) => sum + o.n, 0);
    expect(total).toBe(400);
    const refused = outcomes.get(-32603);
    if (name.includes('open')) {
      // Open tasks are never evicted: past the budget new work is refused, naming the limit.
      expect(refused?.n).toBeGreaterThan(300);
      expect(refused?.message).toContain('server.tasks.memoryBytes');
      expect(refused?.data).toMatchObject({ limit: 'memoryBytes' });
    } else {
      // Finished tasks make room: every message is served, the oldest results are evicted.
      expect(outcomes.get(0)?.n).toBe(400);
    }
    // Still serving: the card, and a small message (which may still fit in what is left).
    expect((await fetch(new URL('/.well-known/agent-card.json', agent.url))).status).toBe(200);
    const res = await rpc(agent.url, 'message/send', { message: textMessage('small'), configuration: { blocking: false } }, auth);
    expect(res.body.result ?? res.body.error).toBeDefined();
    console.log(`flood (${name}): peak RSS ${peak.toFixed(0)} MiB; answers ${JSON.stringify(countsOf(outcomes))}`);
  }, 300_000);
});

describe('per-message and per-task budgets', () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(project, { limits: { messageBytes: 10_000, taskBytes: 15_000, memoryBytes: 1_000_000 } });
  });

  it('a message past server.limits.messageBytes is -32602 naming the limit, before anything runs', async () => {
    const res = await rpc(agent.url, 'message/send', { message: textMessage('reply ' + 'x'.repeat(20_000)) }, auth);
    expect(res.body.error).toMatchObject({ code: -32602, data: { limit: 'messageBytes', max: 10_000, path: '/message' } });
    expect(res.body.error.message).toContain('server.limits.messageBytes');
  });

  it('continuing a task past server.limits.taskBytes is -32602; the task stays as it was', async () => {
    const first = await rpc(agent.url, 'message/send', { message: textMessage('ask ' + 'x'.repeat(8_000)) }, auth);
    const taskId = first.body.result.id;
    expect(first.body.result.status.state).toBe('input-required');
    // 8 KB held, 9 KB more would pass 15,000 bytes: refused, and the task still waits for input.
    const second = await rpc(agent.url, 'message/send', { message: textMessage('y'.repeat(9_000), { taskId }) }, auth);
    expect(second.body.error).toMatchObject({ code: -32602, data: { limit: 'taskBytes', max: 15_000, path: '/message' } });
    const after = await rpc(agent.url, 'tasks/get', { id: taskId }, auth);
    expect(after.body.result.status.state).toBe('input-required');
    const small = await rpc(agent.url, 'message/send', { message: textMessage('done', { taskId }) }, auth);
    expect(small.body.result.status.state).toBe('completed');
  });

  it('an executor whose artifacts pass server.limits.taskBytes fails its task, naming the limit', async () => {
    const res = await rpc(agent.url, 'message/send', { message: textMessage('chunks 400') }, auth);
    const task = res.body.result;
    expect(task.status.state).toBe('failed');
    expect(JSON.stringify(task.status.message)).toContain('server.limits.taskBytes');
  });
});
