// A stream a role answers with: events are pushed as the run publishes them and buffered until
// the adapter attaches its sink, then written as they come; the binding's framing says how
// each is written (JSON-RPC responses under the request's id by default).
import { protocol } from '../../protocol.js';
import { contextIdOf, createStatusUpdate, isTask, stateOf } from '../../runtime/objects.js';
import { wrapResult } from '../../runtime/result-members.js';
import { fromShape, shapeOf } from '../../runtime/shapes.js';
import type { Message, Task } from '../../types.js';
import { errorJson, successPrefix, type JsonRpcId } from '../bindings/jsonrpc-envelope.js';
import { SseWriter, type SseSink } from '../http/sse.js';
import type { RunListener, StreamEvent } from '../tasks/task-run.js';
import type { CallMeta, EventStream, StreamFraming, StreamOutput } from './role.js';

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

  constructor(
    private readonly keepAliveMs: number,
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

  /** SSE: each frame a `data` line (an error an `event: error`), keep-alives while idle. */
  start(sink: SseSink): void {
    const writer = new SseWriter(sink, this.keepAliveMs);
    sink.onClose(this.closed);
    this.flushInto({ event: (frame) => writer.event(sseText(frame)), error: (frame) => writer.error(sseText(frame)), end: () => writer.stop() });
  }

  attach(output: StreamOutput): () => void {
    this.flushInto(output);
    return this.closed;
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
