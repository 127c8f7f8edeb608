// A version the agent answers beside its own (the manifest's `compat`): a request that names it
// (`A2A-Version`, or none, which means 0.3 — spec v1.0 §3.6.2) is translated into the agent's
// version, runs through the same dispatch, executor and task store, and its answer is translated
// back. The generated version-adapters.ts lists an agent's adapters (none unless it asked); the
// translations themselves live in templates/a2a/compat/, which only such agents get.
import type { RestBinding } from '../../runtime/protocol-types.js';
import type { RestWire } from './rest-wire.js';

/** An error as a JSON-RPC response carries it. */
export interface WireErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface VersionAdapter {
  /** Major.Minor, as `A2A-Version` names it (`0.3`). */
  readonly version: string;
  /** This version's method → the agent's method; undefined when the agent has none for it. */
  method(name: string): string | undefined;
  /** This version's params of `method` (this version's name) → the agent's. Throws a JsonRpcError (-32602, with the path) for what the agent's version cannot carry. */
  params(method: string, params: unknown): unknown;
  /** The agent's result of `method` (the agent's name) → this version's. */
  result(method: string, value: unknown): unknown;
  /** A stream event as the agent's JSON-RPC carries it → this version's. */
  event(value: unknown): unknown;
  /** An error as the runtime made it (`JsonRpcError.toJSON()`: free `data`; typed details when it came so from elsewhere) → this version's. */
  error(error: WireErrorObject): WireErrorObject;
  /** The agent's card (public or extended) → this version's. */
  card(card: object): object;
  /** How this version's push notifications are written, for configs its clients set (push.ts PUSH_VERSION marks them). */
  readonly push?: { contentType: string; body(task: unknown): unknown };
  /** This version's HTTP+JSON, when the agent serves HTTP+JSON: its routes and how its bodies are written. */
  readonly rest?: { binding: RestBinding; wire: RestWire };
  /** This version answers a resubscribe that fails before its stream starts as a stream of its error (v0.x: the response is an SSE stream). */
  readonly resubscribeFailsInStream?: boolean;
}
