// The HTTP+JSON binding of a version: which route encodes which method, and how a route's
// query string is read. v1.0's routes are the proto's `(google.api.http)` options, so a
// proto that adds a method with an annotation gets its route with no new runtime code;
// v0.3.0's are its text's table (versions.ts).
// @see specification-v1.0.1 §11.3, §11.5; specification-v0.3.0 §3.5.6
import type { HttpBinding, ProtoMethod } from '../load/proto.js';
import { followRefs, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { QueryFieldType, RestBinding, RestRoute } from '../../templates/a2a/runtime/protocol-types.js';
import type { MethodModel } from './methods.js';
import { REST_ERROR_STATUS } from './error-status.js';
import type { RestFacts, RestRouteFact } from './versions.js';

export function deriveRest(
  facts: RestFacts | undefined,
  methods: MethodModel[],
  definitions: Record<string, JsonSchema>,
  protoMethods: ProtoMethod[] | undefined,
): RestBinding | undefined {
  if (!facts) return undefined;
  const byName = new Map(methods.map((m) => [m.name, m]));
  const stated: RestRouteFact[] =
    facts.routes === 'proto'
      ? (protoMethods ?? []).flatMap((m) => (m.http && byName.has(m.name) ? withTextVerb(protoRoutes(m.name, m.http), facts.textVerbs?.[m.name]) : []))
      : facts.routes.filter((r) => byName.has(r.method));
  if (stated.length === 0) return undefined;
  const routes = stated.map((r): RestRoute => {
    const method = byName.get(r.method)!;
    return { ...r, role: method.role, query: r.body === undefined ? queryFields(method, r.path, definitions) : {} };
  });
  // Literal routes before those a variable could swallow: `/tasks/{id}` is tried before `/{tenant}/tasks`.
  routes.sort((a, b) => variableCount(a.path) - variableCount(b.path));
  return { routes, wire: facts.wire, errors: facts.errors, mediaType: facts.mediaType, errorStatus: REST_ERROR_STATUS };
}

/** A method's routes: its rule and every additional binding, variables renamed to the JSON names of their fields. */
function protoRoutes(method: string, rule: HttpBinding): RestRouteFact[] {
  const route = (b: HttpBinding): RestRouteFact => ({
    method,
    verb: b.verb,
    // `{id=*}` matches one segment, which is every variable A2A binds; `{task_id}` → `{taskId}`.
    path: b.path.replace(/\{([^}=]+)(?:=[^}]*)?\}/g, (_, name: string) => `{${b.jsonNames[name.trim()] ?? name.trim()}}`),
    ...(b.body === undefined ? {} : { body: '*' as const }),
  });
  return [route(rule), ...(rule.additionalBindings ?? []).map(route)];
}

/** The proto's routes, and the same paths under the verb the spec text names when it names another. */
function withTextVerb(routes: RestRouteFact[], verb: string | undefined): RestRouteFact[] {
  if (!verb || routes.every((r) => r.verb === verb)) return routes;
  return [...routes, ...routes.filter((r) => r.verb !== verb).map((r) => ({ ...r, verb }))];
}

const variableCount = (path: string): number => (path.match(/\{/g) ?? []).length;

/** The params fields a route without a body may take from the query string: the scalar ones its path does not bind (§11.5). */
function queryFields(method: MethodModel, path: string, definitions: Record<string, JsonSchema>): Record<string, QueryFieldType> {
  if (!method.paramsType) return {};
  const params = followRefs(definitions, definitions[method.paramsType]);
  const bound = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
  const fields: Record<string, QueryFieldType> = {};
  for (const [name, raw] of Object.entries(params?.properties ?? {})) {
    if (bound.has(name)) continue;
    const type = queryType(followRefs(definitions, raw), definitions);
    if (type) fields[name] = type;
  }
  return fields;
}

/** Nested objects cannot be written in a query string (§11.5): they get no field. */
function queryType(schema: JsonSchema | undefined, definitions: Record<string, JsonSchema>): QueryFieldType | undefined {
  if (!isPlainObject(schema)) return undefined;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number' || type === 'boolean') return type;
  if (type === 'string' || Array.isArray(schema.enum)) return 'string';
  if (type === 'array') return queryType(followRefs(definitions, schema.items as JsonSchema), definitions) === 'string' ? 'strings' : undefined;
  return undefined;
}
