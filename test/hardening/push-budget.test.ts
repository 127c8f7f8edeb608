// Push deliveries waiting for a webhook are inside the memory budget. The attack of the security
// review (issue 27): 8 clients send 1 MB messages to a skill that completes a task, each message
// with a push config to a webhook that accepts the connection and never answers (nor reads).
// Each delivery held the task's whole JSON for 10 s per attempt, 4 attempts, plus its wait for a
// place, long after the task itself was evicted: RSS went 180 → 594 MiB in 8 s, then the heap
// ran out. Now the bodies waiting or in flight count against push.maxQueuedBytes (by default
// server.tasks.memoryBytes): past it the oldest deliveries are dropped, each with a warning in
// the log, and the server stays alive under 512 MiB RSS with a 512 MiB heap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { blackHole, type BlackHole } from '../helpers/black-hole.js';
import { startChildAgent, type ChildAgent } from '../helpers/child-agent.js';
import { countsOf, flood } from '../helpers/flood.js';
import { auth, textMessage, until } from '../helpers/hardening.js';
import { rpc } from '../helpers/http.js';
import { fixtureProject, TOKEN } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

const pushServer = `
import { createA2AServer, acceptSecrets } from './dist/a2a/server/index.js';
const server = createA2AServer({
  skills: { script: (ctx) => ctx.text },
  defaultSkill: 'script',
  auth: { bearer: acceptSecrets([${JSON.stringify(TOKEN)}]), key: acceptSecrets(['unused']), Bearer: acceptSecrets([${JSON.stringify(TOKEN)}]) },
  logger: (level, message) => process.stderr.write(level + ' ' + message + '\\n'),
  push: { allowPrivateTargets: ['127.0.0.1'] },
  // The defaults the attack met (the fixture lowers them for its slow-body tests).
  limits: { bodyBytes: 1_048_576, requestTimeoutMs: 30_000 },
});
const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
console.log(url);
`;

describe('1 MB messages, each with a push config to a webhook that never answers', () => {
  let agent: ChildAgent;
  let hole: BlackHole;
  beforeAll(async () => {
    hole = await blackHole();
    agent = await startChildAgent(project, 'push-flood', pushServer, ['--max-old-space-size=512']);
  });
  afterAll(async () => {
    await agent?.stop();
    await hole?.close();
  });

  it('are all served; the oldest deliveries are dropped with a warning, and the server stays alive under 512 MiB RSS', async () => {
    const outcomes = await flood(agent.url, 400, 1_000_000, 8, (i) => ({
      blocking: false,
      pushNotificationConfig: { url: `${hole.url}/${i}`, token: `t${i}` },
    }));
    expect(agent.alive(), agent.stderr()).toBe(true);
    const { peak } = agent.rss();
    expect(peak).toBeLessThan(512);
    expect(outcomes.get(0)?.n, JSON.stringify(countsOf(outcomes))).toBe(400);
    const drops = agent.stderr().match(/^warn a2a: push notification of task \S+ to http:\/\/127\.0\.0\.1:\d+ dropped: .*push\.maxQueuedBytes.*$/gm) ?? [];
    expect(drops.length).toBeGreaterThan(0);
    // Still serving: the card and a small message.
    expect((await fetch(new URL('/.well-known/agent-card.json', agent.url))).status).toBe(200);
    const res = await rpc(agent.url, 'message/send', { message: textMessage('small') }, auth);
    expect(res.body.result?.parts?.[0]?.text).toBe('small');
    console.log(`push flood: peak RSS ${peak.toFixed(0)} MiB; answers ${JSON.stringify(countsOf(outcomes))}; last drop: ${drops.at(-1)}`);
  }, 300_000);
});

describe("one principal's flood past the push budget", () => {
  it("drops that principal's deliveries, oldest first, not another's waiting for its turn", async () => {
    const { PushNotifier, setTaskOwner } = {
      ...(await project.load<any>('a2a/server/push/push-notifier.js')),
      ...(await project.load<any>('a2a/server/index.js')),
    };
    const logs: string[] = [];
    const sent: string[] = [];
    // One place; a webhook answers only when its request is cut (dropped or closed).
    const notifier = new PushNotifier({
      deliver: ({ body, signal }: { body: string; signal: AbortSignal }) => {
        sent.push(JSON.parse(body).id);
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
      maxInFlight: 1,
      maxQueuedBytes: 20_000,
      log: (_level: string, message: string) => logs.push(message),
    });
    const notify = (owner: string, id: string): void => {
      const task = { id, kind: 'task', status: { state: 'completed' }, metadata: { pad: 'x'.repeat(1800) } };
      setTaskOwner(task, owner);
      notifier.notify(id, task, [{ url: `http://127.0.0.1:9/${id}` }]);
    };
    try {
      notify('subject:alice', 'alice-0'); // takes the one place
      await until(() => sent.length === 1, 'the first delivery is sent');
      notify('subject:bob', 'bob-0'); // waits for it
      for (let i = 1; i <= 30; i++) notify('subject:alice', `alice-${i}`);
      const dropped = logs.filter((l) => / dropped: /.test(l)).map((l) => /of task (\S+)/.exec(l)![1]);
      expect(dropped.length).toBeGreaterThan(10);
      expect(dropped).not.toContain('bob-0');
      // Alice's, oldest waiting first (her open request is cut only when nothing of hers waits).
      expect(dropped).toEqual(dropped.map((_, i) => `alice-${i + 1}`));
      expect(notifier.queued.bytes).toBeLessThanOrEqual(20_000);
    } finally {
      notifier.close();
    }
  });
});
