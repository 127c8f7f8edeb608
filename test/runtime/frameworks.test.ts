// The generated server mounted in the frameworks agents already run: Express (with and
// without express.json() in front) through `server.middleware`, Fastify through its raw
// request and reply in an onRequest hook. A2A routes are answered, every other route is the
// framework's, and the Fetch handler answers the same requests.
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, streamAll, textMessage as message } from '../helpers/http.js';
import { scriptHandler } from '../helpers/script-executor.js';
import { fixtureProject, TOKEN } from '../helpers/server.js';

const auth = { authorization: `Bearer ${TOKEN}` };

async function createServer() {
  const project = await fixtureProject('full-v0.3.0');
  const { createA2AServer, acceptSecrets } = await project.load<any>('a2a/server/index.js');
  const errors = await project.load<any>('a2a/errors.js');
  const verify = acceptSecrets([TOKEN]);
  const server = createA2AServer({
    skills: { script: scriptHandler(errors), add: () => ({ sum: 0 }), images: () => 'x', 'secret-skill': () => 'x', echo: () => 'x' },
    defaultSkill: 'script',
    auth: { bearer: verify, key: verify },
    logger: false,
  });
  afterAll(() => server.close());
  return server;
}

/** What every mounting must do: card, send, stream, auth, and leave other routes alone. */
function behavesAsA2A(origin: () => string) {
  it('serves the card, message/send, a stream and 401, and leaves /health to the framework', async () => {
    const card = await (await fetch(`${origin()}/.well-known/agent-card.json`)).json();
    expect(card.name).toBe('Test Agent');
    const sent = await rpc(`${origin()}/a2a`, 'message/send', { message: message('reply hi') }, auth);
    expect(sent.body.result.parts[0].text).toBe('hi');
    const { res, events } = await streamAll(`${origin()}/a2a`, 'message/stream', { message: message('events 3') }, auth);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.at(-1)?.data.result).toMatchObject({ final: true, status: { state: 'completed' } });
    expect((await rpc(`${origin()}/a2a`, 'tasks/get', { id: 'x' })).status).toBe(401);
    // The HTTP+JSON binding, mounted with the rest (v0.3.0: its proto's JSON).
    const restSent = await fetch(`${origin()}/a2a/rest/v1/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ message: { messageId: 'm-rest', role: 'ROLE_USER', content: [{ text: 'reply rest' }] } }),
    });
    expect(await restSent.json()).toMatchObject({ message: { content: [{ text: 'rest' }] } });
    expect((await fetch(`${origin()}/a2a/rest/v1/tasks/x`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${origin()}/a2a/rest/v1/tasks/x`)).status).toBe(401);
    const health = await fetch(`${origin()}/health`);
    expect(await health.text()).toBe('framework ok');
    expect((await fetch(`${origin()}/.well-known/other`)).status).toBe(404);
  });
}

describe.each([
  ['Express', false],
  ['Express after express.json()', true],
])('%s: app.use(server.middleware)', (_name, parseJson) => {
  let origin = '';
  beforeAll(async () => {
    const server = await createServer();
    const app = express();
    if (parseJson) app.use(express.json());
    app.use(server.middleware);
    app.get('/health', (_req, res) => void res.send('framework ok'));
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((r) => listener.once('listening', r));
    origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    afterAll(
      () =>
        new Promise<void>((r) => {
          listener.closeAllConnections();
          listener.close(() => r());
        }),
    );
  });
  behavesAsA2A(() => origin);
});

describe('Fastify: the raw request and reply, handed over in onRequest', () => {
  let origin = '';
  beforeAll(async () => {
    const server = await createServer();
    const app = Fastify();
    app.addHook('onRequest', (request, reply, done) => {
      if (!server.handles(request.url)) return done();
      reply.hijack();
      server.handler(request.raw, reply.raw);
    });
    app.get('/health', async () => 'framework ok');
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    afterAll(() => app.close());
  });
  behavesAsA2A(() => origin);
});

describe('the Fetch handler', () => {
  it('answers like the node handler (card, send, 401)', async () => {
    const server = await createServer();
    const card = await server.fetch(new Request('http://agent.test/.well-known/agent-card.json'));
    expect((await card.json()).name).toBe('Test Agent');
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: message('reply hi') } });
    const sent = await server.fetch(new Request('http://agent.test/a2a', { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body }));
    expect((await sent.json()).result.parts[0].text).toBe('hi');
    const denied = await server.fetch(new Request('http://agent.test/a2a', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    expect(denied.status).toBe(401);
    expect(server.handles('/a2a?x=1')).toBe(true);
    expect(server.handles('/health')).toBe(false);
    expect(server.handles('/a2a/rest/v1/tasks/x')).toBe(true);
    const missing = await server.fetch(new Request('http://agent.test/a2a/rest/v1/tasks/x', { headers: auth }));
    expect([missing.status, (await missing.json()).code]).toEqual([404, -32001]);
  });

  it('holds a body to the same limits as the node handler: 413 past server.limits.bodyBytes, declared or streamed; 408 when it stops arriving', async () => {
    const server = await createServer(); // the fixture: bodyBytes 65536, requestTimeoutMs 1500
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      server.fetch(
        new Request('http://agent.test/a2a', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth, ...headers },
          body,
          duplex: 'half',
        } as RequestInit),
      );
    const errorOf = async (res: Response) => ({ status: res.status, error: (await res.json()).error });
    const streamed = (chunks: string[], end: boolean) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
          if (end) controller.close();
        },
      });

    expect(await errorOf(await post('{}', { 'content-length': '70000' }))).toMatchObject({ status: 413, error: { data: { limit: 'bodyBytes', max: 65536 } } });
    const tooBig = await errorOf(
      await post(
        streamed(
          Array.from({ length: 10 }, () => 'x'.repeat(8000)),
          true,
        ),
      ),
    );
    expect(tooBig).toMatchObject({ status: 413, error: { data: { limit: 'bodyBytes', max: 65536 } } });
    expect(tooBig.error.message).toContain('larger than 65536 bytes');
    const stalled = await errorOf(await post(streamed(['{"jsonrpc":'], false)));
    expect(stalled).toMatchObject({
      status: 408,
      error: { message: expect.stringContaining('did not arrive within 1500 ms'), data: { limit: 'requestTimeoutMs' } },
    });
    // Under the limit, in several chunks: one body, answered.
    const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'message/send', params: { message: message('reply ok') } });
    const whole = await post(streamed([body.slice(0, 10), body.slice(10, 40), body.slice(40)], true));
    expect((await whole.json()).result.parts[0].text).toBe('ok');
  });
});
