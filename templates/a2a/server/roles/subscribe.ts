// SubscribeToTask / tasks/resubscribe: the task as it stands, then its events as they happen.
// From v1.0 the subscription lasts until the task reaches a terminal state, through the turns
// that wait for input (tasks/task-subscription.ts); a finished task is refused. Before v1.0 it
// ends with the turn, and a finished task answers its state alone.
// @see spec v1.0 §3.1.6, §9.4.6; v0.3.0 §7.9
import { isTerminalState, stateOf } from '../../runtime/objects.js';
import { ruleApplies, ruleError } from '../spec/rules.js';
import { snapshotOf } from '../tasks/snapshot.js';
import type { RunListener, StreamEvent } from '../tasks/task-run.js';
import type { Role } from './role.js';
import { requireStreaming } from './stream.js';
import { framingOf, PendingStream } from './stream-source.js';

const UNTIL_TERMINAL = ruleApplies('subscribe-until-terminal');

export const subscribe: Role<'resubscribe'> = {
  async run({ params, meta, config }) {
    requireStreaming(config);
    const { manager } = config;
    const task = await manager.findTask(params.id, '/id', meta);
    if (ruleApplies('subscribe-nonterminal-task') && isTerminalState(stateOf(task)))
      throw ruleError('subscribe-nonterminal-task', '/id', `task ${task.id} is ${stateOf(task)}`);
    const source = new PendingStream(config, framingOf(meta));
    // Events that arrive while the current state is being sent are held back, to keep the order.
    let held: [StreamEvent | undefined, boolean, unknown][] | undefined = [];
    const listener: RunListener = (event, final, error) => (held ? held.push([event, final, error]) : source.listener(event, final, error));
    const subscription = await manager.subscribe(task, listener, UNTIL_TERMINAL);
    // The current state first, then whatever happens next.
    source.publish(snapshotOf(task, undefined), subscription === undefined);
    const pending = held;
    held = undefined;
    for (const [event, final, error] of pending) source.listener(event, final, error);
    // A stream cut off for falling behind does not abandon the work (stream-source.ts).
    if (subscription) source.onClose(() => subscription.close(!source.fellBehind));
    return { kind: 'stream', source };
  },
};
