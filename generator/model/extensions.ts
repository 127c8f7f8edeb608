// Extensions whose data a2a-gen types (an a2a-gen feature; no SDK types extension data): an
// entry of the manifest's `agent.capabilities.extensions` may give JSON Schemas for the metadata
// it adds to messages (`messageMetadata`) and artifacts (`artifactMetadata`), both held under
// the extension's URI in `metadata`. The keys are the generator's, not the card's: card.ts strips
// them, as it strips a skill's `input`/`output`. The schemas take the skills' road: checked by
// load/payload-schemas.ts, typed in skill-types.ts, compiled with the skills' validators.
import { cloneJson, isPlainObject, type JsonSchema } from '../json-schema.js';
import { manifestExtensions, type GENERATOR_EXTENSION_FIELDS } from '../load/manifest.js';
import { typeIdentifier, words } from './names.js';

export type MetadataKind = 'message' | 'artifact';
const FIELD: Record<MetadataKind, (typeof GENERATOR_EXTENSION_FIELDS)[number]> = { message: 'messageMetadata', artifact: 'artifactMetadata' };

export interface ExtensionModel {
  uri: string;
  /** The type (and validator) names of its metadata, e.g. `GeolocationV1MessageMetadata`. */
  names: Record<MetadataKind, string>;
  messageMetadata?: JsonSchema;
  artifactMetadata?: JsonSchema;
}

/** A metadata schema an extension declares, with the name its type and validator take. */
export interface ExtensionPayload {
  extension: ExtensionModel;
  kind: MetadataKind;
  name: string;
  schema: JsonSchema;
}

/** The extensions that declare a metadata schema, in manifest order, each with names of its own. */
export function typedExtensions(agent: Record<string, unknown>): ExtensionModel[] {
  const taken = new Set<string>();
  const out: ExtensionModel[] = [];
  for (const entry of manifestExtensions(agent)) {
    if (typeof entry.uri !== 'string' || entry.uri === '') continue; // the card check reports it
    const schemas = Object.fromEntries(
      (['message', 'artifact'] as const).filter((k) => isPlainObject(entry[FIELD[k]])).map((k) => [FIELD[k], cloneJson(entry[FIELD[k]] as JsonSchema)]),
    );
    if (Object.keys(schemas).length === 0) continue;
    const base = uniqueBase(extensionBaseName(entry.uri), taken);
    out.push({ uri: entry.uri, names: { message: `${base}MessageMetadata`, artifact: `${base}ArtifactMetadata` }, ...schemas });
  }
  return out;
}

/** Every metadata schema the extensions declare, message before artifact. */
export function extensionPayloads(extensions: readonly ExtensionModel[]): ExtensionPayload[] {
  return extensions.flatMap((extension) =>
    (['message', 'artifact'] as const).flatMap((kind) => {
      const schema = extension[FIELD[kind]];
      return schema ? [{ extension, kind, name: extension.names[kind], schema }] : [];
    }),
  );
}

/**
 * A name from the URI's last path segment, with the one before when the last is a version:
 * `https://example.com/ext/geolocation/v1` → `GeolocationV1`; the host when the path has none.
 */
export function extensionBaseName(uri: string): string {
  let segments: string[] = [];
  try {
    const url = new URL(uri);
    segments = url.pathname.split('/').filter((s) => words(s).length > 0);
    if (segments.length === 0) segments = [url.hostname];
  } catch {
    segments = [uri];
  }
  const last = segments.slice(/^v?\d+([._-]\d+)*$/i.test(segments.at(-1) ?? '') ? -2 : -1);
  return typeIdentifier(last.join(' ')) || 'Extension';
}

function uniqueBase(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}
