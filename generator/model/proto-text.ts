// An a2a.json made from a v1.0 a2a.proto has the messages but not the service, the oneof groups
// or REQUIRED (load/proto-json.ts). The spec text has them (versions-v1.ts); this module puts them
// back, so the rest of the model reads such a file as it reads the proto: the same definitions,
// and methods in the shape a proto's service gives (ProtoMethod), HTTP routes included.
import { InputError } from '../diagnostics.js';
import { definitionName, forEachSubschema, isPlainObject, type JsonSchema } from '../json-schema.js';
import { identifierNames } from '../load/proto-names.js';
import { oneofSchema } from '../load/proto-schema.js';
import type { HttpBinding, ProtoMethod } from '../load/proto-service.js';
import { wellKnownSchema } from '../load/proto-types.js';
import type { ProtoTextFacts, TextMethod } from './versions-v1.js';

/**
 * The definitions with what the text says and the file does not: `required` where a definition
 * has none, and the oneof groups (proto-schema.ts's encoding) where it has no `oneOf` — each only
 * when the definition has every field named, so a later version's changes are not guessed at.
 */
export function withTextDataModel(definitions: Record<string, JsonSchema>, text: ProtoTextFacts): Record<string, JsonSchema> {
  const out = { ...definitions };
  const fields = (name: string): Record<string, JsonSchema> | undefined => (isPlainObject(out[name]?.properties) ? out[name].properties : undefined);
  for (const [name, required] of Object.entries(text.required)) {
    const props = fields(name);
    if (!props || out[name].required !== undefined || !required.every((f) => Object.hasOwn(props, f))) continue;
    out[name] = { ...out[name], required: [...required] };
  }
  for (const [name, groups] of Object.entries(text.oneofs)) {
    const props = fields(name);
    if (!props || out[name].oneOf !== undefined || out[name].allOf !== undefined) continue;
    if (!groups.every((g) => g.members.every((m) => Object.hasOwn(props, m)))) continue;
    const exclusions = groups.map(oneofSchema);
    out[name] = exclusions.length === 1 ? { ...out[name], ...exclusions[0] } : { ...out[name], allOf: exclusions };
  }
  return out;
}

export interface TextService {
  methods: ProtoMethod[];
  /** The definitions plus the well-known types a method takes or returns (`Empty`). */
  definitions: Record<string, JsonSchema>;
}

/**
 * The text's methods, each with its request and response definitions, and one custom method for
 * each request the text does not know. A method of the text whose types the file lacks is an error:
 * a file missing GetTaskRequest is not that version's a2a.json.
 */
export function textService(definitions: Record<string, JsonSchema>, text: ProtoTextFacts, where: { file: string; keyword: string }): TextService {
  const defs = { ...definitions };
  const added = new Map<string, string>();
  const typeName = (type: string): string | undefined => {
    if (Object.hasOwn(defs, type)) return type;
    const wellKnown = wellKnownSchema(type);
    if (!wellKnown) return undefined;
    if (!added.has(type)) {
      const name = identifierNames([type], Object.keys(defs)).get(type)!;
      defs[name] = wellKnown;
      added.set(type, name);
    }
    return added.get(type);
  };
  const missing = new Set<string>();
  const methods = text.methods.map((m): ProtoMethod => {
    const [requestType, responseType] = [typeName(m.request), typeName(m.response)];
    if (!requestType || !responseType) missing.add(`${m.name} takes ${m.request} and returns ${m.response}`);
    return {
      name: m.name,
      description: m.description,
      requestType: requestType ?? m.request,
      responseType: responseType ?? m.response,
      clientStreaming: false,
      serverStreaming: m.streaming,
      http: binding(m.http, requestType ? defs[requestType] : undefined),
    };
  });
  if (missing.size)
    throw new InputError(
      `not an A2A v1 schema: it lacks the definitions of methods the specification defines (${[...missing].join('; ')})`,
      { file: where.file },
      where.keyword,
    );
  return { methods: [...methods, ...customMethods(defs, text)], definitions: defs };
}

/** The route, and the same under `/{tenant}` when the request has a `tenant` field (a2a.proto's additional bindings). */
function binding(route: TextMethod['http'], request: JsonSchema | undefined): HttpBinding {
  const named = (path: string): HttpBinding => ({
    verb: route.verb,
    path,
    ...(route.body ? { body: route.body } : {}),
    jsonNames: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, v]) => [v, v])),
  });
  const tenant = isPlainObject(request?.properties) && Object.hasOwn(request.properties, 'tenant');
  return { ...named(route.path), ...(tenant ? { additionalBindings: [named(`/{tenant}${route.path}`)] } : {}) };
}

/**
 * Requests the text does not know (a later version's `ArchiveTaskRequest`) become custom methods,
 * typed and routed over JSON-RPC like the rest. A definition is such a request when its name ends
 * in `Request`, no other definition refers to it, and the method it names (`ArchiveTask`) has a
 * response: `ArchiveTaskResponse`, else the definition the name ends in after a verb (`Task`, as
 * GetTask answers a Task and GetExtendedAgentCard an AgentCard). Unary, and with no HTTP+JSON route:
 * an a2a.json says neither.
 */
function customMethods(definitions: Record<string, JsonSchema>, text: ProtoTextFacts): ProtoMethod[] {
  const known = new Set(text.methods.flatMap((m) => [m.name, m.request]));
  const referenced = new Set<string>();
  for (const def of Object.values(definitions))
    forEachSubschema(def, (sub) => {
      const target = typeof sub.$ref === 'string' ? definitionName(sub.$ref) : undefined;
      if (target) referenced.add(target);
    });
  const messages = Object.keys(definitions).filter((n) => definitions[n].type === 'object' && isPlainObject(definitions[n].properties));
  const out: ProtoMethod[] = [];
  for (const request of messages.sort()) {
    const name = request.replace(/Request$/, '');
    if (name === request || !name || known.has(request) || known.has(name) || referenced.has(request)) continue;
    const response = messages.includes(`${name}Response`)
      ? `${name}Response`
      : messages
          .filter((d) => name.length > d.length && name.endsWith(d) && /^[A-Z]/.test(name) && !/(Request|Response)$/.test(d))
          .sort((a, b) => b.length - a.length)[0];
    if (response) out.push({ name, requestType: request, responseType: response, clientStreaming: false, serverStreaming: false });
  }
  return out;
}
