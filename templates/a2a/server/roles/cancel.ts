// CancelTask / tasks/cancel: a task not finished is canceled wherever it runs or waits; a
// finished one cannot be (TaskNotCancelable).
// @see spec v1.0 §3.1.5
import { errorFor } from '../../errors.js';
import { isTerminalState, stateOf } from '../../runtime/objects.js';
import { ruleApplies, ruleError } from '../spec/rules.js';
import { snapshotOf } from '../tasks/snapshot.js';
import type { Role } from './role.js';
import { clip } from '../../runtime/clip.js';

export const cancel: Role<'cancel'> = {
  async run({ params, meta, config }) {
    const task = await config.manager.findTask(params.id, '/id', meta);
    const state = stateOf(task);
    if (isTerminalState(state)) {
      if (ruleApplies('cancel-nonterminal-task')) throw ruleError('cancel-nonterminal-task', '/id', `task ${task.id} is ${state}`);
      throw errorFor('taskNotCancelable', undefined, { taskId: clip(task.id), state });
    }
    return { kind: 'result', result: snapshotOf(await config.manager.cancel(task), undefined) };
  },
};
