// ProtocolModel: everything a2a-gen knows about one A2A schema, derived from the schema
// alone plus the few spec-text facts in versions.ts. Emitters read this, never raw schemas.
import type { LoadedSchema } from '../load/schema.js';
import type { JsonSchema } from '../json-schema.js';
import { deriveErrors, type ErrorModel } from './error-catalogue.js';
import { deriveFeatures, type ProtocolFeatures } from './features.js';
import { deriveMethods, type MethodModel } from './methods.js';
import { rulesFor } from './spec-rules.js';
import { detectVersion, factsFor } from './versions.js';

export interface ProtocolModel {
  /** The A2A version (`0.3.0`), or `unknown` for an unrecognized schema. */
  version: string;
  /** Where the schema came from (a path or URL), for headers and messages. */
  origin: string;
  /** Normalized definitions plus the synthetic ones the model adds (see `syntheticDefinitions`). */
  definitions: Record<string, JsonSchema>;
  syntheticDefinitions: string[];
  methods: MethodModel[];
  errors: ErrorModel[];
  /** Part discriminator property: `type` (v0.1.0) or `kind`. */
  discriminator: string;
  /** Where the public Agent Card is served; the first is canonical. */
  wellKnownPaths: string[];
  /** How the authenticated extended card is reached, if this version has one. */
  extendedCard: { via: 'method'; method: string } | { via: 'http'; path: string } | { via: 'none' };
  features: ProtocolFeatures;
  /** Base URL of this version's specification, for `@see` links. */
  specUrl: string;
  /** Spec-text rules the runtime enforces for this version, by id. */
  rules: ReturnType<typeof rulesFor>;
}

export function buildProtocolModel(schema: LoadedSchema): ProtocolModel {
  const version = detectVersion(schema) ?? 'unknown';
  const facts = factsFor(version === 'unknown' ? '999.0.0' : version);
  const { methods, synthetic } = deriveMethods(schema.definitions);
  const definitions = { ...schema.definitions, ...synthetic };
  const features = deriveFeatures(definitions, methods);
  const cardMethod = methods.find((m) => m.role === 'extendedCard');
  return {
    version,
    origin: schema.origin,
    definitions,
    syntheticDefinitions: Object.keys(synthetic).sort(),
    methods,
    errors: deriveErrors(schema.definitions, facts.specOnlyErrors),
    rules: rulesFor(version),
    discriminator: features.partDiscriminator,
    wellKnownPaths: facts.wellKnownPaths,
    extendedCard: cardMethod
      ? { via: 'method', method: cardMethod.name }
      : features.cardAdvertisesExtendedCard
        ? { via: 'http', path: facts.extendedCardHttpPath }
        : { via: 'none' },
    features,
    specUrl: facts.specUrl,
  };
}
