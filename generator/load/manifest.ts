// Reads an agent manifest (YAML or JSON) and checks it against schema/manifest.schema.json.
// Card fields are checked later against the chosen spec version (see model/card-check.ts).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { formatJsonPath, InputError } from '../diagnostics.js';
import { cloneJson, isPlainObject, type JsonSchema } from '../json-schema.js';
import { packageRoot } from '../paths.js';
import { readInputFile } from './bounded-read.js';
import { checkShape, type Finding } from './shape-check.js';
import { quoteSource } from './source-excerpt.js';
import { decodeUtf8, parseJsonText } from './text.js';
import { parseLocatedDocument, type LocatedDocument } from './yaml-document.js';

export interface ManifestSkill {
  id: string;
  name: string;
  input?: JsonSchema;
  output?: JsonSchema;
  extendedOnly?: boolean;
  /** Every other field: AgentSkill fields of the chosen version. */
  [field: string]: unknown;
}

/** Fields of an entry of `agent.capabilities.extensions` that are the generator's, not the card's (model/extensions.ts). */
export const GENERATOR_EXTENSION_FIELDS = ['messageMetadata', 'artifactMetadata'] as const;

/** The manifest's `agent.capabilities.extensions`, as written (entries that are not mappings left out). */
export function manifestExtensions(agent: Record<string, unknown>): Record<string, unknown>[] {
  const capabilities = agent.capabilities;
  const list = isPlainObject(capabilities) && Array.isArray(capabilities.extensions) ? (capabilities.extensions as unknown[]) : [];
  return list.filter(isPlainObject);
}

export interface ManifestServer {
  port?: number;
  cardSigning?: boolean | { keyEnv?: string; jwksPath?: string };
  host?: string;
  basePath?: string;
  docs?: boolean;
  cors?: { origins?: string[] };
  limits?: {
    bodyBytes?: number;
    partsPerMessage?: number;
    historyLength?: number;
    requestTimeoutMs?: number;
    jsonDepth?: number;
    batchSize?: number;
    messageBytes?: number;
    taskBytes?: number;
  };
  keepAliveSeconds?: number;
  tracing?: 'none' | 'opentelemetry';
  store?: 'memory' | 'postgres';
  databaseUrlEnv?: string;
  tenant?: string;
  bindings?: ('jsonrpc' | 'rest' | 'grpc')[];
  grpcPort?: number;
  restPath?: string;
  tasks?: { maxFinished?: number; finishedTtlSeconds?: number; memoryBytes?: number };
  push?: { allowPrivateTargets?: string[]; maxConfigsPerTask?: number; maxDeliveriesInFlight?: number };
}

export interface Manifest {
  /** Absolute path (or a name, for manifests given as text). */
  file: string;
  spec?: string;
  /** Older versions the agent answers too (`compat:`), as written. */
  compat?: string[];
  agent: Record<string, unknown>;
  skills: ManifestSkill[];
  server: ManifestServer;
  /** Positions of every node, for later errors. */
  document: LocatedDocument;
}

/** Errors of one kind collected together, so a user fixes them in one pass. */
export class InputErrors extends Error {
  override readonly name = 'InputErrors';
  constructor(readonly errors: InputError[]) {
    super(errors.map((e) => e.format()).join('\n'));
  }
}

let manifestSchema: JsonSchema | undefined;
async function loadManifestSchema(): Promise<JsonSchema> {
  manifestSchema ??= parseJsonText(await readFile(join(packageRoot(), 'schema', 'manifest.schema.json'), 'utf8'), 'manifest.schema.json') as JsonSchema;
  return manifestSchema;
}

/**
 * A manifest read and checked on its own, before any spec version is involved: what could be
 * built from it and every mistake found. Only a file that cannot be read or parsed at all
 * throws; anything else is collected, so one run reports all of it.
 */
export interface ManifestReading {
  /** What could be read; a section that is not even the right kind of value is left empty. */
  manifest: Manifest;
  errors: InputError[];
  /** `spec:` is there but names nothing (not text): no version can be chosen from it. */
  badSpec: boolean;
  /** `agent:` is not a mapping: there is no card to check. */
  badAgent: boolean;
}

export async function readManifestFile(path: string): Promise<ManifestReading> {
  const file = resolve(path);
  const bytes = await readInputFile(file, 'manifest', 'manifest not found (create one with `a2a-gen init`, or pass --manifest)');
  return parseManifest(decodeUtf8(bytes, file), file, await loadManifestSchema());
}

export async function parseManifestText(text: string, file: string): Promise<ManifestReading> {
  return parseManifest(text, file, await loadManifestSchema());
}

function parseManifest(text: string, file: string, schema: JsonSchema): ManifestReading {
  if (text.trim() === '') throw new InputError('the manifest is empty; it needs at least `agent:` with `name` and `url`', { file, line: 1, column: 1 });
  if (file.endsWith('.json')) parseJsonManifest(text, file); // JSON syntax errors read better from the JSON parser
  const document = parseLocatedDocument(text, file);
  const data = document.data;
  if (!isPlainObject(data)) throw new InputError('the manifest must be a mapping with `agent:` and `skills:`', { file, line: 1, column: 1 });
  // `spec: 0.3` is a number to YAML; read it as the text the user wrote, so that the version
  // check can say which bundled version was meant instead of "expected string".
  if (typeof data.spec === 'number') data.spec = document.source('/spec') ?? String(data.spec);
  if (Array.isArray(data.compat)) data.compat = data.compat.map((v, i) => (typeof v === 'number' ? (document.source(`/compat/${i}`) ?? String(v)) : v));
  const errors: InputError[] = [];
  checkWellFormedStrings(data, document, errors);
  const findings = checkShape(data, schema, { definitions: (schema.definitions ?? {}) as Record<string, JsonSchema>, strict: false });
  errors.push(...findings.map((f) => findingToError(f, document)));
  const badSpec = data.spec !== undefined && (typeof data.spec !== 'string' || data.spec.trim() === '');
  const badAgent = !isPlainObject(data.agent);
  const agent = isPlainObject(data.agent) ? cloneJson(data.agent) : {};
  if ('skills' in agent) errors.push(locatedError(document, ['agent', 'skills'], 'list skills under the top-level `skills:` key, not inside `agent:`', true));
  // Skills that are not all mappings cannot be read as skills: the manifest check has said so,
  // and the card is then checked without them rather than not at all.
  const skills = Array.isArray(data.skills) && data.skills.every(isPlainObject) ? (cloneJson(data.skills) as ManifestSkill[]) : [];
  errors.push(...duplicateSkillIds(skills, document));
  const server = isPlainObject(data.server) ? (cloneJson(data.server) as ManifestServer) : {};
  const compat = Array.isArray(data.compat) ? (data.compat as unknown[]) : undefined;
  const compatOk = compat?.every((v): v is string => typeof v === 'string' && v.trim() !== '');
  return {
    manifest: {
      file,
      spec: badSpec ? undefined : (data.spec as string | undefined),
      ...(compat && compatOk ? { compat } : {}),
      agent,
      skills,
      server,
      document,
    },
    errors,
    badSpec,
    badAgent,
  };
}

/** JSON.parse's error, with the offending line quoted as a YAML syntax error's is. */
function parseJsonManifest(text: string, file: string): void {
  try {
    parseJsonText(text, file);
  } catch (err) {
    const line = err instanceof InputError ? err.location?.line : undefined;
    if (!(err instanceof InputError) || line === undefined) throw err;
    throw new InputError(err.message, err.location, err.path, quoteSource(text, line, err.location?.column ?? 1));
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A `\uD800` escape without its pair is valid JSON and YAML but no Unicode text: it cannot be
 * written to a UTF-8 file, so the card, the code and the docs could not carry it unchanged.
 */
function checkWellFormedStrings(data: unknown, doc: LocatedDocument, errors: InputError[], path: (string | number)[] = []): void {
  if (typeof data === 'string') {
    if (LONE_SURROGATE.test(data))
      errors.push(locatedError(doc, path, 'this string holds an unpaired UTF-16 surrogate (a lone \\uD800–\\uDFFF escape), which no UTF-8 output can carry'));
    return;
  }
  if (data === null || typeof data !== 'object') return;
  for (const [key, value] of Object.entries(data)) {
    const at = [...path, Array.isArray(data) ? Number(key) : key];
    if (LONE_SURROGATE.test(key))
      errors.push(locatedError(doc, at, 'this key holds an unpaired UTF-16 surrogate (a lone \\uD800–\\uDFFF escape), which no UTF-8 output can carry', true));
    checkWellFormedStrings(value, doc, errors, at);
  }
}

function duplicateSkillIds(skills: ManifestSkill[], doc: LocatedDocument): InputError[] {
  const errors: InputError[] = [];
  const seen = new Map<string, number>();
  skills.forEach((s, i) => {
    if (typeof s.id !== 'string') return; // not an id at all: the manifest check reports that
    const before = seen.get(s.id);
    if (before !== undefined) errors.push(locatedError(doc, ['skills', i, 'id'], `duplicate skill id "${s.id}" (also skills[${before}].id)`));
    else seen.set(s.id, i);
  });
  return errors;
}

/** Converts a shape-check finding to an error located in the manifest. */
export function findingToError(f: Finding, doc: LocatedDocument, pathPrefix: (string | number)[] = []): InputError {
  const path = [...pathPrefix, ...f.path];
  if (f.kind === 'missing') {
    // Located at the object that lacks the field; the path names the field, as the card check's do.
    const at = locatedError(doc, path, '', true);
    return new InputError(f.message, at.location, formatJsonPath([...path, f.field!]));
  }
  return locatedError(doc, path, f.message, f.kind === 'unknown');
}

export function locatedError(doc: LocatedDocument, path: (string | number)[], message: string, atKey = false): InputError {
  const pointer = path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
  const pos = atKey ? doc.locateKey(pointer) : doc.locate(pointer);
  return new InputError(message, { file: doc.file, line: pos.line, column: pos.column }, formatJsonPath(path));
}
