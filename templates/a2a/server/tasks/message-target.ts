// Which task a message continues, before anything runs: a new one (with the context it names,
// or a fresh one), or an existing task the caller may see that is not finished — per the
// version's rules (v0.1.0: the client names the task; v0.2+: message.taskId).
import { errorFor } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { contextIdOf, getPath, isTerminalState, newId, stateOf } from '../../runtime/objects.js';
import type { Loose } from '../../runtime/shapes.js';
import type { Task } from '../../types.js';
import { invalidParams, ruleApplies, ruleError } from '../spec/rules.js';
import { visibleTo } from './task-owner.js';
import type { TaskStore } from '../stores/task-store.js';
import { clip } from '../../runtime/clip.js';

const features = protocol.features;

export interface ResolvedTask {
  /** Undefined for a new task: its id is made when first needed. */
  taskId: string | undefined;
  contextId: string | undefined;
  existing?: Task;
}

/** Synchronous when the store is (the in-memory one): a new task costs no promise. */
export function resolveTask(store: TaskStore, params: Loose, message: Loose, owner: string | undefined): ResolvedTask | Promise<ResolvedTask> {
  if (features.clientTaskIds) {
    const taskId = String(params.id);
    const given = getPath(params, features.send.contextId);
    return then(store.get(taskId), (existing) => {
      // Another principal's task id cannot be taken over, nor its existence learned from a different answer.
      if (existing && !visibleTo(existing, owner)) throw errorFor('taskNotFound', undefined, { taskId: clip(taskId), path: '/id' });
      if (existing) refuseTerminal(existing, '/id');
      const contextId = typeof given === 'string' ? given : ((existing && contextIdOf(existing)) ?? newId());
      return { taskId, contextId, existing };
    });
  }
  const named = message.taskId;
  if (typeof named !== 'string') return { taskId: undefined, contextId: typeof message.contextId === 'string' ? message.contextId : newId() };
  return then(store.get(named), (found) => {
    const existing = found && visibleTo(found, owner) ? found : undefined;
    if (!existing) {
      if (ruleApplies('continue-existing-task')) throw ruleError('continue-existing-task', '/message/taskId', `no task ${named}`);
      throw errorFor('taskNotFound', undefined, { taskId: clip(named) });
    }
    refuseTerminal(existing, '/message/taskId');
    const taskContext = contextIdOf(existing);
    if (typeof message.contextId === 'string' && taskContext !== undefined && message.contextId !== taskContext && ruleApplies('continue-same-context')) {
      throw ruleError('continue-same-context', '/message/contextId', `task ${named} belongs to context ${taskContext}`);
    }
    return { taskId: named, contextId: taskContext ?? (message.contextId as string | undefined), existing };
  });
}

function refuseTerminal(task: Task, path: string): void {
  const state = stateOf(task);
  if (isTerminalState(state)) {
    if (ruleApplies('continue-nonterminal-task')) throw ruleError('continue-nonterminal-task', path, `task ${task.id} is ${state}`);
    throw invalidParams(path, `task ${clip(task.id)} is ${state} and cannot be continued`);
  }
}

/** Applies `f` to a value or to what a promise resolves to, staying synchronous for plain values. */
function then<T, U>(value: T | Promise<T>, f: (v: T) => U): U | Promise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}
