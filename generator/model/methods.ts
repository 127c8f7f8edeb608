// Derives the method table from the schema: every definition whose `properties.method` has a
// `const` is a method (not only the members of the `A2ARequest` union: v0.1.0's omits
// `tasks/sendSubscribe`). Params and result types come from the request and its paired response.
import { definitionName, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { ProtoMethod } from '../load/proto-service.js';
import { clientMethodName, distinctClientNames, methodClientName } from './names.js';
import { officialClientName, roleOf, type MethodRole } from './roles.js';

export interface MethodModel {
  /** The JSON-RPC method name, e.g. `message/send`. */
  name: string;
  role: MethodRole;
  /** The request's definition, e.g. `SendMessageRequest`. */
  requestDefinition: string;
  /** Definition name of the params, or undefined when the request declares none. */
  paramsType?: string;
  paramsRequired: boolean;
  /** Definition name of the result (a synthetic definition when the schema inlines a union). */
  resultType: string;
  /** The result answers over Server-Sent Events, one event per update. */
  streaming: boolean;
  /** The generated client's method name: the official SDK's where it has one (suffixed `Method` where it would shadow a client member). */
  clientName: string;
  description?: string;
}

export interface DerivedMethods {
  methods: MethodModel[];
  /** Definitions the model adds so every params/result has a name (e.g. `SendMessageResult`). */
  synthetic: Record<string, JsonSchema>;
}

const refName = (s: JsonSchema | undefined): string | undefined => (typeof s?.$ref === 'string' ? definitionName(s.$ref) : undefined);

export function deriveMethods(definitions: Record<string, JsonSchema>): DerivedMethods {
  const synthetic: Record<string, JsonSchema> = {};
  const freeName = (wanted: string): string => {
    let name = wanted;
    for (let i = 2; name in definitions || name in synthetic; i++) name = `${wanted}${i}`;
    return name;
  };
  const named = (schema: JsonSchema, wanted: string): string => refName(schema) ?? ((synthetic[(wanted = freeName(wanted))] = schema), wanted);

  const requests = Object.keys(definitions)
    .filter((n) => typeof definitions[n].properties?.method?.const === 'string')
    .sort();
  const pending: (Omit<MethodModel, 'resultType' | 'streaming'> & { result?: JsonSchema; responseName?: string })[] = [];
  for (const requestDefinition of requests) {
    const def = definitions[requestDefinition];
    const name = def.properties!.method.const as string;
    const base = requestDefinition.replace(/Request$/, '') || requestDefinition;
    const params = def.properties?.params;
    const response = pairedResponse(definitions, base);
    pending.push({
      name,
      role: roleOf(name),
      requestDefinition,
      paramsType: isPlainObject(params) ? named(params, `${requestDefinition}Params`) : undefined,
      paramsRequired: (def.required ?? []).includes('params'),
      clientName: clientMethodName(officialClientName(name) ?? methodClientName(requestDefinition, name)),
      description: def.description,
      result: response?.result,
      responseName: response?.name,
    });
  }
  const streamResult = pending.find((m) => m.role === 'stream')?.result;
  const methods = pending.map(({ result, responseName, ...m }): MethodModel => {
    // tasks/resubscribe has no response definition of its own: it answers with the stream's events.
    const effective = result ?? (m.role === 'resubscribe' ? streamResult : undefined) ?? { description: 'The schema declares no result for this method.' };
    const base = m.requestDefinition.replace(/Request$/, '') || m.requestDefinition;
    const streaming =
      m.role === 'stream' || m.role === 'resubscribe' || /Streaming/.test(responseName ?? '') || resultRefs(effective).some((r) => /UpdateEvent$/.test(r));
    return { ...m, resultType: named(effective, `${base}Result`), streaming };
  });
  methods.sort((a, b) => a.name.localeCompare(b.name));
  return { methods: withDistinctClientNames(methods), synthetic };
}

/** Two methods whose names make the same client method name (custom ones, in a schema of the future) get distinct ones (names.ts). */
function withDistinctClientNames(methods: MethodModel[]): MethodModel[] {
  const names = distinctClientNames(methods.map((m) => ({ clientName: m.clientName, official: officialClientName(m.name) !== undefined })));
  return methods.map((m, i) => (m.clientName === names[i] ? m : { ...m, clientName: names[i] }));
}

/** `SendMessage` → the `result` of `SendMessageSuccessResponse`, else of `SendMessageResponse` (v0.1.0). */
function pairedResponse(definitions: Record<string, JsonSchema>, base: string): { name: string; result: JsonSchema } | undefined {
  for (const name of [`${base}SuccessResponse`, `${base}Response`]) {
    const def = definitions[name];
    if (!def) continue;
    if (isPlainObject(def.properties?.result)) return { name, result: def.properties!.result };
    for (const member of def.anyOf ?? def.oneOf ?? []) {
      const target = definitions[refName(member) ?? ''];
      if (isPlainObject(target?.properties?.result)) return { name, result: target.properties!.result };
    }
  }
  return undefined;
}

function resultRefs(schema: JsonSchema): string[] {
  const direct = refName(schema);
  if (direct) return [direct];
  return (schema.anyOf ?? schema.oneOf ?? []).map(refName).filter((n): n is string => n !== undefined);
}

/**
 * The method table of a proto (v1.0 on): each rpc of the A2A service is a JSON-RPC method of
 * the same name (spec v1.0 §9.4) whose params are the request message and whose result is the
 * response message — for a streaming rpc, each event. No synthetic definitions are needed. (An
 * a2a.json made from a proto has no service: proto-text.ts gives its methods in the same shape.)
 */
export function deriveProtoMethods(definitions: Record<string, JsonSchema>, protoMethods: ProtoMethod[]): DerivedMethods {
  const methods = protoMethods
    .filter((m) => !m.clientStreaming) // JSON-RPC over HTTP carries one request; client streams have no binding
    .map((m): MethodModel => ({
      name: m.name,
      role: roleOf(m.name),
      requestDefinition: m.requestType,
      paramsType: m.requestType,
      // A request message with no REQUIRED field may be sent without params (GetExtendedAgentCard, §9.4.8).
      paramsRequired: (definitions[m.requestType]?.required ?? []).length > 0,
      resultType: m.responseType,
      streaming: m.serverStreaming,
      clientName: clientMethodName(officialClientName(m.name) ?? methodClientName(m.requestType, m.name)),
      ...(m.description ? { description: m.description } : {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { methods: withDistinctClientNames(methods), synthetic: {} };
}
