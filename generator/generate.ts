// generate(input) → GeneratedFile[]: the model and emit stages, with no I/O. The CLI reads and
// checks the inputs (inputs.ts) and applies the result (write/); tests call this directly.
import { emitAgentModule } from './emit/agent-module.js';
import type { EmitContext, ScaffoldOptions } from './emit/context.js';
import { emitProject } from './emit/project.js';
import { emitClient } from './emit/client.js';
import { emitDocs } from './emit/docs/index.js';
import { emitErrors } from './emit/errors.js';
import type { GeneratedFile } from './emit/generated-file.js';
import { stampHeader } from './emit/header.js';
import { emitProtocolModule } from './emit/protocol-module.js';
import { emitServer } from './emit/server.js';
import { emitRestCodecs } from './emit/rest-codecs.js';
import { emitVersionAdapters } from './emit/version-adapters.js';
import { emitGrpc } from './emit/grpc.js';
import { copyRuntime } from './emit/runtime.js';
import type { Templates } from './emit/templates.js';
import { emitTypes } from './emit/types.js';
import { compileSchemas, emitValidators } from './emit/validators.js';
import type { AgentModel } from './model/agent.js';
import type { ProtocolModel } from './model/protocol.js';

export interface GenerateInput {
  /** The protocol model of the chosen spec version (inputs.ts builds both models once, with the checks). */
  protocol: ProtocolModel;
  /** The agent the manifest describes, on that protocol. */
  agent: AgentModel;
  templates: Templates;
  toolVersion: string;
  /** Scaffold settings; default: depend on a2a-gen ^<this version> from the registry. */
  scaffold?: Partial<ScaffoldOptions>;
}

export async function generate(input: GenerateInput): Promise<GeneratedFile[]> {
  const { protocol, agent } = input;
  const scaffold: ScaffoldOptions = { a2aGenDependency: `^${input.toolVersion}`, ...input.scaffold };
  const ctx: EmitContext = { protocol, agent, templates: input.templates, toolVersion: input.toolVersion, scaffold };
  const schemas = compileSchemas(ctx);
  const files = [
    ...(await emitTypes(ctx)),
    ...emitValidators(ctx, schemas),
    emitErrors(ctx),
    emitProtocolModule(ctx),
    ...emitAgentModule(ctx),
    ...copyRuntime(ctx),
    ...emitRestCodecs(ctx),
    ...emitVersionAdapters(ctx),
    ...emitGrpc(ctx),
    ...emitServer(ctx),
    ...emitClient(ctx),
    ...emitDocs(ctx, schemas),
    ...emitProject(ctx),
  ];
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) throw new Error(`a2a-gen: two emitters produced ${f.path}`);
    seen.add(f.path);
  }
  const header = { toolVersion: input.toolVersion, specName: protocol.name, manifestName: agent.manifestName };
  return files
    .map((f) => (f.owner === 'generator' ? { ...f, content: stampHeader(f.path, f.content, header) } : f))
    .sort((a, b) => a.path.localeCompare(b.path));
}
