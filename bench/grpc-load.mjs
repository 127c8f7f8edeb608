// Load over gRPC for bench/grpc.mjs: a raw node:http2 client — gRPC's framing written by hand, no
// gRPC library — on connections of its own, sending pre-encoded requests and counting answers as
// bytes, so the servers, not the client, are measured (grpc-js's own client costs more than either
// server and would be what the numbers measured).
import { connect, constants } from 'node:http2';

const { HTTP2_HEADER_METHOD, HTTP2_HEADER_PATH } = constants;

/** `n` HTTP/2 connections to `address` (host:port). */
export async function grpcClients(address, n) {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const session = connect(`http://${address}`);
          session.once('connect', () => resolve(session));
          session.once('error', reject);
        }),
    ),
  );
}

export const closeClients = (sessions) => sessions.forEach((s) => s.close());

/** A request as gRPC frames it: flag 0, big-endian length, the message. */
export function framed(message) {
  const frame = Buffer.alloc(5 + message.length);
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, 5);
  return frame;
}

/** One call: the messages of its answer (each without its 5-byte prefix); rejects on a status other than OK. */
function call(session, path, frame) {
  return new Promise((resolve, reject) => {
    // Every call names its version (spec v1.0 §10.2): the SDK refuses a call without it (no version means 0.3, §3.6.2).
    const stream = session.request({
      [HTTP2_HEADER_METHOD]: 'POST',
      [HTTP2_HEADER_PATH]: path,
      'content-type': 'application/grpc',
      te: 'trailers',
      'a2a-version': '1.0',
    });
    const chunks = [];
    let status;
    stream.on('response', (headers) => (status = headers['grpc-status']));
    stream.on('trailers', (trailers) => (status = trailers['grpc-status']));
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('error', reject);
    stream.on('close', () => {
      if (status !== '0') return reject(new Error(`${path}: grpc-status ${status}`));
      const body = Buffer.concat(chunks);
      const messages = [];
      for (let at = 0; at + 5 <= body.length;) {
        const length = body.readUInt32BE(at + 1);
        messages.push(body.subarray(at + 5, at + 5 + length));
        at += 5 + length;
      }
      resolve(messages);
    });
    stream.end(frame);
  });
}

/** One unary call: its answer's bytes. */
export const unary = async (session, path, frame) => (await call(session, path, frame))[0];

/** One server-streaming call read to its end: the bytes of each message. */
export const streamed = (session, path, frame) => call(session, path, frame);

/** Calls completed per second over `seconds`, `concurrency` at a time spread over the connections; `once(session)` makes one call. */
export async function perSecond(sessions, once, { seconds, concurrency }) {
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const session = sessions[i % sessions.length];
      while (Date.now() < until) {
        await once(session);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}
