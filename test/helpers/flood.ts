// Floods of big JSON-RPC messages against an agent in a child process (memory-budget.test.ts,
// push-budget.test.ts): each POST on a connection of its own, answers counted by error code.
import { request as httpRequest } from 'node:http';
import { auth, textMessage } from './hardening.js';

/** POSTs on a connection of its own (no keep-alive: an idle socket closed by the server between two requests of a slow run is not the server failing). */
export function postFresh(url: string, body: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...auth } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          // A non-JSON answer (Node's own 408 has no body) fails the test with what came back,
          // rather than throwing in this callback and leaving the flood waiting forever.
          const text = Buffer.concat(chunks).toString();
          try {
            resolve(JSON.parse(text));
          } catch {
            reject(new Error(`HTTP ${res.statusCode} with a body that is not JSON: ${JSON.stringify(text.slice(0, 200))}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export type FloodOutcomes = Map<number, { n: number; message?: string; data?: unknown }>;

/**
 * Sends `count` v0.3 message/send requests of `chars` characters, `concurrency` at a time, with
 * the `configuration` that `configure(i)` gives the i-th (default: non-blocking); counts the
 * answers by error code (0: success).
 */
export async function flood(
  url: string,
  count: number,
  chars: number,
  concurrency: number,
  configure: (i: number) => Record<string, unknown> = () => ({ blocking: false }),
): Promise<FloodOutcomes> {
  const text = 'x'.repeat(chars);
  const outcomes: FloodOutcomes = new Map();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      const params = { message: textMessage(text), configuration: configure(next) };
      const body = await postFresh(url, JSON.stringify({ jsonrpc: '2.0', id: next, method: 'message/send', params }));
      const code = body.error?.code ?? 0;
      const entry = outcomes.get(code) ?? { n: 0, message: body.error?.message, data: body.error?.data };
      entry.n++;
      outcomes.set(code, entry);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

/** Outcomes as `{ code: count }`, for a log line. */
export const countsOf = (outcomes: FloodOutcomes): Record<number, number> => Object.fromEntries([...outcomes].map(([code, o]) => [code, o.n]));
