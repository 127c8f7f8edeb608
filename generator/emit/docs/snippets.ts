// Copy-paste examples for each method: a curl command and a call with the generated client.
import type { MethodModel } from '../../model/methods.js';
import type { SecurityModel } from '../../model/security.js';

/** Single-quoted for a POSIX shell: `'` becomes `'\''`. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The header a curl user adds for the first security requirement (with a placeholder variable). */
function authHeader(security: SecurityModel): string | undefined {
  const first = security.requirements[0]?.[0];
  const scheme = security.schemes.find((s) => s.name === first);
  if (!scheme) return undefined;
  switch (scheme.credential) {
    case 'bearer':
      return '-H "authorization: Bearer $A2A_TOKEN"';
    case 'basic':
      return '-u "$A2A_USER:$A2A_PASSWORD"';
    case 'apiKey':
      return scheme.in === 'header'
        ? `-H "${scheme.paramName}: $A2A_API_KEY"`
        : scheme.in === 'cookie'
          ? `--cookie "${scheme.paramName}=$A2A_API_KEY"`
          : undefined;
    case 'scheme':
      return `-H "authorization: ${scheme.authScheme} $A2A_CREDENTIALS"`;
    default:
      return undefined;
  }
}

export function curlExample(method: MethodModel, endpoint: string, params: unknown, security: SecurityModel): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: method.name, ...(params === undefined ? {} : { params }) });
  const apiKeyInQuery = security.schemes.find((s) => s.name === security.requirements[0]?.[0] && s.credential === 'apiKey' && s.in === 'query');
  const url = apiKeyInQuery ? `${endpoint}${endpoint.includes('?') ? '&' : '?'}${apiKeyInQuery.paramName}=$A2A_API_KEY` : endpoint;
  const lines = [`curl -sS${method.streaming ? ' -N' : ''} ${apiKeyInQuery ? `"${url}"` : shellQuote(url)}`, `-H 'content-type: application/json'`];
  if (method.streaming) lines.push(`-H 'accept: text/event-stream'`);
  const auth = authHeader(security);
  if (auth) lines.push(auth);
  lines.push(`-d ${shellQuote(body)}`);
  return lines.join(' \\\n  ');
}

export function clientExample(method: MethodModel, cardBase: string, params: unknown, security: SecurityModel, clientMethod: string): string {
  const first = security.requirements[0] ?? [];
  const credentials = first.map((name) => `${JSON.stringify(name)}: process.env.A2A_SECRET!`).join(', ');
  const options = credentials ? `, { credentials: { ${credentials} } }` : '';
  const args = params === undefined ? '' : JSON.stringify(params, null, 2);
  const call = method.streaming
    ? `for await (const event of client.${clientMethod}(${args})) {\n  console.log(event);\n}`
    : `const result = await client.${clientMethod}(${args});\nconsole.log(result);`;
  return `import { A2AClient } from './a2a/client/index.js';\n\nconst client = await A2AClient.fromCardUrl(${JSON.stringify(cardBase)}${options});\n${call}`;
}
