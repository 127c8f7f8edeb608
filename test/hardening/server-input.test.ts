// The generated server (A2A v0.3.0) fed hostile input: prototype-pollution payloads in every
// object a client controls, nesting 100,000 levels deep, huge arrays and batches — refused or
// served, without changing a prototype or stalling the event loop for 100 ms; and text no task
// store can keep refused over JSON-RPC and gRPC (a v1.0 agent on the memory store).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentProject } from '../helpers/agent-project.js';
import { auth, longestStall, request, stallUnderLoad, textMessage } from '../helpers/hardening.js';
import { post, rpc } from '../helpers/http.js';
import { scriptHandler } from '../helpers/script-executor.js';
import { grpcStub, PROTOS, rejection, unary, type GrpcStub } from '../helpers/grpc-client.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

describe('prototype pollution', () => {
  let agent: RunningAgent;
  const contexts: Record<string, any>[] = [];
  beforeAll(async () => {
    const { errors } = await startAgent(project);
    const script = scriptHandler(errors as never);
    agent = await startAgent(project, {
      skills: {
        script: (ctx: any, events: any) => (contexts.push(ctx), script(ctx, events)),
        add: (ctx: any) => (contexts.push(ctx), { sum: 3 }),
        images: () => 'x',
        'secret-skill': () => 'x',
        echo: () => 'x',
      },
      push: { allowPrivateTargets: [], retryDelaysMs: [], timeoutMs: 500 },
    });
  });

  const payloads = [
    // In the envelope, params, message, metadata, DataPart data, configuration and push config;
    // as raw text, because a `__proto__` key in an object literal would not survive JSON.stringify.
    `{"jsonrpc":"2.0","id":1,"method":"message/send","__proto__":{"polluted":1},"params":{"__proto__":{"polluted":2},"constructor":{"prototype":{"polluted":3}},"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"task"}],"metadata":{"__proto__":{"polluted":4},"constructor":{"prototype":{"polluted":5}},"skillId":"script"}}}}`,
    `{"jsonrpc":"2.0","id":2,"method":"message/send","params":{"message":{"kind":"message","messageId":"m2","role":"user","parts":[{"kind":"text","text":"task"},{"kind":"data","data":{"__proto__":{"polluted":6},"constructor":{"prototype":{"polluted":7}},"a":1}}],"metadata":{"skillId":"script"}},"configuration":{"__proto__":{"blocking":false},"acceptedOutputModes":["text/plain"]}}}`,
    `{"jsonrpc":"2.0","id":4,"method":"message/send","params":{"message":{"kind":"message","messageId":"m4","role":"user","parts":[{"kind":"text","text":"ask"}]},"configuration":{"pushNotificationConfig":{"url":"https://93.184.216.34/hook","__proto__":{"polluted":8},"authentication":{"__proto__":{"polluted":9},"schemes":["Bearer"]}}}}}`,
    `[{"jsonrpc":"2.0","id":5,"method":"tasks/get","params":{"id":"nope","__proto__":{"historyLength":1}}},{"__proto__":{"jsonrpc":"2.0","method":"tasks/get","id":6}}]`,
  ];

  it('changes no prototype, and handlers see plain objects', async () => {
    const before = [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort());
    for (const body of payloads) {
      const res = await post(agent.url, body, auth);
      expect(res.status, body).toBe(200);
    }
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.create(null).polluted).toBeUndefined();
    expect([Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort())).toEqual(before);
    expect(contexts.length).toBe(3);
    for (const ctx of contexts) {
      for (const value of [ctx.message, ctx.message.metadata, ctx.params, ctx.input, ...ctx.data].filter((v) => v && typeof v === 'object')) {
        expect([Object.prototype, Array.prototype, null]).toContain(Object.getPrototypeOf(value));
        expect(value.polluted).toBeUndefined();
      }
    }
    // A DataPart's own `__proto__` key is data, kept as data.
    expect(Object.getOwnPropertyNames(contexts[1].data[0])).toEqual(['__proto__', 'constructor', 'a']);
  });

  it('a typed skill input refuses a `__proto__` key like any other unknown property', async () => {
    const body = `{"jsonrpc":"2.0","id":3,"method":"message/send","params":{"message":{"kind":"message","messageId":"m3","role":"user","parts":[{"kind":"data","data":{"a":1,"b":2,"__proto__":{"a":"x"}}}],"metadata":{"skillId":"add"}}}}`;
    const res = await post(agent.url, body, auth);
    expect(res.body.error).toMatchObject({
      code: -32602,
      data: { issues: [{ path: '/message/parts/0/data', message: 'must NOT have additional properties: "__proto__"' }] },
    });
  });

  it('a `__proto__` key in metadata comes back as data in tasks/get', async () => {
    const body = `{"jsonrpc":"2.0","id":7,"method":"message/send","params":{"message":{"kind":"message","messageId":"m7","role":"user","parts":[{"kind":"text","text":"task"}],"metadata":{"__proto__":{"x":1}}},"metadata":{"__proto__":{"y":2}}}}`;
    const sent = await post(agent.url, body, auth);
    const got = await fetch(agent.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: request('tasks/get', { id: sent.body.result.id }),
    });
    const text = await got.text();
    expect(text).toContain('"__proto__":{"x":1}');
  });
});

describe('nesting and size', () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    // The generated defaults: 1 MiB bodies, 64 levels, 256 parts, 20 calls per batch.
    agent = await startAgent(project, { limits: { bodyBytes: 1024 * 1024, jsonDepth: 64, partsPerMessage: 256, batchSize: 20 } });
  });

  it('(the stall measurement itself sees a 150 ms block, at the start, in the middle and at the end)', async () => {
    const block = () => {
      const until = performance.now() + 150;
      while (performance.now() < until);
    };
    expect(await longestStall(async () => block())).toBeGreaterThan(140);
    expect(
      await longestStall(async () => {
        await new Promise((r) => setTimeout(r, 20));
        block();
        await new Promise((r) => setTimeout(r, 20));
      }),
    ).toBeGreaterThan(140);
    expect(
      await longestStall(async () => {
        await new Promise((r) => setImmediate(r));
        block();
      }),
    ).toBeGreaterThan(140);
    // Repeating the measurement for a busy machine does not hide a stall that every attempt has.
    expect(await stallUnderLoad(async () => block(), 100)).toBeGreaterThan(140);
  });

  const deep = (open: string, close: string, levels: number) => open.repeat(levels) + close.repeat(levels);
  const nested = {
    'arrays, 100,000 levels': deep('[', ']', 100_000),
    'objects, 100,000 levels': '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
    'inside params.metadata': request('message/send', { message: textMessage('x') })
      .replace('"metadata"', '"m"')
      .replace('"parts"', `"metadata":{"deep":${deep('[', ']', 100_000)}},"parts"`),
    'inside a batch': `[${request('tasks/get', { id: 'x' })},${deep('[', ']', 100_000)}]`,
  };

  it.each(Object.entries(nested))('nesting (%s) is refused before parsing: -32600 naming the limit', async (_name, body) => {
    let res: Awaited<ReturnType<typeof post>> | undefined;
    const stall = await stallUnderLoad(async () => {
      res = await post(agent.url, body, auth);
    }, 100);
    expect(res!.body.error).toMatchObject({ code: -32600, data: { limit: 'jsonDepth', max: 64 } });
    expect(stall).toBeLessThan(100);
  });

  it('brackets inside strings are text, not nesting', async () => {
    const text = `${'['.repeat(50_000)} \\" ${'{'.repeat(50_000)}`;
    const res = await post(agent.url, request('message/send', { message: textMessage(`reply ${text}`) }), auth);
    expect(res.body.result.parts[0].text).toBe(text);
  });

  const zeros = (n: number) => `[${'0,'.repeat(n - 1)}0]`;
  const send = (message: string) => `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":${message}}}`;
  const huge: [string, string, (res: any) => void][] = [
    [
      '500,000 parts that are not parts',
      send(`{"kind":"message","messageId":"m","role":"user","parts":${zeros(500_000)}}`),
      (r) =>
        expect(r.body.error).toMatchObject({ code: -32602, data: { issues: expect.arrayContaining([expect.objectContaining({ path: '/message/parts/0' })]) } }),
    ],
    [
      '30,000 valid parts',
      send(`{"kind":"message","messageId":"m","role":"user","parts":[${new Array(30_000).fill('{"kind":"text","text":"x"}').join(',')}]}`),
      (r) => expect(r.body.error).toMatchObject({ code: -32602, data: { limit: 'partsPerMessage', max: 256 } }),
    ],
    [
      '300,000 reference task ids that are numbers',
      send(`{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":"x"}],"referenceTaskIds":${zeros(300_000)}}`),
      (r) =>
        expect(r.body.error).toMatchObject({
          code: -32602,
          data: { issues: expect.arrayContaining([expect.objectContaining({ path: '/message/referenceTaskIds/0' })]) },
        }),
    ],
    ['a batch of 500,000', zeros(500_000), (r) => expect(r.body.error).toMatchObject({ code: -32600, data: { limit: 'batchSize', max: 20 } })],
    [
      'an array past the body limit',
      send(`{"kind":"message","messageId":"m","role":"user","parts":${zeros(600_000)}}`),
      (r) => expect(r).toMatchObject({ status: 413, body: { error: { data: { limit: 'bodyBytes' } } } }),
    ],
  ];

  it.each(huge)('%s: refused, without stalling the event loop', async (_name, body, check) => {
    let res: Awaited<ReturnType<typeof post>> | undefined;
    const stall = await stallUnderLoad(async () => {
      res = await post(agent.url, body, auth);
    }, 100);
    check(res!);
    expect(stall).toBeLessThan(100);
  });

  it('a 1 MiB free-form DataPart is served while other requests keep being answered', async () => {
    const data = `{"values":${zeros(500_000)}}`;
    const body = `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"data","data":${data}}]}}}`;
    const stall = await stallUnderLoad(async () => {
      const [big, ...small] = await Promise.all([
        post(agent.url, body, auth),
        ...Array.from({ length: 20 }, () => rpc(agent.url, 'tasks/get', { id: 'x' }, auth)),
      ]);
      expect(big.body.result).toBeDefined();
      for (const s of small) expect(s.body.error.code).toBe(-32001);
    }, 100);
    expect(stall).toBeLessThan(100);
  });
});

describe('text no task store can keep (a NUL, an unpaired surrogate), on the memory store too', () => {
  // PostgreSQL cannot store such text (test/hardening/unstorable-text.test.ts): every store refuses
  // it alike, at the one place each binding passes, so an agent behaves the same on each.
  let agent: RunningAgent;
  let stub: GrpcStub;
  const AUTH = { authorization: `Bearer ${TOKEN}` };
  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('grpc-v1.0'));
    const grpc = (agent.server.card.supportedInterfaces as { protocolBinding: string; protocolVersion: string; url: string }[]).find(
      (i) => i.protocolBinding === 'GRPC' && i.protocolVersion === '1.0',
    );
    stub = grpcStub(grpc!.url, PROTOS.v1, 'lf.a2a.v1.A2AService');
  }, 60_000);

  it('JSON-RPC: -32602 naming the place', async () => {
    const message = { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'ok' }], metadata: { note: 'half \uD83D' } };
    const res = await rpc(agent.url, 'SendMessage', { message }, { ...AUTH, 'a2a-version': '1.0' });
    expect(res.body.error).toMatchObject({ code: -32602 });
    expect(res.body.error.message).toContain('unpaired UTF-16 surrogate (U+D83D)');
    expect(res.body.error.message).toContain('(at /message/metadata/note)');
  });

  it('gRPC: INVALID_ARGUMENT with the field in a BadRequest', async () => {
    const message = { messageId: 'm2', role: 'ROLE_USER', parts: [{ text: 'a\u0000b' }] };
    const failure = await rejection(unary(stub, 'SendMessage', { message }, { ...AUTH, 'a2a-version': '1.0' }));
    expect(failure.code).toBe(3); // INVALID_ARGUMENT
    const badRequest = failure.status?.details.find((d) => String(d['@type']).endsWith('google.rpc.BadRequest'));
    expect(badRequest?.fieldViolations?.[0]?.field).toBe('message.parts[0].text');
  });
});
