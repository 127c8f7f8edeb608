// A task as returned to a client: its history cut to what was asked for (spec v1.0 §3.2.4: the
// newest `historyLength` messages; 0 leaves `history` out where the version says so; v0.1.0 sends
// none unless asked). The stored task is never changed: a cut is a new object.
import { fromShape, shapeOf } from '../../runtime/shapes.js';
import type { Task } from '../../types.js';
import { historyAbsentMeansNone, ruleApplies } from '../spec/rules.js';

export function snapshotOf(task: Task, historyLength: number | undefined): Task {
  const t = shapeOf(task);
  const history = t.history;
  if (historyLength === undefined) {
    if (!historyAbsentMeansNone() || history === undefined) return task;
    const { history: _omitted, ...rest } = t;
    return fromShape<Task>(rest);
  }
  if (!history) return task;
  if (historyLength === 0 && ruleApplies('history-zero-omitted')) {
    const { history: _omitted, ...rest } = t;
    return fromShape<Task>(rest);
  }
  return fromShape<Task>({ ...t, history: historyLength === 0 ? [] : history.slice(-historyLength) });
}
