// Every input read and every check that can fail on it, before generate(). First the load stage
// reads and checks shapes: the manifest, the spec it names and the versions `compat:` adds, the
// skills' payload schemas. Then the model stage builds every model once and checks meaning (the
// card the manifest implies, against its version). Errors of both come out together, in file
// order; what comes out is ready for generate(), which cannot fail on input.
import { basename, dirname, resolve } from 'node:path';
import { InputError } from './diagnostics.js';
import { compileTemplates } from './emit/templates.js';
import type { GenerateInput } from './generate.js';
import { inFileOrder } from './load/error-list.js';
import { locatedError, parseManifestText, readManifestFile, InputErrors, type Manifest, type ManifestReading } from './load/manifest.js';
import { payloadSchemaErrors } from './load/payload-schemas.js';
import { readGrpcProtos } from './load/proto-grpc.js';
import { defaultSpecVersion, readSchemaSource, type ReadSchemaOptions } from './load/schema-source.js';
import { loadSpec, type LoadedSpec } from './load/spec.js';
import { readSchemaHistory } from './load/spec-history.js';
import { readTemplates } from './load/templates.js';
import type { AgentModel } from './model/agent.js';
import { buildModels } from './model/build-models.js';
import { UnknownCardField } from './model/card-check.js';
import type { OlderSpec } from './model/compat.js';
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

/** A manifest that passed every check, and the models built from it. */
export interface CheckedManifest {
  manifest: Manifest;
  protocol: ProtocolModel;
  agent: AgentModel;
}

export type LoadedInputs = GenerateInput & CheckedManifest;

export async function loadInputs(opts: LoadOptions): Promise<LoadedInputs> {
  const checked = await checkManifest(await readManifestFile(resolve(opts.cwd, opts.manifestPath)), opts);
  return { ...checked, templates: await compileTemplates(await readTemplates()), toolVersion: toolVersion() };
}

/** Only the checks that `validate` runs: the manifest against its spec version. */
export async function validateManifest(opts: LoadOptions): Promise<CheckedManifest> {
  return checkManifest(await readManifestFile(resolve(opts.cwd, opts.manifestPath)), opts);
}

/**
 * The same checks on manifest text that is not on disk yet: `init` runs them before it writes
 * anything. Errors are located in `file`, where the text came from.
 */
export async function validateManifestText(text: string, file: string, opts: Omit<LoadOptions, 'manifestPath'>): Promise<CheckedManifest> {
  return checkManifest(await parseManifestText(text, resolve(opts.cwd, file)), opts);
}

/**
 * Every check that can fail on the manifest, each run whenever what it needs is sound, and all
 * their errors thrown together: the manifest's own shape; the spec it names (unless `spec:` is
 * not text) and the versions `compat:` adds (when the spec loaded); the card against that spec
 * (which needs `agent` to be a mapping and the spec to have loaded); the skills' payload schemas
 * (which need neither).
 */
async function checkManifest(reading: ManifestReading, opts: Omit<LoadOptions, 'manifestPath'>): Promise<CheckedManifest> {
  const { manifest } = reading;
  // The load stage: everything read, every shape checked.
  const fromManifest = opts.spec === undefined && manifest.spec !== undefined;
  const readOptions: ReadSchemaOptions = { baseDir: opts.specBaseDir ?? (fromManifest ? dirname(manifest.file) : opts.cwd), fetch: opts.fetch };
  const spec =
    opts.spec !== undefined || !reading.badSpec
      ? await attempt(async () => readSpec(opts.spec ?? manifest.spec ?? (await defaultSpecVersion()), readOptions))
      : undefined;
  const older: OlderSpec[] =
    spec instanceof InputError || !spec || !manifest.compat
      ? []
      : await Promise.all(
          manifest.compat.map(async (ref) => {
            const loaded = await attempt(() => readSpec(ref, { baseDir: dirname(manifest.file), fetch: opts.fetch }));
            return loaded instanceof InputError ? { error: loaded } : { spec: loaded };
          }),
        );
  const payloadErrors = payloadSchemaErrors(manifest);
  // gRPC of versions defined by an a2a.json comes from their bundled gRPC proto, read only when asked for.
  const grpcProtos = Array.isArray(manifest.server.bindings) && manifest.server.bindings.includes('grpc') ? await readGrpcProtos() : {};
  // The model stage: every model built once.
  const built =
    spec instanceof InputError || !spec
      ? undefined
      : buildModels({ manifest, manifestName: basename(manifest.file), spec, older, hasCard: !reading.badAgent, manifestErrors: reading.errors, grpcProtos });
  // A bad `spec:` is the manifest's error: point at the line.
  const specErrors = (spec instanceof InputError ? [spec] : (built?.errors.spec ?? [])).map((err) =>
    fromManifest && !err.location?.line ? locatedError(manifest.document, ['spec'], err.message + (err.location ? ` (${err.location.file})` : '')) : err,
  );
  const errors = [...reading.errors, ...specErrors, ...(built?.errors.compat ?? []), ...(built?.errors.card ?? []), ...payloadErrors];
  if (errors.length > 0 || !built?.protocol || !built.agent) throw new InputErrors(inFileOrder(await explained(errors), manifest.file));
  return { manifest, protocol: built.protocol, agent: built.agent };
}

async function readSpec(ref: string, opts: ReadSchemaOptions): Promise<LoadedSpec> {
  return loadSpec(await readSchemaSource(ref, opts));
}

/** The input's value, or the InputError reading it raised (anything else is a bug, and thrown). */
async function attempt<T>(read: () => Promise<T>): Promise<T | InputError> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
}

/** Errors as reported: a card field its version lacks says which bundled versions have it, read only now that one is reported. */
async function explained(errors: InputError[]): Promise<InputError[]> {
  if (!errors.some((e) => e instanceof UnknownCardField)) return errors;
  const history = await readSchemaHistory();
  return errors.map((e) => (e instanceof UnknownCardField ? e.explain(history) : e));
}

/** Loads a spec by reference alone (for `diff`). */
export async function loadProtocol(ref: string, cwd: string, fetchImpl?: typeof fetch): Promise<ProtocolModel> {
  return buildProtocolModel(await readSpec(ref, { baseDir: cwd, fetch: fetchImpl }));
}
