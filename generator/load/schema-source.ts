// Resolves a spec reference — a bundled version (`0.2.5`, `1.0`), a file path or an http(s)
// URL — to the text of an a2a.json or (v1.0 on) an a2a.proto. Only this module knows where
// specs come from.
import { readdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../diagnostics.js';
import { bundledProtoDir, bundledSchemaDir } from '../paths.js';
import { didYouMean } from '../suggest.js';
import { compareVersions } from '../version-order.js';
import { MAX_INPUT_BYTES, readBodyBounded, readFileBounded, readInputFile, tooLargeError } from './bounded-read.js';
import { decodeUtf8 } from './text.js';

export interface SchemaSource {
  /** What the user wrote: `0.3.0`, `./a2a.json`, `https://…`. */
  ref: string;
  kind: 'bundled' | 'file' | 'url';
  /** The bundled version, when `kind` is `bundled`. */
  version?: string;
  /** A printable origin for error messages (the file path or URL). */
  origin: string;
  /** An a2a.json (JSON Schema) or an a2a.proto. */
  format: SpecFormat;
  text: string;
}

export type SpecFormat = 'json' | 'proto';

/** A bundled spec: its version, format and file. */
export interface BundledSpec {
  version: string;
  format: SpecFormat;
  path: string;
}

const VERSION_LIKE = /^v?\d+\.\d+(\.\d+)?([-+][\w.]+)?$/;

/** Every bundled spec, oldest first: the a2a.json files of v0.x, the a2a.proto files of v1.0 on. */
export async function bundledSpecs(): Promise<BundledSpec[]> {
  const found: BundledSpec[] = [];
  for (const [dir, format, pattern] of [
    [bundledSchemaDir(), 'json', /^v(\d+\.\d+\.\d+)\.json$/],
    [bundledProtoDir(), 'proto', /^v(\d+\.\d+\.\d+)\.proto$/],
  ] as const) {
    for (const name of await readdir(dir)) {
      const version = pattern.exec(name)?.[1];
      if (version) found.push({ version, format, path: join(dir, name) });
    }
  }
  return found.sort((a, b) => compareVersions(a.version, b.version));
}

/** The bundled versions, oldest first. */
export async function bundledVersions(): Promise<string[]> {
  return (await bundledSpecs()).map((s) => s.version);
}

/**
 * The version a manifest without `spec:` gets: the newest v0.x, as it always was — a manifest
 * written without `spec:` keeps its version when regenerated. New agents are made with `spec:`
 * written out (`newAgentSpecVersion`).
 */
export async function defaultSpecVersion(): Promise<string> {
  return (await bundledSpecs()).filter((s) => s.format === 'json').at(-1)!.version;
}

/** The version `init` offers new agents: the newest bundled v1.x, which answers v0.3.0 clients too (`compat`). */
export async function newAgentSpecVersion(): Promise<string> {
  return (await bundledSpecs()).filter((s) => s.format === 'proto').at(-1)!.version;
}

/**
 * A bundled spec by version. From v1.0 on a version is `Major.Minor` (spec v1.0 §3.6: patch
 * numbers do not affect compatibility), so `1.0` is the newest bundled 1.0.x; before v1.0 the
 * patch changed the schema (0.2.0 … 0.2.6 differ), so it must be written.
 */
function findBundled(specs: BundledSpec[], version: string): BundledSpec | undefined {
  const exact = specs.find((s) => s.version === version);
  if (exact) return exact;
  const majorMinor = /^(\d+)\.(\d+)$/.exec(version);
  if (!majorMinor || Number(majorMinor[1]) < 1) return undefined;
  return specs.filter((s) => s.version.startsWith(`${version}.`)).at(-1);
}

/** A proto by its name or, for a download without one, by its first statement. */
function formatOf(origin: string, text: string): SpecFormat {
  if (/\.proto$/i.test(new URL(origin, 'file:///').pathname)) return 'proto';
  if (/\.json$/i.test(origin)) return 'json';
  return /^\s*(\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*(syntax|edition|package)\s*=?/.test(text.replace(/^\uFEFF/, '')) ? 'proto' : 'json';
}

export interface ReadSchemaOptions {
  /** Relative paths resolve against this folder (the manifest's, or the working directory). */
  baseDir: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Whether a `spec:` / `--spec` reference names a file (not a bundled version, not a URL): it resolves against a folder. */
export function isSpecPath(ref: string): boolean {
  const trimmed = ref.trim();
  return !/^https?:\/\//i.test(trimmed) && !VERSION_LIKE.test(trimmed);
}

export async function readSchemaSource(ref: string, opts: ReadSchemaOptions): Promise<SchemaSource> {
  const trimmed = ref.trim();
  if (/^https?:\/\//i.test(trimmed)) return readUrl(trimmed, opts);
  if (VERSION_LIKE.test(trimmed)) {
    const version = trimmed.replace(/^v/, '');
    const specs = await bundledSpecs();
    const bundled = findBundled(specs, version);
    if (!bundled) {
      const versions = specs.map((s) => s.version);
      // Newest first, so `0.2` suggests 0.2.6 rather than 0.2.0.
      const guess = didYouMean(version, [...versions].reverse(), (v) => v);
      throw new InputError(
        `unknown A2A spec version "${trimmed}"; bundled versions are ${versions.join(', ')} (pass a path or an http(s) URL of an a2a.json or a2a.proto for any other)${guess}`,
      );
    }
    const text = decodeUtf8(await readFileBounded(bundled.path, 'schema file'), bundled.path);
    return { ref, kind: 'bundled', version: bundled.version, origin: bundled.path, format: bundled.format, text };
  }
  const path = isAbsolute(trimmed) ? trimmed : resolve(opts.baseDir, trimmed);
  const bytes = await readInputFile(path, 'schema file', `schema file not found (and "${trimmed}" is not a bundled version or a URL)`);
  const text = decodeUtf8(bytes, path);
  return { ref, kind: 'file', origin: path, format: formatOf(path, text), text };
}

/** The download deadline: `A2A_GEN_FETCH_TIMEOUT_MS` when it is a positive whole number of ms, else 15 s. */
export function downloadDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = Number(env.A2A_GEN_FETCH_TIMEOUT_MS);
  return Number.isSafeInteger(raw) && raw > 0 ? raw : 15_000;
}

async function readUrl(url: string, opts: ReadSchemaOptions): Promise<SchemaSource> {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? downloadDeadlineMs();
  // One controller for the deadline (headers and body alike) and for cutting off a body at the
  // limit. The deadline is a plain timer, held until the download ends: AbortSignal.timeout()
  // inside AbortSignal.any() could be garbage-collected on Node 20 and never fire, so a server
  // that never answered (or dripped a byte every few seconds) held the CLI for minutes.
  const stop = new AbortController();
  // And the deadline does not depend on fetch honouring the abort: the download races a promise
  // that only the deadline rejects (not the abort at the size limit, whose error must win).
  let expire: (reason: unknown) => void = () => undefined;
  const deadline = new Promise<never>((_, reject) => (expire = reject));
  deadline.catch(() => undefined); // a download that finished first leaves it unobserved
  const timer = setTimeout(() => {
    const reason = new DOMException(`no download within ${timeoutMs} ms`, 'TimeoutError');
    expire(reason);
    stop.abort(reason);
  }, timeoutMs);
  const failure = (err: unknown, stage: string): InputError => {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason = e.name === 'TimeoutError' ? `${stage} within ${timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return new InputError(`cannot fetch schema: ${reason}`, { file: url });
  };
  try {
    let response: Response;
    try {
      const headers = { accept: 'application/json, application/schema+json, text/plain;q=0.5' };
      response = await Promise.race([doFetch(url, { signal: stop.signal, headers }), deadline]);
    } catch (err) {
      throw failure(err, 'no answer');
    }
    if (!response.ok) {
      stop.abort(); // the error page is not read: close the connection
      throw new InputError(`cannot fetch schema: HTTP ${response.status} ${response.statusText}`.trim(), { file: url });
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_INPUT_BYTES) {
      stop.abort();
      throw tooLargeError('schema', url, MAX_INPUT_BYTES, declared);
    }
    let bytes: Uint8Array;
    try {
      bytes = await Promise.race([readBodyBounded(response, 'schema', url, () => stop.abort()), deadline]);
    } catch (err) {
      if (err instanceof InputError) throw err;
      stop.abort(); // past the deadline: close the connection
      throw failure(err, 'the download did not finish');
    }
    const text = decodeUtf8(bytes, url);
    return { ref: url, kind: 'url', origin: url, format: formatOf(url, text), text };
  } finally {
    clearTimeout(timer);
  }
}
