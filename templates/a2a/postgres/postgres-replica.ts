// This replica's heartbeat, and the sweeps every replica runs on it: tasks whose runner stopped
// beating (killed, partitioned) are failed with a message that says so — a final event their
// followers receive — and finished tasks past the retention policy are deleted, in SQL.
import pg from 'pg';
import { markFailed } from './postgres-fail.js';
import type { PostgresTaskStore } from './postgres-store.js';

export interface ReplicaOptions {
  pool: pg.Pool;
  /** Settings for the heartbeat's own connection. */
  connection: pg.ClientConfig;
  store: PostgresTaskStore;
  replicaId: string;
  heartbeatMs: number;
  leaseMs: number;
  maxFinished: number;
  finishedTtlMs: number;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

const ORPHANS = `
SELECT t.id, t.runner FROM a2a_tasks t LEFT JOIN a2a_replicas r ON r.id = t.runner
WHERE t.running AND t.runner IS DISTINCT FROM $1 AND (r.seen IS NULL OR r.seen < now() - $2::bigint * interval '1 millisecond')
LIMIT 100`;

export class ReplicaHeartbeat {
  private timer: ReturnType<typeof setInterval> | undefined;
  private sweepTimer: ReturnType<typeof setInterval> | undefined;
  private sweeping = false;
  /** Since when this replica's heartbeats have succeeded without a break (undefined: failing now). */
  private healthySince: number | undefined;
  private ticks = 0;
  private busy = false;
  /**
   * The heartbeat has a connection of its own: through the pool it would queue behind a burst of
   * task writes, and a busy replica would be taken for a dead one.
   */
  private client: pg.Client | undefined;

  constructor(private readonly options: ReplicaOptions) {}

  async start(): Promise<void> {
    await this.beat();
    this.healthySince = Date.now();
    // Beats and sweeps run apart: a sweep queues behind task writes in the pool, and a beat
    // that waited for it would make a busy replica look dead.
    this.timer = setInterval(() => void this.tick(), this.options.heartbeatMs);
    this.timer.unref?.();
    this.sweepTimer = setInterval(() => void this.sweep(), this.options.heartbeatMs);
    this.sweepTimer.unref?.();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.sweepTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    // Leaving cleanly: others need not wait for the lease to learn that nothing runs here.
    await this.options.pool.query('DELETE FROM a2a_replicas WHERE id = $1', [this.options.replicaId]).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    if (!this.client) {
      const client = new pg.Client(this.options.connection);
      client.on('error', () => {
        if (this.client === client) this.client = undefined;
        client.end().catch(() => undefined);
      });
      try {
        await client.connect();
      } catch (err) {
        client.end().catch(() => undefined);
        throw err;
      }
      this.client = client;
    }
    try {
      await this.client.query('INSERT INTO a2a_replicas (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET seen = now()', [this.options.replicaId]);
    } catch (err) {
      const client = this.client;
      this.client = undefined;
      client?.end().catch(() => undefined);
      throw err;
    }
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.beat();
      this.healthySince ??= Date.now();
    } catch (err) {
      if (this.healthySince !== undefined) this.options.log('warn', 'a2a: the PostgreSQL heartbeat failed; retrying', err);
      this.healthySince = undefined;
    } finally {
      this.busy = false;
    }
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // After an outage every replica's heartbeat is old: wait one lease for the live ones to
      // beat again before taking anyone for dead.
      if (this.healthySince !== undefined && Date.now() - this.healthySince >= this.options.leaseMs) await this.sweepOrphans();
      if (this.ticks++ % 10 === 0) await this.retain();
    } catch {
      // The database is away: the heartbeat reports it; the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }

  private async sweepOrphans(): Promise<void> {
    const { pool, replicaId, leaseMs, store } = this.options;
    const { rows } = await pool.query<{ id: string; runner: string | null }>(ORPHANS, [replicaId, leaseMs]);
    for (const { id, runner } of rows) {
      // Claim it first (compare-and-swap on the runner): one replica fails it, the others skip it.
      const claim = await pool.query('UPDATE a2a_tasks SET runner = $1 WHERE id = $2 AND running AND runner IS NOT DISTINCT FROM $3', [replicaId, id, runner]);
      if (claim.rowCount !== 1) continue;
      const task = await store.load(id);
      if (!task) continue;
      const seconds = Math.round(leaseMs / 1000);
      const event = markFailed(task, `The replica running this task stopped (no heartbeat for ${seconds} s); its work was lost. Send the message again.`);
      // Announced: whoever followed the task asked its dead runner, not this replica.
      store.watch(id, 1);
      store.set(task, undefined, { event, final: true });
      await store.whenStored(id)?.catch((err: unknown) => this.options.log('error', `a2a: could not fail orphaned task ${id}`, err));
      this.options.log('warn', `a2a: task ${id} failed: its replica ${runner} stopped`);
    }
  }

  private async retain(): Promise<void> {
    const { pool, maxFinished, finishedTtlMs } = this.options;
    await pool.query(`DELETE FROM a2a_tasks WHERE finished_at < now() - $1::bigint * interval '1 millisecond'`, [finishedTtlMs]);
    await pool.query(`DELETE FROM a2a_tasks WHERE id IN (SELECT id FROM a2a_tasks WHERE finished_at IS NOT NULL ORDER BY finished_at DESC OFFSET $1)`, [
      maxFinished,
    ]);
    await pool.query(`DELETE FROM a2a_replicas WHERE seen < now() - interval '1 day'`);
  }
}
