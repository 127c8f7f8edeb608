// The metadata a client's message carries for a typed extension (an a2a-gen feature: the
// manifest gives the extension a `messageMetadata` JSON Schema) is checked on the way in, here
// for every binding alike: `message.metadata[uri]` that does not match is -32602 (HTTP+JSON 400,
// gRPC INVALID_ARGUMENT) naming its JSON pointer, e.g. `/message/metadata/https:~1~1x.org~1geo/lat`.
// A handler then reads it typed and known good (context.extensionMetadata(uri)). Checked whether
// or not the client asked for the extension: the value is in the task's history either way.
import type { Loose } from '../../runtime/shapes.js';
import { extensionValidators } from '../../validators/index.js';
import { invalidParams } from '../spec/rules.js';

/** The typed extensions' message validators, by URI; empty for an agent with none (the check then costs nothing). */
const messageValidators = Object.entries(extensionValidators).flatMap(([uri, v]) => (v?.message ? [[uri, v.message] as const] : []));

/** The URI as a JSON pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`). */
const pointerSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Throws -32602 at the first typed extension's metadata on `params.message` that does not match its schema. */
export function checkExtensionMetadata(params: Loose): void {
  if (messageValidators.length === 0) return;
  const metadata = (params.message as Loose | undefined)?.metadata;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return;
  for (const [uri, validator] of messageValidators) {
    if (!Object.hasOwn(metadata, uri)) continue;
    const issues = validator.check((metadata as Loose)[uri]);
    if (!issues) continue;
    const path = `/message/metadata/${pointerSegment(uri)}${issues[0].path}`;
    throw invalidParams(path, `the metadata of extension ${uri} ${issues[0].message}`, {
      issues: issues.map((i) => ({ ...i, path: `/message/metadata/${pointerSegment(uri)}${i.path}` })),
    });
  }
}

/** The metadata a message carries for a typed extension, once checked above; undefined when absent. */
export function extensionMetadataOf(message: Loose, uri: string): unknown {
  const metadata = message.metadata;
  if (metadata === null || typeof metadata !== 'object' || !Object.hasOwn(metadata, uri)) return undefined;
  return (metadata as Loose)[uri];
}
