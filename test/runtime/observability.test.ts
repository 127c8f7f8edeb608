// What an operator sees: with `requestLog`, one structured record per JSON-RPC request (a
// pino-compatible logger or a function gets it); with `tracing`, a span per request and one per
// execution, the A2A ids as attributes and the caller's headers offered for propagation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { auth, textMessage } from '../helpers/hardening.js';
import { rpc, streamAll } from '../helpers/http.js';
import { fixtureProject, startAgent } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

describe('request log', () => {
  it('a pino-compatible logger gets one record per request: method, id, task, outcome, code, duration', async () => {
    const records: { record: Record<string, any>; message?: string }[] = [];
    const pinoLike = {
      info: (record: Record<string, any>, message?: string) => records.push({ record, message }),
      warn: () => undefined,
      error: () => undefined,
    };
    const agent = await startAgent(project, { logger: pinoLike, requestLog: true });
    const sent = await rpc(agent.url, 'message/send', { message: textMessage('task') }, auth);
    await rpc(agent.url, 'tasks/get', { id: 'nope' }, auth);
    await streamAll(agent.url, 'message/stream', { message: textMessage('chunks 2') }, auth);
    expect(records.map((r) => r.message)).toEqual(['a2a request', 'a2a request', 'a2a request']);
    expect(records[0].record).toMatchObject({ method: 'message/send', id: expect.any(Number), taskId: sent.body.result.id, outcome: 'ok' });
    expect(records[0].record.durationMs).toBeGreaterThanOrEqual(0);
    expect(records[1].record).toMatchObject({ method: 'tasks/get', taskId: 'nope', outcome: 'error', code: -32001 });
    expect(records[2].record).toMatchObject({ method: 'message/stream', outcome: 'stream' });
  });

  it('a logger function gets the records as info', async () => {
    const calls: unknown[][] = [];
    const agent = await startAgent(project, { logger: (...args: unknown[]) => calls.push(args), requestLog: true });
    await rpc(agent.url, 'tasks/get', { id: 'x' }, auth);
    expect(calls).toEqual([['info', 'a2a request', expect.objectContaining({ method: 'tasks/get', outcome: 'error', code: -32001 })]]);
  });

  it('is off by default', async () => {
    const calls: unknown[][] = [];
    const agent = await startAgent(project, { logger: (...args: unknown[]) => calls.push(args) });
    await rpc(agent.url, 'tasks/get', { id: 'x' }, auth);
    expect(calls).toEqual([]);
  });
});

describe('tracing', () => {
  interface FakeSpan {
    name: string;
    parent?: FakeSpan;
    attributes: Record<string, unknown>;
    failed?: unknown;
    ended: boolean;
    traceparent?: string;
  }
  const tracer = () => {
    const spans: FakeSpan[] = [];
    const handle = (span: FakeSpan) => ({
      set: (a: Record<string, unknown>) => Object.assign(span.attributes, a),
      fail: (e: unknown) => (span.failed = e),
      end: () => (span.ended = true),
      span,
    });
    return {
      spans,
      tracing: {
        request: (method: string, header: (n: string) => string | undefined) => {
          const span: FakeSpan = { name: `request ${method}`, attributes: {}, ended: false, traceparent: header('traceparent') };
          spans.push(span);
          return handle(span);
        },
        execution: (parent: any, attributes: Record<string, unknown>) => {
          const span: FakeSpan = { name: 'execution', parent: parent?.span, attributes: { ...attributes }, ended: false };
          spans.push(span);
          return handle(span);
        },
      },
    };
  };

  it('a span per request and per execution, the execution inside its request, with the A2A ids', async () => {
    const { spans, tracing } = tracer();
    const agent = await startAgent(project, { tracing });
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const sent = await rpc(agent.url, 'message/send', { message: textMessage('task') }, { ...auth, traceparent });
    const taskId = sent.body.result.id;
    const [request, execution] = spans;
    expect(request).toMatchObject({
      name: 'request message/send',
      ended: true,
      traceparent,
      attributes: { 'rpc.method': 'message/send', 'a2a.task.id': taskId },
    });
    expect(execution).toMatchObject({
      name: 'execution',
      parent: request,
      ended: true,
      attributes: { 'a2a.method': 'message/send', 'a2a.task.id': taskId, 'a2a.task.state': 'completed', 'a2a.skill.id': 'script' },
    });
    await rpc(agent.url, 'tasks/get', { id: 'missing' }, auth);
    expect(spans[2]).toMatchObject({ name: 'request tasks/get', ended: true, attributes: { 'rpc.jsonrpc.error_code': -32001 } });
    expect(spans[2].failed).toBeDefined();
  });

  it('a streamed execution ends its span when the stream ends', async () => {
    const { spans, tracing } = tracer();
    const agent = await startAgent(project, { tracing });
    await streamAll(agent.url, 'message/stream', { message: textMessage('ticks 3') }, auth);
    const execution = spans.find((s) => s.name === 'execution')!;
    expect(execution).toMatchObject({ ended: true, attributes: { 'a2a.task.state': 'completed' } });
  });
});
