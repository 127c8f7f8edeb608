// The only facts about A2A versions that the schema files cannot tell us: they live in the
// specification text. Everything else in the model is derived from the schema itself.
import { compareVersions } from '../version-order.js';
import type { LoadedSchema } from '../load/schema.js';
import { isPlainObject } from '../json-schema.js';

export interface VersionFacts {
  /** Where the public Agent Card is served; the first is canonical. */
  wellKnownPaths: string[];
  /** @see spec v0.2.x §7.10 — the HTTP GET endpoint for the extended card, relative to the card's url. */
  extendedCardHttpPath: string;
  /** Spec section anchors, for `@see` links in generated code. */
  specUrl: string;
  /** Errors the spec text defines that the version's schema file lacks. */
  specOnlyErrors: { code: number; definition: string; message: string; description: string }[];
}

/** Ordered by `since`; a version gets the last entry whose `since` it has reached. */
const FACTS: { since: string; facts: VersionFacts }[] = [
  {
    since: '0.1.0',
    facts: {
      // @see specification-v0.1.0 §5 "Recommended Location"
      wellKnownPaths: ['/.well-known/agent.json'],
      extendedCardHttpPath: 'agent/authenticatedExtendedCard',
      specUrl: 'https://a2a-protocol.org/v0.1.0/specification/',
      // @see specification-v0.1.0 §8.2: lists -32005, which the v0.1.0 a2a.json does not define.
      specOnlyErrors: [
        {
          code: -32005,
          definition: 'ContentTypeNotSupportedError',
          message: 'Incompatible content types',
          description: 'A content MIME type in the request message.parts is not supported by the agent or the targeted skill.',
        },
      ],
    },
  },
  {
    since: '0.2.0',
    facts: {
      wellKnownPaths: ['/.well-known/agent.json'],
      // @see specification-v0.2.6 §7.10 `agent/authenticatedExtendedCard`: `{AgentCard.url}/../agent/authenticatedExtendedCard`
      extendedCardHttpPath: 'agent/authenticatedExtendedCard',
      specUrl: 'https://a2a-protocol.org/v0.2.6/specification/',
      specOnlyErrors: [],
    },
  },
  {
    since: '0.3.0',
    facts: {
      // @see specification-v0.3.0 §5.3: the card moved to agent-card.json; agent.json stays served for older clients.
      wellKnownPaths: ['/.well-known/agent-card.json', '/.well-known/agent.json'],
      extendedCardHttpPath: 'agent/authenticatedExtendedCard',
      specUrl: 'https://a2a-protocol.org/v0.3.0/specification/',
      specOnlyErrors: [],
    },
  },
];

export function factsFor(version: string): VersionFacts {
  let chosen = FACTS[0].facts;
  for (const entry of FACTS) if (compareVersions(version, entry.since) >= 0) chosen = entry.facts;
  return chosen;
}

/**
 * The version a schema describes: the bundled version it was loaded as; else the default
 * of `AgentCard.protocolVersion`; else `undefined` (treated as newer than any we know).
 */
export function detectVersion(schema: LoadedSchema): string | undefined {
  if (schema.bundledVersion) return schema.bundledVersion;
  const pv = schema.definitions.AgentCard?.properties?.protocolVersion;
  if (isPlainObject(pv) && typeof pv.default === 'string' && /^\d+\.\d+\.\d+/.test(pv.default)) return pv.default;
  return undefined;
}
