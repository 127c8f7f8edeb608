// An incremental Server-Sent Events parser, exactly per the HTML standard's rules: input may
// be split anywhere (even inside a CRLF or a multi-byte character), lines end in CRLF, LF or
// CR, `data:` lines join with "\n", `:` lines are comments, `id:`/`retry:`/`event:` are kept.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation

export interface SseMessage {
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
  /** The last `id:` seen on this stream (persists across events, as the standard says). */
  lastEventId: string;
}

/** Thrown when one event grows past the parser's limit (a server that never ends an event). */
export class SseEventTooLarge extends Error {
  override readonly name = 'SseEventTooLarge';
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private dataChars = 0;
  private event = '';
  private lastEventId = '';
  private pendingCR = false;
  private started = false;
  /** The reconnection time the server asked for with `retry:`, in ms. */
  retry: number | undefined;

  /** `maxEventChars` bounds the memory one event may take while it arrives. */
  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    private readonly maxEventChars = Number.POSITIVE_INFINITY,
  ) {}

  /** Feeds decoded text (decode bytes with `TextDecoder#decode(chunk, { stream: true })`). */
  push(text: string): void {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    // A CR that ended the previous chunk may be the first half of a CRLF.
    if (this.pendingCR && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.pendingCR = false;
    let start = 0;
    const all = this.buffer + chunk;
    const offset = this.buffer.length;
    for (let i = offset; i < all.length; i++) {
      const c = all.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(all.slice(start, i));
      if (c === 13) {
        if (i + 1 < all.length) {
          if (all.charCodeAt(i + 1) === 10) i++;
        } else this.pendingCR = true;
      }
      start = i + 1;
    }
    this.buffer = all.slice(start);
    if (this.buffer.length + this.dataChars > this.maxEventChars) {
      this.end();
      throw new SseEventTooLarge(`an event is longer than ${this.maxEventChars} characters`);
    }
  }

  /** The stream ended: an incomplete event (no blank line after it) is discarded, per the standard. */
  end(): void {
    this.buffer = '';
    this.data = [];
    this.dataChars = 0;
    this.event = '';
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.charCodeAt(0) === 58 /* : */) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.dataChars += value.length + 1;
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\u0000')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  private dispatch(): void {
    if (this.data.length === 0) {
      this.event = '';
      this.dataChars = 0;
      return;
    }
    const message = { event: this.event || 'message', data: this.data.join('\n'), lastEventId: this.lastEventId };
    this.data = [];
    this.dataChars = 0;
    this.event = '';
    this.onMessage(message);
  }
}
