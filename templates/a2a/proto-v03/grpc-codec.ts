// v0.3.0's gRPC messages and its JSON-RPC objects: requests read into params, results and stream
// events written as the proto's responses (server-results.ts, shared with HTTP+JSON). Unlike its
// HTTP+JSON routes, whose paths carry the task, every gRPC request is a message of its own: tasks
// and push configs are named by resource names (`tasks/{id}`,
// `tasks/{id}/pushNotificationConfigs/{configId}`) as AIP-122 has it. A request that cannot be
// read is -32602 (INVALID_ARGUMENT), naming the field.
import { errorFor } from '../errors.js';
import type { GrpcMessageCodec, MethodRole } from '../runtime/protocol-types.js';
import type { Loose } from '../runtime/shapes.js';
import { v03ProtoJson, WireShapeError } from './proto-json-v03.js';
import { v03EventToWire, v03ResultToWire } from './server-results.js';

const fromWire = v03ProtoJson.fromWire;
// The proto's own http rule for CreateTaskPushNotificationConfig writes `task/*`; clients send `tasks/`.
const TASK = /^tasks?\/([^/]+)$/;
const CONFIG = /^tasks?\/([^/]+)\/pushNotificationConfigs\/([^/]+)$/;

/** The JSON-RPC params of a role's v0.3.0 gRPC request (decoded to its ProtoJSON). */
function v03GrpcParams(role: MethodRole, request: Loose): Loose {
  try {
    switch (role) {
      case 'send':
      case 'stream':
        return fromWire.sendMessageRequest(request);
      case 'get': {
        const params: Loose = { id: taskOf(request.name, 'name') };
        if (typeof request.historyLength === 'number' && request.historyLength > 0) params.historyLength = request.historyLength;
        return params;
      }
      case 'cancel':
      case 'resubscribe':
        return { id: taskOf(request.name, 'name') };
      case 'pushSet':
        return fromWire.createTaskPushNotificationConfigRequest(request, taskOf(request.parent, 'parent'));
      case 'pushList':
        return { id: taskOf(request.parent, 'parent') };
      case 'pushGet':
      case 'pushDelete': {
        const m = CONFIG.exec(String(request.name ?? ''));
        if (!m) throw new WireShapeError('/name', 'expected tasks/{id}/pushNotificationConfigs/{configId}');
        return { id: m[1], pushNotificationConfigId: m[2] };
      }
      default:
        return {};
    }
  } catch (err) {
    if (err instanceof WireShapeError) throw errorFor('invalidParams', `Invalid params: ${err.message}`, { path: err.path });
    throw err;
  }
}

function taskOf(name: unknown, field: string): string {
  const m = TASK.exec(typeof name === 'string' ? name : '');
  if (!m) throw new WireShapeError(`/${field}`, 'expected tasks/{id}');
  return m[1];
}

export const protoV03GrpcCodec: GrpcMessageCodec = { params: v03GrpcParams, result: v03ResultToWire, event: v03EventToWire };
