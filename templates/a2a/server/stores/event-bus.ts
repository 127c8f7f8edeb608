// What crosses replicas when several processes serve one agent over a shared store: the events
// of a task running on another replica (for tasks/resubscribe there), cancel requests to the
// replica running the work, and whether a task is being worked on elsewhere at all. One process
// needs none of it — every run is in its own memory — so without a bus (the default) none of
// this costs anything on the hot path. The PostgreSQL bus (postgres-bus.ts, emitted for `server.store:
// postgres`) implements it with LISTEN/NOTIFY.
import type { Task } from '../../types.js';
import type { RunListener } from '../tasks/run-listeners.js';

/** A live subscription to another replica's task. */
export interface RemoteFollow {
  /** Stops following: the listener gets nothing more. */
  removeListener(listener: RunListener): void;
}

export interface TaskEventBus {
  /**
   * Whether another replica is working on this task now (its interaction is live there). Sync:
   * stores that share tasks stamp what they know on the task object they load.
   */
  runningElsewhere(task: Task): boolean;
  /**
   * Follows a task running elsewhere: `listener` gets every event stored after the version of
   * `task` (the copy just loaded), in order, then the final one. `throughInterruptions`: a final
   * event that leaves the task waiting for the client (input-required) does not end the follow,
   * whose listener goes on to hear the task's next turns, wherever they run, until a terminal one.
   */
  follow(task: Task, listener: RunListener, options?: { throughInterruptions?: boolean }): RemoteFollow | Promise<RemoteFollow>;
  /**
   * Asks the replica running the task to cancel it, and resolves once its interaction ended or
   * `timeoutMs` passed. False when no live replica runs it (the caller cancels in place).
   */
  requestCancel(task: Task, timeoutMs: number): Promise<boolean>;
  /** Registers the handler for cancel requests addressed to this replica. */
  onCancel(handler: (taskId: string) => void): void;
  /**
   * Registers the handler told when a client on another replica starts (`true`) or stops
   * following a task this replica runs: a follower counts as a listener, so the work is not
   * abandoned while someone elsewhere still streams it.
   */
  onWatch?(handler: (taskId: string, watcher: string, watching: boolean) => void): void;
  close?(): Promise<void>;
}
