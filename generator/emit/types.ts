// emit/types: the A2A protocol types (json-schema-to-typescript over the model's
// definitions), the payload types of each skill's `input`/`output`, and the method map.
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { cloneJson, forEachSubschema, nestSchema, type JsonSchema } from '../json-schema.js';
import { extensionPayloads, type MetadataKind } from '../model/extensions.js';
import { oneofBranchName } from '../model/names.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsPropertyKey, tsString } from './escape.js';
import { generatorFile, type GeneratedFile } from './generated-file.js';
import { GENERATED, methodsExports, schemaType } from './generated-symbols.js';
import { reindent } from './reindent.js';
import { hideShadowingKeys } from './shadowing-keys.js';
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
  const taken = new Set(Object.keys(protocol.definitions));
  for (const [name, def] of Object.entries(protocol.definitions)) definitions[name] = memberUnion(name, forTypes(name, def), taken);
  const protocolTypes = await compileDefinitions(definitions);
  const files = [
    generatorFile(
      GENERATED.types,
      `${tsDoc(`Types of the A2A ${protocol.name} protocol, generated from its JSON Schema.\n@see ${protocol.specUrl}`)}\n${protocolTypes}`,
    ),
    generatorFile(GENERATED.skillTypes, await skillTypes(ctx)),
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
  if (Object.keys(copy).filter((k) => k !== 'description').length === 0) copy.tsType = 'unknown';
  return { ...copy, title: name };
}

/**
 * An object whose `oneOf` only says which one of its members is set — `{ properties, oneOf:
 * [{ required: [a] }, { required: [b] }] }`, how a proto oneof reads as JSON Schema — becomes a
 * union of object types, one per member, each naming the others `never`: `PartText | PartData`
 * instead of an intersection with an index signature that accepts anything. A branch for "none
 * set" is kept where the schema allows it (`…Unset`).
 */
function memberUnion(name: string, def: JsonSchema, taken: Set<string>): JsonSchema {
  const props = def.properties;
  if (!props || !Array.isArray(def.oneOf) || def.oneOf.length < 2) return def;
  const members: string[] = [];
  let unset = false;
  for (const branch of def.oneOf) {
    const keys = Object.keys(branch);
    if (keys.length === 1 && Array.isArray(branch.required) && branch.required.length === 1 && branch.required[0] in props) members.push(branch.required[0]);
    else if (keys.length === 1 && branch.not && Array.isArray(branch.not.anyOf)) unset = true;
    else return def;
  }
  const { oneOf: _oneOf, properties: _props, required = [], ...rest } = def;
  const branch = (set: string | undefined): JsonSchema => ({
    title: oneofBranchName(name, set, taken),
    type: 'object',
    properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, members.includes(k) && k !== set ? { tsType: 'never' } : v])),
    required: set ? [set, ...required] : required,
  });
  return { ...rest, title: name, oneOf: [...members.map(branch), ...(unset ? [branch(undefined)] : [])] };
}

async function compileDefinitions(definitions: Record<string, JsonSchema>): Promise<string> {
  const root = { title: ROOT, type: 'object', additionalProperties: false, definitions } as JSONSchema;
  const keys = hideShadowingKeys(root);
  const raw = keys.restore(await compile(keys.safe, ROOT, JSON2TS_OPTIONS));
  return reindent(
    raw
      .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), '')
      // json-schema-to-typescript's provenance note adds nothing once the type is named after its definition.
      .replace(/\n \* ?\n \* This interface was referenced by `[^`\n]*`'s JSON-Schema\n \* via the `definition` "[^"\n]*"\./g, '')
      .replace(/\/\*\*\n \* This interface was referenced by `[^`\n]*`'s JSON-Schema\n \* via the `definition` "[^"\n]*"\.\n \*\/\n/g, ''),
  ).replace(/\n{3,}/g, '\n\n');
}

/**
 * `input`/`output` payload types, one pair per skill, named after the skill; then the metadata
 * types of the extensions that declare them and the maps from an extension's URI to them.
 */
async function skillTypes(ctx: EmitContext): Promise<string> {
  const definitions: Record<string, JsonSchema> = {};
  const lines: string[] = [];
  for (const skill of ctx.agent.skills) {
    for (const kind of ['input', 'output'] as const) {
      const name = skill.names[kind];
      const schema = skill[kind];
      if (schema) definitions[name] = payloadDefinition(name, schema);
      else lines.push(`${tsDoc(`Skill ${tsString(skill.id)} declares no \`${kind}\` schema.`)}export type ${name} = unknown;\n`);
    }
  }
  for (const { name, schema } of extensionPayloads(ctx.agent.extensions)) definitions[name] = payloadDefinition(name, schema);
  const compiled = Object.keys(definitions).length > 0 ? await compileDefinitions(definitions) : '';
  return `${tsDoc('Payload types of the skills declared in the manifest (`input` / `output` DataPart schemas).')}\n${compiled}${compiled ? '\n' : ''}${lines.join('\n')}\n${extensionMaps(ctx)}`;
}

const payloadDefinition = (name: string, schema: JsonSchema): JsonSchema => ({ ...rootRefInAllOf(nestSchema(schema, `#/definitions/${name}`)), title: name });

/** `ExtensionMetadata` / `ExtensionArtifactMetadata`: an extension's URI → the type of what it puts in `metadata[uri]`. */
function extensionMaps(ctx: EmitContext): string {
  const map = (kind: MetadataKind, name: string): string => {
    const entries = extensionPayloads(ctx.agent.extensions)
      .filter((p) => p.kind === kind)
      .map((p) => `  ${tsPropertyKey(p.extension.uri)}: ${p.name};\n`);
    const doc = `What each typed extension puts in ${kind === 'message' ? 'a message' : 'an artifact'}'s \`metadata\` under its URI, by URI: the extensions of the manifest that give \`${kind}Metadata\` schemas.`;
    return `${tsDoc(doc)}export interface ${name} {${entries.length > 0 ? `\n${entries.join('')}` : ''}}\n`;
  };
  return `${map('message', 'ExtensionMetadata')}\n${map('artifact', 'ExtensionArtifactMetadata')}`;
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
  const file = new TsFile(GENERATED.methods);
  for (const symbol of Object.values(methodsExports)) file.declare(symbol);
  const entries = ctx.protocol.methods.map((m) => {
    const params = m.paramsType ? file.importType(schemaType(m.paramsType)) : 'undefined';
    const result = file.importType(schemaType(m.resultType));
    const doc = tsDoc(
      `${m.description ?? ''}${m.role === 'custom' ? '\n\nNot a method a2a-gen knows: the server routes it to your `custom` handler.' : ''}`,
      '  ',
    );
    return `${doc}  ${tsString(m.name)}: { params: ${params}; result: ${result}; streaming: ${m.streaming}; role: ${tsString(m.role)} };\n`;
  });
  file.add(
    tsDoc(`Every JSON-RPC method of A2A ${ctx.protocol.name}, with its params and result types.`),
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
