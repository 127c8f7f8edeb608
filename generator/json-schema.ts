// The slice of JSON Schema (draft-07 / 2020-12) a2a-gen reads. Schemas stay plain JSON:
// anything not named here is carried through untouched.

export interface JsonSchema {
  $ref?: string;
  $id?: string;
  $schema?: string;
  $comment?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  definitions?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
  format?: string;
  [keyword: string]: unknown;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A structural deep copy of JSON data; inputs are never mutated by the pipeline. */
export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** Applies `visit` to every subschema (depth-first), following the keywords that hold schemas. */
export function forEachSubschema(schema: JsonSchema, visit: (s: JsonSchema, path: string[]) => void, path: string[] = []): void {
  visit(schema, path);
  const mapKeywords = ['properties', 'patternProperties', 'definitions', '$defs'] as const;
  for (const kw of mapKeywords) {
    const map = schema[kw];
    if (isPlainObject(map)) for (const [k, sub] of Object.entries(map)) if (isPlainObject(sub)) forEachSubschema(sub as JsonSchema, visit, [...path, kw, k]);
  }
  const listKeywords = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
  for (const kw of listKeywords) {
    const list = schema[kw];
    if (Array.isArray(list)) list.forEach((sub, i) => isPlainObject(sub) && forEachSubschema(sub as JsonSchema, visit, [...path, kw, String(i)]));
  }
  const single = ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems'] as const;
  for (const kw of single) {
    const sub = schema[kw];
    if (isPlainObject(sub)) forEachSubschema(sub as JsonSchema, visit, [...path, kw]);
  }
  if (Array.isArray(schema.items)) schema.items.forEach((sub, i) => isPlainObject(sub) && forEachSubschema(sub, visit, [...path, 'items', String(i)]));
  else if (isPlainObject(schema.items)) forEachSubschema(schema.items, visit, [...path, 'items']);
}

// ——— references ———
// Every stage reads `$ref`s; these are the only functions that parse or rewrite them.

/** A JSON Pointer segment of a URI fragment (`a%20b`, `a~1b`); undefined when its percent-encoding is malformed. */
export function decodePointerSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return undefined;
  }
}

/** What a local reference (`#`, `#/$defs/a`) points at inside `root`, through own properties only; undefined when it is not local or leads nowhere. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodePointerSegment(raw);
    if (key === undefined || typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The definition a reference names (`#/definitions/X`, `#/$defs/X`), decoded; undefined for any other reference. */
export function definitionName(ref: string): string | undefined {
  const m = /^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(ref);
  return m ? decodePointerSegment(m[1]) : undefined;
}

/** Follows `$ref` → `$ref` … through `definitions` (at most `maxHops`): the first schema that is not a reference; undefined when one leads nowhere. */
export function followRefs(definitions: Readonly<Record<string, JsonSchema>>, schema: JsonSchema | undefined, maxHops = 16): JsonSchema | undefined {
  let cur = schema;
  for (let i = 0; i < maxHops && typeof cur?.$ref === 'string'; i++) {
    const name = definitionName(cur.$ref);
    cur = name !== undefined && Object.hasOwn(definitions, name) ? definitions[name] : undefined;
  }
  return cur;
}

/** A copy of `schema` with every `$ref` replaced by `map(ref)`. */
export function mapRefs(schema: JsonSchema, map: (ref: string) => string): JsonSchema {
  const copy = cloneJson(schema);
  forEachSubschema(copy, (sub) => {
    if (typeof sub.$ref === 'string') sub.$ref = map(sub.$ref);
  });
  return copy;
}

/**
 * A payload schema made ready to live under a name in a bigger document: its local references
 * (`#/$defs/Point`, `#`) are rebased onto `base` (`#/definitions/RouteInput` →
 * `#/definitions/RouteInput/$defs/Point`), and `$schema`/`$id`, which only a document root may
 * carry, are dropped.
 */
export function nestSchema(schema: JsonSchema, base: string): JsonSchema {
  const copy = mapRefs(schema, (ref) => (ref.startsWith('#') ? `${base}${ref.slice(1)}` : ref));
  delete copy.$schema;
  forEachSubschema(copy, (sub) => {
    delete sub.$id;
  });
  return copy;
}
