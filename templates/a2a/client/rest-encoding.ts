// HTTP+JSON as a client writes it (spec v1.0 §11, v0.3.0 §3.2.3), from the same route table the
// server serves (protocol.rest): a method and its params → a verb, a path with the fields it
// binds, a query string or a body; an answer's body → the result; an error body → the typed
// A2A error, its code found through the ErrorInfo reason where the binding sends no code.
import { errorFromWire, type JsonRpcError } from '../errors.js';
import { protocol } from '../protocol.js';
import { clientCodec } from '../client-rest-codec.js';
import type { RestBinding, RestRoute } from '../runtime/protocol-types.js';
import { A2ATransportError } from './client-errors.js';
import { objectsWire, type ClientRestWire } from './rest-wire-client.js';
import type { WireEncoding } from './wire-encoding.js';
import { errorFromDetails } from './error-reasons.js';
import { isObject, type Loose } from '../runtime/shapes.js';

/**
 * This version's HTTP+JSON — its bodies through its own codec when the generator emitted one
 * (client-rest-codec.ts), else the method's own objects; another version's (a fallback,
 * version-fallback.ts) passes its routes and body codec.
 */
export function restEncoding(binding: RestBinding | undefined = protocol.rest, wire: ClientRestWire = clientCodec ?? objectsWire): WireEncoding {
  if (!binding) throw new A2ATransportError(`A2A ${protocol.name} defines no HTTP+JSON binding`, 'protocol');
  const errorOf = (payload: unknown): JsonRpcError | undefined => {
    if (!isObject(payload)) return undefined;
    if (binding.errors === 'flat') return typeof payload.code === 'number' ? errorFromWire(payload as { code: number }) : undefined;
    const status = payload.error;
    if (!isObject(status)) return undefined;
    return errorFromDetails(Array.isArray(status.details) ? status.details : [], typeof status.message === 'string' ? status.message : undefined);
  };
  return {
    binding: 'HTTP+JSON',
    request(endpoint, _id, method, params) {
      const fields = isObject(params) ? params : {};
      const route = routeFor(binding.routes, method, fields);
      const mount = endpoint.pathname.replace(/\/$/, '');
      const bound = new Set<string>();
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        bound.add(name);
        return encodeURIComponent(String(fields[name]));
      });
      const url = new URL(endpoint);
      url.pathname = mount + path;
      url.search = '';
      const rest = Object.fromEntries(Object.entries(fields).filter(([k]) => !bound.has(k)));
      if (route.body === undefined) {
        for (const [name, value] of Object.entries(rest)) {
          if (!Object.hasOwn(route.query, name) || value === undefined || value === null) continue;
          for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(v));
        }
        return { url, verb: route.verb };
      }
      const body = wire.body(method, params, route.body === '*' ? rest : rest[route.body]);
      return { url, verb: route.verb, body: JSON.stringify(body ?? {}) };
    },
    result(method, _id, payload, sseEvent) {
      if (sseEvent === 'error')
        throw errorOf(payload) ?? new A2ATransportError(`${method}: the stream ended with an error: ${JSON.stringify(payload).slice(0, 200)}`, 'protocol');
      return wire.result(method, payload);
    },
    error: errorOf,
  };
}

/**
 * The route for a call: one whose path variables the params all fill — under `/{tenant}` when
 * the params name a tenant, else the plain one — in the table's order (the proto's verb first).
 */
function routeFor(routes: readonly RestRoute[], method: string, params: Loose): RestRoute {
  const candidates = routes.filter((r) => r.method === method);
  if (candidates.length === 0) throw new A2ATransportError(`${method} has no HTTP+JSON route in A2A ${protocol.name}`, 'protocol');
  const fills = (r: RestRoute): boolean => [...r.path.matchAll(/\{([^}]+)\}/g)].every(([, name]) => typeof params[name] === 'string' && params[name] !== '');
  const wantsTenant = typeof params.tenant === 'string' && params.tenant !== '';
  const usable = candidates.filter(fills);
  const chosen = usable.find((r) => r.path.includes('{tenant}') === wantsTenant) ?? usable[0];
  if (!chosen)
    throw new A2ATransportError(`${method} needs ${candidates[0].path.match(/\{[^}]+\}/g)?.join(', ')} in its params for its HTTP+JSON route`, 'protocol');
  return chosen;
}
