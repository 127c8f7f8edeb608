// What HTTP+JSON bodies are, seen from the client (the server's side is server/rest-wire.ts):
// from v1.0 the method's own params and results; v0.3.0's are its proto's JSON, translated by
// proto-v03/client-codec.ts, which the generated client-rest-codec.ts names when the agent has it
// (rest-encoding.ts picks). This module imports neither, so both can import it.

export interface ClientRestWire {
  /** The body to send: `params` whole, `unbound` less the fields the route's path carries. */
  body(method: string, params: unknown, unbound: unknown): unknown;
  /** The result an answer's body (or a stream event's data) stands for. */
  result(method: string, payload: unknown): unknown;
}

/** Bodies that are the method's own objects. */
export const objectsWire: ClientRestWire = { body: (_method, _params, unbound) => unbound, result: (_method, payload) => payload };
