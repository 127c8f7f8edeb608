// SendStreamingMessage / message/stream / tasks/sendSubscribe: send, answered as a stream of the
// turn's events (the task first, then its updates), which ends with the turn.
// @see spec v1.0 §3.1.2, v0.3.0 §7.2
import { errorFor } from '../../errors.js';
import { ruleApplies, ruleError } from '../spec/rules.js';
import type { DispatchConfig, Role } from './role.js';
import { checkSend } from './send.js';
import { framingOf, PendingStream } from './stream-source.js';

/** Streaming methods need `capabilities.streaming` (§3.3.4). */
export function requireStreaming(config: DispatchConfig): void {
  if (config.streaming) return;
  if (ruleApplies('streaming-capability')) throw ruleError('streaming-capability', '');
  throw errorFor('unsupportedOperation', 'this agent does not stream');
}

export const stream: Role<'stream'> = {
  check: checkSend,
  async run({ params, meta, config }) {
    requireStreaming(config);
    const { manager } = config;
    const source = new PendingStream(config, framingOf(meta));
    const run = await manager.start(params, meta, 'stream', source.listener);
    // A stream cut off for falling behind does not abandon the work (stream-source.ts).
    source.onClose(() => manager.order.unlisten(run, source.listener, !source.fellBehind));
    return { kind: 'stream', source };
  },
};
