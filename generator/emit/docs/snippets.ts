// Copy-paste examples for each method: a curl command and a call with the generated client.
import type { MethodModel } from '../../model/methods.js';
import type { SecurityModel } from '../../model/security.js';

/** Single-quoted for a POSIX shell: `'` becomes `'\''`. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The header a curl user adds for the first security requirement. The secret comes from the
 * variable the scaffold's main.ts reads the accepted ones from (`A2A_BEARER_SECRETS`; basic:
 * `user:password`), so an agent started with one secret and its examples agree.
 */
export function authHeader(security: SecurityModel): string | undefined {
  const first = security.requirements[0]?.[0];
  const scheme = security.schemes.find((s) => s.name === first);
  if (!scheme) return undefined;
  const secret = `$${scheme.secretsEnv}`;
  switch (scheme.credential) {
    case 'bearer':
      return `-H "authorization: Bearer ${secret}"`;
    case 'basic':
      return `-u "${secret}"`;
    case 'apiKey':
      return scheme.in === 'header' ? `-H "${scheme.paramName}: ${secret}"` : scheme.in === 'cookie' ? `--cookie "${scheme.paramName}=${secret}"` : undefined;
    case 'scheme':
      return `-H "authorization: ${scheme.authScheme} ${secret}"`;
    default:
      return undefined;
  }
}

/** `versionHeader`: the header and value a request of this version sends (`A2A-Version: 1.0`): without it a v1.0 agent serves the request as v0.3. */
export function curlExample(method: MethodModel, endpoint: string, params: unknown, security: SecurityModel, versionHeader?: string): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: method.name, ...(params === undefined ? {} : { params }) });
  const apiKeyInQuery = security.schemes.find((s) => s.name === security.requirements[0]?.[0] && s.credential === 'apiKey' && s.in === 'query');
  const url = apiKeyInQuery ? `${endpoint}${endpoint.includes('?') ? '&' : '?'}${apiKeyInQuery.paramName}=$${apiKeyInQuery.secretsEnv}` : endpoint;
  const lines = [`curl -sS${method.streaming ? ' -N' : ''} ${apiKeyInQuery ? `"${url}"` : shellQuote(url)}`, `-H 'content-type: application/json'`];
  if (versionHeader) lines.push(`-H ${shellQuote(versionHeader)}`);
  if (method.streaming) lines.push(`-H 'accept: text/event-stream'`);
  const auth = authHeader(security);
  if (auth) lines.push(auth);
  lines.push(`-d ${shellQuote(body)}`);
  return lines.join(' \\\n  ');
}

/** `fromCardUrl`'s options for the first security requirement (`, { credentials: … }`), or ''. */
export function credentialsOption(security: SecurityModel): string {
  const first = security.requirements[0] ?? [];
  // The same variable the agent's main.ts accepts secrets from (mutualTLS has none: its certificate is the credential).
  const credentials = first
    .flatMap((name) => {
      const scheme = security.schemes.find((s) => s.name === name);
      return scheme && scheme.credential !== 'mutualTLS' ? [`${JSON.stringify(name)}: process.env.${scheme.secretsEnv}!`] : [];
    })
    .join(', ');
  return credentials ? `, { credentials: { ${credentials} } }` : '';
}

export function clientExample(method: MethodModel, cardBase: string, params: unknown, security: SecurityModel, clientMethod: string): string {
  const options = credentialsOption(security);
  const args = params === undefined ? '' : JSON.stringify(params, null, 2);
  const call = method.streaming
    ? `for await (const event of client.${clientMethod}(${args})) {\n  console.log(event);\n}`
    : `const result = await client.${clientMethod}(${args});\nconsole.log(result);`;
  return `import { A2AClient } from './a2a/client/index.js';\n\nconst client = await A2AClient.fromCardUrl(${JSON.stringify(cardBase)}${options});\n${call}`;
}
