// Reading untrusted ProtoJSON: every field read checks its type and names the place it came
// from, so a hostile body ends in a WireShapeError with a JSON-pointer path (`/message/content/0`)
// instead of a TypeError deep in the translation. Shared by the v0.3 REST translation
// (proto-json-v03.ts, proto-json-v03-card.ts) and the v0.3 ↔ v1.0 translation (compat-v03.ts).
//
// ProtoJSON rules applied here (https://protobuf.dev/programming-guides/json/):
// - a parser accepts the lowerCamel JSON name and the original snake_case field name;
// - `null` means "not set", like an absent member;
// - int32 may be a JSON number or a decimal string; enums may be their name or their number;
// - fields with no presence (strings, bools, repeated, maps) are omitted by writers when they hold
//   their default ('', false, empty), so an absent member *is* the default value.

import { isObject, type Loose } from '../runtime/shapes.js';

/** The body (or a member of it) does not have the shape the protocol gives it. */
export class WireShapeError extends Error {
  override readonly name = 'WireShapeError';
  /** JSON pointer of the offending member, `''` for the whole body. */
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path || '/'}: ${message}`);
    this.path = path;
  }
}

/** snake_case names by lowerCamel name: the same few dozen field names are looked up on every request. */
const snakeNames = new Map<string, string>();
const snake = (camel: string): string => {
  let name = snakeNames.get(camel);
  if (name === undefined) snakeNames.set(camel, (name = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)));
  return name;
};
const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);
// Standard or URL-safe base64, padded or not: both are valid ProtoJSON `bytes`.
const BASE64 = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2,3}={0,2})?$/;

/** One JSON object of a ProtoJSON body and where it sits in that body. */
export class WireObject {
  private constructor(
    readonly value: Loose,
    readonly path: string,
  ) {}

  static of(value: unknown, path: string, what = 'an object'): WireObject {
    if (!isObject(value)) throw new WireShapeError(path, `expected ${what}, got ${describe(value)}`);
    return new WireObject(value, path);
  }

  /** The member's key as sent (lowerCamel first, as protobuf parsers do), or undefined when unset. */
  key(name: string): string | undefined {
    if (this.value[name] !== undefined && this.value[name] !== null) return name;
    const alt = snake(name);
    return alt !== name && this.value[alt] !== undefined && this.value[alt] !== null ? alt : undefined;
  }

  has(name: string): boolean {
    return this.key(name) !== undefined;
  }

  private typed<T>(name: string, check: (v: unknown) => boolean, what: string): T | undefined {
    const key = this.key(name);
    if (key === undefined) return undefined;
    const v = this.value[key];
    if (!check(v)) throw new WireShapeError(`${this.path}/${key}`, `expected ${what}, got ${describe(v)}`);
    return v as T;
  }

  str(name: string): string | undefined {
    return this.typed<string>(name, (v) => typeof v === 'string', 'a string');
  }

  bool(name: string): boolean | undefined {
    return this.typed<boolean>(name, (v) => typeof v === 'boolean', 'a boolean');
  }

  int(name: string): number | undefined {
    const v = this.typed<number | string>(
      name,
      (x) => (typeof x === 'number' && Number.isInteger(x)) || (typeof x === 'string' && /^-?\d+$/.test(x)),
      'an integer',
    );
    return v === undefined ? undefined : Number(v);
  }

  /** A `bytes` member: base64 text, returned in the standard alphabet. */
  bytes(name: string): string | undefined {
    const v = this.typed<string>(name, (x) => typeof x === 'string' && BASE64.test(x), 'base64 text');
    return v?.replace(/-/g, '+').replace(/_/g, '/');
  }

  /** A google.protobuf.Struct (metadata, data): any JSON object, passed through as is. */
  struct(name: string): Loose | undefined {
    return this.typed<Loose>(name, isObject, 'an object');
  }

  obj(name: string): WireObject | undefined {
    const key = this.key(name);
    return key === undefined ? undefined : WireObject.of(this.value[key], `${this.path}/${key}`);
  }

  /** A repeated message field; absent means empty. */
  list<T>(name: string, read: (item: WireObject) => T): T[] {
    const key = this.key(name);
    if (key === undefined) return [];
    const items = this.value[key];
    if (!Array.isArray(items)) throw new WireShapeError(`${this.path}/${key}`, `expected an array, got ${describe(items)}`);
    return items.map((item, i) => read(WireObject.of(item, `${this.path}/${key}/${i}`)));
  }

  /** A repeated string field; absent means empty. */
  strings(name: string): string[] {
    const key = this.key(name);
    if (key === undefined) return [];
    const items = this.value[key];
    const path = `${this.path}/${key}`;
    if (!Array.isArray(items)) throw new WireShapeError(path, `expected an array of strings, got ${describe(items)}`);
    items.forEach((item, i) => {
      if (typeof item !== 'string') throw new WireShapeError(`${path}/${i}`, `expected a string, got ${describe(item)}`);
    });
    return items as string[];
  }

  /** A map<string, V>; absent means empty. */
  map<T>(name: string, read: (value: unknown, path: string) => T): Record<string, T> {
    const entries = this.struct(name) ?? {};
    const key = this.key(name);
    return Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, read(v, `${this.path}/${key}/${k}`)]));
  }

  /** Which member of a oneof is set: at most one may be (the translation cannot pick for the sender). */
  oneof<N extends string>(names: readonly N[]): N | undefined {
    const set = names.filter((n) => this.has(n));
    if (set.length > 1) throw new WireShapeError(this.path, `only one of ${names.join(', ')} may be set, got ${set.join(' and ')}`);
    return set[0];
  }

  /** An enum member by name or number; `values[i]` is the name of number i. */
  enumOf(name: string, values: readonly string[]): string | undefined {
    const key = this.key(name);
    if (key === undefined) return undefined;
    const v = this.value[key];
    const found = typeof v === 'number' ? values[v] : typeof v === 'string' && values.includes(v) ? v : undefined;
    if (found === undefined) throw new WireShapeError(`${this.path}/${key}`, `unknown value ${JSON.stringify(v)}, expected one of ${values.join(', ')}`);
    return found;
  }
}

/** Copies the members whose value is set, leaving out undefined ones: output never carries `undefined` or `null`. */
export function defined(entries: Loose): Loose {
  const out: Loose = {};
  // for…in, not Object.entries: no array per call (this runs for every object of every answer).
  for (const k in entries) {
    const v = entries[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Sets a member only when its value is set: objects are built once, member by member, with nothing to filter afterwards. */
export function put(out: Loose, key: string, value: unknown): void {
  if (value !== undefined) out[key] = value;
}

/** '' and [] are proto3 defaults that ProtoJSON writers omit. */
export const nonEmpty = <T extends string | readonly unknown[]>(v: T | undefined): T | undefined => (v === undefined || v.length === 0 ? undefined : v);
