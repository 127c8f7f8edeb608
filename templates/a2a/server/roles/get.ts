// GetTask / tasks/get: the task, its history cut to `historyLength`.
// @see spec v1.0 §3.1.3, §3.2.4
import { checkHistoryLength } from '../spec/rules.js';
import { snapshotOf } from '../tasks/snapshot.js';
import type { Role } from './role.js';

export const get: Role<'get'> = {
  check(params) {
    checkHistoryLength(params.historyLength, '/historyLength');
  },
  async run({ params, meta, config }) {
    const historyLength = checkHistoryLength(params.historyLength, '/historyLength');
    const task = await config.manager.findTask(params.id, '/id', meta);
    return { kind: 'result', result: snapshotOf(task, historyLength) };
  },
};
