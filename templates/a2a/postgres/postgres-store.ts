// Tasks in PostgreSQL, shared by every replica of the agent. The replica running a task keeps
// it in memory while it runs (reads of it stay synchronous) and writes it behind the executor:
// each write is one statement that stores the whole task, the events that changed it and a
// NOTIFY, atomically, and only if the row is still at the version this replica last wrote —
// so two replicas never lose each other's updates, and a crash leaves each task wholly at one
// version. Saves made while a write is in flight go together in the next, and tasks waiting
// for a write go together in one statement (postgres-batch.ts). Answers and stream events wait
// for them (whenStored), so whatever a client saw, any replica reads back.
import { setImmediate } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { JsonRpcError } from '../errors.js';
import { isTerminalState, stateOf } from '../runtime/objects.js';
import type { Task } from '../types.js';
import { setOwner } from '../server/tasks/task-owner.js';
import { setSkill } from '../server/tasks/task-skill.js';
import type { TaskChange, TaskStore } from '../server/stores/task-store.js';
import { PageTokenError, type TaskPage, type TaskQuery } from '../server/stores/task-query.js';
import { writeBatch } from './postgres-batch.js';
import { committedBy, failIfStillOurs } from './postgres-fail.js';
import { rowOf, setRow } from './postgres-row.js';
import {
  keepFailedAttempt,
  markStored,
  newWriter,
  rejectWaiters,
  resumeAfterLostAnswer,
  returnAttempt,
  startAttempt,
  type Attempt,
  type Waiter,
  type Writer,
} from './postgres-writer.js';
import { listTasks } from './postgres-list.js';
import { conflictError, dataError, isDataError, storeError } from './postgres-errors.js';
import { ReadBatcher, type TaskRowData } from './postgres-reads.js';

export interface PostgresTaskStoreOptions {
  pool: pg.Pool;
  /** This process's id among the replicas. */
  replicaId: string;
  /** A runner whose heartbeat is older than this is dead, ms. */
  leaseMs: number;
  /** How long an answer waits for its writes while the database is unreachable, ms. */
  writeTimeoutMs: number;
  /** Batch statements in flight at once: writes, and reads by id. */
  writeConcurrency: number;
  readConcurrency: number;
  /** Finished tasks stay retrievable this long, ms (older ones are deleted by the maintenance sweep). */
  finishedTtlMs: number;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

export class PostgresTaskStore implements TaskStore {
  private readonly writers = new Map<string, Writer>();
  /** Writers with saves to write, in the order they asked. */
  private ready: Writer[] = [];
  private active = 0;
  private pumping = false;
  private readonly reads: ReadBatcher;
  /**
   * Tasks of this replica that someone on another replica follows (a stream, a cancel waiting
   * for the end), with how many. Only their writes are announced: NOTIFY takes a database-wide
   * lock at commit and wakes every listening connection — announcing every write cost three
   * replicas a third of their throughput.
   */
  private readonly watched = new Map<string, number>();
  private closed = false;

  constructor(private readonly options: PostgresTaskStoreOptions) {
    this.reads = new ReadBatcher(options.pool, options.readConcurrency, options.leaseMs, options.finishedTtlMs);
  }

  /** The running copy when this replica works on the task, else the stored one (also when this replica lost it: its copy is not what was stored). */
  get(taskId: string): Task | undefined | Promise<Task | undefined> {
    const writer = this.writers.get(taskId);
    if (writer && !writer.lost) return writer.task;
    return this.load(taskId);
  }

  private readonly lostListeners: ((taskId: string, reason?: string) => void)[] = [];

  onLost(listener: (taskId: string, reason?: string) => void): void {
    this.lostListeners.push(listener);
  }

  /** The stored copy, whatever this replica holds. */
  async load(taskId: string): Promise<Task | undefined> {
    let row: TaskRowData | undefined;
    try {
      row = await this.reads.read(taskId);
    } catch (err) {
      throw storeError(err, 'read');
    }
    if (!row || row.expired) return undefined;
    const task = row.doc as Task;
    if (row.owner !== null) setOwner(task, row.owner);
    if (row.skill !== null) setSkill(task, row.skill);
    setRow(task, { version: Number(row.version), running: row.running, runner: row.runner ?? undefined, runnerAlive: row.runner_alive === true });
    return task;
  }

  set(task: Task, bytes?: number, change?: TaskChange): void {
    if (this.closed) return;
    let writer = this.writers.get(task.id);
    if (!writer) {
      writer = newWriter(task, rowOf(task)?.version ?? 0);
      this.writers.set(task.id, writer);
    }
    if (writer.lost) {
      this.options.log('error', `a2a: task ${task.id}: a change was not saved: ${writer.lost.message}`);
      // Forgotten once its run is over: later reads see the row as the database has it.
      if (change?.final !== false && this.writers.get(task.id) === writer && !writer.inFlight) this.writers.delete(task.id);
      return;
    }
    writer.task = task;
    if (bytes !== undefined) writer.bytes = bytes;
    // A save without a change comes from outside a run (a store used directly): nothing is running.
    writer.running = change !== undefined && !change.final && !isTerminalState(String(stateOf(task)));
    if (change?.event) writer.events.push({ e: change.event, f: change.final });
    writer.made++;
    this.enqueue(writer);
  }

  /**
   * ListTasks from the database (postgres-list.ts). Tasks as stored: a task this replica is
   * changing lists as of its last write — which is all a client has seen of it (whenStored).
   */
  async list(query: TaskQuery): Promise<TaskPage> {
    try {
      return await listTasks(this.options.pool, this.options.finishedTtlMs, query);
    } catch (err) {
      if (err instanceof PageTokenError) throw err;
      throw storeError(err, 'read');
    }
  }

  whenStored(taskId: string): Promise<void> | undefined {
    const writer = this.writers.get(taskId);
    if (!writer) return undefined;
    if (writer.lost) return Promise.reject(writer.lost);
    if (writer.stored >= writer.made) return undefined;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { target: writer.made, resolve, reject };
      // A busy database is waited for (each query has its own deadline); a failing one is not.
      const check = (): void => {
        if (writer.failure === undefined) {
          waiter.timer = setTimeout(check, this.options.writeTimeoutMs);
          return;
        }
        writer.waiters = writer.waiters.filter((w) => w !== waiter);
        reject(storeError(writer.failure, { keptTask: writer.id }));
      };
      waiter.timer = setTimeout(check, this.options.writeTimeoutMs);
      writer.waiters.push(waiter);
    });
  }

  async delete(taskId: string): Promise<void> {
    this.writers.delete(taskId);
    try {
      await this.options.pool.query('DELETE FROM a2a_tasks WHERE id = $1', [taskId]);
    } catch (err) {
      throw storeError(err, 'change');
    }
  }

  /** Waits (up to `ms`) for every queued write, then stops accepting new ones. */
  async close(ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while ([...this.writers.values()].some((w) => w.stored < w.made && !w.lost) && Date.now() < deadline) await sleep(10);
    this.closed = true;
  }

  /** A follower on another replica started (+1) or stopped (-1) following a task. */
  watch(taskId: string, delta: 1 | -1): void {
    const n = (this.watched.get(taskId) ?? 0) + delta;
    if (n > 0) this.watched.set(taskId, n);
    else this.watched.delete(taskId);
  }

  /** Tasks this replica is writing or running (for the heartbeat and tests). */
  get localTasks(): number {
    return this.writers.size;
  }

  private enqueue(writer: Writer): void {
    if (writer.inFlight || writer.queued || writer.retryTimer || writer.lost || writer.stored >= writer.made) return;
    writer.queued = true;
    this.ready.push(writer);
    if (this.pumping) return;
    // At the end of the event loop's turn: the saves an executor makes in one go (a task, its
    // artifact, completed) leave as one write — an async executor's completion too, which lands
    // some promise jobs after its last publish — and so do the tasks of every request of that turn.
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      this.pump();
    });
  }

  /** Sends the waiting writers, a batch per free slot; each batch takes everyone waiting at the time. */
  private pump(): void {
    while (this.ready.length > 0 && this.active < this.options.writeConcurrency) {
      const slots = this.options.writeConcurrency - this.active;
      const batch = this.ready.splice(0, Math.ceil(this.ready.length / slots));
      this.active++;
      void this.flush(batch).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  private async flush(batch: Writer[]): Promise<void> {
    const sent = batch.map((writer) => startAttempt(writer, this.watched.has(writer.id)));
    let versions: Map<string, number>;
    try {
      versions = await writeBatch(
        this.options.pool,
        this.options.replicaId,
        sent.map((s) => s.row),
      );
    } catch (err) {
      if (isDataError(err)) return this.refused(sent, err);
      // Unreachable or restarting: keep the events, in order, and try again (the answers waiting
      // for them time out with a clear error meanwhile; the work itself goes on).
      for (const attempt of sent) {
        const { writer } = attempt;
        if (writer.failure === undefined) this.options.log('warn', `a2a: writing task ${writer.id} failed; retrying until the database answers`, err);
        keepFailedAttempt(attempt, err);
        if (this.closed) continue;
        writer.retryTimer = setTimeout(() => {
          writer.retryTimer = undefined;
          this.enqueue(writer);
        }, writer.delay);
        writer.delay = Math.min(writer.delay * 2, 2000);
      }
      return;
    }
    for (const { writer, events, target } of sent) {
      const version = versions.get(writer.id);
      if (version === undefined) {
        // The row moved. If our previous attempt (whose answer was lost) made it, go on from there.
        const moved = await committedBy(this.options.pool, writer.id, writer.failedToken).catch(() => undefined);
        if (moved !== undefined) resumeAfterLostAnswer(writer, moved, events);
        else this.lose(writer, conflictError(writer.id));
      } else {
        setRow(writer.task, { version, running: writer.running, runner: this.options.replicaId, runnerAlive: true });
        markStored(writer, version, target);
      }
      writer.inFlight = false;
      this.release(writer);
    }
  }

  /** After a write: the next one, or the writer forgotten when its run is over and nothing is left to write. */
  private release(writer: Writer): void {
    this.enqueue(writer);
    if (!writer.running && !writer.queued && (writer.stored >= writer.made || writer.lost) && this.writers.get(writer.id) === writer) {
      this.writers.delete(writer.id);
      this.watched.delete(writer.id);
    }
  }

  /**
   * PostgreSQL refused the data of the batch (SQLSTATE class 22): the statement failed whole,
   * nothing of it committed, and the same rows would fail for ever — so nothing is retried. A
   * batch of several tasks is written again one task per statement, so only the task whose data
   * is refused is stopped: its callers are told, its execution stops, and its stored version (if
   * any) fails with a message saying why.
   */
  private async refused(sent: Attempt[], err: unknown): Promise<void> {
    for (const attempt of sent) returnAttempt(attempt);
    if (sent.length > 1) {
      await Promise.all(sent.map(({ writer }) => this.flush([writer])));
      return;
    }
    const { writer } = sent[0];
    const reason = String((err as { code?: unknown }).code);
    this.lose(
      writer,
      dataError(reason, 'write', writer.id),
      `A change of this task could not be stored: the database refused its data (${reason}), so its work was stopped.`,
    );
    this.release(writer);
  }

  private lose(writer: Writer, error: JsonRpcError, failedText?: string): void {
    writer.lost = error;
    this.options.log('error', `a2a: ${error.message}`);
    rejectWaiters(writer, error);
    for (const listener of this.lostListeners) listener(writer.id, failedText);
    void failIfStillOurs(
      writer.id,
      { load: (id) => this.load(id), pool: this.options.pool, replicaId: this.options.replicaId, log: this.options.log },
      failedText,
    );
  }
}
