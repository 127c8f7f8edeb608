// How a call goes on the wire, by binding: the request to send, and how an answer, a stream
// event or an error body reads back. The transport (transport.ts) does the rest — credentials,
// time limits, retries, interceptors, SSE — the same for every binding.
import { errorFromWire, type JsonRpcError } from '../errors.js';
import { A2ATransportError } from './client-errors.js';

export interface WireRequest {
  url: URL;
  /** The HTTP method. */
  verb: string;
  body?: string;
}

export interface WireEncoding {
  /** `JSONRPC` or `HTTP+JSON`, as cards name bindings. */
  readonly binding: string;
  request(endpoint: URL, id: number, method: string, params: unknown): WireRequest;
  /** The result of a successful answer (or of one stream event): throws the error an answer carries. */
  result(method: string, id: number, payload: unknown, sseEvent?: string): unknown;
  /** The A2A error an unsuccessful HTTP answer carries, when its body is one. */
  error(payload: unknown): JsonRpcError | undefined;
}

interface JsonRpcResponse {
  jsonrpc?: unknown;
  id?: unknown;
  result?: unknown;
  error?: { code: number; message?: string; data?: unknown };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** JSON-RPC 2.0: every call a POST of a request object; every answer (and stream event) a response under its id. */
export const jsonRpcEncoding: WireEncoding = {
  binding: 'JSONRPC',
  request: (endpoint, id, method, params) => ({
    url: endpoint,
    verb: 'POST',
    body: JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }),
  }),
  result(method, id, payload) {
    const response = (isObject(payload) ? payload : {}) as JsonRpcResponse;
    if (isObject(response.error) && typeof response.error.code === 'number') throw errorFromWire(response.error);
    if (response.jsonrpc !== '2.0' || !('result' in response))
      throw new A2ATransportError(`the response to ${method} is not a JSON-RPC 2.0 response`, 'protocol');
    if (response.id !== id) throw new A2ATransportError(`the response to ${method} answers request ${JSON.stringify(response.id)}, not ${id}`, 'protocol');
    return response.result;
  },
  error(payload) {
    const error = isObject(payload) ? payload.error : undefined;
    return isObject(error) && typeof error.code === 'number' ? errorFromWire(error as { code: number }) : undefined;
  },
};
