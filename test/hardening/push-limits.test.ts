// Webhook fan-out is bounded. The attack of the security review: 3,000 push configs for one
// task (distinct ids and URLs), then one update of the task. Past server.push.maxConfigsPerTask
// each set is refused with -32602 naming the limit; and however many configs a task has, one
// update opens at most server.push.maxDeliveriesInFlight connections at once — the rest wait in
// a queue, and every webhook is still delivered. Webhooks go to a receiver on 127.0.0.1 only.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { auth, textMessage, until } from '../helpers/hardening.js';
import { rpc } from '../helpers/http.js';
import { fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

/** A receiver that holds each webhook request for `holdMs` and records the most open at once. */
async function slowReceiver(
  holdMs: number,
): Promise<{ url: string; /** distinct webhook paths that got a request */ delivered: () => number; mostOpen: () => number; close(): Promise<void> }> {
  let open = 0;
  let mostOpen = 0;
  const delivered = new Set<string>();
  const server: Server = createServer((req, res) => {
    open++;
    mostOpen = Math.max(mostOpen, open);
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        open--;
        delivered.add(req.url ?? '');
        res.writeHead(200).end();
      }, holdMs),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    delivered: () => delivered.size,
    mostOpen: () => mostOpen,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

const openTask = async (agent: RunningAgent): Promise<string> => (await rpc(agent.url, 'message/send', { message: textMessage('ask') }, auth)).body.result.id;
const setConfig = (agent: RunningAgent, taskId: string, id: string, url: string) =>
  rpc(agent.url, 'tasks/pushNotificationConfig/set', { taskId, pushNotificationConfig: { id, url } }, auth);

describe('push notification configs per task (default cap)', () => {
  let agent: RunningAgent;
  let receiver: Awaited<ReturnType<typeof slowReceiver>>;
  beforeAll(async () => {
    receiver = await slowReceiver(0);
    agent = await startAgent(project, { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [] } });
  });
  afterAll(() => receiver.close());

  it('3,000 configs for one task: the first 10 are kept, every later one is refused naming the limit', async () => {
    const taskId = await openTask(agent);
    const codes = new Map<number, number>();
    let refusal: any;
    for (let i = 0; i < 3000; i++) {
      const res = await setConfig(agent, taskId, `c${i}`, `${receiver.url}/hook/${i}`);
      const code = res.body.error?.code ?? 0;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      refusal ??= res.body.error;
    }
    expect(Object.fromEntries(codes)).toEqual({ 0: 10, [-32602]: 2990 });
    expect(refusal).toMatchObject({ code: -32602, data: { limit: 'maxConfigsPerTask', max: 10 } });
    expect(refusal.message).toContain('server.push.maxConfigsPerTask');
    const list = await rpc(agent.url, 'tasks/pushNotificationConfig/list', { id: taskId }, auth);
    expect(list.body.result).toHaveLength(10);
    // Replacing a config the task has is not adding one; deleting one makes room.
    expect((await setConfig(agent, taskId, 'c3', `${receiver.url}/hook/again`)).body.result).toBeDefined();
    await rpc(agent.url, 'tasks/pushNotificationConfig/delete', { id: taskId, pushNotificationConfigId: 'c0' }, auth);
    expect((await setConfig(agent, taskId, 'new', `${receiver.url}/hook/new`)).body.result).toBeDefined();
  }, 120_000);
});

describe('deliveries in flight', () => {
  let agent: RunningAgent;
  let receiver: Awaited<ReturnType<typeof slowReceiver>>;
  beforeAll(async () => {
    receiver = await slowReceiver(100);
    agent = await startAgent(project, {
      limits: { pushConfigsPerTask: 200 },
      push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [], maxInFlight: 4 },
    });
  });
  afterAll(() => receiver.close());

  it('one update of a task with 200 webhooks opens at most 4 connections at once, and delivers to all', async () => {
    const taskId = await openTask(agent);
    for (let i = 0; i < 200; i++) expect((await setConfig(agent, taskId, `c${i}`, `${receiver.url}/hook/${i}`)).body.result).toBeDefined();
    const done = await rpc(agent.url, 'message/send', { message: textMessage('finish', { taskId }) }, auth);
    expect(done.body.result.status.state).toBe('completed');
    await until(() => receiver.delivered() >= 200, 'every webhook got the update', 30_000);
    expect(receiver.mostOpen()).toBeLessThanOrEqual(4);
    expect(receiver.mostOpen()).toBeGreaterThan(1); // the queue does run deliveries side by side
  }, 60_000);
});
