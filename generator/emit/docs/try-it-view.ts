// What the page's try-it panel needs from the model: where the agent's JSON-RPC endpoint is on
// the page's own origin, the version header its requests send, one credential field per security
// scheme a browser can fill, a message part per skill, and per method the example params to
// start from and its HTTP+JSON route. templates/docs/try-it.js does the rest in the page.
import { EXAMPLE_TASK_ID } from '../../model/examples.js';
import type { MethodModel } from '../../model/methods.js';
import type { ProtocolModel } from '../../model/protocol.js';
import { sample } from '../../model/sample.js';
import type { EmitContext } from '../context.js';
import { readmePart } from '../project-readme.js';

export interface CredentialField {
  scheme: string;
  /** How try-it.js sends it: as an Authorization header, another header, or a query parameter. */
  kind: 'authorization' | 'basic' | 'header' | 'query';
  /** authorization: the scheme word (`Bearer`); header / query: the name. */
  param: string;
  label: string;
  placeholder: string;
}

export interface TryItView {
  /** The path of the JSON-RPC endpoint; the page posts to it on its own origin. */
  endpointPath: string;
  exampleTaskId: string;
  credentials: CredentialField[];
  /** Schemes the browser handles itself (cookies, client certificates): named, no field. */
  browserCredentials: string[];
  /** The header naming the version, sent with every call (v1.0: without it a request is served as v0.3). */
  version?: { header: string; value: string };
  /** Per skill, the part its message carries: its input's example as data, else text. */
  skills: { id: string; name: string; partJson: string }[];
  /** Whether the panel offers HTTP+JSON (some method has a route it can call). */
  rest: boolean;
}

/** `A2A-Version: 1.0` for a version that negotiates, else undefined. */
export const versionHeader = (protocol: ProtocolModel): string | undefined =>
  protocol.negotiation ? `${protocol.negotiation.header}: ${protocol.wireVersion}` : undefined;

export function tryItView(ctx: EmitContext): TryItView {
  const { agent, protocol } = ctx;
  const security = agent.security;
  const credentials: CredentialField[] = [];
  const browserCredentials: string[] = [];
  for (const s of security.schemes) {
    const scheme = s.name;
    if (s.credential === 'bearer') credentials.push({ scheme, kind: 'authorization', param: 'Bearer', label: 'Bearer token', placeholder: 'token' });
    else if (s.credential === 'scheme')
      credentials.push({
        scheme,
        kind: 'authorization',
        param: s.authScheme ?? scheme,
        label: `${s.authScheme ?? scheme} credentials`,
        placeholder: 'credentials',
      });
    else if (s.credential === 'basic') credentials.push({ scheme, kind: 'basic', param: 'Basic', label: 'HTTP Basic', placeholder: 'user:password' });
    else if (s.credential === 'apiKey' && s.in === 'header')
      credentials.push({ scheme, kind: 'header', param: s.paramName ?? 'X-API-Key', label: `API key (header ${s.paramName})`, placeholder: 'key' });
    else if (s.credential === 'apiKey' && s.in === 'query')
      credentials.push({ scheme, kind: 'query', param: s.paramName ?? 'api_key', label: `API key (query ${s.paramName})`, placeholder: 'key' });
    else if (s.credential === 'apiKey') browserCredentials.push(`${scheme}: the browser sends its cookie ${s.paramName}`);
    else browserCredentials.push(`${scheme}: the browser presents its client certificate`);
  }
  const skills = agent.skills.map((s) => {
    const example = Array.isArray(s.card.examples) && typeof s.card.examples[0] === 'string' ? s.card.examples[0] : 'Hello!';
    const part = s.input ? readmePart(ctx, 'data', sample(s.input, { root: s.input })) : readmePart(ctx, 'text', example);
    return { id: s.id, name: String(s.card.name ?? s.id), partJson: JSON.stringify(part) };
  });
  const version = protocol.negotiation ? { header: protocol.negotiation.header, value: protocol.wireVersion } : undefined;
  const rest = protocol.methods.some((m) => tryRestRoute(ctx, m) !== undefined);
  return {
    endpointPath: agent.server.basePath,
    exampleTaskId: EXAMPLE_TASK_ID,
    credentials,
    browserCredentials,
    ...(version ? { version } : {}),
    skills,
    rest,
  };
}

/**
 * The method's HTTP+JSON route as the panel calls it (`POST /a2a/rest/message:send`): only where
 * the binding's bodies are the JSON-RPC params themselves (v1.0; v0.3.0's are its proto's JSON)
 * and the route takes them whole (`body: '*'`) or none; `{field}`s are filled from the params.
 */
export function tryRestRoute(ctx: EmitContext, method: MethodModel): string | undefined {
  const { agent, protocol } = ctx;
  if (!protocol.rest || protocol.rest.wire !== 'objects' || !agent.server.bindings.includes('rest')) return undefined;
  const route = protocol.rest.routes.find((r) => r.method === method.name && !r.path.includes('{tenant}') && (r.body === undefined || r.body === '*'));
  if (!route) return undefined;
  const mount = agent.server.restPath === '/' ? '' : agent.server.restPath.replace(/\/$/, '');
  return `${route.verb} ${mount}${route.path}`;
}

/** The params text the panel starts from: the method's checked example, else `{}` when it takes params. */
export function tryParams(method: MethodModel, exampleParams: unknown, exampleOk: boolean): string {
  if (exampleOk && exampleParams !== undefined) return JSON.stringify(exampleParams, null, 2);
  return method.paramsType ? '{}' : '';
}

/** Methods that act on an existing task: the panel fills in the last task it saw. */
export const followsTask = (method: MethodModel): boolean => !['send', 'stream', 'extendedCard', 'custom'].includes(method.role);
