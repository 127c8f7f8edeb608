// Checks each skill's `input`/`output` JSON Schema before anything is generated from it:
// well-formed per draft-07, every `$ref` local and resolvable, no `$ref` that only points at
// itself through other `$ref`s (a cycle with no structure, which no value can satisfy).
import { createRequire } from 'node:module';
import type { InputError } from '../diagnostics.js';
import { forEachSubschema, isPlainObject, type JsonSchema } from '../json-schema.js';
import { InputErrors, locatedError, type Manifest } from './manifest.js';
import { checkShape } from './shape-check.js';

/** JSON Schema draft-07's own meta-schema (shipped with ajv). */
const META = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-07.json') as JsonSchema;

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
  // Well-formed per the draft-07 meta-schema; checked with the manifest's own checker, whose
  // findings say where and what was expected (ajv would need its meta-schema compiled first).
  const finding = checkShape(schema, META, { definitions: (META.definitions ?? {}) as Record<string, JsonSchema>, root: META, strict: false })[0];
  if (finding) return { path: finding.path, message: `not a valid JSON Schema: ${finding.message}` };
  forEachSubschema(schema, (sub, path) => {
    if (problem) return;
    const where = path.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const patterns = [...(typeof sub.pattern === 'string' ? [[sub.pattern, [...where, 'pattern']] as const] : []), ...Object.keys(sub.patternProperties ?? {}).map((k) => [k, [...where, 'patternProperties', k]] as const)];
    for (const [pattern, at] of patterns) {
      try {
        new RegExp(pattern, 'u');
      } catch (err) {
        problem = { path: [...at], message: `not a valid regular expression: ${(err as Error).message}` };
      }
    }
  });
  return problem;
}

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
