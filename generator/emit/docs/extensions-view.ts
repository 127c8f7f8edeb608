// The docs page's list of the extensions the card declares: each URI, whether it is required,
// its description, and — for an extension the manifest types (model/extensions.ts) — the JSON
// Schemas of what it puts in a message's / an artifact's `metadata` under its URI.
import { isPlainObject } from '../../json-schema.js';
import type { AgentModel } from '../../model/agent.js';

export interface ExtensionView {
  uri: string;
  description: string;
  required: boolean;
  messageSchemaJson?: string;
  artifactSchemaJson?: string;
}

export interface ExtensionsView {
  list: ExtensionView[];
  /** Some extension gives a metadata schema: the page has a section for them. */
  typed: boolean;
}

export function extensionsView(agent: AgentModel): ExtensionsView {
  return { list: extensionList(agent), typed: agent.extensions.length > 0 };
}

function extensionList(agent: AgentModel): ExtensionView[] {
  const capabilities = agent.card.capabilities;
  const declared = isPlainObject(capabilities) && Array.isArray(capabilities.extensions) ? (capabilities.extensions as unknown[]) : [];
  const pretty = (v: unknown): string | undefined => (v === undefined ? undefined : JSON.stringify(v, null, 2));
  return declared.filter(isPlainObject).flatMap((e) => {
    if (typeof e.uri !== 'string') return [];
    const typed = agent.extensions.find((t) => t.uri === e.uri);
    return [
      {
        uri: e.uri,
        description: typeof e.description === 'string' ? e.description : '',
        required: e.required === true,
        messageSchemaJson: pretty(typed?.messageMetadata),
        artifactSchemaJson: pretty(typed?.artifactMetadata),
      },
    ];
  });
}
