// Normalizes an a2a.json into one shape: definitions under `definitions` (v0.1.0 uses
// draft 2020-12's `$defs`), every `$ref` local and resolvable. Later stages never see `$defs`.
import { InputError } from '../diagnostics.js';
import { cloneJson, decodePointerSegment, forEachSubschema, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { SchemaSource } from './schema-source.js';
import { parseJsonText } from './text.js';

export interface LoadedSchema {
  origin: string;
  kind: SchemaSource['kind'];
  /** Set when the schema is one of the bundled versions. */
  bundledVersion?: string;
  /** Which keyword the file kept its definitions under, before normalizing. */
  definitionsKeyword: 'definitions' | '$defs';
  definitions: Record<string, JsonSchema>;
}

/** Definitions without which a file is not an A2A schema at all. */
const CORE_DEFINITIONS = ['AgentCard', 'Message', 'Task'];

/** `raw`: the file already parsed, when the caller has it (spec.ts parses once to tell the kinds apart). */
export function loadSchema(source: SchemaSource, raw: unknown = parseJsonText(source.text, source.origin)): LoadedSchema {
  const file = { file: source.origin };
  if (!isPlainObject(raw)) throw new InputError('not an A2A schema: the top level is not a JSON object', file);
  const keyword = isPlainObject(raw.definitions) ? 'definitions' : isPlainObject(raw.$defs) ? '$defs' : undefined;
  if (!keyword) throw new InputError('not an A2A schema: it has neither `definitions` nor `$defs`', file);
  const definitions = cloneJson(raw[keyword] as Record<string, JsonSchema>);
  const missing = CORE_DEFINITIONS.filter((n) => !isPlainObject(definitions[n]));
  if (missing.length) throw new InputError(`not an A2A schema: no definition of ${missing.join(', ')}`, file);
  const hasMethod = Object.values(definitions).some((d) => isPlainObject(d) && typeof d.properties?.method?.const === 'string');
  if (!hasMethod)
    throw new InputError(
      'not an A2A schema: no definition has a `method` constant, so there are no methods to generate (nor is it an a2a.json made from a v1.0 a2a.proto: it has no SendMessageRequest and no protoc-gen-jsonschema file names)',
      file,
    );
  for (const [name, def] of Object.entries(definitions)) {
    if (!isPlainObject(def)) throw new InputError(`definition "${name}" is not a schema object`, file, `${keyword}.${name}`);
    forEachSubschema(def, (sub, path) => {
      if (sub.$ref === undefined) return;
      if (typeof sub.$ref !== 'string') throw new InputError('$ref is not a string', file, [keyword, name, ...path].join('.'));
      sub.$ref = normalizeRef(sub.$ref, definitions, source.origin, [keyword, name, ...path].join('.'));
    });
  }
  return { origin: source.origin, kind: source.kind, bundledVersion: source.version, definitionsKeyword: keyword, definitions };
}

function normalizeRef(ref: string, definitions: Record<string, JsonSchema>, file: string, where: string): string {
  const m = /^#\/(?:\$defs|definitions)\/([^/]+)((?:\/.*)?)$/.exec(ref);
  if (!m) throw new InputError(`unsupported $ref "${ref}": only references to this file's own definitions are allowed`, { file }, where);
  const name = decodePointerSegment(m[1]);
  if (name === undefined || !Object.hasOwn(definitions, name) || !isPlainObject(definitions[name]))
    throw new InputError(`dangling $ref "${ref}": there is no definition "${name}"`, { file }, where);
  return `#/definitions/${m[1]}${m[2]}`;
}
