// With a store that writes in the background (several replicas share it), what a client is told
// waits for the write that made it true: an answer for its task to be stored, a stream listener
// for each event to be stored, in order — so a client never sees a state another replica could
// not read back. With the in-memory store nothing waits and listeners are used as they are.
import type { TaskStore } from '../stores/task-store.js';
import type { RunListener } from './run-listeners.js';
import type { TaskRun } from './task-run.js';

export class StoreOrder {
  /** Whether the store writes in the background: answers wait for its writes. */
  readonly durable: boolean;
  /** Stream listeners as registered on their run, when `afterStore` wrapped them. */
  private readonly wrapped = new WeakMap<RunListener, RunListener>();

  constructor(private readonly store: TaskStore) {
    this.durable = typeof store.whenStored === 'function';
  }

  /** Resolves once the run's task is stored; undefined when nothing waits (no promise made). */
  stored(run: TaskRun): Promise<void> | undefined {
    return this.durable && run.task ? this.store.whenStored!(run.task.id) : undefined;
  }

  /** Resolves once the task is stored; undefined when nothing waits. */
  storedTask(taskId: string): Promise<void> | undefined {
    return this.durable ? this.store.whenStored!(taskId) : undefined;
  }

  /** `listener`, hearing each event once it is stored, in order; a failed write ends it with that error. */
  afterStore(listener: RunListener, run: TaskRun): RunListener {
    if (!this.durable) return listener;
    let chain: Promise<void> = Promise.resolve();
    let failed = false;
    const wrapped: RunListener = (event, final, error) => {
      const wait = this.stored(run);
      chain = chain
        .then(() => wait)
        .then(
          () => {
            if (!failed) listener(event, final, error);
          },
          (err: unknown) => {
            if (failed) return;
            failed = true;
            listener(undefined, true, err);
          },
        );
    };
    this.wrapped.set(listener, wrapped);
    return wrapped;
  }

  /** Stops a listener given to `afterStore` (or used as it was); `abandons` as TaskRun.removeListener takes it. */
  unlisten(run: Pick<TaskRun, 'removeListener'>, listener: RunListener, abandons = true): void {
    run.removeListener(this.wrapped.get(listener) ?? listener, abandons);
  }
}
