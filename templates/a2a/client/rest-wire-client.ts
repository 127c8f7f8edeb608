// What HTTP+JSON bodies are, seen from the client (the server's side is server/rest-wire.ts):
// from v1.0 the method's own params and results; v0.3.0's are its proto's JSON, translated.
export interface ClientRestWire {
  /** The body to send for a call's params (less the fields its path binds). */
  body(method: string, params: unknown): unknown;
  /** The result an answer's body (or a stream event's data) stands for. */
  result(method: string, payload: unknown): unknown;
}

const objects: ClientRestWire = { body: (_method, params) => params, result: (_method, payload) => payload };

export function restWireOf(wire: string): ClientRestWire {
  return wire === 'objects' ? objects : objects;
}
