// What HTTP+JSON bodies are, seen from the client (the server's side is server/rest-wire.ts):
// from v1.0 the method's own params and results; v0.3.0's are its proto's JSON, translated by
// runtime/proto-json-v03.ts according to the method's role.
import { protocol } from '../protocol.js';
import type { MethodRole } from '../runtime/protocol-types.js';
import { v03ProtoJson, WireShapeError } from '../runtime/proto-json-v03.js';
import { A2ATransportError } from './client-errors.js';

type Loose = Record<string, unknown>;

export interface ClientRestWire {
  /** The body to send: `params` whole, `unbound` less the fields the route's path carries. */
  body(method: string, params: unknown, unbound: unknown): unknown;
  /** The result an answer's body (or a stream event's data) stands for. */
  result(method: string, payload: unknown): unknown;
}

const objects: ClientRestWire = { body: (_method, _params, unbound) => unbound, result: (_method, payload) => payload };

const roleOf = (method: string): MethodRole | undefined => protocol.methods[method]?.role;
const wire = v03ProtoJson;

const protoV03: ClientRestWire = {
  body(method, params) {
    const p = params as Loose;
    switch (roleOf(method)) {
      case 'send':
      case 'stream':
        return wire.toWire.sendMessageRequest(p);
      case 'pushSet':
        return wire.toWire.createTaskPushNotificationConfigRequest(p);
      default:
        return {};
    }
  },
  result(method, payload) {
    try {
      switch (roleOf(method)) {
        case 'send':
          return wire.fromWire.sendMessageResponse(payload);
        case 'stream':
        case 'resubscribe':
          return wire.fromWire.streamResponse(payload);
        case 'get':
        case 'cancel':
          return wire.fromWire.task(payload);
        case 'pushSet':
        case 'pushGet':
          return wire.fromWire.taskPushNotificationConfig(payload);
        case 'pushList':
          return wire.fromWire.listTaskPushNotificationConfigResponse(payload);
        case 'extendedCard':
          return wire.fromWire.agentCard(payload);
        case 'pushDelete':
          return null;
        default:
          return payload;
      }
    } catch (err) {
      if (err instanceof WireShapeError) throw new A2ATransportError(`the answer to ${method} is not v0.3.0 proto JSON: ${err.message}`, 'protocol');
      throw err;
    }
  },
};

export function restWireOf(wireName: string): ClientRestWire {
  return wireName === 'proto-v0.3' ? protoV03 : objects;
}
