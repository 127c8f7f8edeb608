// The server side of v0.3.0's HTTP+JSON wire: request bodies read from its proto's JSON (a shape
// it cannot read is -32602 at its place), results and stream events written to it, chosen by the
// method's role. Emitted (with proto-json-v03*.ts) only into agents whose binding needs it; the
// generated rest-codecs.ts names it.
import { errorFor } from '../errors.js';
import type { StreamFraming } from '../server/roles/dispatch.js';
import { streamErrorBody } from '../server/bindings/rest-errors.js';
import type { RestWire } from '../server/bindings/rest-wire.js';
import { v03ProtoJson, WireShapeError } from './proto-json-v03.js';
import { v03EventToWire, v03ResultToWire } from './server-results.js';

const wire = v03ProtoJson;

const protoV03Framing: StreamFraming = { event: (value) => JSON.stringify(v03EventToWire(value)), error: streamErrorBody };

export const protoV03ServerCodec: RestWire = {
  params(route, body, fields) {
    try {
      switch (route.role) {
        case 'send':
        case 'stream':
          // The send routes bind nothing in their path: the body is the whole request.
          return wire.fromWire.sendMessageRequest(body);
        case 'pushSet':
          return wire.fromWire.createTaskPushNotificationConfigRequest(body, String(fields.taskId));
        default:
          // Every other v0.3.0 route takes its params from the path and query only, by their JSON-RPC names.
          return Object.assign({}, fields);
      }
    } catch (err) {
      if (err instanceof WireShapeError) throw errorFor('invalidParams', `Invalid params: ${err.message}`, { path: err.path });
      throw err;
    }
  },
  result: (route, value) => v03ResultToWire(route.role, value),
  framing: () => protoV03Framing,
};
