// The older versions an agent answers beside its own, by translation (the manifest's `compat`):
// which translations exist is a fact of the versions, so it lives here. A v1.x agent can answer
// v0.3.0 clients — templates/a2a/compat/ translates v0.3.0's objects and methods to v1.0's and
// back, and spec v1.0 §3.6.2 has a request without `A2A-Version` speak 0.3. Nothing else does yet.
import type { CompatVersion } from '../../templates/a2a/runtime/protocol-types.js';
import { InputError } from '../diagnostics.js';
import { locatedError, type Manifest } from '../load/manifest.js';
import type { LoadedSpec } from '../load/spec.js';
import type { ValueSymbol } from '../project-symbol.js';
import { translationExports } from '../runtime-symbols.js';
import type { ProtocolGrpc } from './grpc.js';
import { buildProtocolModel, type GrpcProtos, type ProtocolModel } from './protocol.js';

/** A translation the runtime has: from which agent versions, to which older version, through which adapter. */
interface Translation {
  /** The agent's version (its Major.Minor, `wireVersion`). */
  agent: RegExp;
  /** The version answered through it. */
  answers: string;
  /** The server's adapter (a VersionAdapter) and the client's (a FallbackVersion). */
  server: ValueSymbol;
  client: ValueSymbol;
  /** The runtime areas (folders of templates/a2a/) the adapter needs; emit/runtime.ts copies them. */
  areas: readonly ('compat' | 'proto-v03')[];
}

const TRANSLATIONS: readonly Translation[] = [
  {
    agent: /^1\.\d+$/,
    answers: '0.3.0',
    server: translationExports.compatV03Adapter,
    client: translationExports.compatV03Client,
    areas: ['compat', 'proto-v03'],
  },
];

export interface CompatModel extends CompatVersion {
  /** The agent's methods by the older version's name for them, paired by role (`SendMessage` → `message/send`): for the docs. */
  methodNames: Record<string, string>;
  /** The adapters that translate, the server's and the client's (emit/version-adapters.ts imports them). */
  adapter: Pick<Translation, 'server' | 'client' | 'areas'>;
  /** The version's gRPC service, which an agent serving gRPC serves too (grpc.ts). */
  grpc?: ProtocolGrpc;
}

/** A `compat:` entry as the load stage read it: its spec, or why it could not be read. */
export type OlderSpec = { spec: LoadedSpec } | { error: InputError };

/**
 * The versions `compat:` names, each one the agent's version can translate to, in the manifest's
 * order; or every entry's error, located at the entry (then none is used).
 */
export function compatModels(
  manifest: Manifest,
  agent: ProtocolModel,
  older: readonly OlderSpec[],
  grpcProtos: GrpcProtos = {},
): { compat: CompatModel[]; errors: InputError[] } {
  const errors: InputError[] = [];
  const compat: CompatModel[] = [];
  const at = (i: number, message: string): number => errors.push(locatedError(manifest.document, ['compat', i], message));
  for (const [i, entry] of older.entries()) {
    if ('error' in entry) {
      at(i, entry.error.message);
      continue;
    }
    let found: CompatModel | string;
    try {
      found = compatFor(agent, buildProtocolModel(entry.spec, grpcProtos));
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      found = err.message;
    }
    if (typeof found === 'string') at(i, found);
    else if (compat.some((c) => c.version === found.version)) at(i, `${manifest.compat?.[i]} is listed twice`);
    else compat.push(found);
  }
  return errors.length ? { compat: [], errors } : { compat, errors };
}

/** Whether an agent of `agent`'s version can answer `olderVersion` clients through `compat:` (a spec move suggests it). */
export function canAnswer(agent: ProtocolModel, olderVersion: string): boolean {
  return TRANSLATIONS.some((t) => t.agent.test(agent.wireVersion) && t.answers === olderVersion);
}

/** The compat entry for answering `older` in an agent of `agent`, or the reason there is none. */
function compatFor(agent: ProtocolModel, older: ProtocolModel): CompatModel | string {
  const known = TRANSLATIONS.filter((t) => t.agent.test(agent.wireVersion));
  const translation = known.find((t) => t.answers === older.version);
  if (!translation) {
    if (known.length === 0)
      return `an agent on A2A ${agent.version} answers no other version; \`compat\` needs \`spec: 1.0\` (which can answer v0.3.0 clients)`;
    return `an A2A ${agent.version} agent can answer ${known.map((t) => t.answers).join(', ')} clients, not ${older.version}`;
  }
  const [major, minor] = older.version.split('.');
  const methodNames: Record<string, string> = {};
  for (const m of agent.methods) {
    const same = m.role === 'custom' ? undefined : older.methods.find((o) => o.role === m.role);
    if (same) methodNames[m.name] = same.name;
  }
  return {
    version: `${major}.${minor}`,
    fullVersion: older.version,
    pushContentType: older.pushContentType,
    ...(older.rest ? { rest: older.rest } : {}),
    ...(older.grpc ? { grpc: older.grpc } : {}),
    ...(older.cardForm ? { cardForm: older.cardForm } : {}),
    methodNames,
    adapter: { server: translation.server, client: translation.client, areas: translation.areas },
  };
}
