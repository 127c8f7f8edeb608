// Property-based fuzzing of the HTTP+JSON binding (v0.3.0 and v1.0): random verbs, paths made of
// route words and hostile segments (malformed percent-encoding, colons, dots, long or empty ids),
// query strings, bodies (random JSON, near-valid messages, text) and media types. Every request
// gets an answer of the binding's shape — an error body with a 4xx status (never a 500), or a
// 200 whose body, or every SSE event, is JSON — the server keeps serving, and nothing leaks.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

type Any = any;

const word = fc.constantFrom('v1', 'message:send', 'message:stream', 'tasks', 'pushNotificationConfigs', 'card', 'extendedAgentCard', 'acme');
const hostileSegment = fc.constantFrom('%zz', '%', '..', '.', ':cancel', 'a:subscribe', '%3A', '__proto__', 'constructor', '\u00e9', 'x'.repeat(300), '');
const segment = fc.oneof(
  { weight: 4, arbitrary: word },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: hostileSegment },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const randomPath = fc
  .array(segment, { minLength: 0, maxLength: 5 })
  .map((parts) => `/${parts.map((p) => (/^[\w:.%-]*$/.test(p) ? p : encodeURIComponent(p))).join('/')}`);
/** Mostly the version's own route templates with their variables filled (ids random or hostile), sometimes any path. */
const pathOf = (templates: string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...templates), segment, segment)
        .map(([t, a, b]) => t.replace('{a}', /^[\w:.%-]*$/.test(a) ? a : encodeURIComponent(a)).replace('{b}', encodeURIComponent(b))),
    },
    { weight: 1, arbitrary: randomPath },
  );
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('historyLength', 'pageSize', 'status', 'includeArtifacts', 'contextId', 'tenant', 'A2A-Version', 'x'),
        fc.string({ maxLength: 8 }),
      ),
      {
        maxLength: 3,
      },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`),
);
const json = fc.jsonValue({ maxDepth: 4 });
const v1Message = fc.record(
  {
    messageId: fc.string(),
    role: fc.constantFrom('ROLE_USER', 'ROLE_AGENT', 'user'),
    parts: fc.array(fc.oneof(fc.record({ text: fc.string() }), json), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const v03Message = fc.record(
  {
    messageId: fc.string(),
    role: fc.constantFrom('ROLE_USER', 'ROLE_AGENT', 'user'),
    content: fc.array(fc.oneof(fc.record({ text: fc.string() }), json), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const body = (message: fc.Arbitrary<unknown>) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .record(
          { message, configuration: fc.record({ blocking: fc.boolean(), historyLength: fc.integer({ min: -2, max: 3 }) }, { requiredKeys: [] }) },
          { requiredKeys: [] },
        )
        .map((b) => JSON.stringify(b)),
    },
    { weight: 2, arbitrary: json.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constant('') },
  );

interface Target {
  version: string;
  fixture: string;
  /** The binding's routes, `{a}` and `{b}` where variables go. */
  routes: string[];
  message: fc.Arbitrary<unknown>;
  headers: Record<string, string>;
  /** Whether an error body has the binding's shape. */
  isError(body: Any, status: number): boolean;
}

const TARGETS: Target[] = [
  {
    version: '0.3.0',
    fixture: 'full-v0.3.0',
    routes: [
      '/v1/message:send',
      '/v1/message:stream',
      '/v1/tasks/{a}',
      '/v1/tasks/{a}:cancel',
      '/v1/tasks/{a}:subscribe',
      '/v1/tasks/{a}/pushNotificationConfigs',
      '/v1/tasks/{a}/pushNotificationConfigs/{b}',
      '/v1/card',
    ],
    message: v03Message,
    headers: {},
    isError: (b, status) => typeof b?.message === 'string' && (Number.isInteger(b.code) || (typeof b.error === 'string' && status !== 200)),
  },
  {
    version: '1.0',
    fixture: 'full-v1.0',
    routes: [
      '/message:send',
      '/message:stream',
      '/tasks',
      '/tasks/{a}',
      '/tasks/{a}:cancel',
      '/tasks/{a}:subscribe',
      '/tasks/{a}/pushNotificationConfigs',
      '/tasks/{a}/pushNotificationConfigs/{b}',
      '/extendedAgentCard',
      '/{a}/tasks',
      '/{a}/message:send',
    ],
    message: v1Message,
    headers: { 'a2a-version': '1.0' },
    isError: (b, status) =>
      b?.error?.code === status && typeof b.error.status === 'string' && typeof b.error.message === 'string' && Array.isArray(b.error.details),
  },
];

describe.each(TARGETS)('fuzzing the HTTP+JSON binding (A2A v$version)', ({ fixture, routes, message, headers, isError }) => {
  let agent: RunningAgent;
  let answered = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject(fixture), {
      skills: { script: (ctx: Any) => `ok ${ctx.text.length}`, add: (ctx: Any) => ({ sum: (ctx.input?.a ?? 0) + (ctx.input?.b ?? 0) }) },
      push: { deliver: async () => ({ status: 200 }) },
    });
  });

  it('answers 1,500 random requests with the binding’s shapes, never a 500', async () => {
    const input = fc.record({
      verb: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'),
      path: pathOf(routes),
      query,
      body: body(message),
      type: fc.constantFrom('application/json', 'application/a2a+json', 'text/plain', undefined),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ verb, path, query, body, type }) => {
        const url = new URL(`${agent.origin}/a2a/rest${path}${query}`);
        // `..` segments can leave the binding's mount: what is outside is the server's plain 404.
        const outside = url.pathname !== '/a2a/rest' && !url.pathname.startsWith('/a2a/rest/');
        const res = await fetch(url, {
          method: verb,
          headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json, text/event-stream', ...headers, ...(type ? { 'content-type': type } : {}) },
          body: verb === 'GET' ? undefined : body,
        });
        const raw = await res.text();
        expect(res.status, raw).toBeLessThan(500);
        if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
          expect(res.status).toBe(200);
          for (const block of raw.split('\n\n').filter((b) => b.trim() && !b.startsWith(':'))) {
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            expect(() => JSON.parse(data!.slice(6)), block).not.toThrow();
          }
        } else {
          const payload = JSON.parse(raw);
          // (`/a2a/rest/..` is the JSON-RPC endpoint itself, which answers in JSON-RPC.)
          if (outside)
            expect([res.status, payload.error], raw).toEqual(url.pathname.replace(/\/$/, '') === '/a2a' ? [res.status, payload.error] : [404, 'not found']);
          else if (res.status !== 200) expect(isError(payload, res.status), `${verb} ${path}${query} → ${res.status} ${raw}`).toBe(true);
          expect(raw).not.toMatch(/    at /);
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        answered++;
      }),
      { numRuns: 1_500, seed: 20261123, endOnFailure: true },
    );
    expect(answered).toBe(1_500);
    // Routes were reached, not only missed: successes, invalid params and wrong verbs all occurred.
    for (const status of [200, 400, 404, 405]) expect(statuses.get(status) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(10);
    expect(({} as Any).polluted).toBeUndefined();
    expect((await fetch(`${agent.origin}/.well-known/agent-card.json`)).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 300));
    expect(agent.server.tasks.activeRuns).toBe(0);
    await agent.close();
  });
});
