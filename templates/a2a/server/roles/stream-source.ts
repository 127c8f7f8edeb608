// A stream a role answers with: events are pushed as the run publishes them and buffered until
// the adapter attaches its sink, then written as they come; the binding's framing says how
// each is written (JSON-RPC responses under the request's id by default).
import { errorFor, type JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { contextIdOf, createStatusUpdate, isTask, stateOf } from '../../runtime/objects.js';
import { wrapResult } from '../../runtime/result-members.js';
import { fromShape, shapeOf } from '../../runtime/shapes.js';
import type { Message, Task } from '../../types.js';
import { errorJson, successPrefix, type JsonRpcId } from '../bindings/jsonrpc-envelope.js';
import { SseWriter, type SseSink } from '../http/sse.js';
import type { RunListener, StreamEvent } from '../tasks/task-run.js';
import type { CallMeta, DispatchConfig, EventStream, StreamFraming, StreamOutput } from './role.js';

const streamsTasks = protocol.features.streamCarriesTask;

/** JSON-RPC's: every event is a response under the request's id (the prefix is built once per stream). */
function jsonRpcFraming(id: JsonRpcId): StreamFraming {
  const prefix = successPrefix(id);
  return {
    event: (value) => `${prefix}${value === undefined ? 'null' : JSON.stringify(value)}}`,
    error: (error) => errorJson(id, error),
  };
}

export const framingOf = (meta: CallMeta): StreamFraming<unknown> => meta.framing ?? jsonRpcFraming(meta.id);

/**
 * An event as the stream carries it: wrapped in its StreamResponse member (v1.0); v0.1.0
 * streams carry only update events, so there a Task becomes a status update with its status.
 */
export function toStreamEvent(event: StreamEvent): unknown {
  if (streamsTasks || !isTask(event)) return wrapResult(event);
  const task = event as Task;
  const { message, timestamp } = shapeOf(task).status;
  return createStatusUpdate(task.id, contextIdOf(task), { state: stateOf(task), message: message && fromShape<Message>(message), timestamp }, false);
}

/** The last event of a stream whose client fell behind: the task goes on, and can be read or followed again. */
function fellBehindError(maxBytes: number, all: boolean): JsonRpcError {
  const what = all
    ? `the server's streams together held more than ${maxBytes} bytes of events for their clients (limit limits.memoryBytes) and this one was behind`
    : `more than ${maxBytes} bytes of events (limit limits.streamBufferedBytes) waited for it`;
  return errorFor(
    'internal',
    `this stream was ended because its client read too slowly: ${what}. The task goes on: read it with tasks/get (GetTask), or subscribe to it again`,
    { limit: all ? 'memoryBytes' : 'streamBufferedBytes', max: maxBytes },
  );
}

type Item = { kind: 'event' | 'error'; frame: unknown };

/** SSE carries text: a framing that made something else (none does) is written as JSON. */
const sseText = (frame: unknown): string => (typeof frame === 'string' ? frame : JSON.stringify(frame));

/**
 * A stream whose events are buffered until the binding attaches its output. Each is framed as
 * it is pushed (the task it shows may change right after), and written as framed.
 */
export class PendingStream implements EventStream {
  private output: StreamOutput | undefined;
  private readonly buffer: Item[] = [];
  private ended = false;
  private closeHandlers: (() => void)[] = [];
  /**
   * Cut off because its client fell behind (SSE: see start()). Its task goes on regardless — a
   * slow client did not ask to stop it — so the role's close handler does not count this as the
   * client leaving (no abandonment): the outcome is read with tasks/get or a new subscription.
   */
  fellBehind = false;

  constructor(
    private readonly settings: Pick<DispatchConfig, 'keepAliveMs' | 'streamBufferedBytes' | 'streamsBufferedBytes'>,
    private readonly framing: StreamFraming<unknown>,
  ) {}

  /** The listener that writes a run's events: each framed, the final one ending the stream, a failure as an error. */
  readonly listener: RunListener = (event, final, error) => {
    if (error !== undefined || event === undefined) this.push('error', this.framing.error(error), true);
    else this.publish(event, final);
  };

  /** Writes one event of a task; `final` ends the stream after it. */
  publish(event: StreamEvent, final: boolean): void {
    this.push('event', this.framing.event(toStreamEvent(event)), final);
  }

  /** Writes a value as an event of its own (a custom method's items). */
  value(value: unknown): void {
    this.push('event', this.framing.event(value), false);
  }

  /** Ends the stream with a failure. */
  fail(error: unknown): void {
    this.push('error', this.framing.error(error), true);
  }

  /** Ends the stream after what was pushed so far. */
  end(): void {
    if (this.output) this.output.end();
    else this.ended = true;
  }

  private push(kind: Item['kind'], frame: unknown, final: boolean): void {
    const output = this.output;
    if (output) {
      if (kind === 'event') output.event(frame);
      else output.error(frame);
      if (final) output.end();
    } else {
      this.buffer.push({ kind, frame });
      if (final) this.ended = true;
    }
  }

  onClose(handler: () => void): void {
    this.closeHandlers.push(handler);
  }

  /**
   * SSE: each frame a `data` line (an error an `event: error`), keep-alives while idle. A client
   * that lets more than `streamBufferedBytes` (plus the largest event) wait is cut off: the
   * events are paced by the executor, which does not wait for any one stream (a task may have
   * several, and push), so the alternative is holding all it publishes. Its last event says why,
   * in the stream's framing; it waits behind what the client has not read, and the stream
   * holds nothing more.
   */
  start(sink: SseSink): void {
    const { keepAliveMs, streamBufferedBytes, streamsBufferedBytes } = this.settings;
    const writer = new SseWriter(sink, keepAliveMs, streamBufferedBytes, streamsBufferedBytes);
    sink.onClose(this.closed);
    this.flushInto({
      event: (frame) => {
        if (!writer.event(sseText(frame))) this.cutOff(writer, writer.overAll ? streamsBufferedBytes! : streamBufferedBytes, writer.overAll);
      },
      error: (frame) => writer.error(sseText(frame)),
      end: () => writer.stop(),
    });
  }

  private cutOff(writer: SseWriter, maxBytes: number, all: boolean): void {
    if (writer.closed) return;
    this.fellBehind = true;
    writer.error(sseText(this.framing.error(fellBehindError(maxBytes, all))));
    writer.stop();
    this.closed();
  }

  attach(output: StreamOutput): (fellBehind?: boolean) => void {
    this.flushInto(output);
    return (fellBehind) => {
      if (fellBehind) this.fellBehind = true;
      this.closed();
    };
  }

  private flushInto(output: StreamOutput): void {
    this.output = output;
    for (const item of this.buffer.splice(0)) item.kind === 'event' ? output.event(item.frame) : output.error(item.frame);
    if (this.ended) output.end();
  }

  private readonly closed = (): void => {
    const handlers = this.closeHandlers;
    this.closeHandlers = [];
    for (const h of handlers) h();
  };
}
