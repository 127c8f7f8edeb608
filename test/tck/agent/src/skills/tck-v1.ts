// Skill "tck": what the official A2A TCK v1.0 expects of the agent under test, by messageId
// prefix (its scenarios/*.feature and docs/SUT_REQUIREMENTS.md). test/tck/tck-v1.test.ts copies
// this file over the scaffold's src/skills/tck.ts, as the agent's author would edit it.
import { dataPart, filePart } from '../a2a/runtime/objects.js';
import type { SkillHandlers } from '../a2a/server/handlers.js';

/**
 * How long a resubscribe task stays `working`: at least 2 × TCK_STREAMING_TIMEOUT, so the
 * TCK can open its stream, read the task id and subscribe again before it ends.
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

const outputFile = () => filePart({ bytes: Buffer.from('tck').toString('base64'), name: 'output.txt', mimeType: 'text/plain' });

/** Streams working → one artifact → completed, the shape of most streaming scenarios. */
const STREAMED_TEXT: ReadonlyArray<[prefix: string, text: string]> = [
  ['tck-stream-artifact-text', 'Streamed text content'],
  ['tck-stream-ordering-001', 'Ordered output'],
  ['tck-stream-001', 'Stream hello from TCK'],
  ['tck-stream-003', 'Stream task lifecycle'],
];

export const handler: SkillHandlers['tck'] = async (context, events) => {
  const id = context.message.messageId;
  const streamed = STREAMED_TEXT.find(([prefix]) => id.startsWith(prefix));
  if (streamed) {
    events.working();
    events.artifact(streamed[1]);
    return events.complete();
  }
  if (id.startsWith('tck-stream-artifact-chunked')) {
    events.working();
    const artifactId = events.artifact('chunk-1 ');
    events.artifact('chunk-2', { artifactId, append: true, lastChunk: true });
    return events.complete();
  }
  if (id.startsWith('tck-stream-artifact-file')) {
    events.working();
    events.artifact(outputFile());
    return events.complete();
  }
  if (id.startsWith('tck-stream-002')) return events.complete();
  if (id.startsWith('test-resubscribe-message-id')) {
    events.working();
    await hold(HOLD_MS, context.signal);
    // Canceled meanwhile: the runtime has published `canceled`; anything more would be ignored.
    if (!context.signal.aborted) events.complete();
    return;
  }
  if (id.startsWith('tck-message-response')) return events.reply('Direct message response');
  if (id.startsWith('tck-input-required')) return events.inputRequired('Send more input.');
  if (id.startsWith('tck-reject-task')) return events.reject('rejected');
  if (id.startsWith('tck-artifact-text')) {
    events.artifact('Generated text content');
    return events.complete();
  }
  // Before tck-artifact-file: that prefix is also the start of this one.
  if (id.startsWith('tck-artifact-file-url')) {
    events.artifact(filePart({ uri: 'https://example.com/output.txt', name: 'output.txt', mimeType: 'text/plain' }));
    return events.complete();
  }
  if (id.startsWith('tck-artifact-file')) {
    events.artifact(outputFile());
    return events.complete();
  }
  if (id.startsWith('tck-artifact-data')) {
    events.artifact(dataPart({ key: 'value', count: 42 }));
    return events.complete();
  }
  // tck-complete-task, and anything else: complete the task with a message.
  events.complete('Hello from TCK');
};
