// Call interceptors (like @a2a-js/sdk's CallInterceptor): code that sees every JSON-RPC call
// the client makes — before it is sent, each event of a stream, and how it ended — for
// logging, tracing, metrics, or headers and params that depend on the call. Agent card
// fetches are plain HTTP GETs, not calls, and do not pass through them. They run as
// layers around the call: `before` in list order, `event` and `after` in reverse order, so
// the first interceptor is the outermost (it sees the call first and its outcome last).
import type { A2AMethodName, A2AMethods, ParamsOf, ResultOf, StreamingMethodName } from '../methods.js';
import type { Loose } from '../runtime/shapes.js';

interface CallOf<M extends A2AMethodName> {
  /** The JSON-RPC method. */
  readonly method: M;
  /** The params to send; `before` may change them or assign new ones. */
  params: ParamsOf<M>;
  /**
   * The call's headers; `before` may set or delete them. Credentials (the `auth` option) are
   * not here: they are added to each attempt after the interceptors, so a refresh after a 401
   * reaches the retry.
   */
  readonly headers: Headers;
  /** True for methods answered with Server-Sent Events. */
  readonly streaming: A2AMethods[M]['streaming'];
  /** The caller's signal, when it passed one. */
  readonly signal?: AbortSignal;
}

/** A call about to be sent; narrow on `method` for its params' type. */
export type InterceptedCall = { [M in A2AMethodName]: CallOf<M> }[A2AMethodName];

type Ended<M extends A2AMethodName> = Readonly<CallOf<M>> & {
  /** The HTTP status of the last response, or undefined when none came (network error, timeout, abort). */
  readonly status: number | undefined;
  /** HTTP requests made: more than one after retries or a refresh after HTTP 401. */
  readonly attempts: number;
  /** Streams: events delivered to the caller. */
  readonly events: number;
  /** Streams: the caller stopped reading before the stream ended. */
  readonly stopped: boolean;
} & (
    | {
        readonly ok: true;
        /** A unary call's result; for a stream, its last event (undefined when it had none). */
        readonly result: A2AMethods[M]['streaming'] extends true ? ResultOf<M> | undefined : ResultOf<M>;
      }
    | {
        readonly ok: false;
        /** What the caller receives: a JSON-RPC error class, A2AHttpError, A2ATransportError, … */
        readonly error: unknown;
      }
  );

/** How a call ended; narrow on `method` and `ok`. */
export type CallOutcome = { [M in A2AMethodName]: Ended<M> }[A2AMethodName];

/** One event of a streaming call, before the caller sees it. */
export type InterceptedEvent = { [M in StreamingMethodName]: Readonly<CallOf<M>> & { readonly event: ResultOf<M> } }[StreamingMethodName];

/**
 * Sees each call the client makes. Every hook is optional and may be async; one that throws
 * fails the call with its error (an `after` that throws replaces the call's own outcome).
 */
export interface CallInterceptor {
  /** Before the first request of the call: may change `params` and `headers`. */
  before?(call: InterceptedCall): void | Promise<void>;
  /** Each event of a stream, before the caller gets it. */
  event?(event: InterceptedEvent): void | Promise<void>;
  /** Once per call, when it ended: with its result or error, the HTTP status and the attempts made. */
  after?(outcome: CallOutcome): void | Promise<void>;
}

/** What the transport tells the chain about a call while it runs. */
export interface CallProgress {
  status: number | undefined;
  attempts: number;
}

/** The call as the transport sends it: what `before` left in params and headers. */
export interface PreparedCall {
  method: string;
  params: unknown;
  headers: Headers;
}

/** One call while a transport runs it: what is sent (after the interceptors), and what happened so far. */
export interface TransportCall<H = Headers> extends CallProgress {
  method: string;
  params: unknown;
  headers: H;
  /** An authentication failure was already answered with a refresh: never a second one, so a failing refresh cannot loop. */
  refreshed: boolean;
}

/** What the interceptors left in a call's params and headers is what gets sent. */
export function adopt<C extends TransportCall<unknown>>(call: C, sent: PreparedCall): C {
  call.params = sent.params;
  call.headers = sent.headers;
  return call;
}

/** Runs a list of interceptors around unary and streaming calls. */
export class InterceptorChain {
  constructor(private readonly list: readonly CallInterceptor[]) {}

  /** A unary call: `send` gets the call as the `before` hooks left it. */
  async unary(call: InterceptedCall, progress: CallProgress, send: (call: PreparedCall) => Promise<unknown>): Promise<unknown> {
    const entered = await this.before(call, progress);
    let result: unknown;
    try {
      result = await send(call);
    } catch (error) {
      await this.after(entered, call, progress, { ok: false, error });
      throw error;
    }
    await this.after(entered, call, progress, { ok: true, result });
    return result;
  }

  /** A streaming call: each event passes the `event` hooks; `after` runs once it ends, however it ends. */
  async *stream(call: InterceptedCall, progress: CallProgress, open: (call: PreparedCall) => AsyncIterable<unknown>): AsyncGenerator<unknown, void, undefined> {
    const entered = await this.before(call, progress);
    let last: unknown;
    let events = 0;
    let outcome: Loose | undefined;
    try {
      for await (const event of open(call)) {
        for (let i = entered - 1; i >= 0; i--) await this.list[i].event?.({ ...call, event } as InterceptedEvent);
        last = event;
        events++;
        yield event;
      }
      outcome = { ok: true, result: last };
    } catch (error) {
      outcome = { ok: false, error };
      throw error;
    } finally {
      // No outcome here means the caller left the loop early (break, return): a stop, not a failure.
      await this.after(entered, call, progress, outcome ?? { ok: true, result: last, stopped: true }, events);
    }
  }

  /** Runs `before` hooks in order; returns how many ran, so only those see the outcome. */
  private async before(call: InterceptedCall, progress: CallProgress): Promise<number> {
    let entered = 0;
    try {
      for (const interceptor of this.list) {
        entered++;
        await interceptor.before?.(call);
      }
    } catch (error) {
      await this.after(entered - 1, call, progress, { ok: false, error });
      throw error;
    }
    return entered;
  }

  private async after(entered: number, call: InterceptedCall, progress: CallProgress, end: Loose, events = 0): Promise<void> {
    if (entered === 0) return;
    const outcome = { ...call, status: progress.status, attempts: progress.attempts, events, stopped: false, ...end } as unknown as CallOutcome;
    for (let i = entered - 1; i >= 0; i--) await this.list[i].after?.(outcome);
  }
}
