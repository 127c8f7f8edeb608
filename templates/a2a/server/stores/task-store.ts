// Where tasks live between requests. The interface allows a database behind it; the default
// keeps tasks in memory and bounds that memory by count, age and bytes: finished tasks are
// evicted oldest first, and new work is refused only when open tasks alone fill the budget.
import { isTerminalState, stateOf } from '../../runtime/objects.js';
import type { Task } from '../../types.js';
import { pageOf } from './task-page.js';
import { statusTimeOf, type TaskPage, type TaskQuery } from './task-query.js';
import { sizeOf } from '../tasks/task-size.js';

export { PageTokenError, type TaskPage, type TaskQuery } from './task-query.js';

/**
 * What a save records besides the task: the event that changed it (streams on other replicas
 * replay it) and whether the interaction goes on (`final: false`: the task is being worked on).
 * The in-memory store ignores it; a shared store writes the task and its event together.
 */
export interface TaskChange {
  event?: object;
  final: boolean;
}

export interface TaskStore {
  get(taskId: string): Task | undefined | Promise<Task | undefined>;
  /**
   * Saves the task (called after every change). `bytes` is its size as task-size.ts counts it,
   * kept up to date by the server as events arrive, so a store need not measure it.
   */
  set(task: Task, bytes?: number, change?: TaskChange): void | Promise<void>;
  delete(taskId: string): void | Promise<void>;
  /**
   * Makes room for `bytes` more task data (and `newTasks` more tasks), evicting finished tasks;
   * false when it cannot because open tasks fill the budget. Stores that hold nothing in this
   * process's memory leave it out.
   */
  reserve?(bytes: number, newTasks?: number): boolean;
  /**
   * For stores that write in the background: a promise for every save of the task so far being
   * durable (rejecting, with a JSON-RPC error, when it cannot be), or undefined when nothing is
   * pending. Answers and stream events wait for it, so what a client saw is what any replica
   * reads. The in-memory store leaves it out: nothing waits.
   */
  whenStored?(taskId: string): Promise<void> | undefined;
  /**
   * One page of ListTasks: the tasks visible to `query.owner` that pass its filters, most
   * recently updated (status timestamp) first, ties by id descending; no timestamp sorts oldest.
   * Throws (or rejects with) PageTokenError for a page token it did not issue for these filters.
   * Optional, so a store written before ListTasks still type-checks.
   */
  list?(query: TaskQuery): TaskPage | Promise<TaskPage>;
  /**
   * For shared stores: registers what to do when this process loses a task it is writing —
   * another process changed the row under it (a replica taken for dead that comes back, lost
   * commits), or the store refused a change of it as data it cannot hold (`reason` then says so).
   * The server stops the execution: nothing it does would be stored.
   */
  onLost?(listener: (taskId: string, reason?: string) => void): void;
  /** Flushes and releases what the store holds (server close). */
  close?(): Promise<void>;
}

export interface InMemoryTaskStoreOptions {
  /** Finished (terminal) tasks kept before the oldest are evicted. Default 10,000. */
  maxFinished?: number;
  /** Milliseconds a finished task stays retrievable. Default one hour. */
  finishedTtlMs?: number;
  /** All tasks, finished or not, kept at most: finished ones are evicted, then new tasks refused. Default 100,000. */
  maxTasks?: number;
  /** Bytes all tasks together may hold (task-size.ts units). Default 32 MiB. */
  maxBytes?: number;
  /** Called for each evicted task id (the server drops its push configs). */
  onEvict?: (taskId: string) => void;
  now?: () => number;
}

/** What the store keeps per task. */
interface Entry {
  readonly id: string;
  /** Dropped when the entry is deleted, so the queue never keeps an evicted task alive. */
  task: Task | undefined;
  bytes: number;
  /** When it reached a terminal state (then it is in the finished queue). */
  finishedAt?: number;
  /** status.timestamp as last listed and its statusTimeOf: parsed again only when it changes. */
  statusTimestamp?: unknown;
  statusTime?: number;
}

export class InMemoryTaskStore implements TaskStore {
  private readonly entries = new Map<string, Entry>();
  /**
   * Finished entries, oldest first, as a queue with a moving head. (A Map used as a queue slows
   * down as it is consumed from the front: its iterator steps over every deleted slot until the
   * table is rebuilt, which made eviction the hottest line of a blocking send.)
   */
  private finishedQueue: Entry[] = [];
  private head = 0;
  private finishedCount = 0;
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
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes all stored tasks hold (task-size.ts units). */
  get bytes(): number {
    return this.held;
  }

  get(taskId: string): Task | undefined {
    const entry = this.entries.get(taskId);
    if (entry?.finishedAt !== undefined && this.now() - entry.finishedAt > this.ttlMs) {
      this.evict(entry);
      return undefined;
    }
    return entry?.task;
  }

  set(task: Task, bytes?: number): void {
    let entry = this.entries.get(task.id);
    if (entry && entry.task === task && bytes === undefined && entry.finishedAt !== undefined) return;
    if (!entry) {
      entry = { id: task.id, task, bytes: bytes ?? sizeOf(task) };
      this.entries.set(task.id, entry);
      this.held += entry.bytes;
    } else {
      const size = bytes ?? (entry.task === task ? entry.bytes : sizeOf(task));
      entry.task = task;
      this.held += size - entry.bytes;
      entry.bytes = size;
    }
    if (isTerminalState(stateOf(task))) {
      if (entry.finishedAt !== undefined) return;
      entry.finishedAt = this.now();
      this.finishedQueue.push(entry);
      this.finishedCount++;
      this.trim();
    } else {
      // Back from a terminal state (a store that is written to directly): no longer finished.
      if (entry.finishedAt !== undefined) this.unfinish(entry);
      if (this.held > this.maxBytes || this.entries.size > this.maxTasks) this.trim();
    }
  }

  delete(taskId: string): void {
    const entry = this.entries.get(taskId);
    if (!entry) return;
    this.entries.delete(taskId);
    this.held -= entry.bytes;
    entry.task = undefined;
    if (entry.finishedAt !== undefined) this.unfinish(entry);
  }

  /**
   * ListTasks over the tasks held (task-page.ts: one pass, O(n log pageSize)); evicted tasks are
   * gone, expired ones are skipped but not evicted (a listing changes nothing). Each entry keeps
   * its parsed status time until its timestamp string changes: with Date.parse on every task a
   * page of 100,000 held tasks took 30–50 ms, with the cache about 10 ms (the first listing
   * after many changes still parses them), for two fields more per entry.
   */
  list(query: TaskQuery): TaskPage {
    const now = this.now();
    return pageOf((visit) => {
      // forEach, not an iterator or a generator: no result object per task.
      this.entries.forEach((entry) => {
        const task = entry.task;
        if (task === undefined || (entry.finishedAt !== undefined && now - entry.finishedAt > this.ttlMs)) return;
        const timestamp = (task as { status?: { timestamp?: unknown } }).status?.timestamp;
        if (entry.statusTime === undefined || timestamp !== entry.statusTimestamp) {
          entry.statusTimestamp = timestamp;
          entry.statusTime = statusTimeOf(task);
        }
        visit(task, entry.statusTime);
      });
    }, query);
  }

  reserve(bytes: number, newTasks = 0): boolean {
    const fits = (): boolean => this.held + bytes <= this.maxBytes && this.entries.size + newTasks <= this.maxTasks;
    while (!fits()) {
      const oldest = this.oldestFinished();
      if (!oldest) return false;
      this.evict(oldest);
    }
    return true;
  }

  /** An entry leaves the finished queue lazily: it is marked, and skipped when the head reaches it. */
  private unfinish(entry: Entry): void {
    entry.finishedAt = undefined;
    this.finishedCount--;
  }

  private oldestFinished(): Entry | undefined {
    const queue = this.finishedQueue;
    while (this.head < queue.length) {
      const entry = queue[this.head];
      if (entry.task !== undefined && entry.finishedAt !== undefined) return entry;
      queue[this.head++] = undefined as never; // nothing behind the head is referenced
    }
    return undefined;
  }

  private evict(entry: Entry): void {
    this.delete(entry.id);
    this.options.onEvict?.(entry.id);
  }

  /**
   * Evicts finished tasks, oldest first, past any bound. Amortized O(1): only the head of the
   * queue is looked at. Open tasks are never evicted: reserve() refuses new work instead.
   */
  private trim(): void {
    const now = this.now();
    for (let oldest = this.oldestFinished(); oldest; oldest = this.oldestFinished()) {
      const over =
        this.finishedCount > this.maxFinished || this.held > this.maxBytes || this.entries.size > this.maxTasks || now - oldest.finishedAt! > this.ttlMs;
      if (!over) break;
      this.evict(oldest);
    }
    if (this.head > 1024 && this.head * 2 > this.finishedQueue.length) {
      this.finishedQueue = this.finishedQueue.slice(this.head);
      this.head = 0;
    }
  }
}
