// Who may reach what through the generated server: credentials on every method but the
// public card (all three protocol generations), constant-time secret comparison, and push
// webhooks that could reach into the agent's own network (SSRF).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { auth, request, textMessage, until } from '../helpers/hardening.js';
import { post, rpc } from '../helpers/http.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

describe('credentials', () => {
  it.each(['0.3.0', '0.2.5', '0.1.0'])('A2A v%s: every method but the public card demands credentials, streams and batches too', async (version) => {
    const fixture = await fixtureProject(`full-v${version}`);
    const agent = await startAgent(fixture);
    const { protocol } = await fixture.load<any>('a2a/protocol.js');
    const methods = Object.keys(protocol.methods);
    expect(methods.length).toBeGreaterThanOrEqual(7);
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${btoa(`x:${TOKEN}`)}` }, { 'x-api-key': '' }];
    for (const headers of attempts) {
      for (const method of methods) {
        const res = await fetch(agent.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
          body: request(method, {}),
        });
        expect(res.status, `${method} with ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/Bearer/);
        await res.body?.cancel();
      }
      const batch = await post(agent.url, `[${request('tasks/get', { id: 'x' })}]`, headers);
      expect(batch.status).toBe(401);
    }
    if (protocol.extendedCard.via === 'http') {
      // Relative to the endpoint, as the v0.2.x spec says: {url}/agent/authenticatedExtendedCard.
      const extended = new URL(protocol.extendedCard.path, agent.url.endsWith('/') ? agent.url : `${agent.url}/`);
      expect((await fetch(extended)).status).toBe(401);
      expect((await fetch(extended, { headers: auth })).status).toBe(200);
    }
    const card = await fetch(new URL(version === '0.3.0' ? '/.well-known/agent-card.json' : '/.well-known/agent.json', agent.url));
    expect(card.status).toBe(200);
    expect((await rpc(agent.url, 'tasks/get', { id: 'x' }, auth)).status).toBe(200);
  });

  it('safeEqual takes as long whether secrets differ in the first byte or the last (a naive compare does not)', async () => {
    const { safeEqual } = await project.load<any>('a2a/server/index.js');
    const naive = (a: string, b: string) => {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
      return true;
    };
    const secret = 'k'.repeat(64 * 1024);
    const early = 'x' + secret.slice(1);
    const late = secret.slice(0, -1) + 'x';
    /** Median time of `compare` against each guess, interleaved so drift hits both alike. */
    const ratio = (compare: (a: string, b: string) => boolean) => {
      const times: [number[], number[]] = [[], []];
      for (let round = 0; round < 301; round++) {
        for (const [i, guess] of [early, late].entries()) {
          const start = process.hrtime.bigint();
          for (let k = 0; k < 5; k++) compare(guess, secret);
          times[i].push(Number(process.hrtime.bigint() - start));
        }
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
      return median(times[1]) / median(times[0]);
    };
    expect(safeEqual(secret, secret)).toBe(true);
    expect(safeEqual(early, secret) || safeEqual(late, secret)).toBe(false);
    // The control proves the measurement can see an early exit.
    expect(ratio(naive)).toBeGreaterThan(10);
    const constant = ratio(safeEqual);
    expect(constant).toBeGreaterThan(0.5);
    expect(constant).toBeLessThan(2);
  });
});

describe('push webhooks into the agent’s own network (SSRF)', () => {
  /** Answers of a fake DNS, by host name; a list is answered one entry per lookup. */
  const dns: Record<string, string | string[]> = {
    'loopback.test': '127.0.0.5',
    'private-10.test': '10.1.2.3',
    'private-172.test': '172.20.0.1',
    'private-192.test': '192.168.1.1',
    'metadata.test': '169.254.169.254',
    'link-local-v6.test': 'fe80::1',
    'unique-local.test': 'fd12:3456::1',
    'mapped.test': '::ffff:10.0.0.1',
    'cgnat.test': '100.64.0.1',
    'mixed.test': ['93.184.216.34', '10.0.0.1'],
  };
  let rebindLookups = 0;
  const resolve = async (host: string) => {
    if (host === 'rebind.test') return [{ address: rebindLookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const answer = dns[host];
    if (answer === undefined) throw Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return (Array.isArray(answer) ? answer : [answer]).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const logged: string[] = [];
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(project, {
      push: { allowPrivateTargets: ['allowed.test'], resolve, retryDelaysMs: [], timeoutMs: 2000 },
      logger: (_level: string, message: string) => logged.push(message),
    });
    dns['allowed.test'] = '127.0.0.1';
  });
  const setHook = async (url: string) => {
    const task = (await rpc(agent.url, 'message/send', { message: textMessage('ask') }, auth)).body.result;
    return { task, res: await rpc(agent.url, 'tasks/pushNotificationConfig/set', { taskId: task.id, pushNotificationConfig: { url } }, auth) };
  };

  it.each([
    'loopback.test',
    'private-10.test',
    'private-172.test',
    'private-192.test',
    'metadata.test',
    'link-local-v6.test',
    'unique-local.test',
    'mapped.test',
    'cgnat.test',
    'mixed.test',
  ])('a name that resolves to a private address is refused when set: %s', async (host) => {
    const { res } = await setHook(`http://${host}:8080/hook`);
    expect(res.body.error).toMatchObject({ code: -32602, data: { path: '/pushNotificationConfig/url' } });
    expect(res.body.error.message).toMatch(new RegExp(`refused.*\\(${host.replace('.', '\\.')} resolves to it\\)`));
  });

  it('the system resolver too: localhost is refused', async () => {
    const plain = await startAgent(project, { push: { allowPrivateTargets: [] } });
    const task = (await rpc(plain.url, 'message/send', { message: textMessage('ask') }, auth)).body.result;
    const res = await rpc(plain.url, 'tasks/pushNotificationConfig/set', { taskId: task.id, pushNotificationConfig: { url: 'http://localhost:9/x' } }, auth);
    expect(res.body.error.message).toMatch(/loopback address \(localhost resolves to it\)/);
  });

  it('a name that answers public when set and private when used (DNS rebinding) is refused on delivery', async () => {
    const receiver = await webhookReceiver();
    const port = new URL(receiver.url).port;
    const { task, res } = await setHook(`http://rebind.test:${port}/hook`);
    expect(res.body.result).toBeDefined();
    await rpc(agent.url, 'message/send', { message: { ...textMessage('fine'), taskId: task.id, contextId: task.contextId } }, auth);
    await until(() => logged.some((m) => m.includes('rebind.test')), 'the refusal is logged');
    expect(rebindLookups).toBe(2); // checked when set, and again on the connection itself
    expect(logged.find((m) => m.includes('rebind.test'))).toMatch(/127\.0\.0\.1 is a loopback address \(rebind\.test resolves to it\)/);
    expect(receiver.received).toEqual([]);
  });

  it('a redirect is never followed, even from an allow-listed webhook', async () => {
    const target = await webhookReceiver();
    const redirecting = await webhookReceiver(302, { location: target.url });
    const allowed = redirecting.url.replace('127.0.0.1', 'allowed.test');
    const { task, res } = await setHook(allowed);
    expect(res.body.result).toBeDefined();
    await rpc(agent.url, 'message/send', { message: { ...textMessage('fine'), taskId: task.id, contextId: task.contextId } }, auth);
    await until(() => redirecting.received.length > 0 && logged.some((m) => m.includes('HTTP 302')), 'the redirect is answered and logged');
    await new Promise((r) => setTimeout(r, 200));
    expect(target.received).toEqual([]);
  });
});
