// ProtocolModel: everything a2a-gen knows about one A2A schema, derived from the schema
// alone plus the few spec-text facts in versions.ts. Emitters read this, never raw schemas.
import type { LoadedSchema } from '../load/schema.js';
import { isProtoSpec } from '../load/spec.js';
import type { GrpcProtoFacts } from '../load/proto-grpc.js';
import type { JsonSchema } from '../json-schema.js';
import type { CardForm } from '../../templates/a2a/runtime/card-form.js';
import type { RequestShape, RestBinding, VersionNegotiation } from '../../templates/a2a/runtime/protocol-types.js';
import { cardFormOf, type CardFormSource } from './card-form.js';
import { deriveErrors, type ErrorModel } from './error-catalogue.js';
import { deriveFeatures, type ProtocolFeatures } from './features.js';
import { deriveGrpc, type ProtocolGrpc } from './grpc.js';
import { deriveMethods, deriveProtoMethods, type MethodModel } from './methods.js';
import { requireOneofs } from './oneofs.js';
import { textService, withTextDataModel } from './proto-text.js';
import { deriveRequestShapes } from './request-shapes.js';
import { deriveRest } from './rest.js';
import { rulesFor } from './spec-rules.js';
import { detectVersion, factsFor, factsForUnknown } from './versions.js';

export interface ProtocolModel {
  /** The A2A version (`0.3.0`), or `unknown` for an unrecognized schema. */
  version: string;
  /**
   * How messages, headers and docs name the version: `v0.3.0`; a spec of no released version by
   * what is known of it, its proto package and file (`unreleased lf.a2a.v1 (next.proto)`).
   */
  name: string;
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
  /** The media type of push notification bodies. */
  pushContentType: string;
  /** How the authenticated extended card is reached, if this version has one. */
  extendedCard: { via: 'method'; method: string } | { via: 'http'; path: string } | { via: 'none' };
  features: ProtocolFeatures;
  /** Base URL of this version's specification, for `@see` links. */
  specUrl: string;
  /** Spec-text rules the runtime enforces for this version, by id. */
  rules: ReturnType<typeof rulesFor>;
  /** Version negotiation (`A2A-Version`, v1.0 §3.6), for versions that have it. */
  negotiation?: VersionNegotiation;
  /** The version as cards and `A2A-Version` name it (`1.0`); the full version before v1.0. */
  wireVersion: string;
  /** The HTTP+JSON binding, for versions that define one (v0.3.0, v1.0). */
  rest?: RestBinding;
  /** What each method's params may hold, by shape name (the params definition's, for the methods that have fields). */
  requestShapes: Record<string, RequestShape>;
  /** The spec was an a2a.proto (or an a2a.json made from one): its package and service, for headers and docs. */
  proto?: { package: string | undefined; service: string };
  /** The gRPC service this version's clients call, when the version has one and its proto is at hand (grpc.ts). */
  grpc?: ProtocolGrpc;
  /** What its card signatures cover, when its cards carry `signatures` (card-form.ts). */
  cardForm?: CardForm;
}

/** The gRPC protos of versions defined by an a2a.json (v0.3.0), by version: the load stage reads the bundled ones. */
export type GrpcProtos = Readonly<Record<string, GrpcProtoFacts>>;

export function buildProtocolModel(schema: LoadedSchema, grpcProtos: GrpcProtos = {}): ProtocolModel {
  const version = detectVersion(schema) ?? 'unknown';
  const proto = isProtoSpec(schema) ? schema.proto : undefined;
  const facts = version === 'unknown' ? factsForUnknown(proto !== undefined) : factsFor(version);
  // An a2a.json made from a proto says neither the service nor REQUIRED nor the oneofs: the text does.
  const text = proto && !proto.methods && facts.protoText ? facts.protoText : undefined;
  const service = text
    ? textService(withTextDataModel(schema.definitions, text), text, { file: schema.origin, keyword: schema.definitionsKeyword })
    : undefined;
  const protoMethods = proto?.methods ?? service?.methods;
  const loaded = requireOneofs(service?.definitions ?? schema.definitions, facts.requiredOneofs);
  const { methods, synthetic } = protoMethods ? deriveProtoMethods(loaded, protoMethods) : deriveMethods(loaded);
  const definitions = { ...loaded, ...synthetic };
  const features = { ...deriveFeatures(definitions, methods), typedErrorDetails: facts.typedErrorDetails };
  const cardMethod = methods.find((m) => m.role === 'extendedCard');
  const rest = deriveRest(facts.rest, methods, definitions, protoMethods);
  const grpc = deriveGrpc(facts.grpc, proto ? proto.grpc : facts.grpc?.messages === 'proto-v03' ? grpcProtos[facts.grpc.proto] : undefined, methods);
  return {
    version,
    name: version === 'unknown' ? unreleasedName(proto?.package, schema.origin) : `v${version}`,
    origin: schema.origin,
    definitions,
    syntheticDefinitions: Object.keys(synthetic).sort(),
    methods,
    errors: deriveErrors(loaded, facts.specOnlyErrors),
    rules: rulesFor(version === 'unknown' ? (proto ? '999.0.0' : '0.999.0') : version),
    discriminator: features.partDiscriminator,
    wellKnownPaths: facts.wellKnownPaths,
    pushContentType: facts.pushContentType ?? 'application/json',
    extendedCard: cardMethod
      ? { via: 'method', method: cardMethod.name }
      : features.cardAdvertisesExtendedCard
        ? { via: 'http', path: facts.extendedCardHttpPath }
        : { via: 'none' },
    features,
    specUrl: facts.specUrl,
    ...(facts.negotiation ? { negotiation: facts.negotiation } : {}),
    wireVersion: facts.wireVersion ?? version,
    ...(rest ? { rest } : {}),
    requestShapes: deriveRequestShapes(
      definitions,
      methods.flatMap((m) => (m.paramsType ? [m.paramsType] : [])),
      proto?.fieldNames,
    ),
    ...(proto ? { proto: { package: proto.package, service: proto.service?.name ?? text?.service ?? 'unknown' } } : {}),
    ...(grpc ? { grpc } : {}),
    ...withCardForm({ definitions, grpc, proto }),
  };
}

function withCardForm(protocol: CardFormSource): { cardForm?: CardForm } {
  const cardForm = cardFormOf(protocol);
  return cardForm ? { cardForm } : {};
}

/** A spec that names no released version: "unreleased", its package when it has one, its file. */
function unreleasedName(protoPackage: string | undefined, origin: string): string {
  // A URL's last path segment, without its query; a path's file name.
  const file =
    origin
      .replace(/[?#].*$/, '')
      .split(/[/\\]/)
      .filter(Boolean)
      .at(-1) ?? origin;
  return `unreleased ${protoPackage ? `${protoPackage} ` : ''}(${file})`;
}
