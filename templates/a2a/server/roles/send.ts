// SendMessage / message/send / tasks/send: a message starts or continues a task. Blocking
// unless the client asks otherwise (v0.x `blocking: false`, v1.0 `returnImmediately: true`):
// the answer is the task (or a direct reply) once the turn ends; a blocking caller that
// disconnects stops listening, and when it was the last listener the work stops.
// @see spec v1.0 §3.1.1, v0.3.0 §7.1
import { protocol } from '../../protocol.js';
import { getPath } from '../../runtime/objects.js';
import { wrapResult } from '../../runtime/result-members.js';
import type { Loose } from '../../runtime/shapes.js';
import { checkClientMessage, checkHistoryLength, checkPushUrl } from '../spec/rules.js';
import { snapshotOf } from '../tasks/snapshot.js';
import type { RunListener } from '../tasks/task-run.js';
import { budgetError, sizeOfMessage } from '../tasks/task-size.js';
import type { DispatchConfig, Role, SendParams } from './role.js';

const features = protocol.features;
const pathText = (path: readonly string[] | undefined): string => '/' + (path ?? []).join('/');
export const HISTORY_LENGTH_PATH = pathText(features.send.historyLength);

/** The message and the send options, judged before anything is looked up (also for streams). */
export function checkSend(params: SendParams, config: DispatchConfig): void {
  const { limits } = config.manager;
  checkClientMessage(params.message, '/message', limits.partsPerMessage);
  const bytes = sizeOfMessage(params.message);
  if (bytes > limits.messageBytes) throw budgetError('messageBytes', limits.messageBytes, `the message holds ${bytes} bytes`, '/message');
  checkHistoryLength(getPath(params, features.send.historyLength), HISTORY_LENGTH_PATH);
  const push = getPath(params, features.send.pushNotificationConfig) as Loose | undefined | null;
  if (push !== undefined && push !== null) checkPushUrl(push.url, `${pathText(features.send.pushNotificationConfig)}/url`);
}

export const send: Role<'send'> = {
  check: checkSend,
  async run({ params, meta, config }) {
    const { manager } = config;
    // v1.0 asks the other way round: `returnImmediately: true` is v0.x's `blocking: false`.
    const blocking = features.send.returnImmediately
      ? getPath(params, features.send.returnImmediately) !== true
      : getPath(params, features.send.blocking) !== false;
    const historyLength = checkHistoryLength(getPath(params, features.send.historyLength), HISTORY_LENGTH_PATH);
    if (!blocking) {
      const run = await manager.start(params, meta, 'background');
      await manager.order.stored(run);
      return { kind: 'result', result: wrapResult(snapshotOf(run.task!, historyLength)) };
    }
    // Most executors answer within the call: the promise is made only for those that do not.
    let resolveFinal: (() => void) | undefined;
    let done = false;
    const listener: RunListener = (_event, final) => {
      if (!final) return;
      done = true;
      resolveFinal?.();
    };
    const started = manager.start(params, meta, 'blocking', listener);
    const run = started instanceof Promise ? await started : started;
    if (!done) {
      meta.connection?.onDisconnect?.(() => {
        run.removeListener(listener);
        resolveFinal?.();
      });
      await new Promise<void>((resolve) => (done ? resolve() : (resolveFinal = resolve)));
    }
    run.removeListener(listener);
    const stored = manager.order.stored(run);
    if (stored) await stored;
    // The answer of the finished turn: its error, its direct reply, or the task.
    if (run.error !== undefined) throw run.error;
    return { kind: 'result', result: wrapResult(run.directReply ?? snapshotOf(run.task!, historyLength)) };
  },
};
