// The metadata a client's message carries for a typed extension (an a2a-gen feature: the
// manifest gives the extension a `messageMetadata` JSON Schema) is checked on the way in, here
// for every binding alike: `message.metadata[uri]` that does not match is -32602 (HTTP+JSON 400,
// gRPC INVALID_ARGUMENT) naming its JSON pointer, e.g. `/message/metadata/https:~1~1x.org~1geo/lat`.
// A handler then reads it typed and known good (context.extensionMetadata(uri)). Checked whether
// or not the client asked for the extension: the value is in the task's history either way.
// And on the way out: an artifact the agent publishes with an `artifactMetadata` value that does
// not match is refused (-32006 InvalidAgentResponse naming its path), as a typed skill's output
// is, so a client's typed reader never meets data its type denies.
import { errorFor, type JsonRpcError } from '../../errors.js';
import { isArtifactUpdate, isTask } from '../../runtime/objects.js';
import type { Loose } from '../../runtime/shapes.js';
import { extensionValidators } from '../../validators/index.js';
import type { TypeValidator } from '../../validators/issues.js';
import { invalidParams } from '../spec/rules.js';

type Validators = readonly (readonly [string, TypeValidator<unknown>])[];

/** The typed extensions' validators of one kind, by URI; empty for an agent with none (the check then costs nothing). */
const validatorsOf = (kind: 'message' | 'artifact'): Validators =>
  Object.entries(extensionValidators).flatMap(([uri, v]) => (v?.[kind] ? [[uri, v[kind]] as const] : []));
const messageValidators = validatorsOf('message');
const artifactValidators = validatorsOf('artifact');

/** The URI as a JSON pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`). */
const pointerSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Throws -32602 at the first typed extension's metadata on `params.message` that does not match its schema. */
export function checkExtensionMetadata(params: Loose): void {
  if (messageValidators.length === 0) return;
  const found = metadataIssues((params.message as Loose | undefined)?.metadata, '/message', messageValidators);
  if (found) throw invalidParams(found.issues[0].path, `the metadata of extension ${found.uri} ${found.issues[0].message}`, { issues: found.issues });
}

/**
 * Why an event the agent publishes cannot go out: an artifact (of an artifact update, or of a
 * whole task) whose typed extension metadata does not match its schema; undefined when it may.
 */
export function artifactMetadataError(event: object): JsonRpcError | undefined {
  if (artifactValidators.length === 0) return undefined;
  const fields = event as Loose;
  const artifacts: [string, unknown][] = isArtifactUpdate(event)
    ? [['/artifact', fields.artifact]]
    : isTask(event)
      ? (Array.isArray(fields.artifacts) ? (fields.artifacts as unknown[]) : []).map((a, i) => [`/artifacts/${i}`, a])
      : [];
  for (const [at, artifact] of artifacts) {
    const found = metadataIssues((artifact as Loose | undefined)?.metadata, at, artifactValidators);
    if (found)
      return errorFor(
        'invalidAgentResponse',
        `the agent published an artifact whose metadata of extension ${found.uri} does not match its artifactMetadata schema: ${found.issues[0].path} ${found.issues[0].message}`,
        { issues: found.issues },
      );
  }
  return undefined;
}

/** The first typed extension's value in `metadata` (at `at`/metadata) that does not match, its issues' paths from the root. */
function metadataIssues(metadata: unknown, at: string, validators: Validators): { uri: string; issues: { path: string; message: string }[] } | undefined {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return undefined;
  for (const [uri, validator] of validators) {
    if (!Object.hasOwn(metadata, uri)) continue;
    const issues = validator.check((metadata as Loose)[uri]);
    if (!issues) continue;
    const base = `${at}/metadata/${pointerSegment(uri)}`;
    return { uri, issues: issues.map((i) => ({ ...i, path: `${base}${i.path}` })) };
  }
  return undefined;
}

/** The metadata a message carries for a typed extension, once checked above; undefined when absent. */
export function extensionMetadataOf(message: Loose, uri: string): unknown {
  const metadata = message.metadata;
  if (metadata === null || typeof metadata !== 'object' || !Object.hasOwn(metadata, uri)) return undefined;
  return (metadata as Loose)[uri];
}
