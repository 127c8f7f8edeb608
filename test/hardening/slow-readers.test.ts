// SSE streams under clients that stop reading (issue 27, item 3): the agent, in a child with a
// 512 MiB heap, streams big artifact chunks to four readers that read the first event and then
// stop. Each stream may hold `limits.streamBufferedBytes` (4 MiB here) plus its largest event for
// its client; past that it is cut off with a final error event, the task goes on to its end and
// stays readable, and RSS stays bounded. (Before, every event waited in memory for its reader:
// four such readers ran the agent out of heap within seconds.) A client that reads promptly gets
// every event, one larger than the bound's 4 MiB included. JSON-RPC and HTTP+JSON alike; the
// Fetch handler's queue is bounded the same way.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject, type AgentProject } from '../helpers/agent-project.js';
import { startChildAgent, type ChildAgent } from '../helpers/child-agent.js';
import { until } from '../helpers/hardening.js';
import { sseEvents, type SseEvent } from '../helpers/http.js';
import { slowReader } from '../helpers/slow-reader.js';

const MANIFEST = `
spec: '1.0'
agent:
  name: Streaming Agent
  description: Streams big artifacts.
  version: 1.0.0
  url: http://127.0.0.1:41000/a2a
  capabilities: { streaming: true }
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - { id: work, name: Work, description: Works as its text says., tags: [test] }
server:
  bindings: [jsonrpc, rest]
`;

const BOUND = 4 * 1024 * 1024;

// "flood <n> <kib> <ms> <end>": n artifact chunks of kib KiB, each replacing the last (the task
// holds one), ms apart (0: the next turn), then completes after end ms. "big <kib> <n> <kib2>": n small chunks of kib2 KiB 2 ms apart
// on each side of one chunk of kib KiB. The abandonment grace is shorter than a flood's end: a
// cut-off stream must not count as its client leaving, which would cancel the task.
const SCRIPT = `
import { createA2AServer } from './dist/a2a/server/index.js';
const pause = (ms) => new Promise((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));
const work = async (ctx, events) => {
  const [command, a, b, c, d] = ctx.text.split(' ').map((w, i) => (i === 0 ? w : Number(w)));
  if (command === 'flood') {
    const chunk = 'x'.repeat(a > 0 ? b * 1024 : 0);
    for (let i = 0; i < a && !ctx.signal.aborted; i++) {
      events.artifact(chunk, { artifactId: 'flood' });
      await pause(c);
    }
    await pause(d);
    return events.complete('flooded');
  }
  if (command === 'big') {
    const small = 'y'.repeat(c * 1024);
    for (let i = 0; i < b; i++) (events.artifact(small, { artifactId: 'small' }), await pause(2));
    events.artifact('z'.repeat(a * 1024), { artifactId: 'big' });
    for (let i = 0; i < b; i++) (events.artifact(small, { artifactId: 'small' }), await pause(2));
    return events.complete('done');
  }
  return 'ok: ' + ctx.text;
};
const server = createA2AServer({ skills: { work }, logger: false, abandonGraceMs: 300, limits: { streamBufferedBytes: ${BOUND} } });
const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
console.log(url);
`;

const V1 = { 'a2a-version': '1.0' };
const TERMINAL = new Set(['TASK_STATE_COMPLETED', 'TASK_STATE_CANCELED', 'TASK_STATE_FAILED', 'TASK_STATE_REJECTED']);
const message = (text: string) => ({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] } });

/** The two bindings: where a stream is asked for, and how its events and its error read. */
const BINDINGS = [
  {
    name: 'JSON-RPC',
    stream: (agentUrl: string, text: string) => ({
      url: agentUrl,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendStreamingMessage', params: message(text) }),
    }),
    taskOf: (data: any) => data.result.task,
    artifactOf: (data: any) => data.result.artifactUpdate?.artifact,
    stateOf: (data: any) => data.result.statusUpdate?.status.state,
    errorMessageOf: (data: any) => data.error.code === -32603 && data.error.message,
  },
  {
    name: 'HTTP+JSON',
    stream: (agentUrl: string, text: string) => ({ url: `${agentUrl}/rest/message:stream`, body: JSON.stringify(message(text)) }),
    taskOf: (data: any) => data.task,
    artifactOf: (data: any) => data.artifactUpdate?.artifact,
    stateOf: (data: any) => data.statusUpdate?.status.state,
    errorMessageOf: (data: any) => data.error.status === 'INTERNAL' && data.error.message,
  },
];

let project: AgentProject;
let agent: ChildAgent;
beforeAll(async () => {
  project = await agentProject('slow-readers', MANIFEST);
  agent = await startChildAgent(project, 'slow-readers-agent', SCRIPT, ['--max-old-space-size=512']);
}, 60_000);
afterAll(() => agent?.stop());

/** An agent in this process whose one skill publishes `chunks` artifact chunks of 64 KiB, a turn apart, then completes; `options` for createA2AServer. */
async function floodServer(chunks: number, options: Record<string, unknown>): Promise<any> {
  const { createA2AServer } = await project.load<any>('a2a/server/index.js');
  const chunk = 'x'.repeat(64 * 1024);
  const work = async (_ctx: unknown, events: { artifact(text: string, flags: object): void; complete(text: string): void }) => {
    for (let i = 0; i < chunks; i++) {
      events.artifact(chunk, { artifactId: 'flood' });
      await new Promise((r) => setImmediate(r));
    }
    events.complete('flooded');
  };
  return createA2AServer({ skills: { work }, logger: false, ...options });
}

/** A JSON-RPC call for the Fetch handler, streamed when the method streams. */
const call = (method: string, params: unknown): Request =>
  new Request('http://127.0.0.1/a2a', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...V1 },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });

const getTask = (id: string): Promise<any> => getTaskAt(agent.url, id);
const getTaskOf = (of: ChildAgent, id: string): Promise<any> => getTaskAt(of.url, id);

async function getTaskAt(url: string, id: string): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...V1 },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id } }),
  });
  return ((await res.json()) as any).result;
}

describe.each(BINDINGS)('SSE over $name', (binding) => {
  it('four readers that stop reading a large stream are cut off at the bound with a final event; RSS stays bounded and each task completes', async () => {
    const before = agent.rss().now;
    // 1,500 chunks of 64 KiB: 94 MiB per stream, 375 MiB for the four.
    const readers = await Promise.all(
      [0, 1, 2, 3].map(() => {
        const { url, body } = binding.stream(agent.url, 'flood 1500 64 0 1500');
        return slowReader(url, body, V1);
      }),
    );
    try {
      const ids = readers.map((r) => binding.taskOf(JSON.parse(r.first)).id as string);
      // The tasks go on without their readers, to their end, readable all along.
      const states = async (): Promise<string[]> => (await Promise.all(ids.map(getTask))).map((t) => t.status.state);
      await until(async () => (await states()).every((s) => TERMINAL.has(s)), 'every task ended', 60_000);
      expect(await states()).toEqual(ids.map(() => 'TASK_STATE_COMPLETED'));
      const { peak } = agent.rss();
      console.log(`${binding.name}: RSS ${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB peak`);
      expect(agent.alive(), agent.stderr()).toBe(true);
      // Four streams of at most 4 MiB + 64 KiB each, and what the tasks themselves hold (the
      // whole streams would be 375 MiB).
      expect(peak).toBeLessThan(250);
      for (const id of ids) expect((await getTask(id)).artifacts[0].parts[0].text).toHaveLength(64 * 1024);

      for (const reader of readers) {
        const { events, bytes } = await reader.resume();
        // Cut off: the socket's buffers and the bound, far from the whole stream.
        expect(bytes).toBeLessThan(40 * 1024 * 1024);
        const last = events.at(-1)!;
        expect(last.event).toBe('error');
        expect(binding.errorMessageOf(JSON.parse(last.data))).toContain(`more than ${BOUND} bytes of events (limit limits.streamBufferedBytes)`);
        expect(events.slice(0, -1).every((e) => e.event === undefined)).toBe(true);
      }
    } finally {
      for (const reader of readers) reader.destroy();
    }
  }, 120_000);

  it('a reader that reads promptly gets the whole stream, an event larger than the bound included', async () => {
    const { url, body } = binding.stream(agent.url, 'big 6144 100 32');
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...V1 }, body });
    const events: SseEvent[] = [];
    for await (const event of sseEvents(res)) events.push(event);
    expect(events.every((e) => e.event === undefined)).toBe(true);
    const artifacts = events.map((e) => binding.artifactOf(e.data)).filter(Boolean);
    expect(artifacts).toHaveLength(201);
    expect(artifacts[100].parts[0].text).toHaveLength(6144 * 1024);
    expect(binding.stateOf(events.at(-1)!.data)).toBe('TASK_STATE_COMPLETED');
  }, 60_000);
});

describe('many slow readers together', () => {
  // Each stream under its own bound can still add up: what all streams hold counts against a
  // budget as large as the tasks' (limits.memoryBytes, 6 MiB in this agent); past it a stream
  // that is behind is cut off, naming that limit.
  let small: ChildAgent;
  beforeAll(async () => {
    const script = SCRIPT.replace(`limits: { streamBufferedBytes: ${BOUND} }`, `limits: { streamBufferedBytes: ${BOUND}, memoryBytes: ${6 * 1024 * 1024} }`);
    expect(script).not.toBe(SCRIPT);
    small = await startChildAgent(project, 'slow-readers-total', script, ['--max-old-space-size=512']);
  }, 60_000);
  afterAll(() => small?.stop());

  it('are cut off once their streams together hold more than the budget, each task completing', async () => {
    const readers = await Promise.all(
      [0, 1, 2, 3].map(() => {
        const { url, body } = BINDINGS[0].stream(small.url, 'flood 400 64 0 400');
        return slowReader(url, body, V1);
      }),
    );
    try {
      const messages: string[] = [];
      let closed = 0;
      for (const reader of readers) {
        // A stream cut off (or ended) while others still needed room was closed outright, its last events with it.
        const rest = await reader.resume().catch(() => undefined);
        if (!rest) {
          closed++;
          continue;
        }
        // A stream that filled before the others started stayed under both bounds and is whole.
        const last = rest.events.at(-1)!;
        if (last.event === 'error') messages.push(BINDINGS[0].errorMessageOf(JSON.parse(last.data)));
      }
      // The total acted: a stream cut off naming it, or an ended stream closed to make room.
      expect(closed > 0 || messages.some((m) => m.includes('limit limits.memoryBytes')), `${closed} closed; ${messages.join(' | ')}`).toBe(true);
      expect(small.alive(), small.stderr()).toBe(true);
    } finally {
      for (const reader of readers) reader.destroy();
    }
  }, 120_000);
});

describe('a client that opens stream after stream and reads none', () => {
  // A stream cut off for falling behind (or ending while its client is behind) leaves its last
  // events waiting behind unread bytes. Those count against the streams' budget until the client
  // takes them or the connection closes, and an ended stream is the first closed outright when
  // the budget needs room: before, each such stream's bytes stopped counting when it ended, and
  // forty of them held about 160 MiB in the agent for as long as their connections stayed open.
  let small: ChildAgent;
  beforeAll(async () => {
    const script = SCRIPT.replace(`limits: { streamBufferedBytes: ${BOUND} }`, `limits: { streamBufferedBytes: ${BOUND}, memoryBytes: ${6 * 1024 * 1024} }`);
    small = await startChildAgent(project, 'slow-readers-piled', script, ['--max-old-space-size=512']);
  }, 60_000);
  afterAll(() => small?.stop());

  const STREAMS = 60;
  it('cannot pile ended streams up in memory: the oldest are closed, and the newest still ends with its final event', async () => {
    const before = small.rss().now;
    const readers: Awaited<ReturnType<typeof slowReader>>[] = [];
    try {
      // One after another, each 300 chunks of 64 KiB (19 MiB), each read up to its first event.
      for (let i = 0; i < STREAMS; i++) {
        const { url, body } = BINDINGS[i % 2].stream(small.url, 'flood 300 64 0 0');
        readers.push(await slowReader(url, body, V1));
        const id = BINDINGS[i % 2].taskOf(JSON.parse(readers[i].first)).id as string;
        await until(async () => TERMINAL.has((await getTaskOf(small, id)).status.state), `task ${i} ended`, 30_000);
      }
      const { peak } = small.rss();
      console.log(`${STREAMS} unread streams: RSS ${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB peak`);
      expect(small.alive(), small.stderr()).toBe(true);
      // The budget (6 MiB), a stream's slack and garbage not yet collected, not sixty streams' 4
      // MiB each (before: +213 MiB for forty).
      expect(peak - before).toBeLessThan(120);
      // The first stream was closed to make room (no final event); the last one, with nothing after it, still has its final event.
      const first = await readers[0].resume().catch(() => ({ events: [] }));
      expect(first.events.at(-1)?.event).not.toBe('error');
      const last = await readers[STREAMS - 1].resume();
      expect(last.events.at(-1)!.event).toBe('error');
    } finally {
      for (const reader of readers) reader.destroy();
    }
  }, 180_000);

  it("an ended stream's client that takes nothing more loses its connection after two keep-alive intervals and a second per 64 KiB left", async () => {
    const server = await floodServer(200, {
      keepAliveMs: 100,
      // Cut off past 256 KiB (+ its 64 KiB events): about 5 s to take what is left.
      limits: { streamBufferedBytes: 256 * 1024 },
    });
    const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
    const { url: streamUrl, body } = BINDINGS[0].stream(url, 'flood');
    const reader = await slowReader(streamUrl, body, V1);
    try {
      const id = BINDINGS[0].taskOf(JSON.parse(reader.first)).id as string;
      await until(async () => TERMINAL.has((await getTaskAt(url, id)).status.state), 'the task ended');
      await new Promise((r) => setTimeout(r, 9000));
      // Closed: what the sockets' buffers held arrives, then the response breaks off before its final event.
      await expect(reader.resume()).rejects.toThrow(/aborted|ECONNRESET|socket hang up/);
    } finally {
      reader.destroy();
      await server.close({ graceMs: 0 });
    }
  }, 30_000);
});

describe('the Fetch handler', () => {
  it('a response body nobody reads queues at most the bound plus the largest event, then its final event', async () => {
    const server = await floodServer(100, {
      limits: { streamBufferedBytes: 1024 * 1024 },
    });
    try {
      const res: Response = await server.fetch(call('SendStreamingMessage', message('flood')));
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      const id = JSON.parse(/^data: (.*)$/m.exec(first)![1]).result.task.id;
      const stateOf = async (): Promise<string> => ((await (await server.fetch(call('GetTask', { id }))).json()) as any).result.status.state;
      await until(async () => TERMINAL.has(await stateOf()), 'the task ended');
      expect(await stateOf()).toBe('TASK_STATE_COMPLETED');
      reader.releaseLock();
      const events: SseEvent[] = [];
      for await (const event of sseEvents(res)) events.push(event);
      // 1 MiB and one 64 KiB event more at most waited, then the error: 17 artifacts of the 100.
      expect(events.filter((e) => e.data.result?.artifactUpdate).length).toBeLessThanOrEqual(17);
      expect(events.at(-1)).toMatchObject({ event: 'error', data: { error: { code: -32603 } } });
      expect(events.at(-1)!.data.error.message).toContain('limits.streamBufferedBytes');
    } finally {
      await server.close({ graceMs: 0 });
    }
  });
  it('ended bodies nobody reads count against the budget until read, and the oldest is dropped to make room', async () => {
    const server = await floodServer(100, {
      // Each body is cut off past 1 MiB; together they may hold 2 MiB.
      limits: { streamBufferedBytes: 1024 * 1024, memoryBytes: 2 * 1024 * 1024 },
    });
    const bodies: ReadableStreamDefaultReader<Uint8Array>[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const res: Response = await server.fetch(call('SendStreamingMessage', message('flood')));
        const reader = res.body!.getReader();
        const id = JSON.parse(/^data: (.*)$/m.exec(new TextDecoder().decode((await reader.read()).value))![1]).result.task.id;
        const stateOf = async (): Promise<string> => ((await (await server.fetch(call('GetTask', { id }))).json()) as any).result.status.state;
        await until(async () => TERMINAL.has(await stateOf()), `task ${i} ended`);
        bodies.push(reader);
      }
      const readAll = async (reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> => {
        let text = '';
        for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
        return text;
      };
      // The first ended body was dropped when the second needed room; the last is whole, its final event included.
      await expect(readAll(bodies[0])).rejects.toThrow(/its client was not reading it/);
      expect(await readAll(bodies[2])).toMatch(/event: error\ndata: .*limits\.streamBufferedBytes.*\n\n$/);
    } finally {
      for (const reader of bodies) await reader.cancel().catch(() => undefined);
      await server.close({ graceMs: 0 });
    }
  });
});
