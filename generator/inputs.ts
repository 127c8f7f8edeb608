// Every input read and every check that can fail on it, before generate(): the load stage
// reads and checks shapes (manifest, schema, payload schemas), the model stage checks meaning
// (the card the manifest implies, against its version). Errors of both come out together, in
// file order. What comes out is ready for generate(), which cannot fail on input; the
// protocol model is built here once and handed on.
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { InputError } from './diagnostics.js';
import { compileTemplates } from './emit/templates.js';
import type { GenerateInput } from './generate.js';
import { inFileOrder, notAlreadyReported } from './load/error-list.js';
import { locatedError, parseManifestText, readManifestFile, InputErrors, type Manifest, type ManifestReading } from './load/manifest.js';
import { payloadSchemaErrors } from './load/payload-schemas.js';
import { bundledSpecs, defaultSpecVersion, readSchemaSource } from './load/schema-source.js';
import { loadSpec } from './load/spec.js';
import { readTemplates } from './load/templates.js';
import { cardErrors, type SchemaHistory } from './model/card-check.js';
import { compatFor, type CompatModel } from './model/compat.js';
import { buildProtocolModel, type ProtocolModel } from './model/protocol.js';
import { toolVersion } from './paths.js';

export interface LoadOptions {
  manifestPath: string;
  /** `--spec`: overrides the manifest's `spec:`. */
  spec?: string;
  cwd: string;
  fetch?: typeof fetch;
  /** Where a relative `spec:` or `--spec` path resolves, when not the manifest's folder and `cwd` (init: the new project). */
  specBaseDir?: string;
}

export type LoadedInputs = GenerateInput;

export async function loadInputs(opts: LoadOptions): Promise<LoadedInputs> {
  const { manifest, protocol } = await checkManifest(await readManifestFile(resolve(opts.cwd, opts.manifestPath)), opts);
  return { protocol, manifest, manifestName: basename(manifest.file), templates: await compileTemplates(await readTemplates()), toolVersion: toolVersion() };
}

/** Only the checks that `validate` runs: the manifest against its spec version. */
export async function validateManifest(opts: LoadOptions): Promise<{ manifest: Manifest; protocol: ProtocolModel }> {
  return checkManifest(await readManifestFile(resolve(opts.cwd, opts.manifestPath)), opts);
}

/**
 * The same checks on manifest text that is not on disk yet: `init` runs them before it writes
 * anything. Errors are located in `file`, where the text came from.
 */
export async function validateManifestText(
  text: string,
  file: string,
  opts: Omit<LoadOptions, 'manifestPath'>,
): Promise<{ manifest: Manifest; protocol: ProtocolModel }> {
  return checkManifest(await parseManifestText(text, resolve(opts.cwd, file)), opts);
}

/**
 * Every check that can fail on the manifest, each run whenever what it needs is sound, and all
 * their errors thrown together: the manifest's own shape; the spec it names (unless `spec:` is
 * not text); the card against that spec (which needs `agent` to be a mapping and the spec to
 * have loaded); the skills' payload schemas (which need neither).
 */
async function checkManifest(reading: ManifestReading, opts: Omit<LoadOptions, 'manifestPath'>): Promise<{ manifest: Manifest; protocol: ProtocolModel }> {
  const { manifest } = reading;
  const errors = [...reading.errors];
  let loaded: { protocol: ProtocolModel } | undefined;
  if (opts.spec !== undefined || !reading.badSpec) {
    try {
      loaded = await loadSpecFor(manifest, opts);
    } catch (err) {
      if (err instanceof InputErrors) errors.push(...err.errors);
      else if (err instanceof InputError) errors.push(err);
      else throw err;
    }
  }
  if (loaded && manifest.compat) {
    const compat = await loadCompat(manifest, manifest.compat, loaded.protocol, opts);
    if (Array.isArray(compat)) loaded = { protocol: { ...loaded.protocol, compat } };
    else errors.push(...compat.errors);
  }
  if (loaded && !reading.badAgent) errors.push(...(await cardErrors(manifest, loaded.protocol, loadHistory)).filter(notAlreadyReported(reading.errors)));
  errors.push(...payloadSchemaErrors(manifest));
  if (errors.length > 0 || !loaded) throw new InputErrors(inFileOrder(errors, manifest.file));
  return { manifest, ...loaded };
}

async function loadSpecFor(manifest: Manifest, opts: Omit<LoadOptions, 'manifestPath'>): Promise<{ protocol: ProtocolModel }> {
  const fromManifest = opts.spec === undefined && manifest.spec !== undefined;
  const ref = opts.spec ?? manifest.spec ?? (await defaultSpecVersion());
  try {
    const source = await readSchemaSource(ref, { baseDir: opts.specBaseDir ?? (fromManifest ? dirname(manifest.file) : opts.cwd), fetch: opts.fetch });
    return { protocol: buildProtocolModel(loadSpec(source)) };
  } catch (err) {
    // A bad `spec:` is the manifest's error: point at the line.
    if (fromManifest && err instanceof InputError && !err.location?.line) {
      const where = err.location ? ` (${err.location.file})` : '';
      throw new InputErrors([locatedError(manifest.document, ['spec'], err.message + where)]);
    }
    throw err;
  }
}

/** The versions `compat:` names, each a bundled spec the agent's version can translate to; errors at the entry. */
async function loadCompat(
  manifest: Manifest,
  refs: string[],
  agent: ProtocolModel,
  opts: Omit<LoadOptions, 'manifestPath'>,
): Promise<CompatModel[] | { errors: InputError[] }> {
  const errors: InputError[] = [];
  const out: CompatModel[] = [];
  for (const [i, ref] of refs.entries()) {
    try {
      const older = buildProtocolModel(loadSpec(await readSchemaSource(ref, { baseDir: dirname(manifest.file), fetch: opts.fetch })));
      const compat = compatFor(agent, older);
      if (typeof compat === 'string') errors.push(locatedError(manifest.document, ['compat', i], compat));
      else if (out.some((c) => c.version === compat.version)) errors.push(locatedError(manifest.document, ['compat', i], `${ref} is listed twice`));
      else out.push(compat);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      errors.push(locatedError(manifest.document, ['compat', i], err.message));
    }
  }
  return errors.length ? { errors } : out;
}

/** Loads a spec by reference alone (for `diff`). */
export async function loadProtocol(ref: string, cwd: string, fetchImpl?: typeof fetch): Promise<ProtocolModel> {
  return buildProtocolModel(loadSpec(await readSchemaSource(ref, { baseDir: cwd, fetch: fetchImpl })));
}

let history: SchemaHistory | undefined;
/** Definitions of every bundled spec: read only when an error needs "which versions have this field". */
async function loadHistory(): Promise<SchemaHistory> {
  if (history) return history;
  const specs = await bundledSpecs();
  history = await Promise.all(
    specs.map(async ({ version, format, path }) => {
      const text = await readFile(path, 'utf8');
      return { version, definitions: loadSpec({ ref: version, kind: 'bundled', version, origin: path, format, text }).definitions };
    }),
  );
  return history;
}
