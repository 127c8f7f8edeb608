// What a task loaded from PostgreSQL carries about its row: its version, and who runs it. A
// symbol on the task object, never serialized; the store, the bus and the sweeps read it.
/** What a loaded task carries about its row (a symbol: never serialized). */
export interface TaskRow {
  version: number;
  /** Someone is working on it (its interaction is live) … */
  running: boolean;
  /** … this replica, whose heartbeat is fresh (false when its runner died). */
  runner: string | undefined;
  runnerAlive: boolean;
}

const ROW = Symbol('a2a.taskRow');

export function rowOf(task: object): TaskRow | undefined {
  return (task as { [ROW]?: TaskRow })[ROW];
}

export function setRow(task: object, row: TaskRow): void {
  Object.defineProperty(task, ROW, { value: row, enumerable: false, configurable: true, writable: true });
}
