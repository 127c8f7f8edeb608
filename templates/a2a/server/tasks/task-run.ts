// One execution of the executor for one incoming message. It is the `events` object the
// executor publishes through (the API itself is EventPublisher's): each event is applied to the
// task (task-apply.ts), saved, sent to every listener (streams, a waiting blocking send) and to
// push webhooks, in order.
import {
  isArtifactUpdate,
  isMessage,
  isStatusUpdate,
  isTask,
  isTerminalState,
  newId,
  states,
  statusEndsInteraction,
  type MessageContent,
} from '../../runtime/objects.js';
import { fromShape, shapeOf } from '../../runtime/shapes.js';
import type { Message, Task, TaskArtifactUpdateEvent, TaskState, TaskStatusUpdateEvent } from '../../types.js';
import { EventPublisher, type StreamEvent } from './event-publisher.js';
import type { RequestContext } from '../executor.js';
import type { SpanHandle } from '../observability.js';
import { RunListeners, type RunListener } from './run-listeners.js';
import { applyArtifact, appendHistory } from './task-apply.js';
import { TaskBudget, type BudgetHost } from './task-budget.js';
import { ownerOf, setOwner } from './task-owner.js';
import { sizeOf } from './task-size.js';
import { eventTextError } from './task-text.js';
import { artifactMetadataError } from '../roles/extension-metadata.js';

export type { StreamEvent } from './event-publisher.js';
export type { RunListener } from './run-listeners.js';

/** What a run needs from the task manager. */
export interface RunHost extends BudgetHost {
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
  /** How long work with no listener left goes on, waiting for a resubscribe, before it is canceled. */
  abandonGraceMs: number;
  log(level: 'warn' | 'error', message: string, error?: unknown): void;
}

export class TaskRun extends EventPublisher {
  /** The stored task, once it exists. */
  task: Task | undefined;
  /** A direct reply (v0.2+: a Message instead of a task). */
  directReply: Message | undefined;
  /** An error to answer with instead of a result (the executor threw before any task event). */
  error: unknown;
  final = false;
  /** The context the executor was started with (tasks/cancel hands it to the executor's cancel()). */
  context: RequestContext | undefined;
  /** The owner key stamped on the task this run creates (see task-owner.ts). */
  owner: string | undefined;
  /** The execution's span, when tracing is on: ended once the interaction and the executor are done. */
  span: SpanHandle | undefined;
  private settled = false;
  private readonly listeners: RunListeners;
  private readonly budget: TaskBudget;
  private controller: AbortController | undefined;
  private artifactCount = 0;

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
    super();
    this.task = existing;
    this.listeners = new RunListeners(host);
    this.budget = new TaskBudget(host, this, bytes);
  }

  get taskId(): string {
    return (this.id ??= newId());
  }

  /** Aborted on cancel, or when the last listener leaves; created on first use. */
  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  protected canReplyDirectly(): boolean {
    return !this.task && this.directReplies;
  }

  protected artifactsSoFar(): number {
    return this.artifactCount;
  }

  // ——— listeners ———

  listen(listener: RunListener): void {
    this.listeners.add(listener);
  }

  /**
   * Removes a listener. When it was the last one and no push webhook will report the outcome,
   * the work is abandoned after the grace period — unless someone resubscribes meanwhile.
   * `abandons: false` is a listener the server stopped (a stream cut off for falling behind):
   * its client did not leave, and the work goes on as after a non-blocking send.
   */
  removeListener(listener: RunListener, abandons = true): void {
    if (this.listeners.remove(listener) && abandons && !this.final && !this.host.hasPushConfig(this.taskId)) {
      this.listeners.scheduleAbandon(this.host.abandonGraceMs, () => {
        if (this.final) return;
        this.controller?.abort(new Error('every client listening to this task disconnected'));
        this.end(states.canceled, 'Canceled: every client listening to this task disconnected.');
      });
    }
    this.maybeRelease();
  }

  /** The server ends the task (failure, cancel, abandon): never refused by a budget, never throws. */
  end(state: TaskState, message?: MessageContent): void {
    this.budget.forced = true;
    try {
      this.status(state, message);
    } catch (err) {
      // Its message refused (text no store can keep, from an error the author exposed): ended without it.
      this.host.log('error', `a2a: task ${this.taskId} could not be ended as ${state}${message === undefined ? '' : ' with its message'}`, err);
      if (message !== undefined && !this.final) this.end(state);
    }
  }

  publish(event: StreamEvent): void {
    if (this.final) {
      this.host.log('warn', `a2a: task ${this.taskId}: an event published after the interaction ended was ignored`);
      return;
    }
    // Text no store can keep would wedge the task's writes, and a typed extension's artifact data
    // its schema denies would reach typed readers: the event is refused, and an executor that does
    // not catch this fails its task with the message (task-text.ts, extension-metadata.ts).
    const what = isArtifactUpdate(event) ? 'an artifact' : isStatusUpdate(event) ? 'a status update' : isTask(event) ? 'a task' : 'a message';
    const refused = eventTextError(event, what) ?? artifactMetadataError(event);
    if (refused) {
      this.host.log('error', `a2a: task ${this.taskId}: ${refused.message}`);
      throw refused;
    }
    if (isMessage(event)) this.onMessage(event);
    else if (isStatusUpdate(event)) this.onStatus(event);
    else if (isArtifactUpdate(event)) this.onArtifact(event);
    else if (isTask(event)) this.onTask(event);
    else throw new TypeError('publish() takes a Message, Task, TaskStatusUpdateEvent or TaskArtifactUpdateEvent');
  }

  /** Creates the task now (non-blocking sends answer with it before the executor acts). */
  materializeNow(): Task {
    return this.materialize();
  }

  // ——— applying events ———

  private onMessage(message: Message): void {
    if (!this.task && this.directReplies) {
      this.directReply = message;
      this.listeners.emit(message, true);
      this.finish();
      return;
    }
    const task = this.materialize();
    this.budget.grow(sizeOf(message), 'an agent message');
    appendHistory(task, message, this.host.maxHistory, this.budget);
    this.save(task, message);
    this.listeners.emit(message, false);
  }

  private onStatus(event: TaskStatusUpdateEvent): void {
    const task = this.materialize();
    const status = shapeOf(event).status;
    if (status.message) this.budget.grow(sizeOf(status.message), 'a status message');
    shapeOf(task).status = status;
    if (status.message) appendHistory(task, fromShape<Message>(status.message), this.host.maxHistory, this.budget);
    const final = statusEndsInteraction(event);
    this.save(task, event, final);
    this.listeners.emit(event, final);
    this.host.notify(task);
    if (final) this.finish();
  }

  private onArtifact(event: TaskArtifactUpdateEvent): void {
    const task = this.materialize();
    if (applyArtifact(task, event, this.budget)) this.artifactCount++;
    this.save(task, event);
    this.listeners.emit(event, false);
    this.host.notify(task);
  }

  private onTask(task: Task): void {
    if (task.id !== this.taskId) throw new TypeError(`publish(): a Task for id ${task.id} in the execution of task ${this.taskId}`);
    this.budget.grow(sizeOf(task) - this.budget.bytes, 'the task');
    this.pending = undefined;
    // A Task the executor builds itself (often from its clone of context.task) keeps the owner.
    setOwner(task, this.owner ?? (this.task && ownerOf(this.task)));
    this.task = task;
    const state = String(shapeOf(task).status?.state);
    const final = isTerminalState(state);
    this.save(task, task, final);
    this.listeners.emit(task, final);
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
    this.budget.bytes = sizeOf(task);
    this.host.register(this);
    this.task = task;
    this.save(task, task);
    this.listeners.emit(task, false);
    return task;
  }

  private save(task: Task, event: StreamEvent, final = false): void {
    this.host.save(task, this.budget.bytes, event, final);
  }

  private finish(): void {
    this.final = true;
    this.listeners.cancelAbandon();
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
        this.listeners.emit(undefined, true, error);
        this.finish();
      } else this.end(states.failed, message);
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
      const state = this.task && shapeOf(this.task).status?.state;
      this.span.set({ 'a2a.task.id': this.task?.id, 'a2a.task.state': state ?? (this.directReply ? 'direct-reply' : undefined) });
      if (this.error !== undefined) this.span.fail(this.error);
      this.span.end();
      this.span = undefined;
    }
    if (this.listeners.size === 0) this.host.release(this);
  }
}
