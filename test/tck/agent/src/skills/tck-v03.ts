// Skill "tck": the profile the A2A TCK v0.3 expects of the agent under test (docs/TCK.md).
// test/tck/tck-v03.test.ts copies this file over the scaffold's src/skills/tck.ts, as the agent's
// author would edit it.
import type { SkillHandlers } from '../a2a/server/handlers.js';

/** The TCK's resubscribe test starts its stream with a messageId of this prefix. */
const RESUBSCRIBE_PREFIX = 'test-resubscribe-message-id';

/**
 * How long a resubscribe task stays `working`: the TCK waits up to TCK_STREAMING_TIMEOUT for
 * stream events, so twice that plus a second leaves it time to join the running task.
 */
function resubscribeHoldMs(): number {
  const seconds = Number(process.env.TCK_STREAMING_TIMEOUT ?? '2');
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`TCK_STREAMING_TIMEOUT must be a positive number of seconds, got ${process.env.TCK_STREAMING_TIMEOUT}`);
  return (2 * seconds + 1) * 1000;
}
const HOLD_MS = resubscribeHoldMs();

/** Resolves after `ms`, or as soon as the task is canceled (or abandoned). */
function hold(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Every turn works and publishes an artifact, so streams have `working` and an artifact to
 * show. The turn then ends in `input-required`, never `completed`: the TCK's cancel and
 * continue-the-task tests need a task that is still open after `message/send` returns. A text
 * containing "complete" is how a client finishes the task.
 */
export const handler: SkillHandlers['tck'] = async (context, events) => {
  events.working('Working on it.');
  events.artifact(context.text || '(no text)', { name: 'received' });
  if (context.streaming && context.message.messageId.startsWith(RESUBSCRIBE_PREFIX)) await hold(HOLD_MS, context.signal);
  // Canceled meanwhile: the runtime has published `canceled`; anything more would be ignored.
  if (context.signal.aborted) return;
  if (/complete/i.test(context.text)) return events.complete('Completed.');
  events.inputRequired('Send more, or a text containing "complete" to finish the task.');
};
