// What a card's canonical form (the payload of its signatures, spec v1.0 §8.4.1) leaves out, per
// version: the fields holding their "not set" value, and — where the proto is normative — fields
// the version does not define. Read from the model, so the runtime that signs (server) and the
// one that verifies (client) canonicalize alike without knowing versions (runtime/canonical-card.ts).
import type { CardForm, CardFormField } from '../../templates/a2a/runtime/card-form.js';
import type { WireSchema } from '../../templates/a2a/grpc/wire-schema.js';
import type { JsonSchema } from '../json-schema.js';

/** A version's card form; undefined when its cards carry no `signatures` (before v0.3.0). */
export interface CardFormSource {
  definitions: Readonly<Record<string, JsonSchema>>;
  /** The version's gRPC wire schema, when its proto is at hand. */
  grpc?: { wire: WireSchema };
  /** Set when the version is defined by its proto (v1.0). */
  proto?: unknown;
}

export function cardFormOf(protocol: CardFormSource): CardForm | undefined {
  if (protocol.proto && protocol.grpc) return protoCardForm(protocol.grpc.wire);
  return schemaCardForm(protocol.definitions);
}

const INT64 = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const NUMERIC = new Set(['double', 'float', 'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);

/**
 * From the proto: a field without presence (not `optional`, not in a oneof) holding its type's
 * default is "not set" (§5.7) and left out — what ProtoJSON writers and the official SDKs'
 * canonicalization do; fields the message does not declare are left out too.
 */
function protoCardForm(wire: WireSchema): CardForm | undefined {
  const root = Object.keys(wire.messages).find((name) => name === 'AgentCard' || name.endsWith('.AgentCard'));
  if (!root || !wire.messages[root].some((f) => f.j === 'signatures')) return undefined;
  const types: Record<string, Record<string, CardFormField>> = {};
  const visit = (name: string): void => {
    if (Object.hasOwn(types, name)) return;
    const fields: Record<string, CardFormField> = {};
    types[name] = fields;
    for (const field of wire.messages[name]) {
      const nested = Object.hasOwn(wire.messages, field.t) && !field.t.startsWith('google.protobuf.') ? field.t : undefined;
      const unset = field.p || field.r || field.k || nested ? undefined : defaultOf(field.t, wire);
      fields[field.j] = { ...(nested ? { t: nested } : {}), ...(nested && field.k ? { m: true as const } : {}), ...(unset !== undefined ? { d: unset } : {}) };
      if (nested) visit(nested);
    }
  };
  visit(root);
  return { root, types, closed: true };
}

function defaultOf(type: string, wire: WireSchema): string | number | boolean | undefined {
  if (type === 'bool') return false;
  if (type === 'string' || type === 'bytes') return '';
  if (NUMERIC.has(type)) return 0;
  if (INT64.has(type)) return '0';
  const values = Object.hasOwn(wire.enums, type) ? wire.enums[type] : undefined;
  return values ? Object.keys(values).find((name) => values[name] === 0) : undefined;
}

/**
 * From an a2a.json: a field holding the schema's `default` is left out (what the official v0.3
 * SDKs' canonicalization does with their models' defaults); other fields stay, since a JSON
 * Schema version's cards may carry more than it names.
 */
function schemaCardForm(definitions: Readonly<Record<string, JsonSchema>>): CardForm | undefined {
  const card = definitions.AgentCard;
  if (!card?.properties || !Object.hasOwn(card.properties, 'signatures')) return undefined;
  const types: Record<string, Record<string, CardFormField>> = {};
  const visit = (name: string): void => {
    if (Object.hasOwn(types, name) || !Object.hasOwn(definitions, name)) return;
    const fields: Record<string, CardFormField> = {};
    types[name] = fields;
    for (const [key, schema] of Object.entries(definitions[name].properties ?? {})) {
      const map = refName(schema.additionalProperties as JsonSchema | undefined);
      const nested = refName(schema) ?? refName(schema.items) ?? map;
      const unset = schema.default;
      const scalar = typeof unset === 'string' || typeof unset === 'number' || typeof unset === 'boolean' ? unset : undefined;
      const holds = nested && Object.hasOwn(definitions, nested) ? nested : undefined;
      // An open form names only the fields it changes something for.
      if (holds || scalar !== undefined)
        fields[key] = {
          ...(holds ? { t: holds } : {}),
          ...(holds && holds === map ? { m: true as const } : {}),
          ...(scalar !== undefined ? { d: scalar } : {}),
        };
      if (holds) visit(holds);
    }
  };
  visit('AgentCard');
  return { root: 'AgentCard', types, closed: false };
}

function refName(schema: JsonSchema | JsonSchema[] | undefined): string | undefined {
  if (!schema || Array.isArray(schema) || typeof schema.$ref !== 'string') return undefined;
  const match = /^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(schema.$ref);
  return match?.[1];
}
