// The bytes one task holds, kept current as a run changes it, checked against the task's limit
// (server.limits.taskBytes) and the process-wide budget before each change is applied.
import { budgetError } from './task-size.js';

/** What the budget needs from the task manager. */
export interface BudgetHost {
  /** Most bytes one task may hold (server.limits.taskBytes). */
  maxTaskBytes: number;
  /** Makes room for `bytes` more task data in the process-wide budget; throws, naming the limit, when it is full. */
  reserve(bytes: number, what: string): void;
}

export class TaskBudget {
  /** Set once the server itself ends the task (failure, cancel): those events are never refused for their size. */
  forced = false;

  constructor(
    private readonly host: BudgetHost,
    private readonly task: { readonly taskId: string },
    /** The task's size in task-size.ts units. */
    public bytes: number,
  ) {}

  /**
   * Accounts for `delta` more bytes before the event that adds them is applied: an event that
   * would pass the task's or the process's budget is refused (throws, naming the limit) and the
   * task stays as it was.
   */
  grow(delta: number, what: string): void {
    if (delta > 0 && !this.forced) {
      const { maxTaskBytes } = this.host;
      if (this.bytes + delta > maxTaskBytes)
        throw budgetError('taskBytes', maxTaskBytes, `task ${this.task.taskId} would hold ${this.bytes + delta} bytes with ${what}`);
      this.host.reserve(delta, `${what} for task ${this.task.taskId}`);
    }
    this.bytes += delta;
  }
}
