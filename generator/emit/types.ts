// emit/types: the A2A protocol types (json-schema-to-typescript over the model's
// definitions), the payload types of each skill's `input`/`output`, and the method map.
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { cloneJson, forEachSubschema, isPlainObject, nestSchema, type JsonSchema } from '../json-schema.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsString } from './escape.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { reindent } from './reindent.js';
import { TsFile } from './ts-file.js';

const ROOT = 'A2AGenRoot';

const JSON2TS_OPTIONS = {
  bannerComment: '',
  format: false, // see reindent.ts
  unreachableDefinitions: true,
  additionalProperties: false,
  unknownAny: true,
  strictIndexSignatures: false,
  declareExternallyReferenced: true,
  $refOptions: { resolve: { external: false, file: false, http: false } },
} as const;

export async function emitTypes(ctx: EmitContext): Promise<GeneratedFile[]> {
  const { protocol } = ctx;
  const definitions: Record<string, JsonSchema> = {};
  for (const [name, def] of Object.entries(protocol.definitions)) definitions[name] = forTypes(name, def);
  const protocolTypes = await compileDefinitions(definitions);
  const files = [
    generatorFile(
      `${A2A_DIR}/types.ts`,
      `${tsDoc(`Types of the A2A v${protocol.version} protocol, generated from its JSON Schema.\n@see ${protocol.specUrl}`)}\n${protocolTypes}`,
    ),
    generatorFile(`${A2A_DIR}/skill-types.ts`, await skillTypes(ctx)),
    methodMap(ctx),
  ];
  return files;
}

/**
 * Prepares a definition for json-schema-to-typescript, which names a type after its `title`:
 * keep the definition's title, drop nested ones (v0.1.0 titles every property), and wrap a
 * `$ref` that has siblings (`{ $ref, description }`) in `allOf` — otherwise the ref parser
 * merges them into a new object and the referenced type is emitted again as `Task2`.
 */
function forTypes(name: string, def: JsonSchema): JsonSchema {
  const copy = cloneJson(def);
  forEachSubschema(copy, (sub) => {
    if (sub !== copy) delete sub.title;
    if (typeof sub.$ref === 'string' && Object.keys(sub).length > 1) {
      const ref = sub.$ref;
      delete sub.$ref;
      sub.allOf = [{ $ref: ref }, ...(sub.allOf ?? [])];
    }
  });
  if (isPresenceOneof(copy)) delete copy.oneOf;
  if (Object.keys(copy).filter((k) => k !== 'description').length === 0) copy.tsType = 'unknown';
  return { ...copy, title: name };
}

/**
 * A proto oneof (load/proto.ts) is a `oneOf` whose branches only say which member is present
 * (`{ required: [text] }`, and `{ not: { anyOf: … } }` for "none"). json-schema-to-typescript
 * types each branch as `{ [k: string]: unknown }`, and the intersection with the members then
 * accepts any property: `{ kind: 'text', text }` would pass as a v1.0 Part, and code written for
 * v0.3 would type-check where it no longer fits. The type keeps the members, each optional;
 * "exactly one" stays the validators' job (they keep the oneOf).
 */
function isPresenceOneof(schema: JsonSchema): boolean {
  const presence = (b: JsonSchema): boolean => Object.keys(b).every((k) => k === 'required');
  return (
    isPlainObject(schema.properties) &&
    Array.isArray(schema.oneOf) &&
    schema.oneOf.every((b) => presence(b) || (Object.keys(b).length === 1 && Array.isArray(b.not?.anyOf) && b.not.anyOf.every(presence)))
  );
}

async function compileDefinitions(definitions: Record<string, JsonSchema>): Promise<string> {
  const root = { title: ROOT, type: 'object', additionalProperties: false, definitions } as JSONSchema;
  const raw = await compile(root, ROOT, JSON2TS_OPTIONS);
  return reindent(
    raw
      .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), '')
      // json-schema-to-typescript's provenance note adds nothing once the type is named after its definition.
      .replace(/\n \* ?\n \* This interface was referenced by `[^`\n]*`'s JSON-Schema\n \* via the `definition` "[^"\n]*"\./g, '')
      .replace(/\/\*\*\n \* This interface was referenced by `[^`\n]*`'s JSON-Schema\n \* via the `definition` "[^"\n]*"\.\n \*\/\n/g, ''),
  ).replace(/\n{3,}/g, '\n\n');
}

/** `input`/`output` payload types, one pair per skill, named after the skill. */
async function skillTypes(ctx: EmitContext): Promise<string> {
  const definitions: Record<string, JsonSchema> = {};
  const lines: string[] = [];
  for (const skill of ctx.agent.skills) {
    for (const kind of ['input', 'output'] as const) {
      const name = skill.names[kind];
      const schema = skill[kind];
      if (schema) definitions[name] = { ...rootRefInAllOf(nestSchema(schema, `#/definitions/${name}`)), title: name };
      else lines.push(`${tsDoc(`Skill ${tsString(skill.id)} declares no \`${kind}\` schema.`)}export type ${name} = unknown;\n`);
    }
  }
  const compiled = Object.keys(definitions).length > 0 ? await compileDefinitions(definitions) : '';
  return `${tsDoc('Payload types of the skills declared in the manifest (`input` / `output` DataPart schemas).')}\n${compiled}${compiled ? '\n' : ''}${lines.join('\n')}`;
}

/**
 * A skill schema that is just a `$ref` into its own `$defs` (a tree's `Node`, say): the ref
 * parser cannot resolve a definition's root into the definition itself, so the root ref goes
 * into `allOf`, and the type becomes an alias of the referenced one.
 */
function rootRefInAllOf(schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  const { $ref, ...rest } = schema;
  return { ...rest, allOf: [{ $ref }, ...((rest.allOf as JsonSchema[] | undefined) ?? [])] };
}

/** `A2AMethods`: method name → params, result and whether it streams; used by server and client alike. */
function methodMap(ctx: EmitContext): GeneratedFile {
  const file = new TsFile(`${A2A_DIR}/methods.ts`);
  const typesModule = `${A2A_DIR}/types.ts`;
  const entries = ctx.protocol.methods.map((m) => {
    const params = m.paramsType ? file.importType(typesModule, m.paramsType) : 'undefined';
    const result = file.importType(typesModule, m.resultType);
    const doc = tsDoc(
      `${m.description ?? ''}${m.role === 'custom' ? '\n\nNot a method a2a-gen knows: the server routes it to your `custom` handler.' : ''}`,
      '  ',
    );
    return `${doc}  ${tsString(m.name)}: { params: ${params}; result: ${result}; streaming: ${m.streaming}; role: ${tsString(m.role)} };\n`;
  });
  file.add(
    tsDoc(`Every JSON-RPC method of A2A v${ctx.protocol.version}, with its params and result types.`),
    `export interface A2AMethods {\n${entries.join('')}}\n\n`,
    `export type A2AMethodName = keyof A2AMethods;\n`,
    `export type ParamsOf<M extends A2AMethodName> = A2AMethods[M]['params'];\n`,
    `export type ResultOf<M extends A2AMethodName> = A2AMethods[M]['result'];\n`,
    `/** Methods that answer with a stream of Server-Sent Events. */\n`,
    `export type StreamingMethodName = { [M in A2AMethodName]: A2AMethods[M]['streaming'] extends true ? M : never }[A2AMethodName];\n`,
    `/** Methods that answer with one JSON-RPC response. */\n`,
    `export type UnaryMethodName = Exclude<A2AMethodName, StreamingMethodName>;\n`,
  );
  return generatorFile(file.path, file.toString());
}
