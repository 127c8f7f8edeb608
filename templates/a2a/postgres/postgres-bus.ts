// The event bus between replicas, over PostgreSQL's LISTEN/NOTIFY. Events themselves are rows
// (a2a_events, written with the task by postgres-store.ts); a notification only says "task X is
// at version N". A follower reads the rows after the last one it delivered, so it gets every
// stored event once, in order, even across a lost notification or a reconnect (it reads again
// from where it was). Cancel requests are notifications addressed to the replica running the task.
// The runner announces only the writes someone follows (streams elsewhere, cancels waiting for
// the end); a follower also reads every second, which covers the moment between its start and
// the runner hearing of it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { endsTask } from '../runtime/objects.js';
import type { Task } from '../types.js';
import type { RemoteFollow, TaskEventBus } from '../server/stores/event-bus.js';
import { rowOf } from './postgres-row.js';
import type { RunListener, StreamEvent } from '../server/tasks/task-run.js';

export interface PostgresEventBusOptions {
  pool: pg.Pool;
  /** Settings for the dedicated LISTEN connection (the pool's own, by default). */
  connection: pg.ClientConfig;
  replicaId: string;
  /** A task's push configs changed (on any replica). */
  onPushChange?: (taskId: string) => void;
  /** Someone on another replica started (+1) or stopped (-1) following a task this replica runs. */
  onFollowers?: (taskId: string, delta: 1 | -1) => void;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

class Follow implements RemoteFollow {
  closed = false;
  private fetching = false;
  private again = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private poll: ReturnType<typeof setInterval> | undefined;

  /** Set when the runner was told of this follower (and must be told when it stops). */
  watch: { runner: string; id: string } | undefined;

  constructor(
    private readonly bus: PostgresEventBus,
    readonly taskId: string,
    private lastSeq: number,
    private readonly listener: RunListener,
    /** A final event that leaves the task waiting for the client does not end the follow (TaskEventBus.follow). */
    private readonly throughInterruptions = false,
  ) {
    this.poll = setInterval(() => void this.fetch(), 1000);
    (this.poll as { unref?: () => void }).unref?.();
  }

  removeListener(): void {
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.poll);
    this.bus.forget(this);
  }

  /** Delivers every stored event after the last one delivered; one read at a time. */
  async fetch(): Promise<void> {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    try {
      do {
        this.again = false;
        const { rows } = await this.bus.pool.query<{ seq: string; event: StreamEvent; final: boolean }>(
          'SELECT seq, event, final FROM a2a_events WHERE task_id = $1 AND seq > $2 ORDER BY seq',
          [this.taskId, this.lastSeq],
        );
        for (const row of rows) {
          if (this.closed) return;
          this.lastSeq = Number(row.seq);
          this.listener(row.event, row.final);
          if (row.final && !(this.throughInterruptions && !endsTask(row.event))) return this.close();
        }
      } while (this.again && !this.closed);
    } catch {
      // The database is away: read again shortly (and on the next notification).
      if (!this.closed) this.retry = setTimeout(() => void this.fetch(), 500);
    } finally {
      this.fetching = false;
    }
  }
}

export class PostgresEventBus implements TaskEventBus {
  readonly pool: pg.Pool;
  private readonly follows = new Map<string, Set<Follow>>();
  private cancelHandler: ((taskId: string) => void) | undefined;
  private watchHandler: ((taskId: string, watcher: string, watching: boolean) => void) | undefined;
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectDelay = 100;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: PostgresEventBusOptions) {
    this.pool = options.pool;
  }

  /** Opens the LISTEN connection; later losses of it are repaired in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  runningElsewhere(task: Task): boolean {
    const row = rowOf(task);
    return row !== undefined && row.running && row.runnerAlive && row.runner !== this.options.replicaId;
  }

  async follow(task: Task, listener: RunListener, options: { throughInterruptions?: boolean } = {}): Promise<RemoteFollow> {
    const follow = new Follow(this, task.id, rowOf(task)?.version ?? 0, listener, options.throughInterruptions);
    let set = this.follows.get(task.id);
    if (!set) this.follows.set(task.id, (set = new Set()));
    set.add(follow);
    // The runner counts this follower as a listener: its work is not abandoned meanwhile.
    const runner = rowOf(task)?.runner;
    if (runner) {
      follow.watch = { runner, id: randomUUID() };
      await this.control(`watch ${runner} ${follow.watch.id} ${task.id}`).catch(() => undefined);
    }
    // Whatever was stored between the read of the task and now.
    void follow.fetch();
    return follow;
  }

  async requestCancel(task: Task, timeoutMs: number): Promise<boolean> {
    const row = rowOf(task);
    const runner = row?.runner;
    if (!row?.running || !row.runnerAlive || !runner || runner === this.options.replicaId) return false;
    return new Promise<boolean>((resolve, reject) => {
      const follow = new Follow(this, task.id, row.version, (_event, final) => {
        if (!final) return;
        clearTimeout(timer);
        resolve(true);
      });
      const timer = setTimeout(() => {
        follow.close();
        resolve(true);
      }, timeoutMs);
      let set = this.follows.get(task.id);
      if (!set) this.follows.set(task.id, (set = new Set()));
      set.add(follow);
      // Watching first, so the runner announces the end this waits for.
      const watch = { runner, id: randomUUID() };
      follow.watch = watch;
      this.control(`watch ${runner} ${watch.id} ${task.id}`)
        .then(() => this.control(`cancel ${runner} ${task.id}`))
        .then(
          () => void follow.fetch(),
          (err: unknown) => {
            clearTimeout(timer);
            follow.close();
            reject(err);
          },
        );
    });
  }

  onCancel(handler: (taskId: string) => void): void {
    this.cancelHandler = handler;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    for (const set of this.follows.values()) for (const f of set) f.close();
    this.follows.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Follows open now (tests). */
  get following(): number {
    let n = 0;
    for (const set of this.follows.values()) n += set.size;
    return n;
  }

  forget(follow: Follow): void {
    const set = this.follows.get(follow.taskId);
    set?.delete(follow);
    if (set?.size === 0) this.follows.delete(follow.taskId);
    if (follow.watch && !this.closed) void this.control(`unwatch ${follow.watch.runner} ${follow.watch.id} ${follow.taskId}`).catch(() => undefined);
  }

  onWatch(handler: (taskId: string, watcher: string, watching: boolean) => void): void {
    this.watchHandler = handler;
  }

  private async control(payload: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', ['a2a_control', payload]);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.options.connection);
    client.on('notification', (msg) => this.onNotification(msg.channel, msg.payload ?? ''));
    const lost = (err?: unknown): void => {
      if (this.client !== client) return;
      this.client = undefined;
      if (err) this.options.log('warn', 'a2a: lost the PostgreSQL LISTEN connection; reconnecting', err);
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query('LISTEN a2a_events');
    await client.query('LISTEN a2a_control');
    await client.query('LISTEN a2a_push');
    this.client = client;
    this.reconnectDelay = 100;
    // Events stored while no notification could arrive: every follower reads from where it was.
    for (const set of this.follows.values()) for (const f of set) void f.fetch();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch(() => {
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, 2000);
        this.scheduleReconnect();
      });
    }, this.reconnectDelay);
    (this.reconnectTimer as { unref?: () => void }).unref?.();
  }

  private onNotification(channel: string, payload: string): void {
    if (channel === 'a2a_events') {
      const taskId = payload.slice(0, payload.lastIndexOf(' '));
      const set = this.follows.get(taskId);
      if (set) for (const f of set) void f.fetch();
    } else if (channel === 'a2a_push') {
      this.options.onPushChange?.(payload);
    } else if (channel === 'a2a_control') {
      // "cancel <replica> <task>", "watch|unwatch <replica> <watcher> <task>" (task ids may hold spaces: last).
      const [verb, replica, watcher] = payload.split(' ', 3);
      if (replica !== this.options.replicaId) return;
      if (verb === 'cancel') this.cancelHandler?.(payload.slice(verb.length + replica.length + 2));
      else if (verb === 'watch' || verb === 'unwatch') {
        const taskId = payload.slice(verb.length + replica.length + watcher.length + 3);
        this.options.onFollowers?.(taskId, verb === 'watch' ? 1 : -1);
        this.watchHandler?.(taskId, watcher, verb === 'watch');
      }
    }
  }
}
