// A v1.0 client speaking to an A2A v0.3.0 interface, when its caller accepts 0.3 (version-fallback.ts):
// each call's method and params written in v0.3.0 (compat-v03.ts), its answers, stream events and
// errors read back into v1.0, over JSON-RPC or v0.3.0's HTTP+JSON (its routes from the model, its
// proto JSON through proto-v03/client-codec.ts). A v1.0 call v0.3.0 has no method for (ListTasks)
// or whose params it cannot carry fails before anything is sent.
import { protocol } from '../protocol.js';
import { A2ATransportError } from '../client/client-errors.js';
import { restEncoding } from '../client/rest-encoding.js';
import type { FallbackVersion } from '../client/version-fallback.js';
import { jsonRpcEncoding, type WireEncoding } from '../client/wire-encoding.js';
import { protoV03ClientCodecFor } from '../proto-v03/client-codec.js';
import { isObject } from '../runtime/shapes.js';
import { errorToV1, methodToV03, methodToV1, paramsToV03, resultToV1, WireShapeError, type V1Method, type WireError } from './compat-v03.js';
import { cardToV1 } from './compat-v03-card.js';
import { LENIENT, o, resultToV1 as eventToV1 } from './compat-v03-objects.js';

const compat = protocol.compat?.find((c) => c.version === '0.3');
const isWireError = (v: unknown): v is WireError => isObject(v) && typeof v.code === 'number';

/** A JSON-RPC response whose error carries v0.3's free `data` → v1.0's typed details. */
const jsonRpcError = (payload: unknown): unknown =>
  isObject(payload) && isWireError(payload.error) ? Object.assign({}, payload, { error: errorToV1(payload.error) }) : payload;
/** v0.3.0's HTTP+JSON error body (`{code, message, data}`) → the same with v1.0's details. */
const flatError = (payload: unknown): unknown => (isWireError(payload) ? Object.assign({}, payload, errorToV1(payload)) : payload);

function translated(inner: WireEncoding): WireEncoding {
  const isRpc = inner.binding === 'JSONRPC';
  return {
    binding: inner.binding,
    request(endpoint, id, method, params) {
      let v03: ReturnType<typeof paramsToV03>;
      try {
        v03 = paramsToV03(method as V1Method, params);
      } catch (err) {
        if (err instanceof WireShapeError) throw new A2ATransportError(`${method} cannot be sent to an A2A 0.3 interface: ${err.message}`, 'protocol');
        throw err;
      }
      return inner.request(endpoint, id, v03.method, v03.params);
    },
    result(method, id, payload, sseEvent) {
      const v03 = methodToV03(method);
      if (!v03) throw new A2ATransportError(`${method} has no A2A 0.3 method`, 'protocol');
      const value = inner.result(v03, id, isRpc ? jsonRpcError(payload) : sseEvent === 'error' ? flatError(payload) : payload, sseEvent);
      return protocol.methods[method]?.streaming ? eventToV1(o(value), '', LENIENT) : resultToV1(v03, value);
    },
    error: (payload) => inner.error(isRpc ? jsonRpcError(payload) : flatError(payload)),
  };
}

const jsonRpc = translated(jsonRpcEncoding);
let rest: WireEncoding | undefined;

export const compatV03Client: FallbackVersion = {
  version: '0.3',
  card(value) {
    if (!isObject(value) || Array.isArray(value.supportedInterfaces) || typeof value.url !== 'string') return undefined;
    return cardToV1(value, LENIENT);
  },
  encoding(binding) {
    if (binding === 'JSONRPC') return jsonRpc;
    if (!compat?.rest) throw new A2ATransportError('this client has no A2A 0.3 HTTP+JSON routes', 'protocol');
    rest ??= translated(
      restEncoding(
        compat.rest,
        protoV03ClientCodecFor((method) => protocol.methods[methodToV1(method) ?? '']?.role),
      ),
    );
    return rest;
  },
};
