// One execution of the executor for one incoming message. It is the `events` object the
// executor publishes through: each event is applied to the task, saved, sent to every
// listener (streams, a waiting blocking send) and to push webhooks, in order.
import {
  artifactEventParts,
  createArtifactUpdate,
  createMessage,
  createStatusUpdate,
  dataPart,
  endsInteraction,
  isArtifactUpdate,
  isMessage,
  isStatusUpdate,
  isTask,
  isTerminalState,
  newId,
  toParts,
  type ArtifactInput,
  type ChunkFlags,
  type Loose,
  type MessageContent,
} from '../runtime/objects.js';
import type { Message, Task, TaskArtifactUpdateEvent, TaskState, TaskStatusUpdateEvent } from '../types.js';
import type { ExecutionEvents, RequestContext } from './executor.js';
import type { SpanHandle } from './observability.js';
import { ownerOf, setOwner } from './task-owner.js';
import { budgetError, sizeOf } from './task-size.js';

export type StreamEvent = Message | Task | TaskStatusUpdateEvent | TaskArtifactUpdateEvent;

/**
 * Receives every event of a run; `final` marks the last one of the interaction. When the
 * executor fails before any task exists, the listener gets the error instead (event undefined).
 */
export type RunListener = (event: StreamEvent | undefined, final: boolean, error?: unknown) => void;

/** What a run needs from the task manager. */
export interface RunHost {
  /**
   * Saves the task; `bytes` is its size as task-size.ts counts it. `event` is what changed it and
   * `final` whether that ended the interaction (a shared store replays them to other replicas).
   */
  save(task: Task, bytes: number, event?: StreamEvent, final?: boolean): void;
  /** Sends the task to the push webhooks configured for it. */
  notify(task: Task): void;
  /** The run's new task exists now: find the run by its id from here on. */
  register(run: TaskRun): void;
  /** The run has ended and no one listens: forget it. */
  release(run: TaskRun): void;
  /** True when push webhooks will carry the outcome to a client that is not listening. */
  hasPushConfig(taskId: string): boolean;
  maxHistory: number;
  /** Most bytes one task may hold (server.limits.taskBytes). */
  maxTaskBytes: number;
  /** Makes room for `bytes` more task data in the process-wide budget; throws, naming the limit, when it is full. */
  reserve(bytes: number, what: string): void;
  /** How long work with no listener left goes on, waiting for a resubscribe, before it is canceled. */
  abandonGraceMs: number;
  log(level: 'warn' | 'error', message: string, error?: unknown): void;
}

export class TaskRun implements ExecutionEvents {
  /** The stored task, once it exists. */
  task: Task | undefined;
  /** A direct reply (v0.2+: a Message instead of a task). */
  directReply: Message | undefined;
  /** An error to answer with instead of a result (the executor threw before any task event). */
  error: unknown;
  final = false;
  /** The context the executor was started with (tasks/cancel hands it to the executor's cancel()). */
  context: RequestContext | undefined;
  private settled = false;
  private readonly listeners = new Set<RunListener>();
  private hadListener = false;
  private controller: AbortController | undefined;
  private artifactCount = 0;
  private abandonTimer: ReturnType<typeof setTimeout> | undefined;
  /** The task's size in task-size.ts units, kept current as events change it. */
  private bytes = 0;
  /** Set once the server itself ends the task (failure, cancel): those events are never refused for their size. */
  private forced = false;
  /** The owner key stamped on the task this run creates (see task-owner.ts). */
  owner: string | undefined;
  /** The execution's span, when tracing is on: ended once the interaction and the executor are done. */
  span: SpanHandle | undefined;

  constructor(
    private readonly host: RunHost,
    /** The task's id; for a new task, made on first use (a direct reply never needs one). */
    private id: string | undefined,
    readonly contextId: string | undefined,
    /** Builds the task this run creates on its first task event (a new task); built only then. */
    private pending: ((taskId: string) => Task) | undefined,
    existing: Task | undefined,
    /** Whether a Message may answer instead of a task (v0.2+, before any task event). */
    private readonly directReplies: boolean,
    /** The existing task's size (task-size.ts units), as the manager measured it. */
    bytes: number,
  ) {
    this.task = existing;
    this.bytes = bytes;
  }

  get taskId(): string {
    return (this.id ??= newId());
  }

  /** Aborted on cancel, or when the last listener leaves; created on first use. */
  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  // ——— listeners ———

  listen(listener: RunListener): void {
    this.listeners.add(listener);
    this.hadListener = true;
    // A client came back (tasks/resubscribe) in time: the work goes on.
    clearTimeout(this.abandonTimer);
    this.abandonTimer = undefined;
  }

  /**
   * Removes a listener. When it was the last one and no push webhook will report the outcome,
   * the work is abandoned after the grace period — unless someone resubscribes meanwhile.
   */
  removeListener(listener: RunListener): void {
    const removed = this.listeners.delete(listener);
    if (removed && this.listeners.size === 0 && !this.final && this.hadListener && !this.host.hasPushConfig(this.taskId)) this.scheduleAbandon();
    this.maybeRelease();
  }

  private scheduleAbandon(): void {
    const abandon = (): void => {
      this.abandonTimer = undefined;
      if (this.final || this.listeners.size > 0) return;
      this.controller?.abort(new Error('every client listening to this task disconnected'));
      this.end('canceled' as TaskState, 'Canceled: every client listening to this task disconnected.');
    };
    if (this.host.abandonGraceMs <= 0) return abandon();
    clearTimeout(this.abandonTimer);
    this.abandonTimer = setTimeout(abandon, this.host.abandonGraceMs);
    (this.abandonTimer as { unref?: () => void }).unref?.();
  }

  // ——— ExecutionEvents ———

  reply(content: MessageContent): void {
    if (!this.task && this.directReplies) {
      // A direct reply belongs to the context only: no task is created.
      this.publish(createMessage('agent', content, { contextId: this.contextId }));
    } else this.status('completed' as TaskState, content);
  }

  status(state: TaskState, message?: MessageContent, options: { final?: boolean; metadata?: Record<string, unknown> } = {}): void {
    const msg = message === undefined ? undefined : createMessage('agent', message, { taskId: this.taskId, contextId: this.contextId });
    const final = options.final ?? endsInteraction(state);
    this.publish(createStatusUpdate(this.taskId, this.contextId, { state, message: msg }, final, options.metadata));
  }

  /** The server ends the task (failure, cancel, abandon): never refused by a budget, never throws. */
  end(state: TaskState, message?: MessageContent): void {
    this.forced = true;
    try {
      this.status(state, message);
    } catch (err) {
      this.host.log('error', `a2a: task ${this.taskId} could not be ended as ${state}`, err);
    }
  }

  working(message?: MessageContent): void {
    this.status('working' as TaskState, message, { final: false });
  }
  complete(message?: MessageContent): void {
    this.status('completed' as TaskState, message);
  }
  fail(message?: MessageContent): void {
    this.status('failed' as TaskState, message);
  }
  reject(message?: MessageContent): void {
    this.status('rejected' as TaskState, message);
  }
  inputRequired(message: MessageContent): void {
    this.status('input-required' as TaskState, message);
  }
  authRequired(message: MessageContent): void {
    this.status('auth-required' as TaskState, message);
  }

  artifact(content: MessageContent | ArtifactInput, flags: ChunkFlags & { artifactId?: string; name?: string } = {}): string {
    const input: ArtifactInput =
      typeof content === 'object' && content !== null && !Array.isArray(content) && 'parts' in content && !isMessage(content)
        ? (content as ArtifactInput)
        : { parts: toParts(content as MessageContent) };
    // Field by field, not { ...input, … }: that form leaves V8's fast path (µs per chunk on Node 20).
    const event = createArtifactUpdate(
      this.taskId,
      this.contextId,
      {
        parts: input.parts,
        artifactId: input.artifactId ?? flags.artifactId,
        name: input.name ?? flags.name,
        description: input.description,
        metadata: input.metadata,
        index: input.index ?? (flags.append ? Math.max(0, this.artifactCount - 1) : this.artifactCount),
      },
      flags,
    );
    this.publish(event);
    return artifactEventParts(event).key;
  }

  data(value: unknown, options: { name?: string; artifactId?: string } = {}): string {
    return this.artifact({ parts: [dataPart(value)], name: options.name, artifactId: options.artifactId });
  }

  publish(event: StreamEvent): void {
    if (this.final) {
      this.host.log('warn', `a2a: task ${this.taskId}: an event published after the interaction ended was ignored`);
      return;
    }
    if (isMessage(event)) this.onMessage(event);
    else if (isStatusUpdate(event)) this.onStatus(event);
    else if (isArtifactUpdate(event)) this.onArtifact(event);
    else if (isTask(event)) this.onTask(event);
    else throw new TypeError('publish() takes a Message, Task, TaskStatusUpdateEvent or TaskArtifactUpdateEvent');
  }

  // ——— applying events ———

  private onMessage(message: Message): void {
    if (!this.task && this.directReplies) {
      this.directReply = message;
      this.emit(message, true);
      this.finish();
      return;
    }
    const task = this.materialize();
    this.grow(sizeOf(message), 'an agent message');
    this.appendHistory(task, message);
    this.save(task, message);
    this.emit(message, false);
  }

  private onStatus(event: TaskStatusUpdateEvent): void {
    const task = this.materialize();
    const status = (event as unknown as { status: Loose }).status;
    if (status.message) this.grow(sizeOf(status.message), 'a status message');
    (task as unknown as Loose).status = status;
    if (status.message) this.appendHistory(task, status.message as Message);
    const final = (event as unknown as Loose).final === true || isTerminalState(String(status.state));
    this.save(task, event, final);
    this.emit(event, final);
    this.host.notify(task);
    if (final) this.finish();
  }

  private onArtifact(event: TaskArtifactUpdateEvent): void {
    const task = this.materialize();
    const { artifact, key, append } = artifactEventParts(event);
    const t = task as unknown as { artifacts?: Loose[] };
    const artifacts = (t.artifacts ??= []);
    const at = artifacts.findIndex((a) => String(a.artifactId ?? a.index ?? 0) === key);
    const parts = ((artifact as unknown as Loose).parts as unknown[] | undefined) ?? [];
    if (at >= 0 && append) {
      this.grow(sizeOf(parts), 'an artifact chunk');
      // In place: a stream of n chunks costs O(n), not O(n²) copies of the parts so far.
      const stored = artifacts[at];
      if (Array.isArray(stored.parts)) for (const part of parts) (stored.parts as unknown[]).push(part);
      else stored.parts = [...parts];
    } else {
      const stored: Loose = storedArtifact(artifact as unknown as Loose, parts);
      const size = sizeOf(stored);
      this.grow(at < 0 ? size : size - sizeOf(artifacts[at]), 'an artifact');
      if (at < 0) {
        artifacts.push(stored);
        this.artifactCount++;
      } else artifacts[at] = stored;
    }
    this.save(task, event);
    this.emit(event, false);
    this.host.notify(task);
  }

  private onTask(task: Task): void {
    if (task.id !== this.taskId) throw new TypeError(`publish(): a Task for id ${task.id} in the execution of task ${this.taskId}`);
    const size = sizeOf(task);
    this.grow(size - this.bytes, 'the task');
    this.pending = undefined;
    // A Task the executor builds itself (often from its clone of context.task) keeps the owner.
    setOwner(task, this.owner ?? (this.task && ownerOf(this.task)));
    this.task = task;
    const state = String((task as unknown as { status?: { state?: string } }).status?.state);
    const final = isTerminalState(state);
    this.save(task, task, final);
    this.emit(task, final);
    this.host.notify(task);
    if (final) this.finish();
  }

  /** Turns the pending task into a stored one; streams see the Task before its first update. */
  private materialize(): Task {
    if (this.task) return this.task;
    const build = this.pending;
    if (!build) throw new Error(`a2a: task ${this.taskId} has nothing to update`);
    this.pending = undefined;
    const task = build(this.taskId);
    setOwner(task, this.owner);
    this.bytes = sizeOf(task);
    this.host.register(this);
    this.task = task;
    this.save(task, task);
    this.emit(task, false);
    return task;
  }

  private save(task: Task, event: StreamEvent, final = false): void {
    this.host.save(task, this.bytes, event, final);
  }

  /**
   * Accounts for `delta` more bytes in the task before the event that adds them is applied:
   * an event that would pass the task's or the process's budget is refused (publish() throws,
   * naming the limit) and the task stays as it was.
   */
  private grow(delta: number, what: string): void {
    if (delta > 0 && !this.forced) {
      if (this.bytes + delta > this.host.maxTaskBytes)
        throw budgetError('taskBytes', this.host.maxTaskBytes, `task ${this.taskId} would hold ${this.bytes + delta} bytes with ${what}`);
      this.host.reserve(delta, `${what} for task ${this.taskId}`);
    }
    this.bytes += delta;
  }

  /** Creates the task now (non-blocking sends answer with it before the executor acts). */
  materializeNow(): Task {
    return this.materialize();
  }

  private appendHistory(task: Task, message: Message): void {
    const t = task as unknown as { history?: Message[] };
    const history = (t.history ??= []);
    history.push(message);
    if (history.length > this.host.maxHistory) {
      for (const dropped of history.splice(0, history.length - this.host.maxHistory)) this.bytes -= sizeOf(dropped);
    }
  }

  private emit(event: StreamEvent | undefined, final: boolean, error?: unknown): void {
    for (const listener of this.listeners) {
      try {
        listener(event, final, error);
      } catch (err) {
        this.host.log('error', 'a2a: a stream listener threw', err);
      }
    }
  }

  private finish(): void {
    this.final = true;
    clearTimeout(this.abandonTimer);
    this.abandonTimer = undefined;
    this.maybeRelease();
  }

  // ——— the executor's lifetime ———

  /** The executor resolved: an unfinished interaction is completed. */
  settle(): void {
    this.settled = true;
    if (!this.final) this.complete();
    this.maybeRelease();
  }

  /** The executor threw: before any task event the error answers the request; after, the task fails. */
  settleWithError(error: unknown, describe: (error: unknown) => { message: string; expected: boolean }): void {
    this.settled = true;
    if (!this.final) {
      const { message, expected } = describe(error);
      if (!expected) this.host.log('error', `a2a: the executor failed on task ${this.taskId}`, error);
      if (!this.task && expected) {
        this.error = error;
        this.emit(undefined, true, error);
        this.finish();
      } else this.end('failed' as TaskState, message);
    }
    this.maybeRelease();
  }

  /** tasks/cancel: abort the signal; the executor's cancel() may publish first, then the task is canceled. */
  abort(reason: string): void {
    this.controller?.abort(new Error(reason));
  }

  get isSettled(): boolean {
    return this.settled;
  }

  /**
   * Forgets the run once the interaction is over, the executor has returned and no listener
   * remains. An executor that ignores its signal keeps the run registered until it returns, so
   * a new message for the task is refused meanwhile instead of racing it.
   */
  private maybeRelease(): void {
    if (!this.final || !this.settled) return;
    if (this.span) {
      const state = (this.task as unknown as { status?: { state?: string } } | undefined)?.status?.state;
      this.span.set({ 'a2a.task.id': this.task?.id, 'a2a.task.state': state ?? (this.directReply ? 'direct-reply' : undefined) });
      if (this.error !== undefined) this.span.fail(this.error);
      this.span.end();
      this.span = undefined;
    }
    if (this.listeners.size === 0) this.host.release(this);
  }
}

/** The artifact as the task keeps it: the event's, without the chunk flags, with parts of its own. */
function storedArtifact(artifact: Loose, parts: unknown[]): Loose {
  // A plain spread (a fast clone, and safe for a `__proto__` key); delete only where the
  // version keeps the flags on the artifact (v0.1.0), as delete slows the object down.
  const stored: Loose = { ...artifact };
  stored.parts = parts.slice();
  if ('append' in stored) delete stored.append;
  if ('lastChunk' in stored) delete stored.lastChunk;
  return stored;
}
