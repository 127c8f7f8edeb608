// Resolves a spec reference — a bundled version (`0.2.5`), a file path or an http(s) URL —
// to the text of an a2a.json. Only this module knows where schemas come from.
import { readdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../diagnostics.js';
import { bundledSchemaDir } from '../paths.js';
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
  text: string;
}

const VERSION_LIKE = /^v?\d+\.\d+(\.\d+)?([-+][\w.]+)?$/;

/** The versions bundled under schema/a2a, oldest first. */
export async function bundledVersions(): Promise<string[]> {
  const names = await readdir(bundledSchemaDir());
  return names
    .map((n) => /^v(\d+\.\d+\.\d+)\.json$/.exec(n)?.[1])
    .filter((v): v is string => v !== undefined)
    .sort(compareVersions);
}

export interface ReadSchemaOptions {
  /** Relative paths resolve against this folder (the manifest's, or the working directory). */
  baseDir: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export async function readSchemaSource(ref: string, opts: ReadSchemaOptions): Promise<SchemaSource> {
  const trimmed = ref.trim();
  if (/^https?:\/\//i.test(trimmed)) return readUrl(trimmed, opts);
  if (VERSION_LIKE.test(trimmed)) {
    const version = trimmed.replace(/^v/, '');
    const versions = await bundledVersions();
    if (!versions.includes(version)) {
      // Newest first, so `0.2` suggests 0.2.6 rather than 0.2.0.
      const guess = didYouMean(version, [...versions].reverse(), (v) => v);
      throw new InputError(
        `unknown A2A spec version "${trimmed}"; bundled versions are ${versions.join(', ')} (pass a path or an http(s) URL of an a2a.json for any other)${guess}`,
      );
    }
    const origin = join(bundledSchemaDir(), `v${version}.json`);
    return { ref, kind: 'bundled', version, origin, text: decodeUtf8(await readFileBounded(origin, 'schema file'), origin) };
  }
  const path = isAbsolute(trimmed) ? trimmed : resolve(opts.baseDir, trimmed);
  const bytes = await readInputFile(path, 'schema file', `schema file not found (and "${trimmed}" is not a bundled version or a URL)`);
  return { ref, kind: 'file', origin: path, text: decodeUtf8(bytes, path) };
}

async function readUrl(url: string, opts: ReadSchemaOptions): Promise<SchemaSource> {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  // One signal for the deadline (headers and body alike) and for cutting off a body at the limit.
  const cutOff = new AbortController();
  const signal = AbortSignal.any([cutOff.signal, AbortSignal.timeout(timeoutMs)]);
  const failure = (err: unknown, stage: string): InputError => {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason = e.name === 'TimeoutError' ? `${stage} within ${timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return new InputError(`cannot fetch schema: ${reason}`, { file: url });
  };
  let response: Response;
  try {
    response = await doFetch(url, { signal, headers: { accept: 'application/json, application/schema+json' } });
  } catch (err) {
    throw failure(err, 'no answer');
  }
  if (!response.ok) {
    cutOff.abort(); // the error page is not read: close the connection
    throw new InputError(`cannot fetch schema: HTTP ${response.status} ${response.statusText}`.trim(), { file: url });
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_INPUT_BYTES) {
    cutOff.abort();
    throw tooLargeError('schema', url, MAX_INPUT_BYTES, declared);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBounded(response, 'schema', url, () => cutOff.abort());
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw failure(err, 'the download did not finish');
  }
  return { ref: url, kind: 'url', origin: url, text: decodeUtf8(bytes, url) };
}
