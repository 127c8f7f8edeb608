// Reads an a2a.json generated from an a2a.proto (v1.0 on, where the proto is normative and the
// a2a.json a non-normative artifact of bufbuild's protoc-gen-jsonschema, JSON Schema 2020-12) into
// the definitions loadProto gives for the proto itself: the ProtoJSON form of each message, named
// as the proto names it, with its enums as definitions of their value names.
//
// What such a file cannot say, and so is not here: the service (which methods exist, their types,
// streaming, HTTP routes), oneof groups, `(google.api.field_behavior) = REQUIRED` (bufbuild writes
// `required` only for protovalidate rules, which A2A has none of), enums no field uses, each enum
// value's comment, `deprecated`, and the order of fields (bufbuild's Go maps sort them). Those of
// them the spec text states, the model adds (model/versions-v1.ts); the rest are named in
// docs/ARCHITECTURE.md.
// @see bufbuild/protoschema-plugins internal/protoschema/jsonschema ; A2A scripts/proto_to_json_schema.sh
import { InputError } from '../diagnostics.js';
import { forEachSubschema, isPlainObject, type JsonSchema } from '../json-schema.js';
import { fieldSchema, joinDescription, type FieldContext } from './proto-json-fields.js';
import { fileIdName, jsonPath, nameDefinitions, titleOf, type DefinitionNames } from './proto-json-names.js';
import { descriptionOf, lowerCamel, reservedJsonName } from './proto-names.js';
import type { OneofGroup } from './proto-schema.js';
import { wellKnownSchema } from './proto-types.js';

export interface LoadedProtoJson {
  /** `definitions` or `$defs`, as the file keeps them. */
  keyword: 'definitions' | '$defs';
  /** The proto package, when the file names it (`lf.a2a.v1`). */
  package: string | undefined;
  /** By message or enum name without the package (nested: `Outer.Inner`); references are `#/definitions/Name`. */
  definitions: Record<string, JsonSchema>;
  /** The oneof groups the file encodes (proto-schema.ts's `oneOf` form; their proto names unknown: `''`); protoc-gen-jsonschema writes none. */
  oneofs: Record<string, OneofGroup[]>;
  /** By definition name: the proto name of each field whose JSON name differs, read off the file's `patternProperties` aliases. */
  fieldNames: Record<string, Record<string, string>>;
}

/** Messages without which a file is not A2A (as for an a2a.proto or a v0.x a2a.json). */
const CORE_MESSAGES = ['AgentCard', 'Message', 'Task'];

/**
 * Whether a parsed a2a.json was made from a proto rather than written as a v0.x schema: it
 * defines no JSON-RPC request (no `method` constant), and something only protoc-gen-jsonschema's
 * output has — its file names as keys, `$id`s or references, package-qualified keys, proto field
 * names as `patternProperties`, the bundle's `version: "v1"` — or v1.0's SendMessageRequest.
 */
export function isProtoMadeJson(raw: unknown): raw is Record<string, unknown> {
  if (!isPlainObject(raw)) return false;
  const defs = isPlainObject(raw.definitions) ? raw.definitions : isPlainObject(raw.$defs) ? raw.$defs : undefined;
  if (!defs) return false;
  const schemas = Object.values(defs).filter(isPlainObject) as JsonSchema[];
  if (schemas.some((d) => isPlainObject(d.properties) && typeof d.properties.method?.const === 'string')) return false;
  if (typeof raw.version === 'string' && /^v\d+$/.test(raw.version)) return true;
  const qualified = /^(?:[a-z]\w*\.)+[A-Z]\w*(?:\.[A-Z]\w*)*$/; // lf.a2a.v1.Task
  if (Object.keys(defs).some((k) => fileIdName(k) || qualified.test(k) || k === 'SendMessageRequest' || k === titleOf('SendMessageRequest'))) return true;
  return schemas.some((d) => {
    let found = false;
    forEachSubschema(d, (sub) => {
      if (typeof sub.$ref === 'string' && fileIdName(sub.$ref.replace(/^#\/(?:\$defs|definitions)\//, ''))) found = true;
      if (typeof sub.$id === 'string' && fileIdName(sub.$id)) found = true;
    });
    const aliases = isPlainObject(d.patternProperties) ? Object.keys(d.patternProperties) : [];
    return found || aliases.some((k) => /^\^\([a-z][a-z0-9_]*\)\$$/.test(k));
  });
}

/** Reads a file isProtoMadeJson accepted. Walks it recursively: its caller has bounded the nesting (json-nesting.ts). */
export function loadProtoJson(raw: Record<string, unknown>, file: string): LoadedProtoJson {
  const keyword = isPlainObject(raw.definitions) ? 'definitions' : '$defs';
  const defs = raw[keyword] as Record<string, unknown>;
  for (const [key, def] of Object.entries(defs)) {
    if (key === '__proto__') throw new InputError('the key "__proto__" cannot be used: JavaScript objects reserve it', { file }, jsonPath(keyword, key, []));
    if (!isPlainObject(def)) throw new InputError(`definition "${key}" is not a schema object`, { file }, jsonPath(keyword, key, []));
  }
  const names = nameDefinitions(defs as Record<string, JsonSchema>, { file, keyword });
  for (const [key, name] of names.names)
    if (name === '__proto__')
      throw new InputError('a definition cannot be named "__proto__": JavaScript objects reserve it', { file }, jsonPath(keyword, key, []));
  const missing = CORE_MESSAGES.filter((n) => ![...names.names.values()].includes(n));
  if (missing.length) throw new InputError(`not an A2A schema: no definition of ${missing.join(', ')}`, { file }, keyword);

  const enums = new Map<string, { values: string[]; where: string }>();
  const definitions: Record<string, JsonSchema> = {};
  const fieldNames: Record<string, Record<string, string>> = {};
  for (const [key, name] of names.names) {
    const ctx = fieldContext(key, names, enums, { file, keyword });
    definitions[name] = messageDefinition(name, defs[key] as JsonSchema, ctx);
    const aliases = protoNamesOf(defs[key] as JsonSchema, definitions[name]);
    if (Object.keys(aliases).length) fieldNames[name] = aliases;
  }
  for (const [name, { values, where }] of enums) {
    if (Object.hasOwn(definitions, name)) throw new InputError(`an enum titled "${titleOf(name)}" has the name of the message ${name}`, { file }, where);
    definitions[name] = { type: 'string', enum: values };
  }
  // The file's order is its bundler's (titles, or jq's merge of bundles), not the proto's: by name,
  // both published shapes give one order, so the same generated code.
  const sorted = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { keyword, package: names.package, definitions: sorted, oneofs: oneofsOf(sorted), fieldNames };
}

function fieldContext(
  key: string,
  names: DefinitionNames,
  enums: Map<string, { values: string[]; where: string }>,
  at: { file: string; keyword: string },
): FieldContext {
  const fail = (message: string, path: readonly string[]): never => {
    throw new InputError(message, { file: at.file }, jsonPath(at.keyword, key, path));
  };
  return {
    fail,
    ref(ref, path) {
      const target = names.resolve(ref, key, path);
      return 'wellKnown' in target ? wellKnownSchema(target.wellKnown)! : { $ref: `#/definitions/${names.names.get(target.key)}` };
    },
    // bufbuild writes an enum inline in each field that has it, titled by its name in words
    // ("Task State"): one definition per title, with every value any of its fields allows
    // (protovalidate rules may allow fewer in one field).
    enumNamed(title, values, path) {
      const name = title.replace(/ /g, '');
      if (name === '__proto__') fail('an enum cannot be titled "__proto__": JavaScript objects reserve the name', path);
      if (!/^[A-Za-z_]\w*$/.test(name) || titleOf(name) !== title)
        fail(`an enum's title "${title}" is not a name in words, as protoc-gen-jsonschema writes them`, path);
      const seen = enums.get(name);
      if (!seen || values.every((v) => seen.values.includes(v))) {
        if (!seen) enums.set(name, { values, where: jsonPath(at.keyword, key, path) });
        return name;
      }
      if (!seen.values.every((v) => values.includes(v)))
        fail(`two enums are titled "${title}" with different values (${seen.values.join(', ')} at ${seen.where}; ${values.join(', ')} here)`, path);
      seen.values = values;
      return name;
    },
  };
}

/** A message: its comment, its fields by JSON name (the proto names in `patternProperties` are aliases, dropped), and `required` when written. */
function messageDefinition(name: string, def: JsonSchema, ctx: FieldContext): JsonSchema {
  if (!isPlainObject(def.properties) || (def.type !== undefined && def.type !== 'object'))
    return ctx.fail(`definition of ${name} is not a message: protoc-gen-jsonschema writes each as an object with properties`, []);
  // The title is the name in words unless the comment had a first paragraph of its own.
  const title = def.title === titleOf(name.split('.').at(-1)!) ? undefined : def.title;
  const description = descriptionOf(joinDescription(title, def.description));
  const properties: Record<string, JsonSchema> = {};
  for (const [field, sub] of Object.entries(def.properties)) {
    const reserved = reservedJsonName(field);
    if (reserved) ctx.fail(reserved, ['properties', field]);
    const schema = fieldSchema(sub, ['properties', field], ctx);
    const text = descriptionOf(schema.description);
    properties[field] = text ? { ...schema, description: text } : withoutDescription(schema);
  }
  const out: JsonSchema = { ...(description ? { description } : {}), type: 'object', properties };
  if (def.required !== undefined) {
    if (!Array.isArray(def.required) || def.required.some((r) => typeof r !== 'string' || !Object.hasOwn(properties, r)))
      ctx.fail('required must list names of the properties', ['required']);
    if ((def.required as string[]).length) out.required = [...(def.required as string[])];
  }
  // A hand-made file may encode oneofs (proto-schema.ts's form): kept, references resolved.
  for (const keyword of ['oneOf', 'allOf'] as const) {
    if (Array.isArray(def[keyword])) out[keyword] = (fieldSchema({ [keyword]: def[keyword] }, [], ctx) as JsonSchema)[keyword];
  }
  return out;
}

const withoutDescription = ({ description: _, ...rest }: JsonSchema): JsonSchema => rest;

/**
 * The proto names bufbuild writes beside the JSON names, as `patternProperties` of one name each
 * (`^(context_id)$`): each paired with the property protoc's rule makes of it.
 */
function protoNamesOf(def: JsonSchema, message: JsonSchema): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isPlainObject(def.patternProperties)) return out;
  for (const pattern of Object.keys(def.patternProperties)) {
    const protoName = /^\^\(([a-z][a-z0-9_]*)\)\$$/.exec(pattern)?.[1];
    const json = protoName && lowerCamel(protoName);
    if (json && json !== protoName && Object.hasOwn(message.properties ?? {}, json)) out[json] = protoName;
  }
  return out;
}

/** The oneof groups a definition encodes as proto-schema.ts does: `{ required: [member] }` branches, and "none of them" unless one must be set. */
function oneofsOf(definitions: Record<string, JsonSchema>): Record<string, OneofGroup[]> {
  const out: Record<string, OneofGroup[]> = {};
  for (const [name, def] of Object.entries(definitions)) {
    const groups = (def.oneOf ? [def] : (def.allOf ?? [])).map((g) => g.oneOf).filter(Array.isArray);
    const read = groups.map((branches): OneofGroup | undefined => {
      const members = branches.filter((b) => Array.isArray(b.required) && b.required.length === 1).map((b) => b.required![0]);
      const none = branches.length === members.length + 1 && isPlainObject(branches.at(-1)!.not);
      return members.length && (none || members.length === branches.length) ? { name: '', members, required: !none } : undefined;
    });
    const found = read.filter((g): g is OneofGroup => g !== undefined);
    if (found.length) out[name] = found;
  }
  return out;
}
