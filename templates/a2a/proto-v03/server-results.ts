// What a v0.3.0 server sends over its proto's wire (HTTP+JSON and gRPC alike): each role's
// JSON-RPC result written as the v0.3.0 proto's response message, and stream events as its
// StreamResponse.
import type { MethodRole } from '../runtime/protocol-types.js';
import type { Loose } from '../runtime/shapes.js';
import { v03ProtoJson } from './proto-json-v03.js';

const toWire = v03ProtoJson.toWire;

/** A role's JSON-RPC result as its v0.3.0 proto response. */
export function v03ResultToWire(role: MethodRole, value: unknown): unknown {
  const v = value as Loose;
  switch (role) {
    case 'send':
      return toWire.sendMessageResponse(v);
    case 'get':
    case 'cancel':
      return toWire.task(v);
    case 'pushSet':
    case 'pushGet':
      return toWire.taskPushNotificationConfig(v);
    case 'pushList':
      return toWire.listTaskPushNotificationConfigResponse(value as Loose[]);
    case 'extendedCard':
      return toWire.agentCard(v);
    case 'pushDelete':
      return {};
    default:
      return value;
  }
}

/** A stream event (Task, Message, status or artifact update) as the v0.3.0 proto's StreamResponse. */
export const v03EventToWire = (value: unknown): Loose => toWire.streamResponse(value as Loose);
