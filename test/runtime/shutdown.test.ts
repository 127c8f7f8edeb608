// Graceful shutdown: close() stops accepting (503), lets running executions finish within the
// grace period, then fails the rest with a final status event that says why — the last event
// every open stream receives before it closes — and only then closes the connections.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { auth, textMessage } from '../helpers/hardening.js';
import { openStream, rpc, type SseEvent } from '../helpers/http.js';
import { fixtureProject, startAgent } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

async function collect(stream: { events(): AsyncGenerator<SseEvent> }): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of stream.events()) out.push(e);
  return out;
}

const lastStatus = (events: SseEvent[]) => events.at(-1)?.data?.result;

describe('close()', () => {
  it('lets work that ends within the grace period finish, and ends the rest with a final event that says why', async () => {
    const agent = await startAgent(project, { shutdownGraceMs: 1500 });
    const quick = await openStream(agent.url, 'message/stream', { message: textMessage('ticks 10') }, auth);
    const endless = await openStream(agent.url, 'message/stream', { message: textMessage('slow') }, auth);
    const quickEvents = collect(quick);
    const endlessEvents = collect(endless);
    await new Promise((r) => setTimeout(r, 50));

    const started = Date.now();
    const closing = agent.server.close();
    // New work is refused while the running work finishes.
    await new Promise((r) => setTimeout(r, 20));
    const refused = await rpc(agent.url, 'message/send', { message: textMessage('reply late') }, auth).catch((err: Error) => ({
      status: 0,
      body: { refused: err.message },
    }));
    expect([0, 503]).toContain(refused.status);

    const finished = await quickEvents;
    expect(lastStatus(finished)).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    const stopped = await endlessEvents;
    const last = lastStatus(stopped);
    expect(last).toMatchObject({ kind: 'status-update', final: true, status: { state: 'failed' } });
    expect(JSON.stringify(last.status.message)).toContain('shutting down');
    expect(stopped.filter((e) => e.data?.result?.kind === 'artifact-update').length).toBeGreaterThan(10); // it ran until the grace period was over
    await closing;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(5000);
  });

  it('returns as soon as nothing runs', async () => {
    const agent = await startAgent(project, { shutdownGraceMs: 10_000 });
    await rpc(agent.url, 'message/send', { message: textMessage('reply hi') }, auth);
    const started = Date.now();
    await agent.server.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('listen()', () => {
  it('a port in use is one clear error naming PORT, not a stack of EADDRINUSE', async () => {
    const first = await startAgent(project);
    const { createA2AServer } = await project.load<any>('a2a/server/index.js');
    const second = createA2AServer({ executor: { execute: () => undefined }, logger: false, auth: {} });
    const port = Number(new URL(first.url).port);
    const error = await second.listen({ port, host: '127.0.0.1' }).then(
      () => undefined,
      (err: Error & { code?: string }) => err,
    );
    expect(error?.code).toBe('EADDRINUSE');
    expect(error?.message).toBe(`port ${port} on 127.0.0.1 is in use: set PORT to a free port (PORT=${port + 1} npm start)`);
  });
});
