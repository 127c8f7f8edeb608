// The HTTP+JSON binding in openapi.json: one operation per route of a served method, at its
// real path under `server.restPath` — path and query parameters, the body, the answer (JSON or
// an SSE stream) and the errors in the binding's style (google.rpc.Status from v1.0, §11.6).
// v0.3.0's bodies are the ProtoJSON of its a2a.proto, which the schema does not describe: they
// are named, not typed.
import type { JsonSchema } from '../../json-schema.js';
import type { CompatModel } from '../../model/compat.js';
import type { MethodModel } from '../../model/methods.js';
import { restOperationId } from '../../model/names.js';
import type { ProtocolModel } from '../../model/protocol.js';
import type { RestBinding, RestRoute } from '../../../templates/a2a/runtime/protocol-types.js';
import { componentRef } from './components.js';

type Json = Record<string, unknown>;

const googleRpcStatus: JsonSchema = {
  title: 'google.rpc.Status',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'status', 'message'],
      properties: {
        code: { type: 'integer', description: 'The HTTP status.' },
        status: { type: 'string', description: 'The google.rpc code name (NOT_FOUND, INVALID_ARGUMENT, FAILED_PRECONDITION, …).' },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object', required: ['@type'], properties: { '@type': { type: 'string' } } } },
      },
    },
  },
};

const flatError: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: { code: { type: 'integer', description: 'The A2A (JSON-RPC) error code.' }, message: { type: 'string' }, data: {} },
};

const QUERY_SCHEMA: Record<string, JsonSchema> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  strings: { type: 'array', items: { type: 'string' } },
};

/** One version's HTTP+JSON as the docs show it: the agent's own, or an older one it answers by translation (compat). */
interface RestVersionDoc {
  binding: RestBinding;
  /** The agent's served method a route stands for (an older version's routes name its own methods). */
  methodOf(route: RestRoute): MethodModel | undefined;
  /** `A2A v0.3.0`, for an older version: in summaries and operation ids. */
  label?: string;
  /** The `A2A-Version` header that selects this version's routes. */
  header?: Json;
}

/** The versions whose HTTP+JSON the agent serves: its own, then each older one it translates. */
function restVersions(protocol: ProtocolModel, compat: readonly CompatModel[], served: MethodModel[]): RestVersionDoc[] {
  const byName = new Map(served.map((m) => [m.name, m]));
  const negotiation = protocol.negotiation;
  const versions: RestVersionDoc[] = [];
  if (protocol.rest)
    versions.push({
      binding: protocol.rest,
      methodOf: (route) => byName.get(route.method),
      // Without the header a request speaks negotiation.absentMeans (spec v1.0 §3.6.2), which is not this version.
      ...(negotiation
        ? {
            header: {
              name: negotiation.header,
              in: 'header',
              required: !negotiation.served.includes(negotiation.absentMeans),
              schema: { type: 'string', enum: [...negotiation.served] },
            },
          }
        : {}),
    });
  for (const c of compat) {
    if (!c.rest) continue;
    const ownName = new Map(Object.entries(c.methodNames).map(([own, older]) => [older, own]));
    versions.push({
      binding: c.rest,
      methodOf: (route) => byName.get(ownName.get(route.method) ?? ''),
      label: `A2A v${c.fullVersion}`,
      header: {
        name: negotiation?.header ?? 'A2A-Version',
        in: 'header',
        required: negotiation?.absentMeans !== c.version,
        schema: { type: 'string', enum: [c.version] },
        description: negotiation?.absentMeans === c.version ? `Absent means ${c.version} (spec v1.0 §3.6.2).` : undefined,
      },
    });
  }
  return versions;
}

/** `/tasks/{id}:cancel` → `GetTask` etc.: OpenAPI paths keyed by the mount plus the route's path, for every version served. */
export function restPaths(
  protocol: ProtocolModel,
  compat: readonly CompatModel[],
  served: MethodModel[],
  restPath: string,
  security: Json[] | undefined,
  authResponses: Json,
): Json {
  const mount = restPath === '/' ? '' : restPath.replace(/\/$/, '');
  const paths: Record<string, Json> = {};
  const usedIds = new Set<string>();
  for (const version of restVersions(protocol, compat, served)) addVersion(version, mount, paths, usedIds, security, authResponses);
  return paths;
}

function addVersion(
  version: RestVersionDoc,
  mount: string,
  paths: Record<string, Json>,
  usedIds: Set<string>,
  security: Json[] | undefined,
  authResponses: Json,
): void {
  const rest = version.binding;
  const mediaType = rest.mediaType;
  const errorSchema = rest.errors === 'status' ? googleRpcStatus : flatError;
  for (const route of rest.routes) {
    const method = version.methodOf(route);
    if (!method) continue;
    const path = mount + route.path;
    const operationId = restOperationId(route.method, route, version.label, usedIds);
    const operation: Json = {
      operationId,
      summary: `${route.method} over HTTP+JSON${version.label ? ` (${version.label}, translated)` : ''}`,
      ...(method.description ? { description: method.description } : {}),
      ...(security ? { security } : {}),
      parameters: [...parameters(route), ...(version.header ? [JSON.parse(JSON.stringify(version.header))] : [])],
      ...(route.body === undefined ? {} : { requestBody: requestBody(route, method, rest.wire, mediaType) }),
      responses: {
        '200': answer(method, rest.wire, mediaType),
        '400': { description: 'Invalid params, or an A2A error of the 400 row of §5.4.', content: { [mediaType]: { schema: errorSchema } } },
        '404': { description: 'No such task (TaskNotFoundError), or no such route.', content: { [mediaType]: { schema: errorSchema } } },
        ...authResponses,
      },
    };
    paths[path] = { ...(paths[path] ?? {}), [route.verb.toLowerCase()]: operation };
  }
}

function parameters(route: RestRoute): Json[] {
  const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const inQuery = Object.entries(route.query).map(([name, type]) => ({
    name,
    in: 'query',
    required: false,
    schema: QUERY_SCHEMA[type],
    ...(type === 'strings' ? { style: 'form', explode: true, description: 'Repeat the parameter or separate values with commas (§11.5).' } : {}),
  }));
  return [...inPath, ...inQuery];
}

function requestBody(route: RestRoute, method: MethodModel, wire: string, mediaType: string): Json {
  const schema: JsonSchema =
    wire === 'objects' && method.paramsType
      ? route.body === '*'
        ? componentRef(method.paramsType)
        : { description: `The ${route.body} field of ${method.paramsType}.` }
      : { type: 'object', description: `${method.name}'s request as the ProtoJSON of A2A v0.3.0's a2a.proto (the form the official SDKs send).` };
  return { required: false, content: { [mediaType]: { schema } } };
}

function answer(method: MethodModel, wire: string, mediaType: string): Json {
  const result: JsonSchema =
    wire === 'objects' ? componentRef(method.resultType) : { type: 'object', description: `The result as the ProtoJSON of A2A v0.3.0's a2a.proto.` };
  if (!method.streaming) return { description: 'The result.', content: { [mediaType]: { schema: result } } };
  return {
    description: 'Server-Sent Events: each `data:` is one event as it is (no JSON-RPC envelope), described by x-a2a-event; a failure is an `event: error`.',
    content: { 'text/event-stream': { schema: { type: 'string' }, 'x-a2a-event': result } },
  };
}
