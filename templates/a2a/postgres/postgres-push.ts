// Push configs in PostgreSQL. Every replica keeps all of them in memory too (the server asks for
// a task's configs on every event, synchronously) and a NOTIFY on each change keeps the copies
// current, so the replica running a task delivers to a webhook set through another one.
import type pg from 'pg';
import { PUSH_VERSION, PushConfigStore, type PushConfig, type PushConfigs } from '../server/push/push-config.js';
import { storeError } from './postgres-errors.js';
import type { PostgresTaskStore } from './postgres-store.js';

export interface PostgresPushConfigsOptions {
  pool: pg.Pool;
  store: PostgresTaskStore;
  /** Whether configs have ids (v0.2.5+); without, a task has one config. */
  ids: boolean;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

/** Where a row keeps the version a config was set in (PUSH_VERSION, a symbol JSON cannot hold); no wire field has this name. */
const VERSION_KEY = 'a2a-gen:pushVersion';

const toRow = (config: PushConfig): string =>
  JSON.stringify(config[PUSH_VERSION] === undefined ? config : Object.assign({}, config, { [VERSION_KEY]: config[PUSH_VERSION] }));

function fromRow(row: PushConfig): PushConfig {
  const version = row[VERSION_KEY];
  if (typeof version !== 'string') return row;
  const { [VERSION_KEY]: _, ...config } = row;
  return Object.assign(config, { [PUSH_VERSION]: version }) as PushConfig;
}

export class PostgresPushConfigs implements PushConfigs {
  private readonly cache: PushConfigStore;

  constructor(private readonly options: PostgresPushConfigsOptions) {
    this.cache = new PushConfigStore(options.ids);
  }

  async start(): Promise<void> {
    const { rows } = await this.options.pool.query<{ task_id: string; config: PushConfig }>(
      'SELECT task_id, config FROM a2a_push_configs ORDER BY task_id, config_id',
    );
    for (const row of rows) this.cache.set(row.task_id, fromRow(row.config));
  }

  /** Another replica changed the task's configs: read them again. */
  async reload(taskId: string): Promise<void> {
    try {
      const { rows } = await this.options.pool.query<{ config: PushConfig }>('SELECT config FROM a2a_push_configs WHERE task_id = $1 ORDER BY config_id', [
        taskId,
      ]);
      this.cache.drop(taskId);
      for (const row of rows) this.cache.set(taskId, fromRow(row.config));
    } catch (err) {
      this.options.log('warn', `a2a: could not reload the push configs of task ${taskId}`, err);
    }
  }

  async set(taskId: string, config: PushConfig, max = Infinity): Promise<PushConfig> {
    const before = this.cache.list(taskId);
    const stored = this.cache.set(taskId, config, max);
    try {
      // The task's row may still be on its way (a config sent with the first message).
      await this.options.store.whenStored(taskId);
      const key = this.options.ids ? stored.id! : 'default';
      await this.options.pool.query(
        `WITH up AS (INSERT INTO a2a_push_configs (task_id, config_id, config) VALUES ($1, $2, $3::jsonb)
           ON CONFLICT (task_id, config_id) DO UPDATE SET config = EXCLUDED.config RETURNING 1)
         SELECT pg_notify('a2a_push', $1) FROM up`,
        [taskId, key, toRow(stored)],
      );
    } catch (err) {
      this.cache.drop(taskId);
      for (const c of before) this.cache.set(taskId, c);
      throw storeError(err, 'change');
    }
    return stored;
  }

  get(taskId: string, id?: string): PushConfig | undefined {
    return this.cache.get(taskId, id);
  }

  list(taskId: string): PushConfig[] {
    return this.cache.list(taskId);
  }

  has(taskId: string): boolean {
    return this.cache.has(taskId);
  }

  async delete(taskId: string, id: string): Promise<boolean> {
    try {
      await this.options.pool.query(
        `WITH gone AS (DELETE FROM a2a_push_configs WHERE task_id = $1 AND config_id = $2 RETURNING 1) SELECT pg_notify('a2a_push', $1) FROM gone`,
        [taskId, id],
      );
    } catch (err) {
      throw storeError(err, 'change');
    }
    return this.cache.delete(taskId, id);
  }

  drop(taskId: string): void {
    this.cache.drop(taskId);
  }
}
