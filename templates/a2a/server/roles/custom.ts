// A method of the agent's A2A version that no role of a2a-gen implements (a newer schema's,
// say): routed, validated and typed like the rest, answered by the author's handler — a value,
// or for a streaming method an async iterable whose items are the stream's events.
import { errorFor, JsonRpcError } from '../../errors.js';
import { entryOf } from '../../runtime/shapes.js';
import type { CustomHandler, Role } from './role.js';
import { framingOf, PendingStream } from './stream-source.js';

export const custom: Role<'custom'> = {
  async run({ params, meta, config, method, streaming }) {
    const entry = entryOf(config.customMethods, method);
    const handler = typeof entry === 'function' ? (entry as CustomHandler) : undefined;
    if (!handler)
      return { kind: 'error', error: errorFor('unsupportedOperation', `${method} is part of this A2A version but this agent does not implement it`) };
    const controller = new AbortController();
    const value = await handler(params as never, { method, principal: meta.principal, signal: controller.signal });
    if (!streaming) return { kind: 'result', result: value };
    const source = new PendingStream(config, framingOf(meta));
    const iterator = (value as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    source.onClose(() => {
      controller.abort(new Error('the client disconnected'));
      void iterator.return?.();
    });
    void (async () => {
      try {
        for (;;) {
          const next = await iterator.next();
          if (next.done) break;
          source.value(next.value);
        }
        source.end();
      } catch (err) {
        source.fail(err instanceof JsonRpcError ? err : errorFor('internal'));
      }
    })();
    return { kind: 'stream', source };
  },
};
