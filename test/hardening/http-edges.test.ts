// Two HTTP edges of the generated server (A2A v0.3.0, node:http via server.listen()):
// - a compressed body (Content-Encoding other than identity, really compressed with node:zlib)
//   is refused with 415 and a JSON-RPC error naming the encoding, never inflated nor executed;
// - a streaming request sent with `Connection: close` is answered `connection: close`, and its
//   socket closes right after the stream's last event (a client that sends nothing of the kind
//   keeps its keep-alive socket, which serves a next request).
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, request, textMessage } from '../helpers/hardening.js';
import { fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

describe('Content-Encoding', () => {
  let agent: RunningAgent;
  /** The texts of the messages the skill saw: what was executed. */
  const executed: string[] = [];

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v0.3.0'), {
      skills: { script: (context: { text: string }) => (executed.push(context.text), 'done') },
    });
  });

  const send = (body: Uint8Array<ArrayBuffer> | string, encoding?: string) =>
    fetch(agent.url, { method: 'POST', headers: { 'content-type': 'application/json', ...auth, ...(encoding ? { 'content-encoding': encoding } : {}) }, body });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('a %s body is refused with 415 naming the encoding, and nothing runs', async (encoding, compress) => {
    const text = `compressed ${randomUUID()}`;
    const res = await send(compress(request('message/send', { message: textMessage(text) })), encoding);
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(body.error.message).toContain(`Content-Encoding ${encoding}`);
    expect(executed).not.toContain(text);
  });

  it('a gzip bomb (1 KB that inflates past the 64 KiB body limit) gets the same 415, not 413: it is never inflated', async () => {
    const bomb = gzipSync(request('message/send', { message: textMessage('x'.repeat(1 << 20)) }));
    expect(bomb.length).toBeLessThan(4096);
    const res = await send(bomb, 'gzip');
    expect(res.status).toBe(415);
    expect((await res.json()).error.message).toContain('Content-Encoding gzip');
  });

  it('control: the same body uncompressed, or marked identity, runs', async () => {
    for (const encoding of [undefined, 'identity']) {
      const text = `plain ${randomUUID()}`;
      const res = await send(request('message/send', { message: textMessage(text) }), encoding);
      expect(res.status).toBe(200);
      expect((await res.json()).result).toBeDefined();
      expect(executed).toContain(text);
    }
  });
});

describe('Connection: close on a stream', () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v0.3.0'));
  });

  interface RawResponse {
    status: number;
    headers: Record<string, string>;
    body: string;
    /** performance.now() when the last byte of the response arrived. */
    endedAt: number;
  }

  /** A raw socket to the agent, and when it closed (nothing in this client ever closes it). */
  async function rawSocket(): Promise<{ socket: Socket; closed: Promise<number> }> {
    const { port } = new URL(agent.url);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return { socket, closed };
  }

  /** Writes one POST of `body` with `headers` and reads its response (chunked or Content-Length) off the socket. */
  function exchange(socket: Socket, body: string, headers: Record<string, string>): Promise<RawResponse> {
    const { host, pathname } = new URL(agent.url);
    const head = Object.entries({ host, 'content-type': 'application/json', ...auth, ...headers, 'content-length': String(Buffer.byteLength(body)) }).map(
      ([k, v]) => `${k}: ${v}\r\n`,
    );
    return new Promise((resolve, reject) => {
      let buffer = Buffer.alloc(0);
      const onData = (data: Buffer): void => {
        buffer = Buffer.concat([buffer, data]);
        const response = parse(buffer);
        if (!response) return;
        socket.off('data', onData).off('close', onClose);
        resolve({ ...response, endedAt: performance.now() });
      };
      const onClose = (): void => reject(new Error(`the socket closed before the response was complete: ${buffer.toString()}`));
      socket.on('data', onData).once('close', onClose);
      socket.write(`POST ${pathname} HTTP/1.1\r\n${head.join('')}\r\n${body}`);
    });
  }

  /** The response in `buffer` once it is complete, else undefined. */
  function parse(buffer: Buffer): Omit<RawResponse, 'endedAt'> | undefined {
    const headEnd = buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine, ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const status = Number(statusLine.split(' ')[1]);
    let rest = buffer.subarray(headEnd + 4);
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      return rest.length >= length ? { status, headers, body: rest.subarray(0, length).toString() } : undefined;
    }
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) return undefined;
      const size = parseInt(rest.subarray(0, lineEnd).toString(), 16);
      if (rest.length < lineEnd + 2 + size + 2) return undefined;
      if (size === 0) return { status, headers, body: Buffer.concat(chunks).toString() };
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
  }

  const events = (body: string) =>
    body
      .split('\n\n')
      .filter((block) => block.includes('data:'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data:') + 5)));
  const within = (promise: Promise<number>, ms: number) => Promise.race([promise, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), ms))]);
  const stream = (text: string) => request('message/stream', { message: textMessage(text) });

  it('a stream sent with Connection: close is answered `connection: close`, and the socket closes right after the last event', async () => {
    const { socket, closed } = await rawSocket();
    try {
      const response = await exchange(socket, stream('ticks 5'), { accept: 'text/event-stream', connection: 'close' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers.connection).toBe('close');
      // Every event came before the close: five chunks, then the final status.
      expect(events(response.body).filter((e) => e.result.kind === 'artifact-update')).toHaveLength(5);
      expect(events(response.body).at(-1).result).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
      // The server hangs up at once (keep-alive sockets idle out only after 5 s).
      expect((await within(closed, 1500)) - response.endedAt).toBeLessThan(1000);
    } finally {
      socket.destroy();
    }
  });

  it.each([
    ['v0.3 tasks/resubscribe refused before its stream starts: one SSE error event', request('tasks/resubscribe', { id: randomUUID() }), /^text\/event-stream/],
    [
      'message/stream refused before its stream starts: a plain JSON answer',
      request('message/stream', { message: { kind: 'message' } }),
      /^application\/json$/,
    ],
  ])('%s; Connection: close still closes the socket right after', async (_name, body, type) => {
    const { socket, closed } = await rawSocket();
    try {
      const response = await exchange(socket, body, { accept: 'text/event-stream', connection: 'close' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(type);
      expect(response.headers.connection).toBe('close');
      const answer = type.test('application/json') ? JSON.parse(response.body) : events(response.body).at(-1);
      expect(answer.error.code).toBe(body.includes('resubscribe') ? -32001 : -32602);
      expect((await within(closed, 1500)) - response.endedAt).toBeLessThan(1000);
    } finally {
      socket.destroy();
    }
  });

  it('control: without Connection: close the socket stays open after the stream and serves the next request', async () => {
    const { socket, closed } = await rawSocket();
    try {
      const response = await exchange(socket, stream('ticks 2'), { accept: 'text/event-stream' });
      expect(response.headers.connection).toBe('keep-alive');
      const last = events(response.body).at(-1);
      expect(last.result).toMatchObject({ final: true, status: { state: 'completed' } });
      expect(await within(closed, 500)).toBe(Infinity);
      const next = await exchange(socket, request('tasks/get', { id: last.result.taskId }), {});
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body).result).toMatchObject({ id: last.result.taskId, status: { state: 'completed' } });
    } finally {
      socket.destroy();
    }
  });
});
