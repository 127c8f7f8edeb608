// ListTasks in SQL: the filters, the owner scope and the order of task-query.ts as one statement
// with keyset pagination — WHERE (status_ms, id) < (last page's end) ORDER BY status_ms DESC,
// id DESC LIMIT pageSize + 1 — served by the a2a_tasks_listing / a2a_tasks_context_listing
// indexes (schema version 2), so a page costs the same at the millionth task as at the first
// (an OFFSET would read and throw away every row before it). totalSize is a COUNT over the same
// filters in the same statement: one round trip, one snapshot.
import type pg from 'pg';
import type { Task } from '../types.js';
import { setOwner } from '../server/tasks/task-owner.js';
import { decodePageToken, encodePageToken, type TaskPage, type TaskQuery } from '../server/stores/task-query.js';

interface ListRow {
  total: string;
  id: string | null;
  doc: object | null;
  owner: string | null;
  status_ms: string | null;
}

/** One page; PageTokenError (before any query) for a token that is not one; the driver's error otherwise. */
export async function listTasks(pool: pg.Pool, finishedTtlMs: number, query: TaskQuery): Promise<TaskPage> {
  const after = query.pageToken ? decodePageToken(query, query.pageToken) : undefined;
  const values: unknown[] = [];
  const param = (value: unknown): string => `$${values.push(value)}`;
  // Only the clauses the query has, so the planner sees which index fits (a `$1 IS NULL OR …`
  // clause would hide it). Every value is a parameter.
  const filters = [
    // visibleTo: unowned tasks are everyone's; a caller without a key sees only those.
    query.owner === undefined ? 't.owner IS NULL' : `(t.owner IS NULL OR t.owner = ${param(query.owner)})`,
    // A finished task past its time to live is not returned even before the sweep deletes it (as in reads by id).
    `(t.finished_at IS NULL OR t.finished_at >= now() - ${param(finishedTtlMs)}::bigint * interval '1 millisecond')`,
  ];
  if (query.contextId !== undefined) filters.push(`t.context_id = ${param(query.contextId)}`);
  if (query.state !== undefined) filters.push(`t.state = ${param(query.state)}`);
  // Rounded up: status_ms is whole ms, and a fraction would not cast to bigint (same result as the memory store's compare).
  if (query.statusTimestampAfter !== undefined) filters.push(`t.status_ms >= ${param(Math.ceil(query.statusTimestampAfter))}::bigint`);
  const where = filters.join(' AND ');
  const keyset = after ? ` AND (t.status_ms, t.id COLLATE "C") < (${param(after.time)}::bigint, ${param(after.id)}::text COLLATE "C")` : '';
  const limit = param(query.pageSize + 1); // one more than a page: whether another page follows
  // The lateral join keeps the count's row when the page is empty.
  const text = `
SELECT (SELECT count(*) FROM a2a_tasks t WHERE ${where}) AS total, p.id, p.doc, p.owner, p.status_ms
FROM (SELECT 1) one LEFT JOIN LATERAL (
  SELECT t.id, t.doc, t.owner, t.status_ms FROM a2a_tasks t WHERE ${where}${keyset}
  ORDER BY t.status_ms DESC, t.id COLLATE "C" DESC LIMIT ${limit}
) p ON true`;
  const { rows } = await pool.query<ListRow>(text, values);
  const found = rows.filter((r) => r.id !== null);
  const more = found.length > query.pageSize;
  if (more) found.length = query.pageSize;
  const tasks = found.map((row) => {
    const task = row.doc as Task;
    if (row.owner !== null) setOwner(task, row.owner);
    return task;
  });
  const last = found[found.length - 1];
  return {
    tasks,
    nextPageToken: more ? encodePageToken(query, { time: Number(last.status_ms), id: last.id! }) : '',
    totalSize: Number(rows[0]?.total ?? 0),
  };
}
