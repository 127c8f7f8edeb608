// Server-Sent Events: one `data:` line per event holding a whole JSON-RPC response (JSON has
// no raw newlines, so one line always suffices), a blank line after each, comments as
// keep-alives. Writes made in the same tick leave in one packet; none waits longer.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html

/** What an adapter gives the core to write a stream into. */
export interface SseSink {
  /** Queues a chunk for the client; returns its size in bytes (UTF-8). */
  write(chunk: string): number;
  /**
   * Bytes written that the client has not taken yet: queued in the adapter, or held by the
   * socket for a client that reads slowly or not at all. 0 once the client is gone.
   */
  unsent(): number;
  end(): void;
  /** Closes the connection at once, dropping what the client has not taken (an ended stream whose client does not read it). */
  abort(): void;
  /**
   * Called once when the client goes away or the stream ends. An adapter whose queue outlives
   * the end (fetch.ts's body) calls it at the end: what `unsent()` still says is then counted
   * until it reads 0 or the stream is aborted.
   */
  onClose(callback: () => void): void;
}

/** A stream the core hands back; the adapter starts it once the headers are out. */
export interface SseSource {
  start(sink: SseSink): void;
}

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

export const sseEvent = (json: string): string => `data: ${json}\n\n`;
export const sseErrorEvent = (json: string): string => `event: error\ndata: ${json}\n\n`;

/**
 * Keep-alive comments for idle streams. One timer per interval length serves every open
 * stream (instead of one per stream); it stops when the last stream closes.
 */
class KeepAlive {
  private static readonly byInterval = new Map<number, KeepAlive>();
  private readonly writers = new Set<SseWriter>();
  private readonly timer: ReturnType<typeof setInterval>;

  private constructor(private readonly ms: number) {
    this.timer = setInterval(() => {
      const now = Date.now();
      for (const w of this.writers) if (now - w.lastWrite >= ms) w.comment('keep-alive');
    }, ms);
    (this.timer as { unref?: () => void }).unref?.();
  }

  static add(ms: number, writer: SseWriter): void {
    let group = KeepAlive.byInterval.get(ms);
    if (!group) KeepAlive.byInterval.set(ms, (group = new KeepAlive(ms)));
    group.writers.add(writer);
  }

  static remove(ms: number, writer: SseWriter): void {
    const group = KeepAlive.byInterval.get(ms);
    if (!group || !group.writers.delete(writer) || group.writers.size > 0) return;
    clearInterval(group.timer);
    KeepAlive.byInterval.delete(ms);
  }
}

/** An ended stream's client has this long to take more of what is left, at the least (0 keep-alive: 30 s)... */
const drainFloorMs = (keepAliveMs: number): number => (keepAliveMs > 0 ? 2 * keepAliveMs : 30_000);
/** ...and one second more per this many bytes still left: a client that reads slower than that is not reading. */
const DRAIN_BYTES_PER_SECOND = 64 * 1024;
/** How far behind an ended stream's client must be for the stream to be closed to make room (as a live stream is cut). */
const BEHIND_BYTES = 1024 * 1024;

/**
 * A writer over a sink. `stop()` ends the stream; it is idempotent and leaves no timer behind.
 * `maxUnsentBytes` bounds what a client that reads slowly (or not at all) makes the server hold:
 * `event()` says when more than that, plus the largest event written so far, waits for the
 * client. The room for the largest event lets one event bigger than the bound (a large artifact)
 * reach a client that reads.
 *
 * What a stream holds counts until its client has taken it or its connection closed, not only
 * until the stream ends: the end of a stream cut off for falling behind (or of any stream whose
 * client is behind) waits behind unread bytes in the adapter, and without the count a client
 * opening stream after stream and reading none could pile them up beyond every bound. Such an
 * ended stream ("draining") whose client is behind — holding more than its largest event and
 * 1 MiB, the test a live stream is cut by — is the first closed outright when the streams
 * together need room; and any is closed once its client has taken nothing more within
 * `drainFloorMs` plus a second per 64 KiB left. A client that keeps reading keeps its stream.
 */
export class SseWriter {
  /** What every stream of the process holds for its client, as each last saw it (`maxTotalBytes` bounds it). */
  private static held = 0;
  /** Ended streams whose clients have not taken all of them yet, oldest first. */
  private static readonly draining = new Set<SseWriter>();
  /**
   * Those of them whose clients were behind when they ended: the ones closed to make room. An
   * ended stream's unsent bytes only shrink, so one that was not behind never becomes so, and
   * making room looks at these alone (however many others drain).
   */
  private static readonly behind = new Set<SseWriter>();
  /** Checks the draining streams' deadlines once a second while there are any: one timer for all, none per stream. */
  private static sweeper?: ReturnType<typeof setInterval>;
  /** No more is written (stopped, or the client left). */
  private done = false;
  /** Its bytes no longer count (taken, or the connection closed). */
  private released = false;
  private largest = 0;
  private unsent = 0;
  /** While draining: when its client must have taken some of the `drainLeft` bytes left. */
  private drainBy = 0;
  private drainLeft = 0;
  /** `event()` refused because of the process-wide bound, not the stream's own. */
  overAll = false;
  /** When something was last written (keep-alives go to streams idle for a whole interval). */
  lastWrite = Date.now();

  constructor(
    private readonly sink: SseSink,
    private readonly keepAliveMs: number,
    private readonly maxUnsentBytes = Infinity,
    private readonly maxTotalBytes = Infinity,
  ) {
    if (keepAliveMs > 0) KeepAlive.add(keepAliveMs, this);
    // An ended stream whose adapter still queues bytes for its client goes on counting them.
    sink.onClose(() => (this.done && this.count() > 0 ? undefined : this.release()));
  }

  get closed(): boolean {
    return this.done;
  }

  /** Writes an event; false when the client has fallen behind past the bound (the caller ends the stream). */
  event(json: string): boolean {
    if (this.done) return true;
    this.lastWrite = Date.now();
    const bytes = this.sink.write(sseEvent(json));
    if (bytes > this.largest) this.largest = bytes;
    const unsent = this.count();
    if (unsent > this.maxUnsentBytes + this.largest) return false;
    if (SseWriter.held > this.maxTotalBytes) SseWriter.closeDraining(this.maxTotalBytes);
    // Past the process-wide bound, a stream that is behind — holding more than its largest event
    // and 1 MiB — is cut off too: many streams each under their own bound cannot add up without
    // limit, and a reader that keeps up holds next to nothing, so it is never the one cut.
    this.overAll = SseWriter.held > this.maxTotalBytes && unsent > this.largest + 1024 * 1024;
    return !this.overAll;
  }

  error(json: string): void {
    if (this.done) return;
    this.lastWrite = Date.now();
    this.sink.write(sseErrorEvent(json));
  }

  comment(text: string): void {
    if (!this.done) this.sink.write(`: ${text}\n\n`);
  }

  stop(): void {
    if (this.done) return;
    this.done = true;
    if (this.keepAliveMs > 0) KeepAlive.remove(this.keepAliveMs, this);
    this.sink.end();
    if (this.released || this.count() === 0) return this.release();
    SseWriter.draining.add(this);
    if (this.unsent > this.largest + BEHIND_BYTES) SseWriter.behind.add(this);
    this.expectProgress();
    if (!SseWriter.sweeper) {
      SseWriter.sweeper = setInterval(SseWriter.sweep, 1000);
      (SseWriter.sweeper as { unref?: () => void }).unref?.();
    }
  }

  /** The ended stream's client has until `drainBy` to take some of what is left; each time it does, it gets time again. */
  private expectProgress(): void {
    this.drainLeft = this.unsent;
    this.drainBy = Date.now() + drainFloorMs(this.keepAliveMs) + (this.unsent / DRAIN_BYTES_PER_SECOND) * 1000;
  }

  /** Closes the draining streams whose clients took nothing by their deadline. */
  private static sweep(this: void): void {
    const now = Date.now();
    for (const writer of SseWriter.draining) {
      if (now < writer.drainBy) continue;
      const left = writer.count();
      if (left === 0) writer.release();
      else if (left < writer.drainLeft) writer.expectProgress();
      else writer.close();
    }
  }

  /** What the sink holds now, counted; 0 once released. */
  private count(): number {
    if (this.released) return 0;
    const unsent = this.sink.unsent();
    SseWriter.held += unsent - this.unsent;
    return (this.unsent = unsent);
  }

  /** Ended streams whose clients are behind are closed, oldest first, until the streams together fit `maxBytes`. */
  private static closeDraining(maxBytes: number): void {
    for (const writer of SseWriter.behind) {
      if (SseWriter.held <= maxBytes) return;
      const unsent = writer.count();
      if (unsent === 0) writer.release();
      else if (unsent <= writer.largest + BEHIND_BYTES) SseWriter.behind.delete(writer);
      else if (SseWriter.held > maxBytes) writer.close();
    }
  }

  /** Closes the connection of an ended stream its client is not taking; its bytes stop counting at once. */
  private close(): void {
    this.sink.abort();
    this.release();
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    SseWriter.held -= this.unsent;
    this.unsent = 0;
    SseWriter.behind.delete(this);
    // The last one drained: no sweep is left running.
    if (SseWriter.draining.delete(this) && SseWriter.draining.size === 0) {
      clearInterval(SseWriter.sweeper);
      SseWriter.sweeper = undefined;
    }
    if (!this.done) {
      this.done = true;
      if (this.keepAliveMs > 0) KeepAlive.remove(this.keepAliveMs, this);
    }
  }
}
