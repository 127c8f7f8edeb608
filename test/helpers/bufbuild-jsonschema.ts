// Writes the a2a.json the A2A project publishes for a v1.x a2a.proto, in both of its shapes, so
// the tests can read what a2a-gen will be given without the real files (none is on this machine).
// Ours, written to follow — not copied from — what these sources define:
//
// - bufbuild/protoschema-plugins v0.5.2 / v0.6.0 (what `go install …@latest` gave for v1.0.0 and
//   v1.0.1; for A2A's proto their output is the same), internal/protoschema/jsonschema/jsonschema.go
//   and plugin/pluginjsonschema: target `json` (JSON names, not strict, no additional properties)
//   writes one schema per message — the file's top-level messages and every message they reach,
//   google.protobuf ones included — with `$id` `<full name>.jsonschema.json`, `title` the name in
//   words (`nameToTitle`) or a comment's first paragraph, the comment as `description`, fields by
//   JSON name under `properties` and by proto name under `patternProperties`, `additionalProperties:
//   false`, proto3's implicit defaults as `default`, integers also as strings, enums inline as an
//   `anyOf` of their names and an integer range, and `required` only for protovalidate rules (A2A
//   has none); references are file names (`#` for a message's own type). Target `json-bundle`
//   writes, per top-level message, a `<name>.jsonschema.bundle.json` whose `$defs` hold it and
//   everything it reaches, keyed `<full name>.jsonschema.json` and referenced `#/$defs/…`. Go writes
//   every object with its keys sorted.
// - A2A scripts/proto_to_json_schema.sh at v1.0.0/v1.0.1 (`target=json`, then jq keys each file by
//   its title under `definitions`, `$id` dropped: the "target-json" shape) and after 2c3affc9
//   (`target=json-bundle`, jq merges the bundles' `$defs`, scripts/clean_schema_names.py strips
//   `.jsonschema.json`, `lf.a2a.v1.` and `google.protobuf.` from names and references and drops the
//   children's `$schema`: the "json-bundle" shape). Both first drop `// --8<--` and `// protolint:`
//   comment lines. The shell's glob order is taken as byte order (the C locale).
//
// Only what A2A's protos use is written; anything else (floats, other well-known types) throws.
import protobuf from 'protobufjs';
import type { Enum, Field, Type } from 'protobufjs';
import { parseProtoText } from '../../generator/load/proto-parse.js';
import { findDeclaration, findMember, protoText, type ProtoText } from '../../generator/load/proto-locate.js';
import { jsonName } from '../../generator/load/proto-names.js';
import { lineColumnAt } from '../../generator/load/text.js';

type Obj = { [key: string]: unknown };
/** The two published shapes, and the json-bundle one as jq leaves it, before clean_schema_names.py. */
export type PublishedShape = 'target-json' | 'json-bundle' | 'json-bundle-uncleaned';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/** The published a2a.json for a proto's text, as the A2A project's script of that shape writes it. */
export function publishedA2aJson(protoSource: string, shape: PublishedShape): string {
  const text = protoSource
    .split('\n')
    .filter((line) => !line.includes('// --8<--') && !line.includes('// protolint:'))
    .join('\n');
  const files = generate(text, shape !== 'target-json');
  const inOrder = [...files.keys()].sort(byteOrder).map((name) => JSON.parse(files.get(name)!) as Obj);
  if (shape === 'target-json') {
    const definitions: Obj = {};
    for (const file of inOrder) {
      const { $id: _, ...rest } = file;
      definitions[file.title as string] = rest;
    }
    return json({ $schema: inOrder[0].$schema, title: 'A2A Protocol Schemas', description: DESCRIPTION, version: 'v1', definitions });
  }
  const merged: Obj = {};
  for (const file of inOrder) Object.assign(merged, file.$defs as Obj);
  if (shape === 'json-bundle-uncleaned')
    return json({ $schema: inOrder[0].$schema, title: 'A2A Protocol Schemas', description: DESCRIPTION, version: 'v1', $defs: merged });
  const defs: Obj = {};
  for (const [name, schema] of Object.entries(merged)) {
    const { $schema: _, ...rest } = schema as Obj;
    defs[cleanName(name)] = rest;
  }
  const cleaned = cleanRefs({ $schema: inOrder[0].$schema, title: 'A2A Protocol Schemas', description: DESCRIPTION, version: 'v1', $defs: defs });
  // Python's json.dump escapes every non-ASCII character.
  return json(cleaned).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const DESCRIPTION = 'Non-normative JSON Schema bundle extracted from proto definitions.';
const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';
const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function cleanName(name: string): string {
  return name
    .replace(/\.jsonschema\.json$/, '')
    .replace(/^lf\.a2a\.v1\./, '')
    .replace(/^google\.protobuf\./, '');
}

function cleanRefs(value: unknown): any {
  if (Array.isArray(value)) return value.map(cleanRefs);
  if (typeof value !== 'object' || value === null) return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value))
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/$defs/${cleanName(v.slice(8))}` : cleanRefs(v);
  return out;
}

/** The plugin's output files: name → text. */
function generate(text: string, bundle: boolean): Map<string, string> {
  const proto = protoText('a2a.proto', text);
  const parsed = parseProtoText(proto);
  const gen = new Generator(proto, bundle);
  const scope = parsed.package ? parsed.root.lookup(parsed.package) : parsed.root;
  // The plugin is given the file's top-level messages; what they reach comes with them.
  for (const t of scope instanceof protobuf.Namespace ? scope.nestedArray : []) if (t instanceof protobuf.Type) gen.add(t);
  return gen.files();
}

interface Entry {
  full: string;
  schema: Obj;
  refs: Set<string>;
  added: boolean;
}

class Generator {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly proto: ProtoText,
    private readonly bundle: boolean,
  ) {}

  add(type: Type): void {
    this.generate(fullName(type), type).added = true;
  }

  files(): Map<string, string> {
    const out = new Map<string, string>();
    for (const entry of this.entries.values()) {
      if (!this.bundle) out.set(this.id(entry.full), json(sorted(entry.schema)));
      else if (entry.added) {
        const defs: Obj = {};
        const collect = (full: string): void => {
          const e = this.entries.get(full)!;
          if (Object.hasOwn(defs, this.id(full))) return;
          defs[this.id(full)] = e.schema;
          for (const r of e.refs) collect(r);
        };
        collect(entry.full);
        const file = { $schema: DRAFT, $id: this.id(entry.full, true), $ref: `#/$defs/${this.id(entry.full)}`, $defs: defs };
        out.set(this.id(entry.full, true), json(sorted(file)));
      }
    }
    return out;
  }

  private id(full: string, bundleFile = false): string {
    return `${full}.jsonschema${bundleFile ? '.bundle' : ''}.json`;
  }

  private ref(full: string): string {
    return this.bundle ? `#/$defs/${this.id(full)}` : this.id(full);
  }

  private generate(full: string, type: Type | undefined): Entry {
    const seen = this.entries.get(full);
    if (seen) return seen;
    const schema: Obj = { $schema: DRAFT, ...(this.bundle ? {} : { $id: this.id(full) }), title: nameToTitle(full.split('.').at(-1)!) };
    const entry: Entry = { full, schema, refs: new Set(), added: false };
    this.entries.set(full, entry);
    const wellKnown = WELL_KNOWN[full];
    if (wellKnown) Object.assign(schema, wellKnown);
    else if (!type) throw new Error(`not emulated: ${full}`);
    else this.message(entry, type);
    return entry;
  }

  private message(entry: Entry, type: Type): void {
    const s = entry.schema;
    s.type = 'object';
    setDescription(s, this.comment(findDeclaration(this.proto, 'message', type.name)));
    const properties: Obj = {};
    const patternProperties: Obj = {};
    const decl = findDeclaration(this.proto, 'message', type.name);
    for (const field of type.fieldsArray) {
      const schema: Obj = {};
      setDescription(schema, this.comment(findMember(this.proto, decl, field.name)));
      this.fieldValue(entry, field, schema, type);
      properties[jsonName(field)] = schema;
      if (jsonName(field) !== field.name) patternProperties[`^(${field.name})$`] = schema;
    }
    s.properties = properties;
    s.additionalProperties = false;
    if (Object.keys(patternProperties).length) s.patternProperties = patternProperties;
  }

  private fieldValue(entry: Entry, field: Field, schema: Obj, owner: Type): void {
    let target = schema;
    let implicitPresence = false;
    if (field instanceof protobuf.MapField) {
      const keys: Obj = {};
      this.kind(entry, field.keyType, keys, true, owner, field);
      const values: Obj = {};
      this.kind(entry, field.type, values, true, owner, field);
      Object.assign(schema, { type: 'object', propertyNames: keys, additionalProperties: values });
      return;
    }
    if (field.repeated) {
      const items: Obj = {};
      Object.assign(schema, { type: 'array', items });
      target = items;
      implicitPresence = true;
    }
    this.kind(entry, field.type, target, implicitPresence, owner, field);
  }

  /** `field` is the field the value belongs to: its presence decides defaults and the enum's zero value. */
  private kind(entry: Entry, typeName: string, s: Obj, implicitPresence: boolean, owner: Type, field: Field): void {
    const presence = hasPresence(field, owner);
    const implicitDefault = !presence && !implicitPresence;
    const withDefault = (value: unknown): void => {
      if (implicitDefault) s.default = value;
    };
    switch (typeName) {
      case 'bool':
        Object.assign(s, { type: 'boolean' });
        return withDefault(false);
      case 'string':
        Object.assign(s, { type: 'string' });
        return withDefault('');
      case 'bytes':
        Object.assign(s, { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' });
        return withDefault(null);
      case 'int32':
      case 'sint32':
      case 'sfixed32':
        s.anyOf = [
          { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
          { type: 'string', pattern: '^-?[0-9]+$' },
        ];
        return withDefault(0);
      case 'uint32':
      case 'fixed32':
        s.anyOf = [
          { type: 'integer', minimum: 0, maximum: 4294967295 },
          { type: 'string', pattern: '^[0-9]+$' },
        ];
        return withDefault(0);
      case 'int64':
      case 'sint64':
      case 'sfixed64':
        s.anyOf = [{ type: 'integer' }, { type: 'string', pattern: '^-?[0-9]+$' }];
        return withDefault(0);
      case 'uint64':
      case 'fixed64':
        s.anyOf = [
          { type: 'integer', minimum: 0 },
          { type: 'string', pattern: '^[0-9]+$' },
        ];
        return withDefault(0);
      case 'double':
      case 'float':
        throw new Error(`not emulated: ${typeName}`);
    }
    const wellKnown = typeName.replace(/^\./, '');
    if (WELL_KNOWN[wellKnown]) return this.refTo(entry, wellKnown, undefined, s, false);
    const target = owner.lookup(typeName, [protobuf.Type, protobuf.Enum]);
    if (target instanceof protobuf.Enum) return this.enumValue(target, s, presence || implicitPresence, implicitDefault);
    if (target instanceof protobuf.Type) return this.refTo(entry, fullName(target), target, s, target === owner);
    throw new Error(`not emulated: ${typeName}`);
  }

  private refTo(entry: Entry, full: string, type: Type | undefined, s: Obj, self: boolean): void {
    entry.refs.add(full);
    s.$ref = !this.bundle && self ? '#' : this.ref(full);
    this.generate(full, type);
  }

  /** Names as strings (the zero value as a pattern of its own when the field has no presence), then any int32. */
  private enumValue(e: Enum, s: Obj, presenceOrImplicit: boolean, implicitDefault: boolean): void {
    const hideZero = !presenceOrImplicit;
    const anyOf: Obj[] = [];
    const names: string[] = [];
    for (const [name, number] of Object.entries(e.values)) {
      if (hideZero && number === 0) anyOf.push({ type: 'string', pattern: `^${name}$` });
      else names.push(name);
    }
    if (names.length) anyOf.push({ type: 'string', enum: names });
    anyOf.push({ type: 'integer', minimum: -2147483648, maximum: 2147483647 });
    s.anyOf = anyOf;
    s.title = nameToTitle(e.name);
    if (implicitDefault) s.default = 0;
  }

  /** protoc's leading comment of the declaration at `offset`: the `//` lines right above it, `//` cut off, each line ended. */
  private comment(offset: number | undefined): string {
    if (offset === undefined) return '';
    const lines = this.proto.text.split('\n');
    const out: string[] = [];
    for (let i = lineColumnAt(this.proto.text, offset).line - 2; i >= 0 && lines[i].trim().startsWith('//'); i--) {
      out.unshift(lines[i].slice(lines[i].indexOf('//') + 2));
    }
    return out.map((l) => `${l}\n`).join('');
  }
}

/** Message fields, oneof members and proto3 `optional` fields have presence; other singular fields do not. */
function hasPresence(field: Field, owner: Type): boolean {
  if (field.repeated || field instanceof protobuf.MapField) return false;
  if (field.partOf || field.options?.proto3_optional === true) return true;
  return owner.lookup(field.type, [protobuf.Type]) instanceof protobuf.Type || Object.hasOwn(WELL_KNOWN, field.type.replace(/^\./, ''));
}

/** bufbuild's setDescription: a comment of two paragraphs or more gives the first as the title. */
function setDescription(s: Obj, comment: string): void {
  if (!comment) return;
  const text = comment.trim();
  const parts = text.split('\n\n');
  if (parts.length >= 2) {
    s.title = parts[0].trim();
    s.description = parts.slice(1).join('\n\n').trim();
  } else s.description = text;
}

function nameToTitle(name: string): string {
  let out = '';
  const upper = (c: string | undefined): boolean => c === undefined || (c >= 'A' && c <= 'Z');
  for (let i = 0; i < name.length; i++) out += (i > 0 && upper(name[i]) && !upper(name[i + 1]) ? ' ' : '') + name[i];
  return out;
}

const fullName = (t: Type): string => t.fullName.replace(/^\./, '');

/** The well-known types bufbuild writes with a generator of its own (those A2A uses, and a few more). */
const WELL_KNOWN: Record<string, Obj> = {
  'google.protobuf.Struct': { type: 'object' },
  'google.protobuf.Value': {},
  'google.protobuf.ListValue': { type: 'array' },
  'google.protobuf.Timestamp': { type: 'string', format: 'date-time' },
  'google.protobuf.Duration': { type: 'string', format: 'duration' },
  'google.protobuf.FieldMask': { type: 'string' },
  'google.protobuf.Any': { type: 'object', properties: { '@type': { type: 'string' } } },
};

/** Go's encoding/json writes map keys sorted. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort(byteOrder)
      .map((k) => [k, sorted((value as Obj)[k])]),
  );
}
