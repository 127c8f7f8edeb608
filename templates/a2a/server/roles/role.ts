// What a role is: one kind of A2A call (send, stream, get, list, cancel, subscribe, the
// push-config ones, the extended card, a custom method), whatever a version names its method.
// Each role module gives `check` — everything that can be said of the call from its params
// alone, before anything is looked up — and `run`; table.ts collects them, one per MethodRole,
// and dispatch.ts calls them. Params are read in version-neutral terms (runtime/shapes.ts): the
// fields every version has, the rest by the paths of the protocol descriptor.
import type { JsonRpcError } from '../../errors.js';
import type { MethodRole } from '../../runtime/protocol-types.js';
import type { Loose, MessageShape } from '../../runtime/shapes.js';
import type { AgentCard } from '../../types.js';
import type { JsonRpcId } from '../bindings/jsonrpc-envelope.js';
import type { Principal } from '../executor.js';
import type { Connection } from '../http/request.js';
import type { CallInfo } from '../tasks/call-info.js';
import type { TaskManager } from '../tasks/task-manager.js';
import type { SseSource } from '../http/sse.js';

export type Outcome = { kind: 'result'; result: unknown } | { kind: 'error'; error: JsonRpcError } | { kind: 'stream'; source: EventStream };

/**
 * Where a stream's frames go once its binding attaches: SSE text (`start`), or a binding's own
 * messages (`attach`: gRPC, whose framing makes them).
 */
export interface StreamOutput {
  event(frame: unknown): void;
  /** The stream's failure, as its framing wrote it; the stream ends after it. */
  error(frame: unknown): void;
  end(): void;
}

/** What a streaming call answers with: an SSE source, or frames for another binding's output. */
export interface EventStream extends SseSource {
  /**
   * Sends the stream into `output`; the returned function says the stream is over for its client
   * (the run stops listening): it left, or — `fellBehind` — the binding cut it off for reading too
   * slowly, which does not abandon the task.
   */
  attach(output: StreamOutput): (fellBehind?: boolean) => void;
}

/**
 * How a binding writes a stream's events and its failure: SSE text for JSON-RPC and HTTP+JSON
 * (a `data` line, an `error` event), encoded messages and a status for gRPC.
 */
export interface StreamFraming<F = string> {
  event(value: unknown): F;
  error(error: unknown): F;
}

export interface CallMeta extends CallInfo {
  id: JsonRpcId;
  /** Tells when the client goes away before its answer (blocking sends stop listening). */
  connection?: Connection;
  /** How a stream writes its events; JSON-RPC responses under `id` when absent. */
  framing?: StreamFraming<unknown>;
}

/** What a custom method's handler receives beside its params (custom.ts). */
export interface CallContext {
  method: string;
  principal?: Principal;
  signal: AbortSignal;
}

export type CustomHandler = (params: never, context: CallContext) => unknown;

/** What the roles are served with. */
export interface DispatchConfig {
  manager: TaskManager;
  streaming: boolean;
  keepAliveMs: number;
  /**
   * Most bytes of an SSE stream's events that may wait for a client reading slowly, beyond the
   * stream's largest event: past it the stream ends with an error event (stream-source.ts).
   */
  streamBufferedBytes: number;
  /** Most bytes all SSE streams of the process may hold for their clients together (default: none); past it a stream that is behind is cut off. */
  streamsBufferedBytes?: number;
  /** The author's handlers by method name (the generated CustomMethodHandlers). */
  customMethods: object;
  extendedCard?: (principal: Principal | undefined) => AgentCard | Promise<AgentCard>;
  /** The public card declares an extended card (`capabilities.extendedAgentCard`, v0.x `supportsAuthenticatedExtendedCard`). */
  advertisesExtendedCard: boolean;
  /** The tenant of this agent's interface (v1.0 multi-tenancy), when it has one. */
  tenant?: string;
  log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
  /** Signs a card served in `version` (Major.Minor; the agent's own when undefined), when the agent signs its cards (signing/card-signer.ts). */
  signCard?: <T extends object>(card: T, version?: string) => T;
}

/** Send params in every version: a message (the rest by the descriptor's paths, `features.send`). */
export interface SendParams extends Loose {
  message: MessageShape;
}

/** The params of the calls on one task: its id. */
export interface TaskIdParams extends Loose {
  id: string;
}

/** What each role's params hold once validated, in every version. */
export interface RoleParams {
  send: SendParams;
  stream: SendParams;
  get: TaskIdParams;
  list: Loose;
  cancel: TaskIdParams;
  resubscribe: TaskIdParams;
  pushSet: Loose;
  pushGet: Loose;
  pushList: Loose;
  pushDelete: Loose;
  extendedCard: Loose;
  custom: Loose;
}

/** One call of a role: its params (validated), who calls, and the method as the agent names it. */
export interface RoleCall<R extends MethodRole> {
  params: RoleParams[R];
  meta: CallMeta;
  config: DispatchConfig;
  method: string;
  /** The method answers with a stream (custom methods may). */
  streaming: boolean;
}

export interface Role<R extends MethodRole> {
  /** The spec's rules on the params alone, before anything is looked up: an invalid call is -32602 whatever the store holds. */
  check?(params: RoleParams[R], config: DispatchConfig): void;
  run(call: RoleCall<R>): Outcome | Promise<Outcome>;
}

/** Every role, each typed by itself. */
export type RoleTable = { readonly [R in MethodRole]: Role<R> };
