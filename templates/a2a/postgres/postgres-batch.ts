// One statement that writes the pending changes of many tasks: each task's whole JSONB document,
// its new events and (for followed or final writes) a NOTIFY — each row only if it is still at
// the version its writer expects. Under load, tasks waiting for a write go together: one round
// trip and one commit (one WAL flush) for all of them instead of one each.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { isTerminalState, stateOf } from '../runtime/objects.js';
import type { Task } from '../types.js';
import { ownerOf } from '../server/tasks/task-owner.js';
import { skillOf } from '../server/tasks/task-skill.js';
import { statusTimeOf } from '../server/stores/task-query.js';

export interface BatchRow {
  id: string;
  context_id: string | null;
  state: string;
  /** status.timestamp in ms since epoch (task-query.ts's statusTimeOf): the ListTasks order. */
  status_ms: number;
  owner: string | null;
  /** The skill the task belongs to (task-skill.ts). */
  skill: string | null;
  doc: object;
  /** The version the writer last saw; the row becomes expected + n. */
  expected: number;
  n: number;
  running: boolean;
  token: string;
  bytes: number;
  finished: boolean;
  events: { e: object; f: boolean }[];
  notify: boolean;
}

/** A task's row for the batch: its columns read off the task, the rest as the writer says; `n` (the versions the row moves on) is one per event, at least one. */
export function batchRow(task: Task, write: Pick<BatchRow, 'expected' | 'running' | 'bytes' | 'events' | 'notify'>): BatchRow {
  const state = String(stateOf(task));
  const loose = task as { contextId?: string; sessionId?: string };
  return {
    id: task.id,
    context_id: loose.contextId ?? loose.sessionId ?? null,
    state,
    status_ms: statusTimeOf(task),
    owner: ownerOf(task) ?? null,
    skill: skillOf(task) ?? null,
    doc: task,
    expected: write.expected,
    n: Math.max(1, write.events.length),
    running: write.running,
    token: randomUUID(),
    bytes: write.bytes,
    finished: isTerminalState(state),
    events: write.events,
    notify: write.notify,
  };
}

const BATCH_WRITE = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, context_id text, state text, status_ms bigint, owner text, skill text, doc jsonb, expected bigint, n bigint,
    running boolean, token text, bytes bigint, finished boolean, events jsonb, notify boolean)
), up AS (
  INSERT INTO a2a_tasks AS t (id, context_id, state, status_ms, owner, skill, doc, version, running, runner, write_token, bytes, finished_at)
  SELECT id, context_id, state, status_ms, owner, skill, doc, expected + n, running, $2, token, bytes, CASE WHEN finished THEN now() END FROM input
  ON CONFLICT (id) DO UPDATE SET
    context_id = EXCLUDED.context_id, state = EXCLUDED.state, status_ms = EXCLUDED.status_ms, owner = EXCLUDED.owner, skill = EXCLUDED.skill, doc = EXCLUDED.doc,
    version = EXCLUDED.version, running = EXCLUDED.running, runner = EXCLUDED.runner, write_token = EXCLUDED.write_token,
    bytes = EXCLUDED.bytes, updated_at = now(),
    finished_at = CASE WHEN EXCLUDED.finished_at IS NOT NULL THEN coalesce(t.finished_at, now()) END
  WHERE t.version = (SELECT i.expected FROM input i WHERE i.id = EXCLUDED.id)
  RETURNING t.id, t.version
), ev AS (
  INSERT INTO a2a_events (task_id, seq, event, final)
  SELECT i.id, i.expected + e.ord, e.value -> 'e', (e.value ->> 'f')::boolean
  FROM up JOIN input i ON i.id = up.id, jsonb_array_elements(i.events) WITH ORDINALITY AS e(value, ord)
)
SELECT up.id, up.version, CASE WHEN i.notify THEN pg_notify('a2a_events', up.id || ' ' || up.version) END
FROM up JOIN input i ON i.id = up.id`;

/** Writes the rows; answers the new version of each row written (a row left out: its version moved). */
export async function writeBatch(pool: pg.Pool, replicaId: string, rows: readonly BatchRow[]): Promise<Map<string, number>> {
  // Named: prepared once per connection, planned once.
  const result = await pool.query<{ id: string; version: string }>({ name: 'a2a_write_batch', text: BATCH_WRITE, values: [JSON.stringify(rows), replicaId] });
  return new Map(result.rows.map((r) => [r.id, Number(r.version)]));
}
