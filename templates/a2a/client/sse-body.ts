// A streaming answer's body read as Server-Sent Events, one network chunk at a time, each chunk's
// complete events left in `messages` for the transport to hand on. Reads race the caller's
// signal: some fetch implementations leave a read pending forever when the request is aborted
// after the body has fully arrived.
import { A2ATransportError } from './client-errors.js';
import { SseEventTooLarge, SseParser, type SseMessage } from './sse-parser.js';
import { abortPromise, transportError } from './transport-failures.js';

export class SseBody {
  /** The events read and not yet taken, oldest first. */
  readonly messages: SseMessage[] = [];
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly parser: SseParser;
  private readonly stopped: ReturnType<typeof abortPromise>;
  private ended = false;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly method: string,
    /** The connection's signal: its reason says why a read failed (the time limit, the caller). */
    private readonly connectionSignal: AbortSignal,
    private readonly callerSignal: AbortSignal | undefined,
    maxEventChars: number,
  ) {
    this.reader = body.getReader();
    this.parser = new SseParser((message) => this.messages.push(message), maxEventChars);
    this.stopped = abortPromise(callerSignal, method);
  }

  /** Reads the next chunk into `messages`; false once the body has ended (its last events are in `messages` then). */
  async read(): Promise<boolean> {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await (this.stopped ? Promise.race([this.reader.read(), this.stopped.promise]) : this.reader.read());
    } catch (err) {
      throw transportError(
        this.connectionSignal.reason instanceof A2ATransportError ? this.connectionSignal.reason : err,
        this.callerSignal,
        'the stream broke',
      );
    }
    try {
      if (chunk.done) {
        this.parser.push(this.decoder.decode());
        this.parser.end();
      } else this.parser.push(this.decoder.decode(chunk.value, { stream: true }));
    } catch (err) {
      if (err instanceof SseEventTooLarge) throw new A2ATransportError(`${this.method}: ${err.message} (option maxEventChars)`, 'protocol');
      throw err;
    }
    this.ended = chunk.done;
    return !chunk.done;
  }

  /**
   * Stops reading. Leaving early (break, an error, the signal) cancels the body; not awaited: the
   * cancel of a body whose request was aborted never settles in some fetch implementations.
   */
  close(): void {
    if (!this.ended) void this.reader.cancel().catch(() => undefined);
    this.stopped?.dispose();
  }
}
