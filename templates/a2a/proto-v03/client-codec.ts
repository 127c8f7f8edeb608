// The client side of v0.3.0's HTTP+JSON wire: params written to its proto's JSON, answers and
// stream events read from it, chosen by the method's role. Emitted (with proto-json-v03*.ts) only
// into agents whose binding needs it; the generated client-rest-codec.ts names it.
import { protocol } from '../protocol.js';
import type { MethodRole } from '../runtime/protocol-types.js';
import { A2ATransportError } from '../client/client-errors.js';
import type { ClientRestWire } from '../client/rest-wire-client.js';
import { v03ProtoJson, WireShapeError } from './proto-json-v03.js';

import type { Loose } from '../runtime/shapes.js';

const wire = v03ProtoJson;

/** The codec for a client whose methods' roles `roleOf` tells (a v1.0 client falling back to v0.3 knows them by its own names). */
export const protoV03ClientCodecFor = (roleOf: (method: string) => MethodRole | undefined): ClientRestWire => ({
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
});

export const protoV03ClientCodec: ClientRestWire = protoV03ClientCodecFor((method) => protocol.methods[method]?.role);
