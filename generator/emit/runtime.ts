// The version-agnostic runtime modules are copied into the agent project unchanged: the
// template tree mirrors the output tree (templates/a2a/<area>/ → src/a2a/<area>/), so their
// relative imports of generated modules resolve in both. They read the generated protocol
// descriptor for everything version-specific. Which folders an agent carries is decided here
// alone, from the models; the emitters write only the typed glue.
import type { AgentModel } from '../model/agent.js';
import type { ProtocolModel } from '../model/protocol.js';
import type { EmitContext } from './context.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';

/** A folder of templates/a2a/, copied whole into the agent's src/a2a/. */
export type RuntimeArea = 'runtime' | 'server' | 'client' | 'validators' | 'postgres' | 'proto-v03' | 'compat' | 'grpc';

/** The folders every agent carries: the shared runtime, its validators' helpers, the server and the client. */
const ALWAYS: readonly RuntimeArea[] = ['runtime', 'validators', 'server', 'client'];

/**
 * The folders this agent carries. The others stay out, and so does what they import: the
 * PostgreSQL store (and its `pg` import) only for `server.store: postgres`; the v0.3.0 proto JSON
 * codecs only where the agent's own HTTP+JSON or gRPC or a `compat` translation speaks it; the
 * translations only for the versions `compat` names; the gRPC binding (and the client
 * transport's @grpc/grpc-js import) only for `server.bindings: grpc`.
 */
function runtimeAreas(protocol: ProtocolModel, agent: AgentModel): RuntimeArea[] {
  const areas = new Set(ALWAYS);
  if (agent.server.store === 'postgres') areas.add('postgres');
  if (protocol.rest?.wire === 'proto-v0.3') areas.add('proto-v03');
  for (const c of agent.compat) for (const area of c.adapter.areas) areas.add(area);
  if (agent.grpc) {
    areas.add('grpc');
    if (agent.grpc.services.some((s) => s.messages === 'proto-v03')) areas.add('proto-v03');
  }
  return [...areas];
}

export function copyRuntime(ctx: EmitContext): GeneratedFile[] {
  return runtimeAreas(ctx.protocol, ctx.agent).flatMap((area) =>
    ctx.templates.list(`a2a/${area}/`).map((path) => generatorFile(`${A2A_DIR}/${path.slice('a2a/'.length)}`, ctx.templates.raw(path))),
  );
}
