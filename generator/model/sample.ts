// A value that validates against a JSON Schema, for scaffolded handlers and documentation
// examples. Prefers what the schema offers (const, examples, default, enum), then builds the
// smallest valid value: required properties only, the minimum count of items, bounds honoured.
import { definitionName, isPlainObject, resolvePointer, type JsonSchema } from '../json-schema.js';

export interface SampleOptions {
  /** Resolves `#/definitions/X` (protocol schemas) and local pointers (`#/$defs/X` in skill schemas). */
  root?: JsonSchema;
  definitions?: Record<string, JsonSchema>;
  /** Property name, to choose friendlier strings (`text` → "Hello"). */
  name?: string;
}

export function sample(schema: JsonSchema | undefined, opts: SampleOptions = {}, depth = 0): unknown {
  if (!isPlainObject(schema) || depth > 12) return null;
  const s = resolve(schema, opts);
  if ('const' in s) return s.const;
  if (Array.isArray(s.examples) && s.examples.length > 0 && !isPlainObject(s.examples[0])) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const union = s.anyOf ?? s.oneOf;
  if (union && union.length > 0) return sample(union[0], opts, depth + 1);
  if (s.allOf && s.allOf.length > 0) {
    const parts = s.allOf.map((p) => sample(p, opts, depth + 1));
    return parts.every(isPlainObject) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : (s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined));
  switch (type) {
    case 'object':
      return sampleObject(s, opts, depth);
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      const max = typeof s.maxItems === 'number' ? s.maxItems : Infinity;
      const item = isPlainObject(s.items) ? s.items : undefined;
      return item ? Array.from({ length: Math.min(Math.max(min, 1), max) }, () => sample(item, { ...opts, name: undefined }, depth + 1)) : [];
    }
    case 'string':
      return sampleString(s, opts.name);
    case 'integer':
    case 'number':
      return sampleNumber(s, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function resolve(schema: JsonSchema, opts: SampleOptions): JsonSchema {
  let s = schema;
  for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
    const ref: string = s.$ref;
    const name = definitionName(ref);
    const target = name !== undefined && opts.definitions && Object.hasOwn(opts.definitions, name) ? opts.definitions[name] : resolvePointer(opts.root, ref);
    if (!isPlainObject(target)) return {};
    const { $ref: _ref, ...siblings } = s;
    s = { ...(target as JsonSchema), ...siblings };
  }
  return s;
}

function sampleObject(s: JsonSchema, opts: SampleOptions, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = isPlainObject(s.properties) ? s.properties : {};
  // Optional properties named like Object.prototype members (`constructor`, `toString`) are
  // filled in too: TypeScript checks a literal that lacks them by the inherited member's type
  // (`constructor: Function`), so leaving them out would make the sample fail to compile.
  const inherited = Object.keys(props).filter((key) => key in Object.prototype && !(s.required ?? []).includes(key));
  const required = [...(s.required ?? []), ...inherited];
  for (const key of required) {
    Object.defineProperty(out, key, {
      value: sample(props[key] ?? {}, { ...opts, name: key }, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const FORMATS: Record<string, string> = {
  'date-time': '2025-01-01T12:00:00Z',
  date: '2025-01-01',
  time: '12:00:00Z',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  byte: 'aGVsbG8=',
};

function sampleString(s: JsonSchema, name: string | undefined): string {
  let value = (typeof s.format === 'string' && FORMATS[s.format]) || (typeof s.pattern === 'string' ? fromPattern(s.pattern) : undefined) || friendly(name);
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (value.length > max) value = value.slice(0, max);
  return value;
}

function friendly(name: string | undefined): string {
  if (!name) return 'example';
  if (/text|message|prompt|query/i.test(name)) return 'Hello';
  if (/id$/i.test(name)) return `${name}-1`;
  if (/url|uri/i.test(name)) return 'https://example.com/';
  if (/name/i.test(name)) return 'Example';
  return 'example';
}

function sampleNumber(s: JsonSchema, integer: boolean): number {
  const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + (integer ? 1 : 0.5) : undefined;
  const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - (integer ? 1 : 0.5) : undefined;
  let value = lo !== undefined ? Math.max(lo, Math.min(1, hi ?? 1)) : hi !== undefined ? Math.min(hi, 1) : 1;
  if (integer) value = lo !== undefined ? Math.ceil(value) : Math.floor(value);
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) value = Math.ceil(value / s.multipleOf) * s.multipleOf;
  return value;
}

/** Longer than this, a string built from a pattern is no example (`x{200000000}` would be 200 MB). */
const MAX_PATTERN_SAMPLE = 1000;

/** The shortest string a simple regular expression accepts (classes, groups, alternation, quantifiers). */
export function fromPattern(pattern: string): string | undefined {
  try {
    const re = new RegExp(pattern, 'u');
    const candidate = build(pattern.replace(/^\^/, '').replace(/\$$/, ''));
    return candidate !== undefined && re.test(candidate) ? candidate : undefined;
  } catch {
    return undefined;
  }
}

function build(src: string): string | undefined {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    let atom: string;
    if (c === '|') return out; // the first alternative is enough
    if (c === '\\') {
      const e = src[i + 1];
      atom = e === 'd' ? '0' : e === 'w' ? 'a' : e === 's' ? ' ' : e === 'D' ? 'a' : e === 'W' ? '-' : e === 'S' ? 'a' : (e ?? '');
      i += 2;
    } else if (c === '[') {
      const end = src.indexOf(']', i + 2);
      if (end < 0) return undefined;
      const body = src.slice(i + 1, end);
      atom = body.startsWith('^')
        ? /[a]/.test(body)
          ? '0'
          : 'a'
        : body.startsWith('\\d')
          ? '0'
          : body.startsWith('\\w')
            ? 'a'
            : body[0] === '\\'
              ? body[1]
              : body[0];
      i = end + 1;
    } else if (c === '(') {
      let level = 0;
      let end = i;
      for (; end < src.length; end++) {
        if (src[end] === '\\') end++;
        else if (src[end] === '(') level++;
        else if (src[end] === ')' && --level === 0) break;
      }
      const inner = build(src.slice(i + 1, end).replace(/^\?:/, ''));
      if (inner === undefined) return undefined;
      atom = inner;
      i = end + 1;
    } else if (c === '.') {
      atom = 'a';
      i++;
    } else {
      atom = c;
      i++;
    }
    const q = /^(\{(\d+)(,(\d*))?\}|[*+?])/.exec(src.slice(i));
    let count = 1;
    if (q) {
      i += q[0].length;
      count = q[0] === '*' || q[0] === '?' ? 0 : q[0] === '+' ? 1 : Number(q[2]);
    }
    if (out.length + atom.length * count > MAX_PATTERN_SAMPLE) return undefined;
    out += atom.repeat(count);
  }
  return out;
}
