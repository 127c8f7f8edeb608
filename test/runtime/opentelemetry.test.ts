// `server.tracing: opentelemetry` end to end: the scaffold declares @opentelemetry/api and
// writes src/tracing.ts, main.ts passes it to the server, the project type-checks strictly, and
// with a tracer provider registered through @opentelemetry/api a request makes a server span
// and its execution a span inside it, carrying the A2A ids.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { context, trace, type Context, type Span, type SpanOptions, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { rpc, textMessage } from '../helpers/http.js';
import { fixtureProject, startAgent } from '../helpers/server.js';
import { typecheck } from '../helpers/typecheck.js';

interface Recorded {
  name: string;
  kind?: number;
  parent?: Recorded;
  attributes: Record<string, unknown>;
  status?: { code: number; message?: string };
  ended: boolean;
}

/** A tracer provider that records spans: @opentelemetry/api alone, no SDK. */
function recordingProvider(spans: Recorded[]): TracerProvider {
  const byContext = new WeakMap<object, Recorded>();
  const tracer: Tracer = {
    startSpan(name: string, options: SpanOptions = {}, ctx: Context = context.active()): Span {
      const parentSpan = trace.getSpan(ctx);
      const recorded: Recorded = {
        name,
        kind: options.kind,
        parent: parentSpan ? byContext.get(parentSpan) : undefined,
        attributes: { ...options.attributes },
        ended: false,
      };
      spans.push(recorded);
      const span: Span = {
        spanContext: () => ({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 }),
        setAttribute: (key, value) => ((recorded.attributes[key] = value), span),
        setAttributes: (attributes) => (Object.assign(recorded.attributes, attributes), span),
        addEvent: () => span,
        addLink: () => span,
        addLinks: () => span,
        setStatus: (status) => ((recorded.status = status), span),
        updateName: () => span,
        end: () => void (recorded.ended = true),
        isRecording: () => true,
        recordException: () => undefined,
      };
      byContext.set(span, recorded);
      return span;
    },
    startActiveSpan: (() => {
      throw new Error('not used by the adapter');
    }) as never,
  };
  return { getTracer: () => tracer };
}

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('tracing-v0.3.0');
});

describe('server.tracing: opentelemetry', () => {
  it('scaffolds src/tracing.ts, wires it in main.ts and declares @opentelemetry/api; the project type-checks', async () => {
    const pkg = JSON.parse(readFileSync(join(project.dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies).toEqual({ '@opentelemetry/api': expect.stringMatching(/^\^1\./) });
    expect(readFileSync(join(project.dir, 'src', 'main.ts'), 'utf8')).toContain('tracing: openTelemetryTracing()');
    expect(await typecheck(project.dir, [project.dir])).toBe('');
  });

  it('a server span per request and an execution span inside it, with the A2A ids', async () => {
    const spans: Recorded[] = [];
    trace.setGlobalTracerProvider(recordingProvider(spans));
    try {
      const { openTelemetryTracing } = await project.load<any>('tracing.js');
      const agent = await startAgent(project, {
        skills: { echo: (c: { text: string }) => c.text },
        defaultSkill: 'echo',
        tracing: openTelemetryTracing(),
        auth: undefined,
      });
      const reply = await rpc(agent.url, 'message/send', { message: textMessage('hello') });
      expect(reply.body.result.kind).toBe('message');
      const [request, execution] = spans;
      expect(request).toMatchObject({
        name: 'a2a message/send',
        kind: 1 /* SERVER */,
        ended: true,
        attributes: { 'rpc.system': 'jsonrpc', 'rpc.method': 'message/send' },
      });
      expect(execution).toMatchObject({
        name: 'a2a execute',
        parent: request,
        ended: true,
        attributes: { 'a2a.method': 'message/send', 'a2a.skill.id': 'echo', 'a2a.task.state': 'direct-reply' },
      });
      expect(execution.attributes['a2a.context.id']).toBe(reply.body.result.contextId);

      await rpc(agent.url, 'tasks/get', { id: 'missing' });
      expect(spans[2]).toMatchObject({ name: 'a2a tasks/get', status: { code: 2 /* ERROR */ }, attributes: { 'rpc.jsonrpc.error_code': -32001 }, ended: true });
    } finally {
      trace.disable();
    }
  });
});
