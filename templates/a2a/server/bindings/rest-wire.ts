// What HTTP+JSON bodies are. From v1.0 both bindings carry the same ProtoJSON objects, so a body
// is the method's params and a result is the body of the answer. v0.3.0's HTTP+JSON carries the
// ProtoJSON of its a2a.proto instead (as the official SDKs and the TCK do): the generator then
// emits rest-codecs.ts naming the translating codec (proto-v03/server-codec.ts), and only those
// agents carry it.
import { errorFor } from '../../errors.js';
import type { Loose } from '../../runtime/shapes.js';
import type { RestRoute } from '../../runtime/protocol-types.js';
import { serverCodec } from '../../rest-codecs.js';
import type { StreamFraming } from '../roles/dispatch.js';
import { streamErrorBody } from './rest-errors.js';
import { clip } from '../../runtime/clip.js';

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
      throw errorFor(
        'invalidParams',
        `${name} is ${clip(JSON.stringify(value))} in the path but ${clip(JSON.stringify(params[name]) ?? 'undefined')} in the body`,
        { path: `/${name}` },
      );
    params[name] = value;
  }
  return params;
}

const objectFraming: StreamFraming = { event: (value) => JSON.stringify(value), error: streamErrorBody };
const objects: RestWire = {
  params: mergeFields,
  result: (_route, value) => value,
  framing: () => objectFraming,
};

/** The wire of this version's HTTP+JSON: its own codec when the generator emitted one (rest-codecs.ts), else the method's own objects. */
export const restWire: RestWire = serverCodec ?? objects;
