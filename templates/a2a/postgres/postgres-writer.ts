// The write queue of one task this replica changes (postgres-store.ts): its saves since the
// last write, the callers waiting for them, and the bookkeeping of each attempt — so a write
// whose answer was lost after it committed is resumed without duplicating or dropping events.
import type { JsonRpcError } from '../errors.js';
import type { Task } from '../types.js';
import { batchRow, type BatchRow } from './postgres-batch.js';

export interface Waiter {
  target: number;
  resolve: () => void;
  reject: (err: unknown) => void;
  timer?: ReturnType<typeof setTimeout>;
}

/** The write queue of one task this replica changes. */
export interface Writer {
  id: string;
  task: Task;
  /** The row's version as last written or read here: the next write expects it. */
  version: number;
  events: { e: object; f: boolean }[];
  running: boolean;
  bytes: number;
  /** Saves made / saves stored: whenStored() waits for the count at its call. */
  made: number;
  stored: number;
  /** In a batch being written, or in the queue for the next. */
  inFlight: boolean;
  queued: boolean;
  /** Waiting to try again after a failed write. */
  retryTimer?: ReturnType<typeof setTimeout>;
  delay: number;
  /** The token, event count and saves of the last failed attempt (its answer may have been lost after it committed). */
  failedToken?: string;
  failedCount: number;
  failedTarget: number;
  waiters: Waiter[];
  /** Set when another replica changed the row under this one: later saves are refused. */
  lost?: JsonRpcError;
  /** The last write's error while the database is unreachable (cleared by the next success). */
  failure?: unknown;
}

/** The queue of a task this replica starts writing, at the row's `version` (0: not stored yet). */
export function newWriter(task: Task, version: number): Writer {
  return {
    id: task.id,
    task,
    version,
    events: [],
    running: false,
    bytes: 0,
    made: 0,
    stored: 0,
    inFlight: false,
    queued: false,
    delay: 50,
    failedCount: 0,
    failedTarget: 0,
    waiters: [],
  };
}

/** One writer's part of a batch: its row, the events it carries, the saves it stands for. */
export interface Attempt {
  writer: Writer;
  row: BatchRow;
  events: { e: object; f: boolean }[];
  target: number;
}

/** Takes the writer's saves into a row of the next batch. */
export function startAttempt(writer: Writer, notify: boolean): Attempt {
  writer.queued = false;
  writer.inFlight = true;
  const events = writer.events;
  writer.events = [];
  const row = batchRow(writer.task, { expected: writer.version, running: writer.running, bytes: writer.bytes, events, notify });
  // A task whose whole life is in this write (never stored before, finished now) has no
  // follower to read its events: following needs a stored row to start from (a blocking
  // send's task, typically). Its rows would only be written, never read.
  // (Not after a failed attempt: its answer may have been lost after it committed, and the
  // row is then stored — with a follower perhaps — and this write is its next version.)
  if (row.finished && writer.version === 0 && writer.failedToken === undefined) row.events = [];
  return { writer, row, events, target: writer.made };
}

/** A failed attempt: its events go back before the later ones, and what it stood for is kept in case it committed after all. */
export function keepFailedAttempt({ writer, row, events, target }: Attempt, err: unknown): void {
  writer.failure = err;
  // The attempt's events, whether its row carried them or not (a task stored whole): if it
  // committed after all, they are what it stood for.
  writer.events = events.concat(writer.events);
  writer.failedToken = row.token;
  writer.failedCount = events.length;
  writer.failedTarget = target;
  writer.inFlight = false;
}

/** An attempt whose statement surely did not commit (PostgreSQL refused its data): its events go back, as if it had never left. */
export function returnAttempt({ writer, events }: Attempt): void {
  writer.events = events.concat(writer.events);
  writer.inFlight = false;
}

/** A write that went through, the row now at `version`: the saves up to `target` are stored. */
export function markStored(writer: Writer, version: number, target: number): void {
  writer.version = version;
  writer.stored = target;
  writer.failedToken = undefined;
  writer.delay = 50;
  writer.failure = undefined;
  settleWaiters(writer);
}

/**
 * The row moved, and by our previous attempt, whose answer was lost (it is at `version` now): the
 * saves that attempt carried are stored; what came after them (`events` past its count) goes in the next write.
 */
export function resumeAfterLostAnswer(writer: Writer, version: number, events: { e: object; f: boolean }[]): void {
  writer.version = version;
  writer.events = events.slice(writer.failedCount).concat(writer.events);
  writer.failedToken = undefined;
  writer.stored = Math.max(writer.stored, writer.failedTarget);
  writer.failure = undefined;
  settleWaiters(writer);
}

/** Answers the callers whose saves are stored now. */
export function settleWaiters(writer: Writer): void {
  const done = writer.waiters.filter((w) => w.target <= writer.stored);
  writer.waiters = writer.waiters.filter((w) => w.target > writer.stored);
  for (const w of done) {
    clearTimeout(w.timer);
    w.resolve();
  }
}

/** Tells every waiting caller the writes will not happen. */
export function rejectWaiters(writer: Writer, error: JsonRpcError): void {
  for (const w of writer.waiters.splice(0)) {
    clearTimeout(w.timer);
    w.reject(error);
  }
}
