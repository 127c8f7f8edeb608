// Where tasks live between requests. The interface allows a database behind it; the default
// keeps tasks in memory and bounds that memory by count, age and bytes: finished tasks are
// evicted oldest first, and new work is refused only when open tasks alone fill the budget.
import { isTerminalState, stateOf } from '../runtime/objects.js';
import type { Task } from '../types.js';
import { sizeOf } from './task-size.js';

export interface TaskStore {
  get(taskId: string): Task | undefined | Promise<Task | undefined>;
  /**
   * Saves the task (called after every change). `bytes` is its size as task-size.ts counts it,
   * kept up to date by the server as events arrive, so a store need not measure it.
   */
  set(task: Task, bytes?: number): void | Promise<void>;
  delete(taskId: string): void | Promise<void>;
  /**
   * Makes room for `bytes` more task data (and `newTasks` more tasks), evicting finished tasks;
   * false when it cannot because open tasks fill the budget. Stores that hold nothing in this
   * process's memory leave it out.
   */
  reserve?(bytes: number, newTasks?: number): boolean;
}

export interface InMemoryTaskStoreOptions {
  /** Finished (terminal) tasks kept before the oldest are evicted. Default 10,000. */
  maxFinished?: number;
  /** Milliseconds a finished task stays retrievable. Default one hour. */
  finishedTtlMs?: number;
  /** All tasks, finished or not, kept at most: finished ones are evicted, then new tasks refused. Default 100,000. */
  maxTasks?: number;
  /** Bytes all tasks together may hold (task-size.ts units). Default 64 MiB. */
  maxBytes?: number;
  /** Called for each evicted task id (the server drops its push configs). */
  onEvict?: (taskId: string) => void;
  now?: () => number;
}

export class InMemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, Task>();
  private readonly sizes = new Map<string, number>();
  /** Task id → time it finished, oldest first. */
  private readonly finished = new Map<string, number>();
  private readonly maxFinished: number;
  private readonly ttlMs: number;
  private readonly maxTasks: number;
  readonly maxBytes: number;
  private held = 0;
  private readonly now: () => number;

  constructor(private readonly options: InMemoryTaskStoreOptions = {}) {
    this.maxFinished = options.maxFinished ?? 10_000;
    this.ttlMs = options.finishedTtlMs ?? 3_600_000;
    this.maxTasks = options.maxTasks ?? 100_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.tasks.size;
  }

  /** Bytes all stored tasks hold (task-size.ts units). */
  get bytes(): number {
    return this.held;
  }

  get(taskId: string): Task | undefined {
    const task = this.tasks.get(taskId);
    if (task && this.expired(taskId)) {
      this.evict(taskId);
      return undefined;
    }
    return task;
  }

  set(task: Task, bytes?: number): void {
    const id = task.id;
    const known = this.tasks.get(id) === task;
    if (!known) this.tasks.set(id, task);
    const before = this.sizes.get(id);
    const size = bytes ?? (known && before !== undefined ? before : sizeOf(task));
    if (size !== before) {
      this.sizes.set(id, size);
      this.held += size - (before ?? 0);
    }
    if (isTerminalState(stateOf(task))) {
      if (this.finished.has(id)) return;
      this.finished.set(id, this.now());
    } else {
      this.finished.delete(id);
      // The same object saved again while still running (every event does so): evict only when it grew past the budget.
      if (known && this.held <= this.maxBytes) return;
    }
    this.trim();
  }

  delete(taskId: string): void {
    this.tasks.delete(taskId);
    this.finished.delete(taskId);
    const size = this.sizes.get(taskId);
    if (size !== undefined) {
      this.held -= size;
      this.sizes.delete(taskId);
    }
  }

  reserve(bytes: number, newTasks = 0): boolean {
    const fits = (): boolean => this.held + bytes <= this.maxBytes && this.tasks.size + newTasks <= this.maxTasks;
    if (fits()) return true;
    for (const id of this.finished.keys()) {
      this.evict(id);
      if (fits()) return true;
    }
    return false;
  }

  private expired(taskId: string): boolean {
    const at = this.finished.get(taskId);
    return at !== undefined && this.now() - at > this.ttlMs;
  }

  private evict(taskId: string): void {
    this.delete(taskId);
    this.options.onEvict?.(taskId);
  }

  /**
   * Evicts finished tasks, oldest first, past any bound. Amortized O(1): only the oldest entries
   * are ever looked at. Open tasks are never evicted: reserve() refuses new work instead.
   */
  private trim(): void {
    for (const [id, at] of this.finished) {
      if (this.finished.size <= this.maxFinished && this.held <= this.maxBytes && this.tasks.size <= this.maxTasks && this.now() - at <= this.ttlMs) break;
      this.evict(id);
    }
  }
}
