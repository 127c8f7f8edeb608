// Subscriptions waiting for their task's next turn in this process (task-subscription.ts): the
// task waits for input, and whichever message continues it starts a run they attach to.
import type { TaskSubscription } from './task-subscription.js';

export class WaitingSubscriptions {
  private readonly byTask = new Map<string, Set<TaskSubscription>>();

  add(subscription: TaskSubscription): void {
    let set = this.byTask.get(subscription.taskId);
    if (!set) this.byTask.set(subscription.taskId, (set = new Set()));
    set.add(subscription);
  }

  remove(subscription: TaskSubscription): void {
    const set = this.byTask.get(subscription.taskId);
    if (set?.delete(subscription) && set.size === 0) this.byTask.delete(subscription.taskId);
  }

  /** The subscriptions waiting for this task, taken off the list. */
  take(taskId: string): TaskSubscription[] {
    const set = this.byTask.get(taskId);
    if (!set) return [];
    this.byTask.delete(taskId);
    return [...set];
  }

  /** Ends every waiting subscription's stream (the server shuts down). */
  endAll(): void {
    for (const taskId of [...this.byTask.keys()]) for (const subscription of this.take(taskId)) subscription.end();
  }
}
