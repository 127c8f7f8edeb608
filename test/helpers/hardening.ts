// Shared by the hardening tests of the generated server (A2A v0.3.0 fixture).
import { TOKEN } from './server.js';

export const auth = { authorization: `Bearer ${TOKEN}` };
export { textMessage } from './http.js';
export const request = (method: string, params: unknown): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

/**
 * The longest event-loop stall (ms) while `work` runs: the largest gap between ticks of a 1 ms
 * interval, including a stall right at the start or the end. (perf_hooks' monitorEventLoopDelay
 * misses both: it records a delay only when its next tick fires.)
 */
export async function longestStall(work: () => Promise<void>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  };
  const timer = setInterval(tick, 1);
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 5));
  } finally {
    clearInterval(timer);
    tick();
  }
  return longest;
}

/**
 * The longest stall `work` causes, robust to a busy machine: the smallest of up to `attempts`
 * measurements, stopping early at one under `boundMs`. A stall the server's own code causes
 * shows in every attempt; one that another process's load causes (the machine descheduling
 * this one) rarely hits all of them. `work` must be repeatable.
 */
export async function stallUnderLoad(work: () => Promise<void>, boundMs: number, attempts = 3): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < attempts && best >= boundMs; i++) best = Math.min(best, await longestStall(work));
  return best;
}

/** Polls `condition` every 20 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
