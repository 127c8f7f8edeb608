// SubscribeToTask (v1.0 §3.1.6) on both bindings and through a compat agent's v0.3 side: a
// subscription to a task waiting for input stays open through the turns that follow and ends at
// a terminal state; an error known before the stream starts (an unknown or finished task, bad
// params) is a plain answer, not a stream.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, rpc, sseEvents, textMessage, type SseEvent } from '../helpers/http.js';
import { fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });

/** Reads a stream event by event, each within a deadline, so a stream that stays open is seen as such. */
class StreamReader {
  private readonly iterator: AsyncIterator<SseEvent>;
  /** A read still waiting when the last call timed out: the next call takes its event. */
  private pending: Promise<SseEvent | 'closed'> | undefined;
  constructor(readonly res: Response) {
    this.iterator = sseEvents(res)[Symbol.asyncIterator]();
  }
  /** The next event, or `'closed'`, or `'open'` when nothing came within `ms`. */
  async next(ms = 2000): Promise<SseEvent | 'closed' | 'open'> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'open'>((resolve) => (timer = setTimeout(() => resolve('open'), ms)));
    const read = (this.pending ??= this.iterator.next().then((r) => (r.done ? ('closed' as const) : r.value)));
    try {
      const got = await Promise.race([read, timeout]);
      if (got !== 'open') this.pending = undefined;
      return got;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The task state an event of either binding carries (JSON-RPC wraps it in `result`). */
function stateOf(event: SseEvent | 'closed' | 'open'): string | undefined {
  if (typeof event === 'string') return event;
  const value = event.data.result ?? event.data;
  return value.task?.status.state ?? value.statusUpdate?.status.state ?? value.status?.state;
}

describe.each(['full-v1.0', 'compat-v1.0'])('SubscribeToTask (%s)', (fixture) => {
  let agent: RunningAgent;
  let base: string;
  const controllers: AbortController[] = [];
  beforeAll(async () => {
    agent = await startAgent(await fixtureProject(fixture));
    base = `${agent.origin}/a2a/rest`;
  });
  afterAll(() => controllers.forEach((c) => c.abort()));

  const askTask = async () => (await rpc(agent.url, 'SendMessage', { message: message('ask') }, V1)).body.result.task;
  const subscribe = async (binding: 'jsonrpc' | 'rest', id: string): Promise<StreamReader> => {
    const controller = new AbortController();
    controllers.push(controller);
    if (binding === 'jsonrpc') return new StreamReader((await openStream(agent.url, 'SubscribeToTask', { id }, V1, controller.signal)).res);
    const res = await fetch(`${base}/tasks/${id}:subscribe`, { headers: { ...V1, accept: 'text/event-stream' }, signal: controller.signal });
    return new StreamReader(res);
  };

  describe.each(['jsonrpc', 'rest'] as const)('over %s', (binding) => {
    it('on an input-required task: the snapshot, the stream stays open, the follow-up turn is streamed and the stream ends at completed', async () => {
      const task = await askTask();
      expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const stream = await subscribe(binding, task.id);
      expect(stateOf(await stream.next())).toBe('TASK_STATE_INPUT_REQUIRED');
      expect(await stream.next(300)).toBe('open');
      const answer = await rpc(agent.url, 'SendMessage', { message: message('more', { taskId: task.id }) }, V1);
      expect(answer.body.result.task.status.state).toBe('TASK_STATE_COMPLETED');
      const seen: (string | undefined)[] = [];
      for (let e = await stream.next(); e !== 'closed'; e = await stream.next()) {
        expect(e).not.toBe('open');
        seen.push(stateOf(e));
      }
      expect(seen.at(-1)).toBe('TASK_STATE_COMPLETED');
    });

    it('through several interruptions, until a cancel ends it', async () => {
      const task = await askTask();
      const stream = await subscribe(binding, task.id);
      expect(stateOf(await stream.next())).toBe('TASK_STATE_INPUT_REQUIRED');
      // A follow-up the script answers by asking again: the task waits once more, the stream stays open.
      await rpc(agent.url, 'SendMessage', { message: message('ask', { taskId: task.id }) }, V1);
      const turn: (string | undefined)[] = [];
      for (let e = await stream.next(); e !== 'open'; e = await stream.next(300)) {
        expect(e).not.toBe('closed');
        turn.push(stateOf(e));
      }
      expect(turn.at(-1)).toBe('TASK_STATE_INPUT_REQUIRED');
      await rpc(agent.url, 'CancelTask', { id: task.id }, V1);
      expect(stateOf(await stream.next())).toBe('TASK_STATE_CANCELED');
      expect(await stream.next()).toBe('closed');
    });

    it('on a finished task: UnsupportedOperationError, as a plain answer', async () => {
      const done = (await rpc(agent.url, 'SendMessage', { message: message('task') }, V1)).body.result.task;
      const stream = await subscribe(binding, done.id);
      expect(stream.res.headers.get('content-type')).not.toMatch(/event-stream/);
      const body = await stream.res.json();
      if (binding === 'jsonrpc') expect(body.error.code).toBe(-32004);
      else expect(body.error.details[0].reason).toBe('UNSUPPORTED_OPERATION');
    });

    it('on an unknown task: TaskNotFoundError, as a plain answer', async () => {
      const stream = await subscribe(binding, 'no-such-task');
      expect(stream.res.headers.get('content-type')).not.toMatch(/event-stream/);
      const body = await stream.res.json();
      if (binding === 'jsonrpc') expect(body.error.code).toBe(-32001);
      else expect(stream.res.status).toBe(404);
    });
  });

  it('SendStreamingMessage with invalid params: a plain -32602 JSON-RPC response', async () => {
    const { res } = await openStream(agent.url, 'SendStreamingMessage', { message: { ...message('x'), role: 'user' } }, V1);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect((await res.json()).error.code).toBe(-32602);
  });
});

describe("a compat agent's v0.3 side: tasks/resubscribe", () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('compat-v1.0'));
  });

  it('on an input-required task stays open through the follow-up and ends at completed (final)', async () => {
    const task = (await rpc(agent.url, 'message/send', { message: textMessage('ask') })).body.result;
    expect(task.status.state).toBe('input-required');
    const controller = new AbortController();
    const stream = new StreamReader((await openStream(agent.url, 'tasks/resubscribe', { id: task.id }, {}, controller.signal)).res);
    try {
      expect(stateOf(await stream.next())).toBe('input-required');
      expect(await stream.next(300)).toBe('open');
      await rpc(agent.url, 'message/send', { message: textMessage('more', { taskId: task.id }) });
      let last: SseEvent | undefined;
      for (let e = await stream.next(); e !== 'closed'; e = await stream.next()) {
        expect(e).not.toBe('open');
        last = e as SseEvent;
      }
      expect(last!.data.result).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    } finally {
      controller.abort();
    }
  });

  it("on an unknown task: -32001 as v0.3.0 answers it, a stream of the error (as SDK 1.3.0's legacy handler does); message/stream's errors are plain answers", async () => {
    const { res } = await openStream(agent.url, 'tasks/resubscribe', { id: 'no-such-task' });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: SseEvent[] = [];
    for await (const e of sseEvents(res)) events.push(e);
    expect(events).toEqual([{ event: 'error', data: expect.objectContaining({ error: expect.objectContaining({ code: -32001 }) }) }]);
    const bad = await openStream(agent.url, 'message/stream', { message: textMessage('x', { taskId: 'no-such-task' }) });
    expect(bad.res.headers.get('content-type')).toBe('application/json');
    expect((await bad.res.json()).error.code).toBe(-32001);
  });
});
