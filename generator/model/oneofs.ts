// Oneofs the spec text requires to be set. A proto oneof may always be left empty, so the
// loader writes each as "at most one member"; where the text says a value holds exactly one
// (versions.ts `requiredOneofs`), the model drops the "none of them" branch.
import { cloneJson, isPlainObject, type JsonSchema } from '../json-schema.js';

/** A copy of the definitions in which each named definition's oneof must have one member set. */
export function requireOneofs(definitions: Record<string, JsonSchema>, names: readonly string[]): Record<string, JsonSchema> {
  if (!names.some((n) => Object.hasOwn(definitions, n))) return definitions;
  const out = { ...definitions };
  for (const name of names) {
    const def = definitions[name];
    if (!isPlainObject(def) || !Array.isArray(def.oneOf)) continue;
    const branches = def.oneOf.filter((b) => !isNoneBranch(b));
    if (branches.length === def.oneOf.length || branches.length === 0) continue;
    out[name] = { ...cloneJson(def), oneOf: cloneJson(branches) };
  }
  return out;
}

/** The loader's `{ not: { anyOf: [{ required: [a] }, …] } }`: no member is set. */
const isNoneBranch = (branch: JsonSchema): boolean => isPlainObject(branch.not) && Array.isArray(branch.not.anyOf);
