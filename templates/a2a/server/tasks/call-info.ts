// Who made a call and under which span: what an execution carries of the request that started it.
import type { Principal } from '../executor.js';
import type { SpanHandle } from '../observability.js';
import type { ExtensionUse } from '../bindings/extensions.js';

export interface CallInfo {
  /** The method as the agent names it (`SendMessage`, `message/send`). */
  method: string;
  principal?: Principal;
  /** The request's span (tracing on): executions it starts are its children. */
  span?: SpanHandle;
  /** The extensions of the call: asked for in A2A-Extensions and declared by the card, and those activated (bindings/extensions.ts). */
  extensions?: ExtensionUse;
}

/** How a send waits for its execution: to its end (blocking), not at all (background), or event by event (stream). */
export type RunMode = 'blocking' | 'background' | 'stream';
