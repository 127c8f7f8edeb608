// emit/readme-curl: the scaffold README's first requests, one curl command per binding the agent
// serves (JSON-RPC, and HTTP+JSON where the version has it), written so that pasted as they are
// they are answered: the version's message shape, the `A2A-Version` header a v1.0 agent needs
// (without it a request is served as v0.3, or refused), the credentials main.ts accepts.
import { sample } from '../model/sample.js';
import type { EmitContext } from './context.js';
import { authHeader, shellQuote } from './docs/snippets.js';
import { readmeMessage, readmePart } from './project-readme.js';

export interface CurlRequests {
  /** The shell block: a `#` comment line, then the command, for each binding. */
  commands: string;
  /** The JSON-RPC endpoint and, when served, the HTTP+JSON route the commands call (`POST /rest/message:send`). */
  httpJsonRoute?: string;
  /** The header and value that select this version (`A2A-Version: 1.0`), when it negotiates. */
  versionHeader?: string;
}

export function curlRequests(ctx: EmitContext): CurlRequests | undefined {
  const { protocol, agent } = ctx;
  const send = protocol.methods.find((m) => m.role === 'send');
  if (!send) return undefined;
  const origin = `http://127.0.0.1:${agent.server.port}`;
  const skill = agent.skills[0];
  // The first skill, by name: its typed input as data when it declares one, else text.
  const part = skill?.input ? readmePart(ctx, 'data', sample(skill.input, { root: skill.input })) : readmePart(ctx, 'text', 'hello');
  const message = readmeMessage(ctx, [part], skill ? { skillId: skill.id } : undefined);
  const versionHeader = protocol.negotiation ? `${protocol.negotiation.header}: ${protocol.wireVersion}` : undefined;
  const headers = ['content-type: application/json', ...(versionHeader ? [versionHeader] : [])];
  const curl = (url: string, body: unknown): string =>
    [
      `curl -sS ${shellQuote(urlText(url))}`,
      ...headers.map((h) => `-H ${shellQuote(h)}`),
      ...[authHeader(agent.security) ?? []].flat(),
      `-d ${shellQuote(JSON.stringify(body))}`,
    ].join(' \\\n  ');
  const blocks = [`# JSON-RPC: ${send.name}`, curl(`${origin}${agent.server.basePath}`, { jsonrpc: '2.0', id: 1, method: send.name, params: { message } })];
  const rest = agent.server.bindings.includes('rest') ? protocol.rest : undefined;
  const route = rest?.routes.find((r) => r.role === 'send' && !r.path.includes('{'));
  let httpJsonRoute: string | undefined;
  if (rest && route) {
    const mount = agent.server.restPath === '/' ? '' : agent.server.restPath.replace(/\/$/, '');
    httpJsonRoute = `${route.verb} ${mount}${route.path}`;
    // v0.3.0's HTTP+JSON carries its proto's JSON (`content`, `ROLE_USER`, parts by member); v1.0's, the same objects as JSON-RPC.
    const body = rest.wire === 'proto-v0.3' ? { message: protoV03Message(message) } : { message };
    blocks.push('', `# HTTP+JSON: ${httpJsonRoute.replace(/\s+/g, ' ')}`, curl(`${origin}${mount}${route.path}`, body));
  }
  return { commands: blocks.join('\n'), ...(httpJsonRoute ? { httpJsonRoute } : {}), ...(versionHeader ? { versionHeader } : {}) };
}

/** A v0.3.0 JSON-RPC message of text and data parts in the ProtoJSON of v0.3.0's a2a.proto. */
function protoV03Message(message: Record<string, unknown>): Record<string, unknown> {
  const parts = (message.parts as Record<string, unknown>[]).map((p) => (p.kind === 'data' ? { data: { data: p.data } } : { text: p.text }));
  const { kind: _kind, parts: _parts, role, ...rest } = message;
  return { ...rest, role: role === 'user' ? 'ROLE_USER' : 'ROLE_AGENT', content: parts };
}

/** A URL as a request line carries it: a character a URL cannot hold (a space, a line break, a backtick) percent-encoded, so a manifest's path stays one line of the command. */
const urlText = (url: string): string => url.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, (c) => encodeURIComponent(c));
