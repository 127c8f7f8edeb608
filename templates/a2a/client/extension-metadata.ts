// Typed extension data on the client (an a2a-gen feature; no SDK types it): an extension the
// manifest gives a `messageMetadata` / `artifactMetadata` JSON Schema puts its data in a
// message's / an artifact's `metadata` under its URI. `withExtensionMetadata` puts it on a
// message to send, typed by the generated `ExtensionMetadata` map; the readers take it off a
// returned message or artifact, checked against the schema (a value that does not match is an
// A2AResponseValidationError naming its path), so what they return is what the type says.
import type { ExtensionArtifactMetadata, ExtensionMetadata } from '../skill-types.js';
import { extensionValidators, type TypeValidator } from '../validators/index.js';
import { A2AResponseValidationError } from './client-errors.js';

/** Anything with a `metadata` map: a Message, an Artifact. */
interface HasMetadata {
  metadata?: { [key: string]: unknown } | null;
}

/** A copy of `message` whose `metadata[uri]` is `value` (its other metadata kept). */
export function withExtensionMetadata<M extends HasMetadata, U extends keyof ExtensionMetadata & string>(message: M, uri: U, value: ExtensionMetadata[U]): M {
  return { ...message, metadata: { ...(message.metadata ?? {}), [uri]: value } };
}

/** `message.metadata[uri]`, checked against the extension's `messageMetadata` schema; undefined when absent. */
export function messageExtensionMetadata<U extends keyof ExtensionMetadata & string>(message: HasMetadata, uri: U): ExtensionMetadata[U] | undefined {
  return read(message, uri, extensionValidators[uri]?.message, 'message') as ExtensionMetadata[U] | undefined;
}

/** `artifact.metadata[uri]`, checked against the extension's `artifactMetadata` schema; undefined when absent. */
export function artifactExtensionMetadata<U extends keyof ExtensionArtifactMetadata & string>(
  artifact: HasMetadata,
  uri: U,
): ExtensionArtifactMetadata[U] | undefined {
  return read(artifact, uri, extensionValidators[uri]?.artifact, 'artifact') as ExtensionArtifactMetadata[U] | undefined;
}

function read(holder: HasMetadata, uri: string, validator: TypeValidator<unknown> | undefined, what: string): unknown {
  const metadata = holder.metadata;
  if (metadata === null || typeof metadata !== 'object' || !Object.hasOwn(metadata, uri)) return undefined;
  const value = metadata[uri];
  const issues = validator?.check(value);
  if (issues) {
    const at = `/metadata/${uri.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    throw new A2AResponseValidationError(
      `the ${what}'s metadata for extension ${uri} does not match its schema: ${at}${issues[0].path} ${issues[0].message}`,
      issues.map((i) => ({ ...i, path: `${at}${i.path}` })),
      value,
    );
  }
  return value;
}
