// A stream a role answers with: events are pushed as the run publishes them and buffered until
// the adapter attaches its sink, then written as they come; the binding's framing says how
// each is written (JSON-RPC responses under the request's id by default).
import { protocol } from '../../protocol.js';
import { contextIdOf, createStatusUpdate, isTask, stateOf } from '../../runtime/objects.js';
import { wrapResult } from '../../runtime/result-members.js';
import { fromShape, shapeOf } from '../../runtime/shapes.js';
import type { Message, Task } from '../../types.js';
import { errorJson, successPrefix, type JsonRpcId } from '../bindings/jsonrpc-envelope.js';
import { SseWriter, type SseSink, type SseSource } from '../http/sse.js';
import type { RunListener, StreamEvent } from '../tasks/task-run.js';
import type { CallMeta, StreamFraming } from './role.js';

const streamsTasks = protocol.features.streamCarriesTask;

/** JSON-RPC's: every event is a response under the request's id (the prefix is built once per stream). */
function jsonRpcFraming(id: JsonRpcId): StreamFraming {
  const prefix = successPrefix(id);
  return {
    event: (value) => `${prefix}${value === undefined ? 'null' : JSON.stringify(value)}}`,
    error: (error) => errorJson(id, error),
  };
}

export const framingOf = (meta: CallMeta): StreamFraming => meta.framing ?? jsonRpcFraming(meta.id);

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

/** A stream whose events are buffered until the adapter attaches the sink. */
export class PendingStream implements SseSource {
  private writer: SseWriter | undefined;
  private readonly buffer: { kind: 'event' | 'error'; json: string }[] = [];
  private ended = false;
  private closeHandlers: (() => void)[] = [];

  constructor(
    private readonly keepAliveMs: number,
    private readonly framing: StreamFraming,
  ) {}

  /** The listener that writes a run's events: each framed, the final one ending the stream, a failure as an error event. */
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
    if (this.writer) this.writer.stop();
    else this.ended = true;
  }

  push(kind: 'event' | 'error', json: string, final: boolean): void {
    if (this.writer) {
      if (kind === 'event') this.writer.event(json);
      else this.writer.error(json);
      if (final) this.writer.stop();
    } else {
      this.buffer.push({ kind, json });
      if (final) this.ended = true;
    }
  }

  onClose(handler: () => void): void {
    this.closeHandlers.push(handler);
  }

  start(sink: SseSink): void {
    const writer = new SseWriter(sink, this.keepAliveMs);
    this.writer = writer;
    sink.onClose(() => {
      const handlers = this.closeHandlers;
      this.closeHandlers = [];
      for (const h of handlers) h();
    });
    for (const item of this.buffer.splice(0)) item.kind === 'event' ? writer.event(item.json) : writer.error(item.json);
    if (this.ended) writer.stop();
  }
}
