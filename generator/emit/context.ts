// Everything an emitter may read, resolved once: the two models, the templates and the
// tool's own version. Emitters are pure functions of this context.
import type { AgentModel } from '../model/agent.js';
import type { ProtocolModel } from '../model/protocol.js';
import type { Templates } from './templates.js';

export interface EmitContext {
  protocol: ProtocolModel;
  agent: AgentModel;
  templates: Templates;
  toolVersion: string;
  scaffold: ScaffoldOptions;
}

export interface ScaffoldOptions {
  /** How the scaffolded package.json depends on a2a-gen (a version range, a path or a tarball). */
  a2aGenDependency: string;
}
