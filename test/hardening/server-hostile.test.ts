// The generated server (A2A v0.3.0) under hostile clients: prototype pollution, absurd
// nesting and array sizes, trickled bodies, a thousand concurrent streams, ten thousand
// clients that hang up, credential checks on every method, and push webhooks aimed at the
// agent's own network.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStream, post, rpc, type SseEvent } from '../helpers/http.js';
import { openGate, scriptHandler } from '../helpers/script-executor.js';
import { fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';
import type { AgentProject } from '../helpers/agent-project.js';

const auth = { authorization: `Bearer ${TOKEN}` };
const textMessage = (text: string, extra: Record<string, unknown> = {}) => ({ kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text }], ...extra });
const request = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

let project: AgentProject;
beforeAll(async () => {
  project = await fixtureProject('full-v0.3.0');
});

/** The longest event-loop stall (ms) while `work` runs. */
async function longestStall(work: () => Promise<void>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

describe('prototype pollution', () => {
  let agent: RunningAgent;
  const contexts: Record<string, any>[] = [];
  beforeAll(async () => {
    const { errors } = await startAgent(project);
    const script = scriptHandler(errors as never);
    agent = await startAgent(project, {
      skills: { script: (ctx: any, events: any) => (contexts.push(ctx), script(ctx, events)), add: (ctx: any) => (contexts.push(ctx), { sum: 3 }), images: () => 'x', 'secret-skill': () => 'x', echo: () => 'x' },
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
    expect(res.body.error).toMatchObject({ code: -32602, data: { issues: [{ path: '/message/parts/0/data', message: 'must NOT have additional properties: "__proto__"' }] } });
  });

  it('a `__proto__` key in metadata comes back as data in tasks/get', async () => {
    const body = `{"jsonrpc":"2.0","id":7,"method":"message/send","params":{"message":{"kind":"message","messageId":"m7","role":"user","parts":[{"kind":"text","text":"task"}],"metadata":{"__proto__":{"x":1}}},"metadata":{"__proto__":{"y":2}}}}`;
    const sent = await post(agent.url, body, auth);
    const got = await fetch(agent.url, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: request('tasks/get', { id: sent.body.result.id }) });
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

  const deep = (open: string, close: string, levels: number) => open.repeat(levels) + close.repeat(levels);
  const nested = {
    'arrays, 100,000 levels': deep('[', ']', 100_000),
    'objects, 100,000 levels': '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
    'inside params.metadata': request('message/send', { message: textMessage('x') }).replace('"metadata"', '"m"').replace('"parts"', `"metadata":{"deep":${deep('[', ']', 100_000)}},"parts"`),
    'inside a batch': `[${request('tasks/get', { id: 'x' })},${deep('[', ']', 100_000)}]`,
  };

  it.each(Object.entries(nested))('nesting (%s) is refused before parsing: -32600 naming the limit', async (_name, body) => {
    let res: Awaited<ReturnType<typeof post>> | undefined;
    const stall = await longestStall(async () => {
      res = await post(agent.url, body, auth);
    });
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
    ['500,000 parts that are not parts', send(`{"kind":"message","messageId":"m","role":"user","parts":${zeros(500_000)}}`), (r) => expect(r.body.error).toMatchObject({ code: -32602, data: { issues: expect.arrayContaining([expect.objectContaining({ path: '/message/parts/0' })]) } })],
    ['30,000 valid parts', send(`{"kind":"message","messageId":"m","role":"user","parts":[${new Array(30_000).fill('{"kind":"text","text":"x"}').join(',')}]}`), (r) => expect(r.body.error).toMatchObject({ code: -32602, data: { limit: 'partsPerMessage', max: 256 } })],
    ['300,000 reference task ids that are numbers', send(`{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":"x"}],"referenceTaskIds":${zeros(300_000)}}`), (r) => expect(r.body.error).toMatchObject({ code: -32602, data: { issues: expect.arrayContaining([expect.objectContaining({ path: '/message/referenceTaskIds/0' })]) } })],
    ['a batch of 500,000', zeros(500_000), (r) => expect(r.body.error).toMatchObject({ code: -32600, data: { limit: 'batchSize', max: 20 } })],
    ['an array past the body limit', send(`{"kind":"message","messageId":"m","role":"user","parts":${zeros(600_000)}}`), (r) => expect(r).toMatchObject({ status: 413, body: { error: { data: { limit: 'bodyBytes' } } } })],
  ];

  it.each(huge)('%s: refused, without stalling the event loop', async (_name, body, check) => {
    let res: Awaited<ReturnType<typeof post>> | undefined;
    const stall = await longestStall(async () => {
      res = await post(agent.url, body, auth);
    });
    check(res!);
    expect(stall).toBeLessThan(100);
  });

  it('a 1 MiB free-form DataPart is served while other requests keep being answered', async () => {
    const data = `{"values":${zeros(500_000)}}`;
    const body = `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"data","data":${data}}]}}}`;
    const stall = await longestStall(async () => {
      const [big, ...small] = await Promise.all([post(agent.url, body, auth), ...Array.from({ length: 20 }, () => rpc(agent.url, 'tasks/get', { id: 'x' }, auth))]);
      expect(big.body.result).toBeDefined();
      for (const s of small) expect(s.body.error.code).toBe(-32001);
    });
    expect(stall).toBeLessThan(100);
  });
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
    const { response, closedAfterMs } = await trickle(`POST /a2a HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: ${body.length}\r\n\r\n`, body);
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
  for (const kind of process.getActiveResourcesInfo()) if (kind === 'Timeout' || kind === 'TCPSocketWrap' || kind === 'Immediate') counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('many streams', () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    const { InMemoryTaskStore } = await project.load<any>('a2a/server/index.js');
    agent = await startAgent(project, { abandonGraceMs: 20, taskStore: new InMemoryTaskStore({ maxFinished: 100 }), limits: { requestTimeoutMs: 60_000 } });
  });

  it('1,000 concurrent streaming tasks, each with a second subscriber: every event, in order, to all 2,000', { timeout: 120_000 }, async () => {
    const TASKS = 1000;
    const CHUNKS = 5;
    const originals = (await Promise.all(Array.from({ length: TASKS }, () => openStream(agent.url, 'message/stream', { message: textMessage(`gated ${CHUNKS}`) }, auth)))).map(follow);
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
    await until(() => agent.server.tasks.activeRuns === 0, 'every run has ended');
  });

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

describe('credentials', () => {
  it.each(['0.3.0', '0.2.5', '0.1.0'])('A2A v%s: every method but the public card demands credentials, streams and batches too', async (version) => {
    const fixture = await fixtureProject(`full-v${version}`);
    const agent = await startAgent(fixture);
    const { protocol } = await fixture.load<any>('a2a/protocol.js');
    const methods = Object.keys(protocol.methods);
    expect(methods.length).toBeGreaterThanOrEqual(7);
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${btoa(`x:${TOKEN}`)}` }, { 'x-api-key': '' }]) {
      for (const method of methods) {
        const res = await fetch(agent.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers }, body: request(method, {}) });
        expect(res.status, `${method} with ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/Bearer/);
        await res.body?.cancel();
      }
      const batch = await post(agent.url, `[${request('tasks/get', { id: 'x' })}]`, headers);
      expect(batch.status).toBe(401);
    }
    if (protocol.extendedCard.via === 'http') {
      // Relative to the endpoint, as the v0.2.x spec says: {url}/agent/authenticatedExtendedCard.
      const extended = new URL(protocol.extendedCard.path, agent.url.endsWith('/') ? agent.url : `${agent.url}/`);
      expect((await fetch(extended)).status).toBe(401);
      expect((await fetch(extended, { headers: auth })).status).toBe(200);
    }
    const card = await fetch(new URL(version === '0.3.0' ? '/.well-known/agent-card.json' : '/.well-known/agent.json', agent.url));
    expect(card.status).toBe(200);
    expect((await rpc(agent.url, 'tasks/get', { id: 'x' }, auth)).status).toBe(200);
  });

  it('safeEqual takes as long whether secrets differ in the first byte or the last (a naive compare does not)', async () => {
    const { safeEqual } = await project.load<any>('a2a/server/index.js');
    const naive = (a: string, b: string) => {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
      return true;
    };
    const secret = 'k'.repeat(64 * 1024);
    const early = 'x' + secret.slice(1);
    const late = secret.slice(0, -1) + 'x';
    /** Median time of `compare` against each guess, interleaved so drift hits both alike. */
    const ratio = (compare: (a: string, b: string) => boolean) => {
      const times: [number[], number[]] = [[], []];
      for (let round = 0; round < 301; round++) {
        for (const [i, guess] of [early, late].entries()) {
          const start = process.hrtime.bigint();
          for (let k = 0; k < 5; k++) compare(guess, secret);
          times[i].push(Number(process.hrtime.bigint() - start));
        }
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
      return median(times[1]) / median(times[0]);
    };
    expect(safeEqual(secret, secret)).toBe(true);
    expect(safeEqual(early, secret) || safeEqual(late, secret)).toBe(false);
    // The control proves the measurement can see an early exit.
    expect(ratio(naive)).toBeGreaterThan(10);
    const constant = ratio(safeEqual);
    expect(constant).toBeGreaterThan(0.5);
    expect(constant).toBeLessThan(2);
  });
});

describe('push webhooks into the agent’s own network (SSRF)', () => {
  /** Answers of a fake DNS, by host name; a list is answered one entry per lookup. */
  const dns: Record<string, string | string[]> = {
    'loopback.test': '127.0.0.5',
    'private-10.test': '10.1.2.3',
    'private-172.test': '172.20.0.1',
    'private-192.test': '192.168.1.1',
    'metadata.test': '169.254.169.254',
    'link-local-v6.test': 'fe80::1',
    'unique-local.test': 'fd12:3456::1',
    'mapped.test': '::ffff:10.0.0.1',
    'cgnat.test': '100.64.0.1',
    'mixed.test': ['93.184.216.34', '10.0.0.1'],
  };
  let rebindLookups = 0;
  const resolve = async (host: string) => {
    if (host === 'rebind.test') return [{ address: rebindLookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const answer = dns[host];
    if (answer === undefined) throw Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return (Array.isArray(answer) ? answer : [answer]).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const logged: string[] = [];
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(project, {
      push: { allowPrivateTargets: ['allowed.test'], resolve, retryDelaysMs: [], timeoutMs: 2000 },
      logger: (_level: string, message: string) => logged.push(message),
    });
    dns['allowed.test'] = '127.0.0.1';
  });
  const setHook = async (url: string) => {
    const task = (await rpc(agent.url, 'message/send', { message: textMessage('ask') }, auth)).body.result;
    return { task, res: await rpc(agent.url, 'tasks/pushNotificationConfig/set', { taskId: task.id, pushNotificationConfig: { url } }, auth) };
  };

  it.each(['loopback.test', 'private-10.test', 'private-172.test', 'private-192.test', 'metadata.test', 'link-local-v6.test', 'unique-local.test', 'mapped.test', 'cgnat.test', 'mixed.test'])(
    'a name that resolves to a private address is refused when set: %s',
    async (host) => {
      const { res } = await setHook(`http://${host}:8080/hook`);
      expect(res.body.error).toMatchObject({ code: -32602, data: { path: '/pushNotificationConfig/url' } });
      expect(res.body.error.message).toMatch(new RegExp(`refused.*\\(${host.replace('.', '\\.')} resolves to it\\)`));
    },
  );

  it('the system resolver too: localhost is refused', async () => {
    const plain = await startAgent(project, { push: { allowPrivateTargets: [] } });
    const task = (await rpc(plain.url, 'message/send', { message: textMessage('ask') }, auth)).body.result;
    const res = await rpc(plain.url, 'tasks/pushNotificationConfig/set', { taskId: task.id, pushNotificationConfig: { url: 'http://localhost:9/x' } }, auth);
    expect(res.body.error.message).toMatch(/loopback address \(localhost resolves to it\)/);
  });

  it('a name that answers public when set and private when used (DNS rebinding) is refused on delivery', async () => {
    const receiver = await webhookReceiver();
    const port = new URL(receiver.url).port;
    const { task, res } = await setHook(`http://rebind.test:${port}/hook`);
    expect(res.body.result).toBeDefined();
    await rpc(agent.url, 'message/send', { message: { ...textMessage('fine'), taskId: task.id, contextId: task.contextId } }, auth);
    await until(() => logged.some((m) => m.includes('rebind.test')), 'the refusal is logged');
    expect(rebindLookups).toBe(2); // checked when set, and again on the connection itself
    expect(logged.find((m) => m.includes('rebind.test'))).toMatch(/127\.0\.0\.1 is a loopback address \(rebind\.test resolves to it\)/);
    expect(receiver.received).toEqual([]);
  });

  it('a redirect is never followed, even from an allow-listed webhook', async () => {
    const target = await webhookReceiver();
    const redirecting = await webhookReceiver(302, { location: target.url });
    const allowed = redirecting.url.replace('127.0.0.1', 'allowed.test');
    const { task, res } = await setHook(allowed);
    expect(res.body.result).toBeDefined();
    await rpc(agent.url, 'message/send', { message: { ...textMessage('fine'), taskId: task.id, contextId: task.contextId } }, auth);
    await until(() => redirecting.received.length > 0 && logged.some((m) => m.includes('HTTP 302')), 'the redirect is answered and logged');
    await new Promise((r) => setTimeout(r, 200));
    expect(target.received).toEqual([]);
  });
});
