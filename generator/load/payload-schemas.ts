// Checks each skill's `input`/`output` JSON Schema before anything is generated from it:
// well-formed per draft-07, every `$ref` local and resolvable, no `$ref` that only points at
// itself through other `$ref`s (a cycle with no structure, which no value can satisfy).
import { Ajv } from 'ajv';
import type { InputError } from '../diagnostics.js';
import { forEachSubschema, isPlainObject, type JsonSchema } from '../json-schema.js';
import { InputErrors, locatedError, type Manifest } from './manifest.js';

export function checkPayloadSchemas(manifest: Manifest): void {
  const errors: InputError[] = [];
  manifest.skills.forEach((skill, i) => {
    for (const key of ['input', 'output'] as const) {
      const schema = skill[key];
      if (schema === undefined) continue;
      const problem = payloadSchemaProblem(schema);
      if (problem) errors.push(locatedError(manifest.document, ['skills', i, key, ...problem.path], problem.message));
    }
  });
  if (errors.length > 0) throw new InputErrors(errors);
}

interface Problem {
  path: (string | number)[];
  message: string;
}

export function payloadSchemaProblem(schema: JsonSchema): Problem | undefined {
  let problem: Problem | undefined;
  forEachSubschema(schema, (sub, path) => {
    if (problem || sub.$ref === undefined) return;
    const where = path.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (typeof sub.$ref !== 'string') return void (problem = { path: [...where, '$ref'], message: '$ref must be a string' });
    if (!sub.$ref.startsWith('#')) {
      problem = { path: [...where, '$ref'], message: `$ref ${JSON.stringify(sub.$ref)} points outside this schema; only local references ("#/$defs/…") are allowed` };
      return;
    }
    const target = resolvePointer(schema, sub.$ref);
    if (target === undefined) problem = { path: [...where, '$ref'], message: `dangling $ref ${JSON.stringify(sub.$ref)}: nothing is defined there` };
    else if (refCycle(schema, sub.$ref)) problem = { path: [...where, '$ref'], message: `$ref ${JSON.stringify(sub.$ref)} is part of a reference cycle with no schema in between` };
  });
  if (problem) return problem;
  // One instance for every check: creating an Ajv compiles its meta-schemas (≈10 ms each time).
  const ajv = (checker ??= new Ajv({ strict: false, allErrors: false, validateFormats: false, addUsedSchema: false }));
  if (!ajv.validateSchema(schema)) {
    const e = ajv.errors?.[0];
    const path = (e?.instancePath ?? '').split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    return { path, message: `not a valid JSON Schema: ${e?.message ?? 'invalid'}` };
  }
  try {
    ajv.compile(schema);
  } catch (err) {
    return { path: [], message: `not a usable JSON Schema: ${(err as Error).message}` };
  } finally {
    ajv.removeSchema(schema);
  }
  return undefined;
}

let checker: Ajv | undefined;

function resolvePointer(root: JsonSchema, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isPlainObject(cur) && !Array.isArray(cur)) return undefined;
    if (!Object.hasOwn(cur as object, seg)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/** True when following `$ref` → `$ref` → … from `ref` comes back to a schema already visited. */
function refCycle(root: JsonSchema, ref: string): boolean {
  const seen = new Set<string>();
  let current: string | undefined = ref;
  while (current !== undefined) {
    if (seen.has(current)) return true;
    seen.add(current);
    const target = resolvePointer(root, current);
    current = isPlainObject(target) && typeof target.$ref === 'string' ? target.$ref : undefined;
  }
  return false;
}
