// connectPostgres(): everything an agent needs to share its tasks with other replicas through
// one PostgreSQL database — the task store, the push configs, the event bus — ready to spread
// into createA2AServer(). Emitted only for `server.store: postgres`, the one place that needs
// the `pg` driver. Failure semantics: docs/REPLICAS.md.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { serverDefaults } from '../agent.js';
import { protocol } from '../protocol.js';
import { PostgresEventBus } from './postgres-bus.js';
import { PostgresPushConfigs } from './postgres-push.js';
import { ReplicaHeartbeat } from './postgres-replica.js';
import { migrate } from './postgres-schema.js';
import { PostgresTaskStore } from './postgres-store.js';

export interface PostgresOptions {
  /** postgres://user:password@host:port/database (from the environment: never put it in the manifest). */
  url: string;
  /** Connections in this replica's pool. Default 10. */
  poolSize?: number;
  /**
   * Batch statements in flight at once: writes (each carries every task waiting then) and reads
   * by id (likewise). Few is fast: more statements at once mostly make the database's processes
   * fight over its locks and cores — on 2 cores, three replicas of 5 writers each served a third
   * of what they did with 1. Defaults 2 and 4.
   */
  writeConcurrency?: number;
  readConcurrency?: number;
  /** How often this replica says it is alive, ms. Default 2000. */
  heartbeatMs?: number;
  /** A replica silent this long is taken for dead and its running tasks fail, ms. Default 10000. */
  leaseMs?: number;
  /** How long an answer waits for its writes while the database is unreachable, ms. Default 5000. */
  writeTimeoutMs?: number;
  /** Finished tasks kept (oldest deleted first) and for how long; default: the manifest's server.tasks. */
  maxFinished?: number;
  finishedTtlSeconds?: number;
  log?: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

export interface PostgresStores {
  taskStore: PostgresTaskStore;
  pushConfigStore: PostgresPushConfigs;
  eventBus: PostgresEventBus;
  /** This replica's id (the `runner` of the tasks it works on). */
  replicaId: string;
}

/**
 * Connects, creates or migrates the schema, starts the heartbeat and the LISTEN connection.
 * Rejects with one clear error when the database cannot be reached. The server's close() stops
 * them all (through the event bus's and the task store's close()).
 */
export async function connectPostgres(options: PostgresOptions): Promise<PostgresStores> {
  const log = options.log ?? ((level, message, error) => console[level](message, error ?? ''));
  const connection: pg.ClientConfig = { connectionString: options.url, connectionTimeoutMillis: 5000, query_timeout: 15_000, application_name: 'a2a-agent' };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
  // An idle connection dropped by a database restart must not crash the process: the next query reconnects.
  pool.on('error', (err) => log('warn', 'a2a: a PostgreSQL connection was lost', err));
  const replicaId = randomUUID();
  const leaseMs = options.leaseMs ?? 10_000;
  const finishedTtlMs = (options.finishedTtlSeconds ?? serverDefaults.tasks.finishedTtlSeconds) * 1000;
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    const e = err as { code?: string; message?: string };
    throw new Error(`a2a: cannot use the PostgreSQL task store: ${e.message ?? e.code ?? String(err)}`, { cause: err });
  }
  const poolSize = options.poolSize ?? 10;
  // The pool keeps room beside them for sweeps, push configs and control notices.
  const writeConcurrency = Math.max(1, Math.min(options.writeConcurrency ?? 2, poolSize - 1));
  const readConcurrency = Math.max(1, Math.min(options.readConcurrency ?? 4, poolSize - writeConcurrency));
  const taskStore = new PostgresTaskStore({
    pool,
    replicaId,
    leaseMs,
    writeTimeoutMs: options.writeTimeoutMs ?? 5000,
    writeConcurrency,
    readConcurrency,
    finishedTtlMs,
    log,
  });
  const heartbeat = new ReplicaHeartbeat({
    pool,
    connection,
    store: taskStore,
    replicaId,
    heartbeatMs: options.heartbeatMs ?? 2000,
    leaseMs,
    maxFinished: options.maxFinished ?? serverDefaults.tasks.maxFinished,
    finishedTtlMs,
    log,
  });
  const pushConfigStore = new PostgresPushConfigs({ pool, store: taskStore, ids: protocol.features.pushConfigIds, log });
  const eventBus = new PostgresEventBus({
    pool,
    connection,
    replicaId,
    log,
    onPushChange: (taskId) => void pushConfigStore.reload(taskId),
    onFollowers: (taskId, delta) => taskStore.watch(taskId, delta),
  });
  await heartbeat.start();
  await eventBus.start();
  await pushConfigStore.start();
  // The server closes the bus first, then the store: the store's close ends the pool last.
  const closeStore = taskStore.close.bind(taskStore);
  taskStore.close = async (ms?: number) => {
    await closeStore(ms);
    await heartbeat.stop();
    await pool.end().catch(() => undefined);
  };
  return { taskStore, pushConfigStore, eventBus, replicaId };
}
