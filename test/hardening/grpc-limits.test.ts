// The gRPC server under what a hostile or broken client does — messages past the size limit,
// thousands of concurrent streams, a reader that never reads, frames and messages that are not
// what they claim — in a child process of its own, so its memory is measured alone: each gets a
// clear status, RSS stays bounded, and the server answers the next call.
import * as grpc from '@grpc/grpc-js';
import { connect as connectH2, constants } from 'node:http2';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { startChildAgent, type ChildAgent } from '../helpers/child-agent.js';
import { grpcStub, PROTOS, streamed, unary, type GrpcStub } from '../helpers/grpc-client.js';

const MANIFEST = `
spec: '1.0'
agent:
  name: Hardening Agent
  description: A gRPC agent under load.
  version: 1.0.0
  url: http://127.0.0.1:41000/a2a
  capabilities: { streaming: true }
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - { id: work, name: Work, description: Works as its text says., tags: [test] }
server:
  bindings: [jsonrpc, grpc]
  grpcPort: 0
  limits: { bodyBytes: 1048576, requestTimeoutMs: 2000 }
`;

// The skill: "wait <ms>" completes after ms; "flood <n> <kib> [<ms>]" publishes n artifacts of kib KiB
// (ms apart); anything else replies. A client that leaves abandons its task after 200 ms.
const SCRIPT = `
import { createA2AServer } from './dist/a2a/server/index.js';
const work = async (ctx, events) => {
  const [command, a, b, c] = ctx.text.split(' ');
  if (command === 'wait') {
    events.working('waiting');
    await new Promise((r) => setTimeout(r, Number(a)));
    return events.complete('waited');
  }
  if (command === 'flood') {
    const chunk = 'x'.repeat(Number(b) * 1024);
    for (let i = 0; i < Number(a) && !ctx.signal.aborted; i++) {
      events.artifact(chunk, { artifactId: 'flood', append: i > 0 });
      await new Promise((r) => (c ? setTimeout(r, Number(c)) : setImmediate(r)));
    }
    return events.complete('flooded');
  }
  return 'ok: ' + ctx.text;
};
const server = createA2AServer({ skills: { work }, logger: false, abandonGraceMs: 200, grpc: { maxBufferedBytes: 4 * 1024 * 1024 } });
const listening = await server.listen({ port: 0, host: '127.0.0.1' });
console.log(listening.grpc.address);
`;

const message = (text: string, id = Math.random().toString(36).slice(2)) => ({ message: { messageId: id, role: 'ROLE_USER', parts: [{ text }] } });
const V1 = { 'a2a-version': '1.0' };

let agent: ChildAgent;
let stub: GrpcStub;

beforeAll(async () => {
  const project = await agentProject('grpc-hardening', MANIFEST);
  agent = await startChildAgent(project, 'grpc-agent', SCRIPT, ['--max-old-space-size=256']);
  stub = grpcStub(agent.url, PROTOS.v1, 'lf.a2a.v1.A2AService');
}, 60_000);
afterAll(async () => {
  await agent?.stop();
});

async function stillAnswers(): Promise<void> {
  expect(agent.alive()).toBe(true);
  expect((await unary(stub, 'SendMessage', message('hello'), V1)).message.parts[0].text).toBe('ok: hello');
}

describe('gRPC limits', () => {
  it('messages past server.limits.bodyBytes: RESOURCE_EXHAUSTED each time, memory bounded', async () => {
    const big = message('x'.repeat(3 * 1024 * 1024));
    for (let i = 0; i < 20; i++) await expect(unary(stub, 'SendMessage', big, V1)).rejects.toMatchObject({ code: grpc.status.RESOURCE_EXHAUSTED });
    await stillAnswers();
    expect(agent.rss().peak).toBeLessThan(512);
  }, 60_000);

  it('three thousand concurrent streams over three connections: every one ends with its final event', async () => {
    const channels = [0, 1, 2].map(() => grpcStub(agent.url, PROTOS.v1, 'lf.a2a.v1.A2AService'));
    const results = await Promise.all(
      Array.from({ length: 3000 }, (_, i) => streamed(channels[i % 3], 'SendStreamingMessage', message('wait 1500'), V1, { deadline: Date.now() + 60_000 })),
    );
    const complete = results.filter((r) => !r.failure && r.messages.at(-1)?.statusUpdate?.status?.state === 'TASK_STATE_COMPLETED');
    expect(complete.length).toBe(3000);
    await stillAnswers();
    expect(agent.rss().peak).toBeLessThan(512);
  }, 120_000);

  it('a reader that never reads: its stream is reset (ENHANCE_YOUR_CALM: RESOURCE_EXHAUSTED to gRPC clients) at the buffer bound, memory bounded, and its task goes on', async () => {
    const session = connectH2(`http://${agent.url}`, { settings: { initialWindowSize: 65_535 } });
    const contextId = 'ctx-never-reads';
    try {
      // 200 × 64 KiB, 10 ms apart: the bound (4 MiB) is passed a second before the task ends.
      const request = Buffer.from(encodeSend('flood 200 64 10', 'm-flood', contextId));
      const stream = session.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: '/lf.a2a.v1.A2AService/SendStreamingMessage',
        'content-type': 'application/grpc',
        te: 'trailers',
        'a2a-version': '1.0',
      });
      stream.end(grpcFrame(request));
      stream.pause(); // never read: flow control stops the server's writes at the window
      // Its status could only come after the data it does not read: the server resets the stream instead.
      const error = await new Promise<Error>((resolve) => stream.once('error', resolve));
      expect(error.message).toMatch(/NGHTTP2_ENHANCE_YOUR_CALM/);
      expect(stream.rstCode).toBe(constants.NGHTTP2_ENHANCE_YOUR_CALM);
    } finally {
      session.destroy();
    }
    await stillAnswers();
    expect(agent.rss().peak).toBeLessThan(512);
    // The server cut the stream, the client did not leave: the task is not abandoned (canceled) but completes, as after an SSE cut-off.
    let task: Record<string, any> | undefined;
    for (let i = 0; i < 100 && !/COMPLETED|CANCELED|FAILED/.test(task?.status?.state ?? ''); i++) {
      [task] = (await unary(stub, 'ListTasks', { contextId }, V1)).tasks;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(task?.status?.state).toBe('TASK_STATE_COMPLETED');
  }, 60_000);

  it('one message larger than the buffer bound still reaches a client that reads it', async () => {
    const session = connectH2(`http://${agent.url}`);
    try {
      const stream = session.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: '/lf.a2a.v1.A2AService/SendStreamingMessage',
        'content-type': 'application/grpc',
        te: 'trailers',
        'a2a-version': '1.0',
      });
      // One artifact of 5 MiB, past the agent's 4 MiB bound, in one message.
      stream.end(grpcFrame(encodeSend('flood 1 5120')));
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      const status = await new Promise<string | undefined>((resolve) => {
        stream.on('response', (h) => h['grpc-status'] !== undefined && resolve(`${h['grpc-status']} ${h['grpc-message']}`));
        stream.on('trailers', (t) => resolve(t['grpc-status'] as string | undefined));
        stream.on('error', (e) => resolve(String(e)));
      });
      expect(status).toBe(String(grpc.status.OK));
      expect(bytes).toBeGreaterThan(5 * 1024 * 1024);
    } finally {
      session.destroy();
    }
  }, 60_000);

  it('frames and messages that are not what they claim: a status each, and the server lives', async () => {
    const session = connectH2(`http://${agent.url}`);
    const call = (body: Buffer, headers: Record<string, string> = {}) =>
      new Promise<string | undefined>((resolve) => {
        const stream = session.request({
          [constants.HTTP2_HEADER_METHOD]: 'POST',
          [constants.HTTP2_HEADER_PATH]: '/lf.a2a.v1.A2AService/SendMessage',
          'content-type': 'application/grpc',
          te: 'trailers',
          ...headers,
        });
        let status: string | undefined;
        stream.on('response', (h) => (status ??= h['grpc-status'] as string | undefined));
        stream.on('trailers', (t) => (status = t['grpc-status'] as string | undefined));
        stream.on('close', () => resolve(status));
        stream.on('error', () => resolve(status));
        stream.resume();
        stream.end(body);
      });
    try {
      // Not a protobuf message at all.
      expect(await call(grpcFrame(Buffer.from([0xff, 0xff, 0xff, 0xff])))).toBe(String(grpc.status.INVALID_ARGUMENT));
      // A string field that is not UTF-8.
      expect(await call(grpcFrame(Buffer.from([0x0a, 0x05, 0x12, 0x03, 0xc3, 0x28, 0x41])))).toBe(String(grpc.status.INVALID_ARGUMENT));
      // A frame whose length says more than was sent.
      expect(await call(Buffer.from([0, 0, 0, 0, 100, 1, 2, 3]))).not.toBe(String(grpc.status.OK));
      // A compressed frame with no compression named.
      expect(await call(Buffer.from([1, 0, 0, 0, 1, 0]))).not.toBe(String(grpc.status.OK));
    } finally {
      session.destroy();
    }
    // Bytes that are not HTTP/2 at all.
    await new Promise<void>((resolve) => {
      const [host, port] = agent.url.split(':');
      const socket = connect(Number(port), host, () => socket.end(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n\u0000\u0001garbage')));
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
      socket.resume();
    });
    await stillAnswers();
  }, 60_000);
});

describe('requests that arrive slowly, too long, never, or late', () => {
  type Sent = { httpStatus?: number; grpcStatus?: string; ms: number };
  /** One raw call: `write` sends its request however it likes, then the call is read to its end. */
  function rawCall(write: (stream: ReturnType<ReturnType<typeof connectH2>['request']>) => void, headers: Record<string, string> = {}): Promise<Sent> {
    const session = connectH2(`http://${agent.url}`);
    const started = Date.now();
    return new Promise<Sent>((resolve) => {
      const stream = session.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: '/lf.a2a.v1.A2AService/SendMessage',
        'content-type': 'application/grpc',
        te: 'trailers',
        ...V1,
        ...headers,
      });
      const out: Sent = { ms: 0 };
      stream.on('response', (h) => {
        out.httpStatus = Number(h[':status']);
        out.grpcStatus ??= h['grpc-status'] as string | undefined;
      });
      stream.on('trailers', (t) => (out.grpcStatus = t['grpc-status'] as string | undefined));
      const done = () => {
        out.ms = Date.now() - started;
        session.destroy();
        resolve(out);
      };
      stream.on('close', done);
      stream.on('error', done);
      stream.resume();
      write(stream);
    });
  }

  it('a request sent a byte per frame costs no more than one sent at once (joined once, not again per frame)', async () => {
    const body = grpcFrame(encodeSend('x'.repeat(60_000)));
    const sent = await rawCall((stream) => {
      // One byte per turn of the event loop: each its own DATA frame.
      let i = 0;
      const next = (): void => {
        if (i < body.length) {
          stream.write(body.subarray(i, ++i));
          setImmediate(next);
        } else stream.end();
      };
      next();
    });
    expect(sent.grpcStatus).toBe(String(grpc.status.OK));
    // Joining all received chunks again on every frame took 28 s for this request.
    expect(sent.ms).toBeLessThan(10_000);
    await stillAnswers();
  }, 60_000);

  it('a body longer than its prefix says: INTERNAL at once, before the client ends it, nothing of the rest kept', async () => {
    // The client never ends its side: the status must come from the overrun itself.
    const sent = await rawCall((stream) => {
      stream.write(Buffer.from([0, 0, 0, 0, 10]));
      for (let i = 0; i < 64; i++) stream.write(Buffer.alloc(16 * 1024, 1));
    });
    expect(sent.grpcStatus).toBe(String(grpc.status.INTERNAL));
    await stillAnswers();
  });

  it('a request that never ends: DEADLINE_EXCEEDED after server.limits.requestTimeoutMs', async () => {
    const sent = await rawCall((stream) => stream.write(Buffer.from([0, 0, 0, 0, 10, 1])));
    expect([sent.grpcStatus, sent.ms >= 1900, sent.ms < 10_000]).toEqual([String(grpc.status.DEADLINE_EXCEEDED), true, true]);
  }, 20_000);

  it('a deadline past what a timer holds is no deadline, not one already passed', async () => {
    const sent = await rawCall((stream) => stream.end(grpcFrame(encodeSend('wait 100'))), { 'grpc-timeout': '99999999H' });
    expect(sent.grpcStatus).toBe(String(grpc.status.OK));
  });

  it('a request whose deadline passes before it has arrived is not served', async () => {
    const id = `late-${Math.random().toString(36).slice(2)}`;
    // Sent after the deadline, but before the server closes the stream (100 ms after the status).
    const sent = await rawCall((stream) => setTimeout(() => stream.writable && stream.end(grpcFrame(encodeSend('wait 10', id))), 110), {
      'grpc-timeout': '50m',
    });
    expect(sent.grpcStatus).toBe(String(grpc.status.DEADLINE_EXCEEDED));
    await new Promise((r) => setTimeout(r, 300));
    const { tasks } = await unary(stub, 'ListTasks', {}, V1);
    expect((tasks ?? []).flatMap((t: any) => t.history ?? []).map((m: any) => m.messageId)).not.toContain(id);
  });

  it("gRPC-Web's and JSON's framings are not gRPC: 415", async () => {
    for (const type of ['application/grpc-web', 'application/grpc-web+proto', 'application/grpc+json'])
      expect((await rawCall((stream) => stream.end(grpcFrame(encodeSend('x'))), { 'content-type': type })).httpStatus).toBe(415);
    expect((await rawCall((stream) => stream.end(grpcFrame(encodeSend('x'))), { 'content-type': 'application/grpc+proto' })).grpcStatus).toBe('0');
  });
});

/** A SendMessageRequest whose message is `text`, encoded by hand (field numbers of a2a.proto v1.0). */
function encodeSend(text: string, messageId = 'm-flood', contextId?: string): Uint8Array {
  const str = (field: number, s: string) => {
    const b = Buffer.from(s);
    return Buffer.concat([Buffer.from([(field << 3) | 2]), varint(b.length), b]);
  };
  const part = str(1, text); // Part.text = 1
  const context = contextId === undefined ? Buffer.alloc(0) : str(2, contextId); // Message.context_id = 2
  const msg = Buffer.concat([
    str(1, messageId),
    context,
    Buffer.from([(4 << 3) | 0, 1]),
    Buffer.concat([Buffer.from([(5 << 3) | 2]), varint(part.length), part]),
  ]);
  return Buffer.concat([Buffer.from([(2 << 3) | 2]), varint(msg.length), msg]); // SendMessageRequest.message = 2
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return Buffer.from(out);
}

/** One gRPC length-prefixed message: flag 0, big-endian length, bytes. */
function grpcFrame(bytes: Uint8Array): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([head, bytes]);
}
