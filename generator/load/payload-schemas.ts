// Checks each skill's `input`/`output` JSON Schema (and each extension's metadata schema) before anything is generated from it:
// well-formed per draft-07, every `$ref` local and resolvable, no `$ref` that only points at
// itself through other `$ref`s (a cycle with no structure, which no value can satisfy).
import { createRequire } from 'node:module';
import type { InputError } from '../diagnostics.js';
import { forEachSubschema, isPlainObject, resolvePointer, type JsonSchema } from '../json-schema.js';
import { GENERATOR_EXTENSION_FIELDS, locatedError, type Manifest } from './manifest.js';
import { describeChain, overTheBound, tooLongSchemaChain } from './reference-depth.js';
import { checkShape } from './shape-check.js';
import { schemasError, tooManySchemas } from './spec-size.js';

/** JSON Schema draft-07's own meta-schema (shipped with ajv). */
const META = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-07.json') as JsonSchema;

/** Every problem of every skill's `input`/`output` and every extension's metadata schema, located in the manifest. */
export function payloadSchemaErrors(manifest: Manifest): InputError[] {
  const errors: InputError[] = [];
  const located = payloadSchemaPlaces(manifest);
  const count = tooManySchemas(located.filter((p) => isPlainObject(p.schema)).map((p) => p.schema as JsonSchema));
  // One bound for all of them together: each schema is walked again below, and generated from.
  if (count !== undefined)
    return [
      locatedError(
        manifest.document,
        ['skills'],
        schemasError(count, "the skills' input and output schemas and the extensions' metadata schemas hold", { file: manifest.file }).message,
      ),
    ];
  for (const { path, schema } of located) {
    // A skill's payload that is not an object: the manifest's own check says so. An extension's is not checked there (`agent` is the card's).
    if (!isPlainObject(schema)) {
      if (path[0] === 'agent') errors.push(locatedError(manifest.document, path, "an extension's metadata schema must be a JSON Schema object"));
      continue;
    }
    for (const problem of payloadSchemaProblems(schema)) errors.push(locatedError(manifest.document, [...path, ...problem.path], problem.message));
  }
  return [...errors, ...twiceTypedUris(manifest)];
}

/** An extension declared twice with metadata schemas: the two would type one `metadata[uri]` two ways. */
function twiceTypedUris(manifest: Manifest): InputError[] {
  const capabilities = manifest.agent.capabilities;
  const list = isPlainObject(capabilities) && Array.isArray(capabilities.extensions) ? (capabilities.extensions as unknown[]) : [];
  const first = new Map<string, number>();
  const errors: InputError[] = [];
  list.forEach((entry, i) => {
    if (!isPlainObject(entry) || typeof entry.uri !== 'string' || !GENERATOR_EXTENSION_FIELDS.some((key) => entry[key] !== undefined)) return;
    const before = first.get(entry.uri);
    if (before === undefined) first.set(entry.uri, i);
    else
      errors.push(
        locatedError(
          manifest.document,
          ['agent', 'capabilities', 'extensions', i, 'uri'],
          `extension ${JSON.stringify(entry.uri)} is declared with metadata schemas twice (also agent.capabilities.extensions[${before}]); give them in one entry`,
        ),
      );
  });
  return errors;
}

/** Where each payload schema sits in the manifest: skills' `input`/`output`, then extensions' `messageMetadata`/`artifactMetadata`. */
function payloadSchemaPlaces(manifest: Manifest): { path: (string | number)[]; schema: unknown }[] {
  const skills = manifest.skills.flatMap((skill, i) =>
    (['input', 'output'] as const).filter((key) => skill[key] !== undefined).map((key) => ({ path: ['skills', i, key], schema: skill[key] })),
  );
  const capabilities = manifest.agent.capabilities;
  const list = isPlainObject(capabilities) && Array.isArray(capabilities.extensions) ? (capabilities.extensions as unknown[]) : [];
  const extensions = list.flatMap((entry, i) =>
    isPlainObject(entry)
      ? GENERATOR_EXTENSION_FIELDS.filter((key) => entry[key] !== undefined).map((key) => ({
          path: ['agent', 'capabilities', 'extensions', i, key],
          schema: entry[key],
        }))
      : [],
  );
  return [...skills, ...extensions];
}

/** More than this in one schema are not read anyway (the whole list is cut at 100 too, see error-list.ts). */
const MAX_PROBLEMS = 100;

interface Problem {
  path: (string | number)[];
  message: string;
}

/**
 * Each problem once: references first (a broken one is the likeliest mistake), then the
 * meta-schema's findings and bad regular expressions, each skipped where an earlier problem
 * already sits at or above its path (a `$ref: 5` is one mistake, not a `$ref` problem and a
 * type problem).
 */
export function payloadSchemaProblems(schema: JsonSchema): Problem[] {
  const problems: Problem[] = [];
  const add = (p: Problem): void => {
    if (problems.length >= MAX_PROBLEMS) return;
    const covered = problems.some((q) => q.path.length <= p.path.length && q.path.every((seg, i) => seg === p.path[i]));
    if (!covered) problems.push(p);
  };
  // Every `$ref` of a cycle is "part of a reference cycle": the cycle is reported once, at the
  // first of them in the schema, and its other members are not reported again.
  const inReportedCycle = new Set<string>();
  forEachSubschema(schema, (sub, path) => {
    if (sub.$ref === undefined) return;
    const where = [...numbered(path), '$ref'];
    if (typeof sub.$ref !== 'string') return add({ path: where, message: '$ref must be a string' });
    if (!sub.$ref.startsWith('#'))
      return add({ path: where, message: `$ref ${JSON.stringify(sub.$ref)} points outside this schema; only local references ("#/$defs/…") are allowed` });
    const target = resolvePointer(schema, sub.$ref);
    if (target === undefined) return add({ path: where, message: `dangling $ref ${JSON.stringify(sub.$ref)}: nothing is defined there` });
    if (inReportedCycle.has(sub.$ref)) return;
    const cycle = refCycle(schema, sub.$ref);
    if (!cycle) return;
    for (const ref of cycle) inReportedCycle.add(ref);
    add({ path: where, message: `$ref ${JSON.stringify(sub.$ref)} is part of a reference cycle with no schema in between` });
  });
  const chain = tooLongSchemaChain(schema);
  if (chain) {
    // Nodes are `#` and `$defs/Name`: the path of the one past the bound.
    const at = overTheBound(chain);
    add({
      path: at === '#' ? [] : [at.slice(0, at.indexOf('/')), at.slice(at.indexOf('/') + 1)],
      message: `$refs lead through too many definitions: ${describeChain(chain)}`,
    });
  }
  // Well-formed per the draft-07 meta-schema; checked with the manifest's own checker, whose
  // findings say where and what was expected (ajv would need its meta-schema compiled first).
  for (const finding of checkShape(schema, META, { definitions: (META.definitions ?? {}) as Record<string, JsonSchema>, root: META, strict: false })) {
    add({ path: finding.path, message: `not a valid JSON Schema: ${finding.message}` });
  }
  forEachSubschema(schema, (sub, path) => {
    const where = numbered(path);
    const patterns = [
      ...(typeof sub.pattern === 'string' ? [[sub.pattern, [...where, 'pattern']] as const] : []),
      ...Object.keys(sub.patternProperties ?? {}).map((k) => [k, [...where, 'patternProperties', k]] as const),
    ];
    for (const [pattern, at] of patterns) {
      try {
        new RegExp(pattern, 'u');
      } catch (err) {
        add({ path: [...at], message: `not a valid regular expression: ${(err as Error).message}` });
      }
    }
  });
  return problems;
}

const numbered = (path: string[]): (string | number)[] => path.map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The references visited when following `$ref` → `$ref` → … from `ref` comes back to one already visited; undefined when it ends. */
function refCycle(root: JsonSchema, ref: string): Set<string> | undefined {
  const seen = new Set<string>();
  let current: string | undefined = ref;
  while (current !== undefined) {
    if (seen.has(current)) return seen;
    seen.add(current);
    const target = resolvePointer(root, current);
    current = isPlainObject(target) && typeof target.$ref === 'string' ? target.$ref : undefined;
  }
  return undefined;
}
