// The generated server (A2A v0.3.0) under demanding connections: bodies and headers that
// trickle in, a thousand concurrent streams with two subscribers each, and ten thousand
// clients that hang up mid-stream — every event delivered, nothing left behind.
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { auth, request, textMessage, until } from '../helpers/hardening.js';
import { openStream, type SseEvent } from '../helpers/http.js';
import { openGate } from '../helpers/script-executor.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

describe('slow clients', () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(project, { limits: { requestTimeoutMs: 1000 } });
  });

  /** Sends `head`, then `body` one byte every 100 ms; resolves with what came back when the server hung up. */
  function trickle(head: string, body: string): Promise<{ response: string; closedAfterMs: number }> {
    const { port } = new URL(agent.url);
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let response = '';
      let i = 0;
      const timer = setInterval(() => {
        if (i < body.length && !socket.destroyed) socket.write(body[i++]);
      }, 100);
      socket.on('data', (d) => (response += d.toString()));
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ response, closedAfterMs: Date.now() - started });
      });
      socket.on('error', (err) => {
        clearInterval(timer);
        reject(err);
      });
      socket.write(head);
      setTimeout(() => socket.destroy(new Error('the server never hung up')), 10_000).unref();
    });
  }

  it('a body that trickles in byte by byte gets 408 and its socket is closed', async () => {
    const body = request('tasks/get', { id: 'x' });
    const { response, closedAfterMs } = await trickle(
      `POST /a2a HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(5000);
    expect(closedAfterMs).toBeLessThan(body.length * 100); // long before the body would have finished
    expect(await new Promise((r) => agent.http.getConnections((_e, n) => r(n)))).toBe(0);
  });

  it('headers that trickle in get 408 too', async () => {
    const { response, closedAfterMs } = await trickle('', `POST /a2a HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'x'.repeat(200)}\r\n\r\n`);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(5000);
  });
});

/** Follows a stream: its first event as soon as it comes, and all of them when it ends. */
function follow(stream: Awaited<ReturnType<typeof openStream>>) {
  let first!: (event: SseEvent) => void;
  const firstEvent = new Promise<SseEvent>((resolve) => (first = resolve));
  const all = (async () => {
    const events: SseEvent[] = [];
    for await (const event of stream.events()) if (events.push(event) === 1) first(event);
    return events;
  })();
  return { firstEvent, all };
}

/** Node's handle kinds that a leak would leave behind. */
function handles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo())
    if (kind === 'Timeout' || kind === 'TCPSocketWrap' || kind === 'Immediate') counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

describe('many streams', () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    const { InMemoryTaskStore } = await project.load<any>('a2a/server/index.js');
    agent = await startAgent(project, { abandonGraceMs: 20, taskStore: new InMemoryTaskStore({ maxFinished: 100 }), limits: { requestTimeoutMs: 60_000 } });
  });

  it('1,000 concurrent streaming tasks, each with a second subscriber: every event, in order, to all 2,000', { timeout: 120_000 }, async () => {
    // Whatever happens below, the gate opens at the end: gated runs left waiting would hold up the
    // next test (one reset connection here once made the next test time out as well).
    const clientErrors: string[] = [];
    const onClientError = (err: NodeJS.ErrnoException) => clientErrors.push(`${err.code ?? ''} ${err.message}`);
    agent.http.on('clientError', onClientError);
    try {
      await manyStreams();
    } catch (err) {
      // What the server saw, to tell a server fault from the machine's (a reset under overload).
      throw new Error(
        `${(err as Error).message}; server-side client errors: ${JSON.stringify(clientErrors.slice(0, 5))}; cause: ${String((err as { cause?: unknown }).cause)}`,
      );
    } finally {
      agent.http.off('clientError', onClientError);
      // Release every gated run, those still arriving too, so that none outlives this test.
      for (const deadline = Date.now() + 30_000; agent.server.tasks.activeRuns > 0 && Date.now() < deadline;) {
        openGate();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(agent.server.tasks.activeRuns).toBe(0);
  });

  async function manyStreams(): Promise<void> {
    const TASKS = 1000;
    const CHUNKS = 5;
    const originals = (
      await Promise.all(Array.from({ length: TASKS }, () => openStream(agent.url, 'message/stream', { message: textMessage(`gated ${CHUNKS}`) }, auth)))
    ).map(follow);
    const ids = (await Promise.all(originals.map((o) => o.firstEvent))).map((e) => e.data.result.id ?? e.data.result.taskId);
    expect(new Set(ids).size).toBe(TASKS);
    const seconds = (await Promise.all(ids.map((id) => openStream(agent.url, 'tasks/resubscribe', { id }, auth)))).map(follow);
    await Promise.all(seconds.map((s) => s.firstEvent));
    expect(agent.server.tasks.activeRuns).toBe(TASKS);
    openGate(); // every task is now waiting, watched by two subscribers
    const results = await Promise.all([...originals, ...seconds].map((s) => s.all));
    let delivered = 0;
    for (const [i, events] of results.entries()) {
      const taskId = ids[i % TASKS];
      const results = events.map((e) => e.data.result);
      expect(results.every((r) => (r.taskId ?? r.id) === taskId)).toBe(true);
      const chunks = results.filter((r) => r.kind === 'artifact-update').map((r) => r.artifact.parts[0].text);
      expect(chunks).toEqual(Array.from({ length: CHUNKS }, (_, n) => `chunk ${n}`));
      expect(results.at(-1)).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
      delivered += chunks.length + 1;
    }
    expect(delivered).toBe(2 * TASKS * (CHUNKS + 1));
  }

  it('10,000 clients that hang up mid-stream leave no run, listener, timer, socket or heap behind', { timeout: 240_000 }, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const settle = async () => {
      await new Promise((r) => setTimeout(r, 100));
      gc();
      gc();
    };
    // Warm up (JIT, pools), then take the baseline.
    await hangUps(200);
    await until(() => agent.server.tasks.activeRuns === 0, 'the warm-up runs have ended');
    await until(() => new Promise<boolean>((r) => agent.http.getConnections((_e, n) => r(n === 0))), 'earlier connections have closed');
    await settle();
    const heapBefore = process.memoryUsage().heapUsed;
    const handlesBefore = handles();

    const CLIENTS = 10_000;
    await hangUps(CLIENTS);

    await until(() => agent.server.tasks.activeRuns === 0, 'every abandoned run has been aborted');
    await until(() => new Promise<boolean>((r) => agent.http.getConnections((_e, n) => r(n === 0))), 'every connection has closed');
    await settle();
    expect(handles()).toEqual(handlesBefore);
    const growth = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    expect(growth).toBeLessThan(8); // MiB; a leak of even 1 KiB per client would be 10 MiB

    async function hangUps(count: number): Promise<void> {
      const WAVE = 250;
      for (let done = 0; done < count; done += WAVE) {
        await Promise.all(
          Array.from({ length: Math.min(WAVE, count - done) }, async () => {
            const controller = new AbortController();
            const stream = await openStream(agent.url, 'message/stream', { message: textMessage('slow') }, auth, controller.signal);
            const events = stream.events()[Symbol.asyncIterator]();
            await events.next(); // the task is running and streaming
            controller.abort();
            await events.return?.(undefined).catch(() => undefined);
          }),
        );
      }
    }
  });
});
