// The SSE writer's accounting of what streams hold for their clients, on sinks that hold what
// they are given until the test says the client took it: an ended stream counts until its client
// takes the rest; to make room only ended streams whose clients are behind are closed (and the
// many that are not are never looked at); a client that takes nothing by its deadline loses its
// connection, and one that keeps taking keeps it. The adapters' side is slow-readers.test.ts.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureProject } from '../helpers/server.js';

const KiB = 1024;
const MiB = 1024 * KiB;

interface FakeSink {
  write(chunk: string): number;
  unsent(): number;
  end(): void;
  abort(): void;
  onClose(callback: () => void): void;
  /** The client takes `bytes` (all it has not, by default). */
  take(bytes?: number): void;
  /** The connection closes. */
  close(): void;
  /** How often the writer asked what is unsent. */
  reads: number;
  aborted: boolean;
}

function fakeSink(): FakeSink {
  let held = 0;
  let closed = false;
  const callbacks: (() => void)[] = [];
  const close = (): void => {
    closed = true;
    for (const callback of callbacks.splice(0)) callback();
  };
  return {
    reads: 0,
    aborted: false,
    write(chunk) {
      if (closed) return 0;
      held += Buffer.byteLength(chunk);
      return Buffer.byteLength(chunk);
    },
    unsent() {
      this.reads++;
      return closed ? 0 : held;
    },
    end() {},
    abort() {
      this.aborted = true;
      close();
    },
    onClose(callback) {
      callbacks.push(callback);
    },
    take(bytes = held) {
      held -= bytes;
    },
    close,
  };
}

type Writer = { event(json: string): boolean; error(json: string): void; stop(): void; closed: boolean };
let SseWriter: new (sink: FakeSink, keepAliveMs: number, maxUnsentBytes?: number, maxTotalBytes?: number) => Writer;
beforeAll(async () => {
  ({ SseWriter } = await (await fixtureProject('full-v0.3.0')).load<any>('a2a/server/http/sse.js'));
}, 60_000);

/** Every sink a test made is closed after it: the writers' process-wide count starts from 0 again. */
const sinks: FakeSink[] = [];
const sink = (): FakeSink => {
  const made = fakeSink();
  sinks.push(made);
  return made;
};
afterEach(() => {
  for (const made of sinks.splice(0)) made.close();
  vi.useRealTimers();
});

/** An event of about `bytes` bytes. */
const event = (bytes: number): string => JSON.stringify({ x: 'x'.repeat(bytes - 20) });

/** A stream whose client read nothing, ended after `bytes` (as a cut-off stream ends: its last event written, then stopped). */
function endedUnread(bytes: number, keepAliveMs = 0, chunk = 64 * KiB): FakeSink {
  const made = sink();
  const writer = new SseWriter(made, keepAliveMs, 4 * MiB, 6 * MiB);
  for (let written = 0; written < bytes; written += chunk) writer.event(event(chunk));
  writer.error(event(200));
  writer.stop();
  return made;
}

describe('SseWriter', () => {
  it('counts an ended stream until its client takes the rest: to make room it closes one that is behind, not one that is not', async () => {
    const behind = endedUnread(4 * MiB);
    const small = endedUnread(512 * KiB);
    // A live stream whose client has stopped reading pushes the streams together past 6 MiB.
    const live = sink();
    const writer = new SseWriter(live, 0, 4 * MiB, 6 * MiB);
    let written = 0;
    while (!behind.aborted && written < 3 * MiB) {
      expect(writer.event(event(64 * KiB))).toBe(true);
      written += 64 * KiB;
    }
    // The ended stream 4 MiB behind went when 4.5 + 1.5 MiB were held; the live one goes on, and so does the one 0.5 MiB behind.
    expect(behind.aborted).toBe(true);
    expect(written).toBeGreaterThan(1 * MiB);
    expect(written).toBeLessThan(2 * MiB);
    expect(small.aborted).toBe(false);
    expect(writer.closed).toBe(false);
  });

  it('an ended stream whose client has taken all of it stops counting and is never closed', async () => {
    const taken = endedUnread(4 * MiB);
    taken.take();
    const live = sink();
    const writer = new SseWriter(live, 0, 4 * MiB, 6 * MiB);
    // Without the 4 MiB taken, 3 MiB more fit under the 6 MiB budget.
    for (let i = 0; i < 48; i++) expect(writer.event(event(64 * KiB))).toBe(true);
    expect(taken.aborted).toBe(false);
  });

  it('making room does not look at the many ended streams that are not behind', async () => {
    const many = Array.from({ length: 1000 }, () => endedUnread(128 * KiB));
    for (const made of many) made.reads = 0;
    const live = sink();
    const writer = new SseWriter(live, 0, 4 * MiB, 6 * MiB);
    // The streams together hold 125 MiB: past the budget on every event, and nothing to close.
    for (let i = 0; i < 100; i++) writer.event(event(1 * KiB));
    expect(many.reduce((n, made) => n + made.reads, 0)).toBe(0);
    expect(many.some((made) => made.aborted)).toBe(false);
  });

  it('closes an ended stream whose client takes nothing within two keep-alive intervals and a second per 64 KiB left; one whose client keeps taking stays open', async () => {
    vi.useFakeTimers();
    // 128 KiB left, a 100 ms keep-alive: 0.2 s + 2 s to take some of it.
    const idle = endedUnread(128 * KiB, 100, 16 * KiB);
    const reading = endedUnread(128 * KiB, 100, 16 * KiB);
    for (let second = 0; second < 6; second++) {
      reading.take(16 * KiB);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(idle.aborted).toBe(true);
    expect(reading.aborted).toBe(false);
    // Once its client stops taking, it goes too.
    await vi.advanceTimersByTimeAsync(5000);
    expect(reading.aborted).toBe(true);
  });
});
