// Server-Sent Events: one `data:` line per event holding a whole JSON-RPC response (JSON has
// no raw newlines, so one line always suffices), a blank line after each, comments as
// keep-alives. Writes made in the same tick leave in one packet; none waits longer.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html

/** What an adapter gives the core to write a stream into. */
export interface SseSink {
  write(chunk: string): void;
  end(): void;
  /** Called once when the client goes away or the stream ends. */
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
 * A writer over a sink with keep-alive comments while the stream is idle. `stop()` ends the
 * stream; it is idempotent and clears the timer, so closed streams hold no handle.
 */
export class SseWriter {
  private timer: ReturnType<typeof setInterval> | undefined;
  private done = false;

  constructor(private readonly sink: SseSink, keepAliveMs: number) {
    if (keepAliveMs > 0) {
      this.timer = setInterval(() => this.sink.write(': keep-alive\n\n'), keepAliveMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
    sink.onClose(() => this.clear());
  }

  get closed(): boolean {
    return this.done;
  }

  event(json: string): void {
    if (!this.done) this.sink.write(sseEvent(json));
  }

  error(json: string): void {
    if (!this.done) this.sink.write(sseErrorEvent(json));
  }

  stop(): void {
    if (this.done) return;
    this.clear();
    this.sink.end();
  }

  private clear(): void {
    this.done = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
