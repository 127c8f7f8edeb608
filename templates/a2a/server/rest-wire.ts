// What HTTP+JSON bodies are, by the binding's `wire`. From v1.0 both bindings carry the same
// ProtoJSON objects, so a body is the method's params and a result is the body of the answer.
// v0.3.0's JSON-RPC carries the a2a.json objects while its HTTP+JSON carries the ProtoJSON of
// v0.3.0's a2a.proto (as the official SDKs and the TCK do): runtime/proto-json-v03.ts
// translates, here chosen by the method's role.
import { errorFor, JsonRpcError } from '../errors.js';
import { protocol } from '../protocol.js';
import type { Loose } from '../runtime/objects.js';
import type { MethodRole, RestBinding, RestRoute } from '../runtime/protocol-types.js';
import { v03ProtoJson, WireShapeError } from '../runtime/proto-json-v03.js';
import type { StreamFraming } from './dispatch.js';
import { restErrorBody } from './rest-errors.js';

export interface RestWire {
  /** The method's params: the body as the route takes it, with the fields its path and query bind. Throws a JsonRpcError (-32602) when they disagree. */
  params(route: RestRoute, body: unknown, fields: Loose): Loose;
  /** A unary result as the answer's body. */
  result(route: RestRoute, value: unknown): unknown;
  /** How a streaming answer writes each event and a failure. */
  framing(route: RestRoute): StreamFraming;
}

/** The body of `*` routes holds the whole request; a field the path binds must agree with it. The params are a new object (the caller's are not changed). */
function mergeFields(route: RestRoute, body: unknown, fields: Loose): Loose {
  if (route.body === undefined) return Object.assign({}, fields);
  // The body was parsed for this request alone: it may become the params as it is.
  const params: Loose = route.body === '*' ? (body as Loose) : { [route.body]: body };
  for (const name in fields) {
    const value = fields[name];
    if (params[name] !== undefined && params[name] !== value)
      throw errorFor('invalidParams', `${name} is ${JSON.stringify(value)} in the path but ${JSON.stringify(params[name])} in the body`, { path: `/${name}` });
    params[name] = value;
  }
  return params;
}

const errorBody = (error: unknown): string => restErrorBody(error instanceof JsonRpcError ? error : errorFor('internal'));

const objectFraming: StreamFraming = { event: (value) => JSON.stringify(value), error: errorBody };
const objects: RestWire = {
  params: mergeFields,
  result: (_route, value) => value,
  framing: () => objectFraming,
};

const roleOf = (route: RestRoute): MethodRole => protocol.methods[route.method].role;
const wire = v03ProtoJson;

const protoV03Framing: StreamFraming = { event: (value) => JSON.stringify(wire.toWire.streamResponse(value as Loose)), error: errorBody };

/** v0.3.0: request bodies read from its proto's JSON (a shape it cannot read is -32602 at its place), results written to it. */
const protoV03: RestWire = {
  params(route, body, fields) {
    try {
      switch (roleOf(route)) {
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
  result(route, value) {
    const v = value as Loose;
    switch (roleOf(route)) {
      case 'send':
        return wire.toWire.sendMessageResponse(v);
      case 'get':
      case 'cancel':
        return wire.toWire.task(v);
      case 'pushSet':
      case 'pushGet':
        return wire.toWire.taskPushNotificationConfig(v);
      case 'pushList':
        return wire.toWire.listTaskPushNotificationConfigResponse(value as Loose[]);
      case 'extendedCard':
        return wire.toWire.agentCard(v);
      case 'pushDelete':
        return {};
      default:
        return value;
    }
  },
  framing: () => protoV03Framing,
};

export const restWire: RestWire = (protocol.rest as RestBinding | undefined)?.wire === 'proto-v0.3' ? protoV03 : objects;
