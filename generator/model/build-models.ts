// The model stage in one call: from what the load stage read, the protocol model of the spec, the
// versions `compat:` adds, the card (built once: the card check reads it, the agent model serves
// it) and the agent model — or the errors that stop them, by kind, for inputs.ts to report with
// the load stage's.
import { InputError } from '../diagnostics.js';
import { notAlreadyReported } from '../load/error-list.js';
import type { Manifest } from '../load/manifest.js';
import type { LoadedSpec } from '../load/spec.js';
import { buildAgentModel, type AgentModel } from './agent.js';
import { assembleCard } from './card.js';
import { cardErrors } from './card-check.js';
import { compatModels, type OlderSpec } from './compat.js';
import { buildProtocolModel, type GrpcProtos, type ProtocolModel } from './protocol.js';

export interface ModelInput {
  manifest: Manifest;
  manifestName: string;
  spec: LoadedSpec;
  /** The `compat:` entries, in the manifest's order, as the load stage read them. */
  older: readonly OlderSpec[];
  /** `agent:` is a mapping, so there is a card to check. */
  hasCard: boolean;
  /** What the manifest's own shape check found: the card check does not repeat an error at a path reported there, and no agent model is built. */
  manifestErrors: readonly InputError[];
  /** The bundled gRPC protos of a2a.json versions (read when the manifest serves gRPC). */
  grpcProtos?: GrpcProtos;
}

export interface ModelOutcome {
  /** Undefined when the spec's own model failed (its error is in `errors.spec`). */
  protocol?: ProtocolModel;
  /** Built when neither this stage nor the manifest's shape check found anything wrong. */
  agent?: AgentModel;
  errors: { spec: InputError[]; compat: InputError[]; card: InputError[] };
}

export function buildModels(input: ModelInput): ModelOutcome {
  const { manifest } = input;
  let protocol: ProtocolModel;
  try {
    protocol = buildProtocolModel(input.spec, input.grpcProtos);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return { errors: { spec: [err], compat: [], card: [] } };
  }
  const { compat, errors: compatErrors } = manifest.compat ? compatModels(manifest, protocol, input.older, input.grpcProtos) : { compat: [], errors: [] };
  const card = assembleCard(manifest, protocol, compat);
  const cardFindings = input.hasCard ? cardErrors(manifest, card, protocol).filter(notAlreadyReported(input.manifestErrors)) : [];
  const errors = { spec: [], compat: compatErrors, card: cardFindings };
  if (input.manifestErrors.length > 0 || compatErrors.length > 0 || cardFindings.length > 0) return { protocol, errors };
  return { protocol, agent: buildAgentModel(manifest, protocol, compat, card, input.manifestName), errors };
}
