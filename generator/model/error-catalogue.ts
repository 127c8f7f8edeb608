// The error catalogue: every definition whose `properties.code` has a `const`. Each error
// gets a class in the generated code and a semantic key the runtime raises it by.
import type { JsonSchema } from '../json-schema.js';
import { errorBaseName, errorClassName, errorKey } from './names.js';
import type { SpecOnlyError } from './versions.js';

export interface ErrorModel {
  code: number;
  /** The schema definition, e.g. `TaskNotFoundError`. */
  definition: string;
  /** Class name in generated code. */
  className: string;
  /** Stable key the runtime uses: `taskNotFound`, `invalidParams`, … */
  key: string;
  defaultMessage: string;
  description?: string;
  /** One of JSON-RPC 2.0's own codes (-32700, -32600 … -32603) rather than an A2A error. */
  standard: boolean;
}

const JSON_RPC_CODES = new Set([-32700, -32600, -32601, -32602, -32603]);

export function deriveErrors(definitions: Record<string, JsonSchema>, specOnly: SpecOnlyError[] = []): ErrorModel[] {
  const errors: ErrorModel[] = [];
  const extra: Record<string, JsonSchema> = {};
  const keys = new Map<string, string>();
  for (const e of specOnly) {
    const known = Object.values(definitions).some((d) => d.properties?.code?.const === e.code);
    if (!known) extra[e.definition] = { description: e.description, properties: { code: { const: e.code }, message: { default: e.message } } };
    if (e.key) keys.set(e.definition, e.key);
  }
  for (const [definition, def] of Object.entries({ ...definitions, ...extra })) {
    const code = def.properties?.code?.const;
    if (typeof code !== 'number' || !Number.isInteger(code)) continue;
    const fallback = errorBaseName(definition).replace(/([a-z])([A-Z])/g, '$1 $2');
    const message = def.properties?.message?.default;
    errors.push({
      code,
      definition,
      className: errorClassName(definition),
      key: keys.get(definition) ?? errorKey(definition),
      defaultMessage: typeof message === 'string' && message ? message : fallback.charAt(0).toUpperCase() + fallback.slice(1).toLowerCase(),
      description: def.description,
      standard: JSON_RPC_CODES.has(code),
    });
  }
  // JSON-RPC's own codes first, then A2A's, each in numeric order of magnitude.
  return errors.sort((a, b) => Number(a.standard === false) - Number(b.standard === false) || Math.abs(a.code) - Math.abs(b.code));
}
