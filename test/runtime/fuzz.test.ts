// Property-based fuzzing of the generated server: ≥ 10,000 malformed, random or hostile
// JSON-RPC requests. Every one gets a well-formed JSON-RPC answer (an error, or a result that
// validates against the schema), the server never crashes, and nothing is left running.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

type Any = any;
const RUNS = 10_500;

const METHODS = [
  'message/send',
  'message/stream',
  'tasks/get',
  'tasks/cancel',
  'tasks/resubscribe',
  'tasks/pushNotificationConfig/set',
  'tasks/pushNotificationConfig/get',
  'tasks/pushNotificationConfig/list',
  'tasks/pushNotificationConfig/delete',
  'agent/getAuthenticatedExtendedCard',
];
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'then', 'kind', 'parts', '', '\u0000');
const json = fc.jsonValue({ maxDepth: 4 });
const part = fc.oneof(
  fc.record(
    {
      kind: fc.constantFrom('text', 'data', 'file', 'bogus'),
      text: fc.string(),
      data: json,
      file: fc.record({ bytes: fc.string(), uri: fc.string(), mimeType: fc.string() }, { requiredKeys: [] }),
    },
    { requiredKeys: ['kind'] },
  ),
  json,
);
const message = fc.record(
  {
    kind: fc.constantFrom('message', 'task', 'x'),
    messageId: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
    role: fc.constantFrom('user', 'agent', 'robot'),
    parts: fc.array(part, { maxLength: 4 }),
    taskId: fc.oneof(fc.uuid(), fc.string()),
    contextId: fc.string(),
    metadata: fc.dictionary(fc.oneof(hostileKey, fc.string()), json, { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);
const params = fc.oneof(
  fc.record(
    {
      message,
      configuration: fc.record(
        { blocking: fc.boolean(), historyLength: fc.integer({ min: -3, max: 5 }), acceptedOutputModes: fc.array(fc.string(), { maxLength: 2 }) },
        { requiredKeys: [] },
      ),
      metadata: json,
    },
    { requiredKeys: [] },
  ),
  fc.record(
    { id: fc.oneof(fc.uuid(), fc.string(), fc.integer()), historyLength: fc.integer({ min: -2, max: 3 }), pushNotificationConfigId: fc.string() },
    { requiredKeys: [] },
  ),
  fc.record(
    { taskId: fc.string(), pushNotificationConfig: fc.record({ url: fc.oneof(fc.webUrl(), fc.string()), token: fc.string() }, { requiredKeys: [] }) },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.oneof(hostileKey, fc.string()), json, { maxKeys: 4 }),
  json,
);
const request = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.constant('1.0'), json),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double(), json),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string()),
    params,
  },
  { requiredKeys: [] },
);
/** A request the server carries out, so that results (in batches too, and streams) are checked, not only errors. */
const validRequest = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.integer(),
  method: fc.constantFrom('message/send', 'message/stream'),
  params: fc.record({
    message: fc.record({
      kind: fc.constant('message'),
      messageId: fc.uuid(),
      role: fc.constant('user'),
      parts: fc.array(fc.record({ kind: fc.constant('text'), text: fc.string() }), { minLength: 1, maxLength: 2 }),
    }),
  }),
});
/** A body: a request object, a batch, any JSON, or text that is not JSON at all. */
const body = fc.oneof(
  { weight: 6, arbitrary: request.map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: validRequest.map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.array(request, { maxLength: 4 }).map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.array(fc.oneof(validRequest, request), { minLength: 1, maxLength: 4 }).map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: json.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: request.map((r) => JSON.stringify(r).slice(0, -1 - (JSON.stringify(r).length % 7))) },
);

/** A2A v1.0: the proto's methods and ProtoJSON shapes (member-typed parts, ROLE_*), some v0.3 ones mixed in. */
const V1_METHODS = [
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'ListTasks',
  'CancelTask',
  'SubscribeToTask',
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
  'GetExtendedAgentCard',
];
const v1Part = fc.oneof(
  fc.record(
    { text: fc.string(), data: json, url: fc.oneof(fc.webUrl(), fc.string()), raw: fc.base64String(), mediaType: fc.string(), kind: fc.constant('text') },
    { requiredKeys: [] },
  ),
  part,
);
const v1Message = fc.record(
  {
    messageId: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
    role: fc.constantFrom('ROLE_USER', 'ROLE_AGENT', 'ROLE_UNSPECIFIED', 'user'),
    parts: fc.array(v1Part, { maxLength: 4 }),
    taskId: fc.oneof(fc.uuid(), fc.string()),
    contextId: fc.string(),
    metadata: fc.dictionary(fc.oneof(hostileKey, fc.string()), json, { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);
const v1Params = fc.oneof(
  fc.record(
    {
      message: v1Message,
      configuration: fc.record(
        { returnImmediately: fc.boolean(), historyLength: fc.integer({ min: -3, max: 5 }), acceptedOutputModes: fc.array(fc.string(), { maxLength: 2 }) },
        { requiredKeys: [] },
      ),
      tenant: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      id: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
      taskId: fc.string(),
      historyLength: fc.integer({ min: -2, max: 3 }),
      pageSize: fc.integer({ min: -1, max: 120 }),
      pageToken: fc.oneof(fc.string(), fc.base64String()),
      status: fc.constantFrom('TASK_STATE_WORKING', 'TASK_STATE_COMPLETED', 'working', 'TASK_STATE_RUNNING'),
      statusTimestampAfter: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.string(),
      ),
      includeArtifacts: fc.boolean(),
      url: fc.oneof(fc.webUrl(), fc.string()),
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.oneof(hostileKey, fc.string()), json, { maxKeys: 4 }),
  json,
);
const v1Request = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), json),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), json),
    method: fc.oneof(fc.constantFrom(...V1_METHODS), fc.constantFrom(...METHODS), fc.string()),
    params: v1Params,
  },
  { requiredKeys: [] },
);
const v1ValidRequest = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.integer(),
  method: fc.constantFrom('SendMessage', 'SendStreamingMessage', 'ListTasks'),
  params: fc.record({
    message: fc.record({
      messageId: fc.uuid(),
      role: fc.constant('ROLE_USER'),
      parts: fc.array(fc.record({ text: fc.string() }), { minLength: 1, maxLength: 2 }),
    }),
  }),
});
const v1Body = fc.oneof(
  { weight: 6, arbitrary: v1Request.map((r) => JSON.stringify(r)) },
  { weight: 2, arbitrary: v1ValidRequest.map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.array(fc.oneof(v1ValidRequest, v1Request), { minLength: 1, maxLength: 4 }).map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);
/** The A2A-Version a request names: mostly the served one, sometimes another or none (§3.6). */
const v1Version = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('1.0', '1.0.1') },
  { weight: 1, arbitrary: fc.constantFrom('0.3', '', '2.0', 'x') },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

interface FuzzTarget {
  version: string;
  fixture: string;
  runs: number;
  /** A request body and the headers to send it with. */
  input: fc.Arbitrary<{ text: string; headers: Record<string, string> }>;
}

const TARGETS: FuzzTarget[] = [
  { version: '0.3.0', fixture: 'full-v0.3.0', runs: RUNS, input: body.map((text) => ({ text, headers: {} })) },
  {
    version: '1.0',
    fixture: 'full-v1.0',
    runs: 3_000,
    input: fc.tuple(v1Body, v1Version).map(([text, version]) => ({ text, headers: version === undefined ? {} : { 'a2a-version': version } })),
  },
];

/** Whether a response's `result` is what the method it answers returns (the generated validator's verdict). */
type ResultValidator = (result: unknown) => boolean;

function isWellFormedResponse(value: Any, resultValidator: ResultValidator): boolean {
  if (typeof value !== 'object' || value === null || value.jsonrpc !== '2.0' || !('id' in value)) return false;
  if ('error' in value)
    return (
      Number.isInteger(value.error?.code) && typeof value.error.message === 'string' && !('result' in value) && !JSON.stringify(value.error).includes('    at ')
    );
  return 'result' in value && resultValidator(value.result);
}

describe.each(TARGETS)('fuzzing the generated server (A2A v$version)', ({ fixture, runs, input }) => {
  let agent: RunningAgent;
  let methods: Record<string, { result: { check(v: unknown): unknown } }>;
  let baseline: Map<string, number>;
  const countResources = (): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const r of process.getActiveResourcesInfo()) counts.set(r, (counts.get(r) ?? 0) + 1);
    return counts;
  };
  let answered = 0;

  beforeAll(async () => {
    baseline = countResources();
    const project = await fixtureProject(fixture);
    methods = (await project.load<Any>('a2a/protocol.js')).protocol.methods;
    agent = await startAgent(project, {
      skills: { script: (ctx: Any) => `ok ${ctx.text.length}`, add: (ctx: Any) => ({ sum: (ctx.input?.a ?? 0) + (ctx.input?.b ?? 0) }) },
      push: { deliver: async () => ({ status: 200 }) },
    });
  });

  it(`answers ${runs} random requests with well-formed JSON-RPC`, async () => {
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    await fc.assert(
      fc.asyncProperty(input, async ({ text, headers }) => {
        const res = await fetch(agent.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${TOKEN}`, ...headers },
          body: text,
        });
        expect(res.status).toBe(200);
        const type = res.headers.get('content-type') ?? '';
        const raw = await res.text();
        let sent: Any;
        try {
          sent = JSON.parse(text);
        } catch {
          sent = undefined;
        }
        // Only a request naming a schema method can earn a result, and that result must pass the
        // method's generated `result` validator (a stream's events pass the stream method's).
        const resultValidator =
          (request: Any): ResultValidator =>
          (result) =>
            typeof request === 'object' &&
            request !== null &&
            typeof request.method === 'string' &&
            Object.hasOwn(methods, request.method) &&
            methods[request.method].result.check(result) === undefined;
        if (type.startsWith('text/event-stream')) {
          const events = raw.split('\n\n').filter((b) => b.trim() && !b.startsWith(':'));
          expect(events.length).toBeGreaterThan(0);
          for (const block of events) {
            const data = JSON.parse(
              block
                .split('\n')
                .find((l) => l.startsWith('data: '))!
                .slice(6),
            );
            expect(isWellFormedResponse(data, resultValidator(sent)), block).toBe(true);
          }
        } else {
          const payload = JSON.parse(raw);
          if (Array.isArray(payload)) {
            // A batch is answered in order, one answer per request (an id-less one gets an error).
            expect(Array.isArray(sent) && payload.length === sent.length, raw).toBe(true);
            payload.forEach((a, i) => expect(isWellFormedResponse(a, resultValidator(sent[i])), raw).toBe(true));
          } else expect(isWellFormedResponse(payload, resultValidator(Array.isArray(sent) ? undefined : sent)), raw).toBe(true);
        }
        answered++;
      }),
      { numRuns: runs, seed: 20261121, endOnFailure: true },
    );
    expect(answered).toBe(runs);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
    expect(({} as Any).polluted).toBeUndefined();
    // The server still serves.
    expect((await fetch(`${agent.origin}/.well-known/agent-card.json`)).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 300)); // executors started by the last requests settle
    expect(agent.server.tasks.activeRuns).toBe(0);
    await agent.close();
    await new Promise((r) => setTimeout(r, 50));
    const grown = [...countResources()].filter(([type, n]) => n > (baseline.get(type) ?? 0)).map(([type, n]) => `${type}: ${baseline.get(type) ?? 0} → ${n}`);
    expect(grown).toEqual([]);
  });
});
