// The database schema, created and migrated by the runtime itself: each migration runs once, in
// order, inside a transaction that holds an advisory lock, so replicas starting together do not
// race and a migration interrupted halfway leaves nothing behind. Append new steps; never edit
// one that has shipped.
import type pg from 'pg';

/** Tasks as JSONB with the columns lookups and listings need; their events; push configs; replicas. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE a2a_tasks (
     id text PRIMARY KEY,
     context_id text,
     state text NOT NULL,
     owner text,
     doc jsonb NOT NULL,
     version bigint NOT NULL,
     running boolean NOT NULL DEFAULT false,
     runner text,
     write_token text,
     bytes bigint NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     finished_at timestamptz
   );
   CREATE INDEX a2a_tasks_context ON a2a_tasks (context_id, updated_at);
   CREATE INDEX a2a_tasks_state ON a2a_tasks (state, updated_at);
   CREATE INDEX a2a_tasks_finished ON a2a_tasks (finished_at) WHERE finished_at IS NOT NULL;
   CREATE INDEX a2a_tasks_running ON a2a_tasks (runner) WHERE running;
   CREATE TABLE a2a_events (
     task_id text NOT NULL REFERENCES a2a_tasks (id) ON DELETE CASCADE,
     seq bigint NOT NULL,
     event jsonb NOT NULL,
     final boolean NOT NULL,
     PRIMARY KEY (task_id, seq)
   );
   CREATE TABLE a2a_push_configs (
     task_id text NOT NULL REFERENCES a2a_tasks (id) ON DELETE CASCADE,
     config_id text NOT NULL,
     config jsonb NOT NULL,
     PRIMARY KEY (task_id, config_id)
   );
   CREATE TABLE a2a_replicas (
     id text PRIMARY KEY,
     started_at timestamptz NOT NULL DEFAULT now(),
     seen timestamptz NOT NULL DEFAULT now()
   );`,
  // 2: ListTasks. The listing orders by status.timestamp, which only the JSONB document has:
  // status_ms holds it as ms since epoch (the writer computes it, task-query.ts's statusTimeOf;
  // no timestamp: the smallest safe integer, oldest), and two indexes serve the keyset scan
  // (status_ms, id) < ($t, $id) newest first — across contexts, and within one. Ids compare
  // COLLATE "C" so the order never depends on the database's locale. Rows of version 1 are
  // filled from their documents; a timestamp PostgreSQL cannot read counts as none rather than
  // failing the migration. IF NOT EXISTS everywhere: running it twice is harmless.
  `ALTER TABLE a2a_tasks ADD COLUMN IF NOT EXISTS status_ms bigint NOT NULL DEFAULT -9007199254740991;
   CREATE OR REPLACE FUNCTION pg_temp.a2a_status_ms(doc jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
   BEGIN
     RETURN floor(extract(epoch FROM (doc -> 'status' ->> 'timestamp')::timestamptz) * 1000)::bigint;
   EXCEPTION WHEN others THEN
     RETURN NULL;
   END $$;
   SET LOCAL TimeZone = 'UTC';
   UPDATE a2a_tasks SET status_ms = coalesce(pg_temp.a2a_status_ms(doc), -9007199254740991) WHERE doc -> 'status' ->> 'timestamp' IS NOT NULL;
   DROP FUNCTION pg_temp.a2a_status_ms(jsonb);
   CREATE INDEX IF NOT EXISTS a2a_tasks_listing ON a2a_tasks (status_ms DESC, id COLLATE "C" DESC);
   CREATE INDEX IF NOT EXISTS a2a_tasks_context_listing ON a2a_tasks (context_id, status_ms DESC, id COLLATE "C" DESC);`,
  // 3: the skill a task belongs to (server/task-skill.ts): a continuing message goes to it. Rows
  // written before have none and are routed per message, as they were.
  `ALTER TABLE a2a_tasks ADD COLUMN IF NOT EXISTS skill text;`,
];

/** The schema version this runtime writes; a database ahead of it is refused (an older replica must not write a newer schema). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** An arbitrary but fixed advisory-lock key: "a2a-gen" in ASCII. */
const LOCK_KEY = 0x61326167656e;

export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await client.query('CREATE TABLE IF NOT EXISTS a2a_schema (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM a2a_schema');
    const current = rows[0]?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(
        `the database's a2a schema is version ${current}, newer than this agent's (${SCHEMA_VERSION}): regenerate the agent with a newer a2a-gen`,
      );
    }
    for (let v = current; v < SCHEMA_VERSION; v++) await client.query(MIGRATIONS[v]);
    if (rows.length === 0) await client.query('INSERT INTO a2a_schema (version) VALUES ($1)', [SCHEMA_VERSION]);
    else if (current !== SCHEMA_VERSION) await client.query('UPDATE a2a_schema SET version = $1', [SCHEMA_VERSION]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
