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
