// One subscriber to a task (SubscribeToTask, tasks/resubscribe), across the turns of its task.
// Where the version says a subscription lasts until the task reaches a terminal state (v1.0
// §3.1.6: it "can be used with any task that is not in a terminal state" and "MUST terminate when
// the task reaches a terminal state"), a turn that ends waiting for the client (input-required,
// auth-required) does not end the stream: the subscriber waits for the task's next turn — the
// next run of the task in this process, or through the event bus where replicas share a store.
// Before v1.0 a subscription ends with the turn, as the stream of the turn does.
import { errorFor } from '../../errors.js';
import { endsTask, isTerminalState, stateOf } from '../../runtime/objects.js';
import type { Task } from '../../types.js';
import type { RemoteFollow, TaskEventBus } from '../stores/event-bus.js';
import type { RunListener } from './run-listeners.js';
import type { TaskRun } from './task-run.js';

/** What a subscription needs of the task manager. */
export interface SubscriptionHost {
  /** The task's execution in this process, while its turn lasts. */
  liveRun(taskId: string): TaskRun | undefined;
  /** `listener` as a run's listener: with a shared store, each event once it is stored. */
  afterStore(listener: RunListener, run: TaskRun): RunListener;
  /** Replicas sharing the store, when there are any. */
  bus(): TaskEventBus | undefined;
  /** Holds the subscription until the task's next run in this process starts (or it closes). */
  wait(subscription: TaskSubscription): void;
  stopWaiting(subscription: TaskSubscription): void;
}

export class TaskSubscription {
  private run: TaskRun | undefined;
  private registered: RunListener | undefined;
  private follow: RemoteFollow | undefined;
  private closed = false;

  constructor(
    private readonly host: SubscriptionHost,
    readonly taskId: string,
    /** Gets the events; `final` means the stream ends after this one. */
    private readonly listener: RunListener,
    /** The subscription lasts until the task reaches a terminal state, across its turns. */
    private readonly untilTerminal: boolean,
  ) {}

  /** Starts from the task as just read; false when nothing will follow (the stream is the snapshot alone). */
  async start(task: Task): Promise<boolean> {
    const run = this.host.liveRun(task.id);
    if (run && !run.final) {
      this.attach(run);
      return true;
    }
    const bus = this.host.bus();
    const open = this.untilTerminal && !isTerminalState(stateOf(task));
    // Running on another replica, or (shared store) waiting for a turn that any replica may run:
    // the stored events are followed from the version just read.
    if (bus && (bus.runningElsewhere(task) || open)) {
      this.follow = await bus.follow(task, this.onEvent, { throughInterruptions: this.untilTerminal });
      return true;
    }
    if (!open) return false;
    this.host.wait(this);
    return true;
  }

  /** Listens to a run of the task (its current turn, or the next one it waited for). */
  attach(run: TaskRun): void {
    this.run = run;
    this.registered = this.host.afterStore(this.onEvent, run);
    run.listen(this.registered);
  }

  readonly onEvent: RunListener = (event, final, error) => {
    if (this.closed) return;
    if (error !== undefined || event === undefined || !final || !this.untilTerminal || endsTask(event)) {
      this.listener(event, final, error);
      if (final) this.close();
      return;
    }
    // The turn ended waiting for the client: the stream goes on to the task's next turn.
    this.listener(event, false);
    if (this.follow) return; // the bus follows every turn by itself
    this.detach();
    this.host.wait(this);
  };

  /** Ends the stream without a final event (the server shuts down). */
  end(): void {
    if (this.closed) return;
    this.listener(undefined, true, errorFor('internal', 'the agent is shutting down; subscribe again in a moment (to another replica, if there is one)'));
    this.close();
  }

  /** Stops the subscription; `abandons` as TaskRun.removeListener takes it. */
  close(abandons = true): void {
    if (this.closed) return;
    this.closed = true;
    this.detach(abandons);
    this.follow?.removeListener(this.onEvent);
    this.follow = undefined;
    this.host.stopWaiting(this);
  }

  private detach(abandons = true): void {
    if (this.run && this.registered) this.run.removeListener(this.registered, abandons);
    this.run = undefined;
    this.registered = undefined;
  }
}
