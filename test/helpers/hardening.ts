// Shared by the hardening tests of the generated server (A2A v0.3.0 fixture).
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { TOKEN } from './server.js';

export const auth = { authorization: `Bearer ${TOKEN}` };
export const textMessage = (text: string, extra: Record<string, unknown> = {}) => ({ kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text }], ...extra });
export const request = (method: string, params: unknown): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

/** The longest event-loop stall (ms) while `work` runs. */
export async function longestStall(work: () => Promise<void>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

/** Polls `condition` every 20 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
