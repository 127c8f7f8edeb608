// What the page's try-it panel needs from the model: where the agent's JSON-RPC endpoint is on
// the page's own origin, one credential field per security scheme a browser can fill, and per
// method the example params to start from. templates/docs/try-it.js does the rest in the page.
import { EXAMPLE_TASK_ID } from '../../model/examples.js';
import type { MethodModel } from '../../model/methods.js';
import type { SecurityModel } from '../../model/security.js';

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
}

export function tryItView(basePath: string, security: SecurityModel): TryItView {
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
  return { endpointPath: basePath, exampleTaskId: EXAMPLE_TASK_ID, credentials, browserCredentials };
}

/** The params text the panel starts from: the method's checked example, else `{}` when it takes params. */
export function tryParams(method: MethodModel, exampleParams: unknown, exampleOk: boolean): string {
  if (exampleOk && exampleParams !== undefined) return JSON.stringify(exampleParams, null, 2);
  return method.paramsType ? '{}' : '';
}

/** Methods that act on an existing task: the panel fills in the last task it saw. */
export const followsTask = (method: MethodModel): boolean => !['send', 'stream', 'extendedCard', 'custom'].includes(method.role);
