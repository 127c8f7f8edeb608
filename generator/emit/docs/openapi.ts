// openapi.json: OpenAPI 3.1 — the HTTP view: the JSON-RPC endpoint (one request body per
// method, as `oneOf`), JSON and SSE responses, the HTTP+JSON routes when that binding is served
// (openapi-rest.ts), the card endpoints, the extended card, and the manifest's security
// schemes as OpenAPI security schemes.
// @see https://spec.openapis.org/oas/v3.1.0
import { isPlainObject, type JsonSchema } from '../../json-schema.js';
import type { CompatModel } from '../../model/compat.js';
import type { SecurityModel } from '../../model/security.js';
import type { ProtocolModel } from '../../model/protocol.js';
import type { EmitContext } from '../context.js';
import { componentRef } from './components.js';
import { restPaths } from './openapi-rest.js';
import type { DocsView } from './view-model.js';

type Json = Record<string, unknown>;

/** OpenAPI Security Scheme fields by type; anything else the card carries becomes an `x-` extension. */
const OAS_FIELDS: Record<string, string[]> = {
  apiKey: ['type', 'description', 'name', 'in'],
  http: ['type', 'description', 'scheme', 'bearerFormat'],
  oauth2: ['type', 'description', 'flows'],
  openIdConnect: ['type', 'description', 'openIdConnectUrl'],
  mutualTLS: ['type', 'description'],
};

/** The model's schemes in OpenAPI's shape (model/security-openapi.ts), each field OpenAPI lacks as an `x-a2a-` extension. */
function securitySchemes(security: SecurityModel): Record<string, Json> {
  return Object.fromEntries(
    security.schemes.map(({ name, openApi }) => {
      const allowed = OAS_FIELDS[String(openApi.type)] ?? ['type', 'description'];
      const out: Json = {};
      for (const [k, v] of Object.entries(openApi)) out[allowed.includes(k) || k.startsWith('x-') ? k : `x-a2a-${k}`] = v;
      return [name, out];
    }),
  );
}

const jsonRpcError: JsonSchema = {
  type: 'object',
  required: ['jsonrpc', 'id', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } },
  },
};

const envelope = (result: JsonSchema, title: string): JsonSchema => ({
  title,
  type: 'object',
  required: ['jsonrpc', 'id', 'result'],
  properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer', 'null'] }, result },
});

/** For an agent that answers older versions too (compat): which requests speak them, and their method names (their objects are not described here). */
function olderNote(protocol: ProtocolModel, compat: readonly CompatModel[]): string {
  const negotiation = protocol.negotiation;
  return compat
    .map((c) => {
      const header = negotiation ? ` (\`${negotiation.header}: ${c.version}\`${negotiation.absentMeans === c.version ? ', or no header' : ''})` : '';
      return ` Requests in A2A v${c.fullVersion}${header} are answered too, through a translation, with that version's methods and objects: ${Object.values(c.methodNames).join(', ')}.`;
    })
    .join('');
}

export function openApiDocument(ctx: EmitContext, view: DocsView, schemas: Record<string, JsonSchema>): Json {
  const { protocol, agent } = ctx;
  // Only the methods the agent serves (served.ts): the others answer nothing but an error.
  const served = view.methods.map((v) => v.model);
  const unary = served.filter((m) => !m.streaming);
  const streaming = served.filter((m) => m.streaming);
  const requestExamples = Object.fromEntries(
    view.methods.flatMap(({ model: m, example: ex }) =>
      ex ? [[m.name.replace(/[^A-Za-z0-9_.-]/g, '_'), { summary: `${m.name}: ${ex.summary}`, value: JSON.parse(ex.requestJson) }]] : [],
    ),
  );
  const schemes = securitySchemes(agent.security);
  const requirements = agent.security.requirements.map((alt) => Object.fromEntries(alt.map((n) => [n, []])));
  const authResponses: Json = requirements.length
    ? {
        '401': {
          description: 'No credentials, or credentials the agent does not accept.',
          headers: { 'WWW-Authenticate': { description: 'The schemes the agent accepts.', schema: { type: 'string' } } },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        '403': { description: 'Known caller, not allowed.', content: { 'application/json': { schema: { type: 'object' } } } },
      }
    : {};
  const cardGet = (summary: string, schema: JsonSchema, secured: boolean): Json => ({
    get: {
      summary,
      ...(secured ? { security: requirements } : { security: [] }),
      responses: {
        '200': { description: 'The Agent Card.', content: { 'application/json': { schema } } },
        ...(secured ? authResponses : {}),
      },
    },
  });
  const paths: Json = {
    [agent.server.basePath]: {
      post: {
        operationId: 'a2aJsonRpc',
        summary: `A2A ${protocol.name} JSON-RPC 2.0 endpoint`,
        description: `Every A2A method is a POST of a JSON-RPC request here. Streaming methods (${streaming.map((m) => m.name).join(', ') || 'none'}) answer with text/event-stream: one event per update, each event's data a JSON-RPC response.${olderNote(protocol, agent.compat)}`,
        ...(requirements.length ? { security: requirements } : {}),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { oneOf: served.map((m) => componentRef(m.requestDefinition)) },
              ...(Object.keys(requestExamples).length ? { examples: requestExamples } : {}),
            },
          },
        },
        responses: {
          '200': {
            description: 'A JSON-RPC response (unary methods), or an SSE stream of JSON-RPC responses (streaming methods).',
            content: {
              'application/json': { schema: { oneOf: [...unary.map((m) => envelope(componentRef(m.resultType), `${m.name} result`)), jsonRpcError] } },
              ...(streaming.length
                ? {
                    'text/event-stream': {
                      schema: { type: 'string', description: 'Server-Sent Events; each `data:` line is one JSON-RPC response, described by x-a2a-event.' },
                      'x-a2a-event': { oneOf: [...streaming.map((m) => envelope(componentRef(m.resultType), `${m.name} event`)), jsonRpcError] },
                    },
                  }
                : {}),
            },
          },
          ...authResponses,
          '413': { description: 'The request body is larger than the server accepts.', content: { 'application/json': { schema: jsonRpcError } } },
          '415': { description: 'The request is not application/json.', content: { 'application/json': { schema: jsonRpcError } } },
        },
      },
    },
  };
  if (agent.server.bindings.includes('rest'))
    Object.assign(paths, restPaths(protocol, agent.compat, served, agent.server.restPath, requirements.length ? requirements : undefined, authResponses));
  for (const path of protocol.wellKnownPaths) paths[path] = cardGet('The public Agent Card', componentRef('AgentCard'), false);
  if (agent.extendedCard && protocol.extendedCard.via === 'http')
    paths[`/${protocol.extendedCard.path}`] = cardGet('The authenticated extended Agent Card', componentRef('AgentCard'), true);
  return {
    openapi: '3.1.0',
    info: { title: view.title, version: view.version || '0.0.0', description: view.description, 'x-a2a-protocol-version': protocol.version },
    servers: [{ url: view.cardBase }],
    paths,
    components: { schemas, ...(Object.keys(schemes).length ? { securitySchemes: schemes } : {}) },
    externalDocs: { description: `A2A ${protocol.name} specification`, url: protocol.specUrl },
  };
}
