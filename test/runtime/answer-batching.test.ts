// The node:http adapter writes the unary answers of one event-loop turn together at its end
// (server/node.ts). These check what that must never change: every answer reaches its own
// request, errors and HEAD included, over shared keep-alive sockets; a client gone before the
// turn ends costs nothing; and answers still leave when a test faked the global timers.
import http from 'node:http';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { auth, textMessage } from '../helpers/hardening.js';
import { fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

let project: AgentProject;
let agent: RunningAgent;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
  agent = await startAgent(project);
});
afterEach(() => {
  vi.useRealTimers();
});

/** One POST over `httpAgent`, with node:http only (no timers of its own). */
function post(url: string, body: string, httpAgent: http.Agent): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: httpAgent, headers: { 'content-type': 'application/json', ...auth } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const call = (id: number, method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, params });

describe('answers written at the end of the turn', () => {
  it('reach their own requests: 300 at once over 8 keep-alive sockets, replies, tasks and errors mixed', async () => {
    const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    try {
      const kinds = ['reply', 'task', 'invalid', 'unknown'] as const;
      const calls = Array.from({ length: 300 }, (_, i) => {
        const kind = kinds[i % kinds.length];
        const body =
          kind === 'reply'
            ? call(i, 'message/send', { message: textMessage(`reply r${i}`) })
            : kind === 'task'
              ? call(i, 'message/send', { message: textMessage('task') })
              : kind === 'invalid'
                ? call(i, 'tasks/get', { id: 42 })
                : call(i, `no/such${i}`, {});
        return post(agent.url, body, httpAgent).then((answer) => ({ i, kind, answer }));
      });
      for (const { i, kind, answer } of await Promise.all(calls)) {
        expect(answer.status).toBe(200);
        expect(answer.body.id).toBe(i);
        if (kind === 'reply') expect(answer.body.result).toMatchObject({ kind: 'message', parts: [{ kind: 'text', text: `r${i}` }] });
        if (kind === 'task') expect(answer.body.result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
        if (kind === 'invalid') expect(answer.body.error.code).toBe(-32602);
        if (kind === 'unknown') expect(answer.body.error).toMatchObject({ code: -32601, data: { method: `no/such${i}` } });
      }
    } finally {
      httpAgent.destroy();
    }
  });

  it('clients that leave before their answers are written take nothing else down, and leave no execution behind', async () => {
    const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      // Each leaves as soon as its request is sent: its answer, written at the end of a later turn, finds it gone.
      const left = Array.from(
        { length: 20 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const req = http.request(agent.url, { method: 'POST', headers: { 'content-type': 'application/json', ...auth } });
            req.on('error', () => resolve());
            req.on('close', () => resolve());
            req.end(call(i, 'message/send', { message: textMessage('task') }), () => req.destroy());
          }),
      );
      const kept = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(agent.url, call(i, 'message/send', { message: textMessage(`reply k${i}`) }), httpAgent)),
      );
      await Promise.all(left);
      expect(kept.map((a) => a.body.result?.parts?.[0]?.text)).toEqual(Array.from({ length: 20 }, (_, i) => `k${i}`));
      for (let i = 0; i < 100 && agent.server.tasks.activeRuns > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(agent.server.tasks.activeRuns).toBe(0);
    } finally {
      httpAgent.destroy();
    }
  });

  it('an answer that cannot be written (a header it cannot carry) resets its own connection and says why in the log; the others of its turn go', async () => {
    const logged: string[] = [];
    const own = await startAgent(project, {
      logger: (level: string, message: string) => logged.push(`${level} ${message}`),
      routes: (path: string) => (path === '/bad' ? { status: 200, headers: { 'x-bad': 'line\nbreak' }, body: 'no' } : undefined),
    });
    const bad = new Promise<string>((resolve) => {
      const req = http.request(`${own.origin}/bad`, (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (err) => resolve(err.message));
      req.end();
    });
    const good = post(own.url, call(1, 'message/send', { message: textMessage('reply fine') }), new http.Agent({ keepAlive: false }));
    expect(await bad).toMatch(/socket hang up|ECONNRESET/);
    expect((await good).body.result.parts[0].text).toBe('fine');
    expect(logged).toContain('error a2a: an answer could not be written');
  });

  it('HEAD of the card gets its headers and no body', async () => {
    const answer = await new Promise<{ status: number; length: string | undefined; bytes: number }>((resolve, reject) => {
      const req = http.request(`${agent.origin}/.well-known/agent-card.json`, { method: 'HEAD' }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, length: res.headers['content-length'], bytes }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(Number(answer.length)).toBeGreaterThan(100);
    expect(answer.bytes).toBe(0);
  });

  it('still leave when the global timers are faked (vi.useFakeTimers)', async () => {
    vi.useFakeTimers();
    const httpAgent = new http.Agent({ keepAlive: false });
    try {
      const answer = await post(agent.url, call(7, 'message/send', { message: textMessage('reply under fake timers') }), httpAgent);
      expect(answer.body).toMatchObject({ id: 7, result: { parts: [{ text: 'under fake timers' }] } });
    } finally {
      httpAgent.destroy();
    }
  });
});
