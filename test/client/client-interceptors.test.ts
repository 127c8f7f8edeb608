// Call interceptors of the generated client against the generated server (v0.3.0): the order
// they run in, what they see (params, headers, events, result or error, HTTP status), and
// that what `before` changes is what gets sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';
import { textMessage } from '../helpers/http.js';

type Any = any;

/** A fetch that records the headers and body of every request it sends. */
function recordingFetch(): { fetch: typeof fetch; sent: { headers: Headers; body: Any }[] } {
  const sent: { headers: Headers; body: Any }[] = [];
  return {
    sent,
    fetch: (url, init) => {
      sent.push({ headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      return fetch(url, init);
    },
  };
}

/** An interceptor that logs every hook it runs as `<name>.<hook>` and keeps the outcomes. */
function logging(name: string, log: string[], outcomes: Any[] = []): Any {
  return {
    before: (call: Any) => void log.push(`${name}.before ${call.method}`),
    event: (e: Any) => void log.push(`${name}.event ${e.event.kind}`),
    after: (outcome: Any) => {
      log.push(`${name}.after ${outcome.ok ? 'ok' : 'failed'}`);
      outcomes.push(outcome);
    },
  };
}

describe('client interceptors (A2A v0.3.0)', () => {
  let agent: RunningAgent;
  let lib: Any;

  beforeAll(async () => {
    const project = await fixtureProject('full-v0.3.0');
    agent = await startAgent(project);
    lib = await project.load('a2a/client/index.js');
  });

  const client = (interceptors: Any[], extra: Any = {}) => new lib.A2AClient({ url: agent.url, auth: lib.bearer(TOKEN), interceptors, ...extra });

  it('unary: before in list order, after in reverse, with the result and the HTTP status', async () => {
    const log: string[] = [];
    const outcomes: Any[] = [];
    const reply = await client([logging('A', log), logging('B', log, outcomes)]).sendMessage({ message: textMessage('reply hi') });
    expect(reply).toMatchObject({ kind: 'message', parts: [{ text: 'hi' }] });
    expect(log).toEqual(['A.before message/send', 'B.before message/send', 'B.after ok', 'A.after ok']);
    expect(outcomes[0]).toMatchObject({ method: 'message/send', ok: true, status: 200, attempts: 1, streaming: false, result: reply });
  });

  it('before may change params and headers; what it leaves is what is sent', async () => {
    const recorder = recordingFetch();
    const rewrite = {
      before(call: Any) {
        call.headers.set('x-trace', 'abc');
        call.params = { ...call.params, message: textMessage('reply changed') };
      },
    };
    const seenByNext: Any[] = [];
    const next = { before: (call: Any) => void seenByNext.push(call.params.message.parts[0].text) };
    const reply = await client([rewrite, next], { fetch: recorder.fetch }).sendMessage({ message: textMessage('reply original') });
    expect(reply.parts[0].text).toBe('changed');
    expect(seenByNext).toEqual(['reply changed']);
    expect(recorder.sent[0].headers.get('x-trace')).toBe('abc');
    // Credentials are added after the interceptors, for each attempt.
    expect(recorder.sent[0].headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(recorder.sent[0].body.params.message.parts[0].text).toBe('reply changed');
  });

  it('errors: after sees the error the caller gets, with the HTTP status (or none)', async () => {
    const outcomes: Any[] = [];
    const missing = await client([logging('A', [], outcomes)])
      .getTask({ id: 'missing' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(lib.TaskNotFoundError);
    expect(outcomes[0]).toMatchObject({ method: 'tasks/get', ok: false, error: missing, status: 200 });

    const anonymous = new lib.A2AClient({ url: agent.url, interceptors: [logging('A', [], outcomes)] });
    await expect(anonymous.getTask({ id: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(outcomes[1]).toMatchObject({ ok: false, status: 401, error: expect.objectContaining({ name: 'A2AHttpError' }) });

    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(client([logging('A', [], outcomes)], { fetch: down, retryDelayMs: 1 }).getTask({ id: 'x' })).rejects.toMatchObject({ reason: 'network' });
    expect(outcomes[2]).toMatchObject({ ok: false, status: undefined, attempts: 3 });
  });

  it('streams: before, each event (innermost first), after with the last event', async () => {
    const log: string[] = [];
    const outcomes: Any[] = [];
    const shorter = { before: (call: Any) => void (call.params = { message: textMessage('events 1') }) };
    const events: Any[] = [];
    for await (const e of client([logging('A', log), shorter, logging('B', log, outcomes)]).sendMessageStream({ message: textMessage('events 5') }))
      events.push(e);
    expect(events.map((e) => e.kind)).toEqual(['task', 'status-update', 'status-update']);
    expect(log).toEqual([
      'A.before message/stream',
      'B.before message/stream',
      ...events.flatMap((e) => [`B.event ${e.kind}`, `A.event ${e.kind}`]),
      'B.after ok',
      'A.after ok',
    ]);
    expect(outcomes[0]).toMatchObject({ method: 'message/stream', streaming: true, ok: true, status: 200, events: 3, stopped: false, result: events.at(-1) });
  });

  it('a stream the caller leaves early ends with stopped: true', async () => {
    const outcomes: Any[] = [];
    for await (const _ of client([logging('A', [], outcomes)]).sendMessageStream({ message: textMessage('events 5') })) break;
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: true, stopped: true, events: 1 });
  });

  it('an interceptor that throws fails the call; the ones before it see that error, nothing is sent', async () => {
    const log: string[] = [];
    const outcomes: Any[] = [];
    const recorder = recordingFetch();
    const refuse = { before: () => Promise.reject(new Error('not today')) };
    const c = client([logging('A', log, outcomes), refuse, logging('C', log)], { fetch: recorder.fetch });
    await expect(c.getTask({ id: 'x' })).rejects.toThrow('not today');
    expect(log).toEqual(['A.before tasks/get', 'A.after failed']);
    expect(outcomes[0]).toMatchObject({ ok: false, attempts: 0, status: undefined });
    expect(recorder.sent).toHaveLength(0);
    const events = c.sendMessageStream({ message: textMessage('events 1') })[Symbol.asyncIterator]();
    await expect(events.next()).rejects.toThrow('not today');
  });

  it('fromCardUrl passes interceptors on, and skill helpers go through them', async () => {
    const log: string[] = [];
    const c = await lib.A2AClient.fromCardUrl(agent.origin, { credentials: { bearer: TOKEN }, interceptors: [logging('A', log)] });
    expect(await c.skills.add({ a: 1, b: 2 })).toEqual({ sum: 3 });
    expect(log).toEqual(['A.before message/send', 'A.after ok']);
  });
});
