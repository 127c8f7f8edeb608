// The version adapter that lets a v1.0 agent answer A2A v0.3.0 clients (manifest `compat: [0.3.0]`):
// the runtime's VersionAdapter over the translations of compat-v03.ts, plus v0.3.0's HTTP+JSON
// (its routes from the model, its bodies in v0.3.0's proto JSON through proto-v03/server-codec.ts).
import { errorFor } from '../errors.js';
import { protocol } from '../protocol.js';
import { protoV03ServerCodec } from '../proto-v03/server-codec.js';
import { PUSH_VERSION } from '../server/push/push-config.js';
import type { VersionAdapter } from '../server/bindings/version-adapter.js';
import { errorToV03, methodToV1, paramsToV1, resultToV03, WireShapeError, type V03Method, type V1Method } from './compat-v03.js';
import { cardToV03 } from './compat-v03-card.js';
import { LENIENT, o, resultToV03 as eventToV03, taskToV03 } from './compat-v03-objects.js';
import type { Loose } from '../runtime/shapes.js';

const compat = protocol.compat?.find((c) => c.version === '0.3');

/** A push config a v0.3 client sets is marked, so its notifications go out as v0.3 Tasks (push.ts). */
function markPushConfig(method: string, params: Loose): Loose {
  if (method === 'tasks/pushNotificationConfig/set') (params as { [PUSH_VERSION]?: string })[PUSH_VERSION] = '0.3';
  else if (method === 'message/send' || method === 'message/stream') {
    const config = o(params.configuration).taskPushNotificationConfig;
    if (config !== null && typeof config === 'object') (config as { [PUSH_VERSION]?: string })[PUSH_VERSION] = '0.3';
  }
  return params;
}

export const compatV03Adapter: VersionAdapter = {
  version: '0.3',
  method: methodToV1,
  params(method, params) {
    try {
      return markPushConfig(method, paramsToV1(method as V03Method, params));
    } catch (err) {
      if (err instanceof WireShapeError) throw errorFor('invalidParams', `Invalid params: ${err.message} (cannot be said in A2A 1.0)`, { path: err.path });
      throw err;
    }
  },
  result: (method, value) => resultToV03(method as V1Method, value),
  event: (value) => eventToV03(o(value), '', LENIENT),
  error: errorToV03,
  push: { contentType: compat?.pushContentType ?? 'application/json', body: (task) => taskToV03(o(task), '', LENIENT) },
  // v1.0 clients that fetch the card without A2A-Version (which means 0.3) still find their interfaces, as SDK 1.3.0 serves it.
  card: (card) => Object.assign(cardToV03(o(card), LENIENT), { supportedInterfaces: (card as { supportedInterfaces?: unknown }).supportedInterfaces }),
  ...(compat?.rest ? { rest: { binding: compat.rest, wire: protoV03ServerCodec } } : {}),
  // v0.3.0 §7.9: tasks/resubscribe answers an SSE stream, its error included (its TCK and SDK 0.3 read it so; SDK 1.3.0's legacy handler writes it so).
  resubscribeFailsInStream: true,
};
