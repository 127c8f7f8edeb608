// The names and words a proto declaration turns into in JSON: a field's JSON name, a
// definition's name, a comment as a description.
import type { Field, ReflectionObject } from 'protobufjs';

/**
 * A field's ProtoJSON name: an explicit `json_name` option, else protoc's rule — drop each
 * underscore and upper-case the letter after it (`context_id` → `contextId`,
 * `oauth2_metadata_url` → `oauth2MetadataUrl`).
 * @see https://protobuf.dev/programming-guides/json/ (spec §5.5)
 */
export function jsonName(field: Field): string {
  const explicit = (field.options as Record<string, unknown> | undefined)?.json_name;
  return typeof explicit === 'string' ? explicit : lowerCamel(field.name);
}

/**
 * Why a field cannot have this JSON name, or undefined when it can. Every name Object.prototype
 * has (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, …) is refused: as a key of a
 * plain object `__proto__` sets the prototype instead of a property, and the others collide with
 * what every object inherits — TypeScript then checks an object literal that leaves such an
 * optional field out against the inherited method (`toString: () => string` is not a `string`),
 * so a Message or an AgentCard could not be written without it, and json-schema-to-typescript
 * used to crash on `hasOwnProperty`. A skill's own `input`/`output` schema may use these names
 * (see emit/shadowing-keys.ts); the protocol's messages are built by the runtime and by every
 * caller, so there they are refused.
 */
export function reservedJsonName(name: string): string | undefined {
  if (!Object.hasOwn(Object.prototype, name)) return undefined;
  return `the JSON name "${name}" cannot be used: every JavaScript object has a member of that name (Object.prototype.${name}); rename the field`;
}

/** protoc's default JSON name of a proto field name (see jsonName). */
export function lowerCamel(protoName: string): string {
  let out = '';
  let upper = false;
  for (const c of protoName) {
    if (c === '_') upper = true;
    else {
      out += upper ? c.toUpperCase() : c;
      upper = false;
    }
  }
  return out;
}

/** A message's or enum's definition name: its full name without the package (`Part`, `Outer.Inner`). */
export function definitionNameOf(object: ReflectionObject, pkg: string | undefined): string {
  const full = object.fullName.replace(/^\./, '');
  return pkg && full.startsWith(`${pkg}.`) ? full.slice(pkg.length + 1) : full;
}

/**
 * A comment as a description, without what is addressed to tools rather than readers:
 * `(-- … --)` spans (AIP-192's internal comments, e.g. api-linter switches) and
 * `protolint:` directive lines. Undefined when nothing is left.
 */
export function descriptionOf(comment: string | null | undefined): string | undefined {
  if (!comment) return undefined;
  const text = comment
    .replace(/\(--[\s\S]*?--\)/g, '')
    .split('\n')
    .filter((line) => !/^\s*protolint:/.test(line))
    .join('\n')
    .trim();
  return text || undefined;
}

/**
 * Definition names become type names in generated code, so the dotted ones a proto has — a
 * nested message (`Outer.Inner`) or a well-known type a method returns (`google.protobuf.Empty`)
 * — get an identifier: the last segment when no other definition has it (`Empty`), else every
 * segment joined (`OuterInner`, `GoogleProtobufEmpty`). `taken`: the names already in use (by
 * default the undotted ones among `names`).
 */
export function identifierNames(names: readonly string[], taken: Iterable<string> = names.filter((n) => !n.includes('.'))): Map<string, string> {
  const used = new Set(taken);
  const out = new Map<string, string>();
  for (const name of names.filter((n) => n.includes('.')).sort()) {
    const segments = name.split('.');
    const last = segments.at(-1)!;
    const joined = segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('');
    let chosen = !used.has(last) ? last : joined;
    for (let i = 2; used.has(chosen); i++) chosen = `${joined}${i}`;
    used.add(chosen);
    out.set(name, chosen);
  }
  return out;
}
