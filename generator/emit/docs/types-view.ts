// The protocol's types as documentation: fields with their types, unions with their variants,
// enums with their values. Type names link to their own entries (HTML and Markdown).
import { isPlainObject, type JsonSchema } from '../../json-schema.js';
import { typeSignature } from '../../model/diff.js';
import type { ProtocolModel } from '../../model/protocol.js';
import { html, markdown } from '../escape.js';

export interface FieldView {
  name: string;
  typeHtml: string;
  typeMd: string;
  required: boolean;
  description: string;
}

export interface TypeView {
  name: string;
  /** The name as HTML with break opportunities between its words (the sidebar wraps, never cuts). */
  navHtml: string;
  anchor: string;
  description: string;
  kind: 'object' | 'union' | 'enum' | 'other';
  fields: FieldView[];
  /** How the variants are introduced: `One of` (enum values), `Exactly one of` / `At most one of` (fields of a oneof), `Either` (types). */
  variantsLabel: string;
  /** Union members / enum values, already rendered. */
  variantsHtml: string;
  variantsMd: string;
  signature: string;
}

export const typeAnchor = (name: string): string => `type-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** A type signature with every definition name linked to its entry. */
export function linkTypes(signature: string, known: ReadonlySet<string>, target: 'html' | 'md'): string {
  return signature
    .split(/([A-Za-z_][A-Za-z0-9_]*)/)
    .map((token) => {
      if (known.has(token))
        return target === 'html' ? `<a href="#${typeAnchor(token)}">${html(token)}</a>` : `[${markdown(token)}](#${typeAnchor(token).toLowerCase()})`;
      return target === 'html' ? html(token) : markdown(token);
    })
    .join('');
}

export function typesView(protocol: ProtocolModel): TypeView[] {
  const defs = protocol.definitions;
  const known = new Set(Object.keys(defs));
  return Object.keys(defs)
    .sort((a, b) => a.localeCompare(b))
    .map((name) => {
      const def = defs[name];
      const properties = isPlainObject(def.properties) ? def.properties : undefined;
      const required = new Set(def.required ?? []);
      const union = def.anyOf ?? def.oneOf;
      const kind: TypeView['kind'] = properties ? 'object' : union ? 'union' : Array.isArray(def.enum) ? 'enum' : 'other';
      const fields = Object.entries(properties ?? {}).map(([field, schema]) => {
        const sig = typeSignature(schema as JsonSchema);
        return {
          name: field,
          typeHtml: linkTypes(sig, known, 'html'),
          typeMd: linkTypes(sig, known, 'md'),
          required: required.has(field),
          description: describe(schema as JsonSchema),
        };
      });
      const oneof = union && properties ? oneofFields(union) : undefined;
      const variants = oneof
        ? oneof.fields
        : union
          ? union.map((s) => typeSignature(s))
          : Array.isArray(def.enum)
            ? def.enum.map((v) => JSON.stringify(v))
            : [];
      const variantsLabel = oneof ? (oneof.optional ? 'At most one of' : 'Exactly one of') : kind === 'enum' ? 'One of' : 'Either';
      const sig = typeSignature(def);
      return {
        name,
        navHtml: html(name).replace(/([a-z0-9])([A-Z])/g, '$1<wbr>$2'),
        anchor: typeAnchor(name),
        description: def.description ?? '',
        kind,
        fields,
        variantsLabel,
        variantsHtml: variants.map((v) => linkTypes(v, known, 'html')).join(' | '),
        variantsMd: variants.map((v) => linkTypes(v, known, 'md')).join(' \\| '),
        signature: sig,
      };
    });
}

/**
 * An object whose oneof picks one of its own fields (v1.0's Part: `{ required: ["text"] }`, …),
 * by those fields' names; a branch `{ not: … }` means none may be set too. Undefined for a union
 * of types.
 */
function oneofFields(union: JsonSchema[]): { fields: string[]; optional: boolean } | undefined {
  const fields: string[] = [];
  let optional = false;
  for (const branch of union) {
    const keys = Object.keys(branch);
    if (keys.length === 1 && keys[0] === 'not') optional = true;
    else if (keys.length === 1 && keys[0] === 'required' && branch.required?.length === 1) fields.push(branch.required[0]);
    else return undefined;
  }
  return fields.length ? { fields, optional } : undefined;
}

function describe(schema: JsonSchema): string {
  const parts = [schema.description ?? ''];
  if (schema.const !== undefined) parts.push(`Always ${JSON.stringify(schema.const)}.`);
  if (Array.isArray(schema.enum)) parts.push(`One of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}.`);
  return parts.filter(Boolean).join(' ');
}
