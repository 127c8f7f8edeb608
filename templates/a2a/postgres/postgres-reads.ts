// Task reads by id, batched: the reads asked for while others are in flight go together in one
// `WHERE id = ANY($1)` query, so a burst of tasks/get costs a few round trips, not one each.
import type pg from 'pg';
import { isStorableText } from '../server/tasks/task-text.js';

export interface TaskRowData {
  id: string;
  doc: object;
  version: string;
  owner: string | null;
  skill: string | null;
  running: boolean;
  runner: string | null;
  runner_alive: boolean | null;
  expired: boolean;
}

const READ = `
SELECT t.id, t.doc, t.version, t.owner, t.skill, t.running, t.runner, (r.seen > now() - $2::bigint * interval '1 millisecond') AS runner_alive,
       (t.finished_at IS NOT NULL AND t.finished_at < now() - $3::bigint * interval '1 millisecond') AS expired
FROM a2a_tasks t LEFT JOIN a2a_replicas r ON r.id = t.runner WHERE t.id = ANY($1::text[])`;

interface Pending {
  resolve: (row: TaskRowData | undefined) => void;
  reject: (err: unknown) => void;
}

export class ReadBatcher {
  private waiting = new Map<string, Pending[]>();
  private active = 0;
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly concurrency: number,
    private readonly leaseMs: number,
    private readonly finishedTtlMs: number,
  ) {}

  read(id: string): Promise<TaskRowData | undefined> {
    // No task has such an id (none could be stored), and in a batch it would fail every read with it.
    if (!isStorableText(id)) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(id);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.waiting.size > 0 && this.active < this.concurrency) {
      const batch = this.waiting;
      this.waiting = new Map();
      this.active++;
      void this.query(batch).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  private async query(batch: Map<string, Pending[]>): Promise<void> {
    try {
      // Named: prepared once per connection, planned once.
      const { rows } = await this.pool.query<TaskRowData>({ name: 'a2a_read', text: READ, values: [[...batch.keys()], this.leaseMs, this.finishedTtlMs] });
      const byId = new Map(rows.map((r) => [r.id, r]));
      // Each caller gets a document of its own: callers may change what they read.
      for (const [id, list] of batch) list.forEach((p, i) => p.resolve(i === 0 ? byId.get(id) : cloneRow(byId.get(id))));
    } catch (err) {
      for (const list of batch.values()) for (const p of list) p.reject(err);
    }
  }
}

function cloneRow(row: TaskRowData | undefined): TaskRowData | undefined {
  return row && { ...row, doc: structuredClone(row.doc) };
}
