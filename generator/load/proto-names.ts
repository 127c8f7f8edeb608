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
  if (typeof explicit === 'string') return explicit;
  let out = '';
  let upper = false;
  for (const c of field.name) {
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
