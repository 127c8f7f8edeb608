// A small JSON Schema checker for the manifest and the Agent Card. ajv validates payloads
// at run time; here the goal is different: one readable finding per mistake, with the
// path and what was expected, and for unions the finding of the branch the user meant.
import { definitionName, isPlainObject, type JsonSchema } from '../json-schema.js';
import { closestName, didYouMean } from '../suggest.js';

export interface Finding {
  /** JSON path segments from the checked value's root. */
  path: (string | number)[];
  message: string;
  /** `unknown` findings are fields the schema does not declare (only in strict mode). */
  kind: 'unknown' | 'missing' | 'invalid';
  /** For `missing`, the field's name; for an `unknown` key taken as a typo of a missing required field, that field. */
  field?: string;
  /** For `unknown`, the fields the schema declares there (callers may add their own). */
  known?: string[];
  /** For `unknown`, the declared field it is most likely a typo of, already in `message`. */
  suggestion?: string;
}

export interface CheckOptions {
  /** Resolves `#/definitions/X` references. */
  definitions: Record<string, JsonSchema>;
  /** Resolves `#` (a schema that refers to itself, as JSON Schema's meta-schema does). */
  root?: JsonSchema;
  /** Report properties that an object schema does not declare. */
  strict: boolean;
}

export function checkShape(value: unknown, schema: JsonSchema, opts: CheckOptions): Finding[] {
  const out: Finding[] = [];
  check(value, schema, [], opts, out, 0);
  return out;
}

function resolve(schema: JsonSchema, opts: CheckOptions): JsonSchema {
  let s = schema;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 32; hops++) {
    const name = definitionName(s.$ref);
    const target = s.$ref === '#' ? opts.root : name !== undefined && Object.hasOwn(opts.definitions, name) ? opts.definitions[name] : undefined;
    if (!target) return {};
    const { $ref: _ref, ...rest } = s;
    s = Object.keys(rest).length > 0 ? { ...target, ...rest, description: target.description ?? rest.description } : target;
  }
  return s;
}

/** What a value is, in the words of JSON Schema types; NaN and ±Infinity (YAML's .nan, .inf) by name, as no type holds them. */
const typeName = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : typeof v;
const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v)));

function matchesType(v: unknown, t: string): boolean {
  switch (t) {
    case 'object':
      return isPlainObject(v);
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'null':
      return v === null;
    default:
      return typeof v === t;
  }
}

function check(value: unknown, raw: JsonSchema | boolean, path: (string | number)[], opts: CheckOptions, out: Finding[], depth: number): void {
  if (depth > 64) return;
  const add = (message: string, kind: Finding['kind'] = 'invalid', at = path, field?: string): void => {
    out.push({ path: at, message, kind, field });
  };
  // A mistyped enum value reads better with the value it was meant to be.
  const near = (allowed: unknown[]): string =>
    typeof value === 'string'
      ? didYouMean(
          value,
          allowed.filter((a): a is string => typeof a === 'string'),
        )
      : '';
  // Boolean schemas (draft-06+): `true` accepts anything, `false` nothing. The draft-07
  // meta-schema uses them for `default`, `const` and `examples`.
  if (raw === true) return;
  if (raw === false) return add('no value is allowed here');
  const schema = resolve(raw, opts);
  if (typeof schema === 'boolean') return check(value, schema, path, opts, out, depth + 1);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => matchesType(value, t))) return add(`expected ${types.join(' or ')}, got ${typeName(value)}`);
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return add(`expected ${show(schema.const)}, got ${show(value)}`);
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    return add(`expected one of ${schema.enum.map(show).join(', ')}, got ${show(value)}${near(schema.enum)}`);
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) checkUnion(value, union, path, opts, out, depth);
  for (const part of schema.allOf ?? []) check(value, part, path, opts, out, depth + 1);
  if (typeof value === 'string') checkString(value, schema, add);
  if (typeof value === 'number') checkNumber(value, schema, add);
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) add(`expected at least ${schema.minItems} item(s), got ${value.length}`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) add(`expected at most ${schema.maxItems} item(s), got ${value.length}`);
    if (isPlainObject(schema.items)) value.forEach((item, i) => check(item, schema.items as JsonSchema, [...path, i], opts, out, depth + 1));
  }
  if (isPlainObject(value)) checkObject(value, schema, path, opts, out, depth, add);
}

function checkString(value: string, schema: JsonSchema, add: (m: string) => void): void {
  if (typeof schema.minLength === 'number' && value.length < schema.minLength)
    add(schema.minLength === 1 ? 'expected a non-empty string' : `expected at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) add(`expected at most ${schema.maxLength} characters, got ${value.length}`);
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) add(`expected a string matching /${schema.pattern}/`);
}

function checkNumber(value: number, schema: JsonSchema, add: (m: string) => void): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum) add(`expected ≥ ${schema.minimum}, got ${value}`);
  if (typeof schema.maximum === 'number' && value > schema.maximum) add(`expected ≤ ${schema.maximum}, got ${value}`);
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) add(`expected > ${schema.exclusiveMinimum}, got ${value}`);
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) add(`expected < ${schema.exclusiveMaximum}, got ${value}`);
}

function checkObject(
  value: Record<string, unknown>,
  schema: JsonSchema,
  path: (string | number)[],
  opts: CheckOptions,
  out: Finding[],
  depth: number,
  add: (m: string, kind?: Finding['kind'], at?: (string | number)[], field?: string) => void,
): void {
  const props = schema.properties ?? {};
  const known = Object.keys(props);
  const patternFor = (key: string) => Object.entries(schema.patternProperties ?? {}).find(([re]) => new RegExp(re, 'u').test(key));
  const undeclared = Object.keys(value).filter((key) => !Object.hasOwn(props, key) && !patternFor(key) && !isPlainObject(schema.additionalProperties));
  // `nmae:` beside a missing `name` is one mistake, not two: it is reported once, at the key
  // the user wrote, as a typo of the required field (even where unknown fields are allowed).
  const typos = new Set<string>();
  for (const req of schema.required ?? []) {
    if (Object.hasOwn(value, req)) continue;
    const typo = closestName(
      req,
      undeclared.filter((k) => !typos.has(k)),
    );
    if (typo === undefined) add(`required field "${req}" is missing`, 'missing', path, req);
    else {
      typos.add(typo);
      out.push({
        path: [...path, typo],
        message: `unknown field "${typo}"; did you mean "${req}"? (a required field)`,
        kind: 'unknown',
        known,
        suggestion: req,
        field: req,
      });
    }
  }
  for (const [key, v] of Object.entries(value)) {
    if (Object.hasOwn(props, key)) {
      check(v, props[key], [...path, key], opts, out, depth + 1);
      continue;
    }
    const pattern = patternFor(key);
    if (pattern) check(v, pattern[1], [...path, key], opts, out, depth + 1);
    else if (isPlainObject(schema.additionalProperties)) check(v, schema.additionalProperties, [...path, key], opts, out, depth + 1);
    else if (typos.has(key)) continue;
    else if (schema.additionalProperties === false || (opts.strict && schema.additionalProperties === undefined && schema.properties)) {
      const suggestion = closestName(key, known);
      out.push({
        path: [...path, key],
        message: `unknown field "${key}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
        kind: 'unknown',
        known,
        suggestion,
      });
    }
  }
}

/**
 * For a union, report the findings of the branch the value was meant for: the branch whose
 * constant discriminator (e.g. `type: apiKey`) it carries, else the one with fewest findings.
 */
function checkUnion(value: unknown, branches: JsonSchema[], path: (string | number)[], opts: CheckOptions, out: Finding[], depth: number): void {
  const results = branches.map((b) => {
    const findings: Finding[] = [];
    check(value, b, path, opts, findings, depth + 1);
    return { branch: resolve(b, opts), findings };
  });
  if (results.some((r) => r.findings.length === 0)) return;
  if (isPlainObject(value)) {
    const discriminators = discriminatorKeys(results.map((r) => r.branch));
    for (const key of discriminators) {
      const meant = results.find((r) => JSON.stringify(r.branch.properties?.[key]?.const) === JSON.stringify(value[key]));
      if (meant) return void out.push(...meant.findings);
    }
    if (discriminators.length > 0) {
      const key = discriminators[0];
      const allowed = results.map((r) => show(r.branch.properties?.[key]?.const)).join(', ');
      const given = value[key];
      const consts = results.map((r) => r.branch.properties?.[key]?.const).filter((c): c is string => typeof c === 'string');
      const got = Object.hasOwn(value, key) ? `got ${show(given)}${typeof given === 'string' ? didYouMean(given, consts) : ''}` : 'it is missing';
      return void out.push({ path: [...path, key], message: `expected one of ${allowed}, ${got}`, kind: 'invalid' });
    }
  }
  const best = results.reduce((a, b) => (b.findings.length < a.findings.length ? b : a));
  out.push(...best.findings);
}

/** Properties that every branch declares with a distinct `const`. */
function discriminatorKeys(branches: JsonSchema[]): string[] {
  const first = branches[0]?.properties ?? {};
  return Object.keys(first).filter((key) => {
    const consts = branches.map((b) => b.properties?.[key]?.const);
    return consts.every((c) => c !== undefined) && new Set(consts.map((c) => JSON.stringify(c))).size === consts.length;
  });
}
