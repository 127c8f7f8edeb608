// Schemas as OpenRPC/OpenAPI components: the protocol's definitions (refs now
// `#/components/schemas/X`) and each skill's input/output schema (its local refs rebased).
import { cloneJson, forEachSubschema, type JsonSchema } from '../../json-schema.js';
import type { AgentModel } from '../../model/agent.js';
import type { ProtocolModel } from '../../model/protocol.js';

export const componentRef = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

/** Keys that are not JSON Schema but some definitions carry; OpenRPC's meta-schema rejects them. */
const NON_SCHEMA = ['tsType'];

export function schemaComponents(protocol: ProtocolModel, agent: AgentModel): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, def] of Object.entries(protocol.definitions)) {
    const copy = cloneJson(def);
    forEachSubschema(copy, (sub) => {
      if (typeof sub.$ref === 'string') sub.$ref = sub.$ref.replace('#/definitions/', '#/components/schemas/');
      for (const k of NON_SCHEMA) delete sub[k];
    });
    out[name] = copy;
  }
  for (const skill of agent.skills) {
    for (const [kind, schema] of [['Input', skill.input], ['Output', skill.output]] as const) {
      if (!schema) continue;
      const name = `${skill.names.type}Skill${kind}`;
      const copy = cloneJson(schema);
      delete copy.$schema;
      delete copy.$id;
      forEachSubschema(copy, (sub) => {
        if (typeof sub.$ref === 'string' && sub.$ref.startsWith('#')) sub.$ref = `#/components/schemas/${name}${sub.$ref.slice(1)}`;
      });
      out[name] = { ...copy, title: copy.title ?? `${skill.id} ${kind.toLowerCase()}` };
    }
  }
  return out;
}

/** The properties of a params definition, as by-name parameters (unions merged; required only if always required). */
export function paramFields(protocol: ProtocolModel, paramsType: string | undefined): { name: string; schema: JsonSchema; required: boolean; description?: string }[] {
  if (!paramsType) return [];
  const defs = protocol.definitions;
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined => (typeof s?.$ref === 'string' ? defs[s.$ref.replace('#/definitions/', '')] : s);
  const root = defs[paramsType];
  const variants = (root.anyOf ?? root.oneOf ?? [root]).map((v) => resolve(v) ?? {});
  const names = [...new Set(variants.flatMap((v) => Object.keys(v.properties ?? {})))];
  return names.map((name) => {
    const schema = variants.map((v) => v.properties?.[name]).find((s) => s !== undefined) ?? {};
    const required = variants.every((v) => (v.required ?? []).includes(name));
    const copy = cloneJson(schema);
    forEachSubschema(copy, (sub) => {
      if (typeof sub.$ref === 'string') sub.$ref = sub.$ref.replace('#/definitions/', '#/components/schemas/');
    });
    return { name, schema: copy, required, description: schema.description };
  });
}
