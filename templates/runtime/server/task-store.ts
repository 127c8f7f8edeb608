// Where tasks live between requests. The interface allows a database behind it; the default
// keeps tasks in memory and bounds that memory: finished tasks are evicted by count and age,
// and the total is capped, so a server that has seen a million tasks stays small.
import { isTerminalState, stateOf } from '../runtime/objects.js';
import type { Task } from '../types.js';

export interface TaskStore {
  get(taskId: string): Task | undefined | Promise<Task | undefined>;
  /** Saves the task (called after every change). */
  set(task: Task): void | Promise<void>;
  delete(taskId: string): void | Promise<void>;
}

export interface InMemoryTaskStoreOptions {
  /** Finished (terminal) tasks kept before the oldest are evicted. Default 10,000. */
  maxFinished?: number;
  /** Milliseconds a finished task stays retrievable. Default one hour. */
  finishedTtlMs?: number;
  /** All tasks, finished or not, kept at most; the oldest go first. Default 100,000. */
  maxTasks?: number;
  /** Called for each evicted task id (the server drops its push configs). */
  onEvict?: (taskId: string) => void;
  now?: () => number;
}

export class InMemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, Task>();
  /** Task id → time it finished, oldest first. */
  private readonly finished = new Map<string, number>();
  private readonly maxFinished: number;
  private readonly ttlMs: number;
  private readonly maxTasks: number;
  private readonly now: () => number;

  constructor(private readonly options: InMemoryTaskStoreOptions = {}) {
    this.maxFinished = options.maxFinished ?? 10_000;
    this.ttlMs = options.finishedTtlMs ?? 3_600_000;
    this.maxTasks = options.maxTasks ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.tasks.size;
  }

  get(taskId: string): Task | undefined {
    const task = this.tasks.get(taskId);
    if (task && this.expired(taskId)) {
      this.evict(taskId);
      return undefined;
    }
    return task;
  }

  set(task: Task): void {
    const id = task.id;
    const known = this.tasks.get(id) === task;
    if (!known) this.tasks.set(id, task);
    if (isTerminalState(stateOf(task))) {
      if (this.finished.has(id)) return;
      this.finished.set(id, this.now());
    } else {
      this.finished.delete(id);
      // The same object saved again while still running (every event does so): nothing to evict.
      if (known) return;
    }
    this.trim();
  }

  delete(taskId: string): void {
    this.tasks.delete(taskId);
    this.finished.delete(taskId);
  }

  private expired(taskId: string): boolean {
    const at = this.finished.get(taskId);
    return at !== undefined && this.now() - at > this.ttlMs;
  }

  private evict(taskId: string): void {
    this.delete(taskId);
    this.options.onEvict?.(taskId);
  }

  /** Amortized O(1): only the oldest entries are ever looked at. */
  private trim(): void {
    for (const [id, at] of this.finished) {
      if (this.finished.size <= this.maxFinished && this.now() - at <= this.ttlMs) break;
      this.evict(id);
    }
    if (this.tasks.size > this.maxTasks) {
      for (const id of this.tasks.keys()) {
        this.evict(id);
        if (this.tasks.size <= this.maxTasks) break;
      }
    }
  }
}
