// Schemas as OpenRPC/OpenAPI components: the protocol's definitions (refs now
// `#/components/schemas/X`) and each skill's input/output schema (its local refs rebased).
import { followRefs, mapRefs, nestSchema, forEachSubschema, type JsonSchema } from '../../json-schema.js';
import { skillPayloads, type AgentModel } from '../../model/agent.js';
import type { ProtocolModel } from '../../model/protocol.js';

export const componentRef = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

/** Keys that are not JSON Schema but some definitions carry; OpenRPC's meta-schema rejects them. */
const NON_SCHEMA = ['tsType'];

export function schemaComponents(protocol: ProtocolModel, agent: AgentModel): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, def] of Object.entries(protocol.definitions)) {
    const copy = asComponent(def);
    forEachSubschema(copy, (sub) => {
      for (const k of NON_SCHEMA) delete sub[k];
    });
    out[name] = copy;
  }
  for (const { skill, kind, name, schema } of skillPayloads(agent.skills)) {
    const copy = nestSchema(schema, `#/components/schemas/${name}`);
    out[name] = { ...copy, title: copy.title ?? `${skill.id} ${kind}` };
  }
  return out;
}

/** The properties of a params definition, as by-name parameters (unions merged; required only if always required). */
export function paramFields(
  protocol: ProtocolModel,
  paramsType: string | undefined,
): { name: string; schema: JsonSchema; required: boolean; description?: string }[] {
  if (!paramsType) return [];
  const defs = protocol.definitions;
  const root = defs[paramsType];
  const variants = (root.anyOf ?? root.oneOf ?? [root]).map((v) => followRefs(defs, v) ?? {});
  const names = [...new Set(variants.flatMap((v) => Object.keys(v.properties ?? {})))];
  return names.map((name) => {
    const schema = variants.map((v) => v.properties?.[name]).find((s) => s !== undefined) ?? {};
    const required = variants.every((v) => (v.required ?? []).includes(name));
    return { name, schema: asComponent(schema), required, description: schema.description };
  });
}

/** A protocol schema as the docs reference it: `#/definitions/X` → `#/components/schemas/X`. */
const asComponent = (schema: JsonSchema): JsonSchema => mapRefs(schema, (ref) => ref.replace('#/definitions/', '#/components/schemas/'));
