// The manifest `a2a-gen init` writes from the answers to its questions. Built as data and
// serialized by the YAML library, so no answer can change the document's structure.
import { stringify } from 'yaml';
import { kebabCase } from '../model/names.js';
import type { InitAnswers } from './prompts.js';

/**
 * The agent's name from its folder's: `relay-agent` → "Relay Agent". Only letters (with their
 * marks) and digits survive (a folder name may hold anything a file system allows); undefined when none do.
 */
export function nameFromFolder(folder: string): string | undefined {
  const words = folder.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  // By code point, so the 200-character cap cannot split a surrogate pair.
  const name = [...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')].slice(0, 200).join('').trim();
  return name || undefined;
}

export function manifestFromAnswers(a: InitAnswers): string {
  const v01 = a.spec === '0.1.0';
  const v1 = Number(a.spec.split('.')[0]) >= 1;
  const agent: Record<string, unknown> = {
    name: a.name,
    description: `${a.name}: an A2A agent.`,
    version: '0.1.0',
    url: 'http://localhost:41241/',
    capabilities: { streaming: a.streaming, pushNotifications: a.pushNotifications },
  };
  if (a.auth !== 'none') {
    if (v01) agent.authentication = { schemes: [a.auth === 'bearer' ? 'Bearer' : 'ApiKey'] };
    else if (v1) {
      // v1.0's card: schemes are oneofs of their kind, requirements name them under `schemes`.
      agent.securitySchemes =
        a.auth === 'bearer'
          ? { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } }
          : { apiKey: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } } };
      agent.securityRequirements = [{ schemes: { [a.auth]: { list: [] } } }];
    } else {
      agent.securitySchemes =
        a.auth === 'bearer' ? { bearer: { type: 'http', scheme: 'bearer' } } : { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } };
      agent.security = [{ [a.auth]: [] }];
    }
  }
  agent.defaultInputModes = ['text/plain'];
  agent.defaultOutputModes = ['text/plain'];
  const skills = a.skills.map((id) => ({
    id,
    name: id.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase()),
    description: `Handles ${kebabCase(id).replace(/-/g, ' ')} requests.`,
    tags: [kebabCase(id) || 'skill'],
    examples: ['hello'],
  }));
  const header = '# Created by `a2a-gen init`. Describe your agent here, then run `npm run generate`.\n';
  // The database URL is never written here: the agent reads it from DATABASE_URL.
  const settings: Record<string, unknown> = {};
  if (a.store === 'postgres') settings.store = 'postgres';
  // gRPC beside the bindings the version has by default (JSON-RPC and HTTP+JSON from v0.3.0, the only versions with gRPC).
  if (a.grpc) settings.bindings = ['jsonrpc', 'rest', 'grpc'];
  const server = Object.keys(settings).length ? { server: settings } : {};
  // A v1.x agent answers v0.3.0 clients too: they are most of the clients in the field (VERSIONS.md).
  const compat = v1 ? { compat: ['0.3.0'] } : {};
  return header + stringify({ spec: a.spec, ...compat, agent, skills, ...server }, { lineWidth: 0 });
}
