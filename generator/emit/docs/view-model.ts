// What the documentation shows, computed once from the model for every format: the card,
// auth, skills, methods with errors and examples, types. Emitters of each format only lay
// this out (and escape for their context).
import { isPlainObject } from '../../json-schema.js';
import { methodExample } from '../../model/examples.js';
import { errorsOf } from '../../model/method-errors.js';
import { bindingUrl } from '../../model/interfaces.js';
import type { MethodModel } from '../../model/methods.js';
import { kebabCase } from '../../model/names.js';
import { sample } from '../../model/sample.js';
import type { EmitContext } from '../context.js';
import { html } from '../escape.js';
import type { SchemaSet } from '../validators.js';
import { extensionsView, type ExtensionsView } from './extensions-view.js';
import { servedMethods, type UnservedMethod } from './served.js';
import { clientExample, curlExample } from './snippets.js';
import { followsTask, tryItView, tryParams, tryRestRoute, versionHeader, type TryItView } from './try-it-view.js';
import { linkTypes, typesView, type TypeView } from './types-view.js';

export interface MethodView {
  /** The protocol's method this view describes. */
  model: MethodModel;
  name: string;
  /** The name as HTML with break opportunities after each `/` and between words (the sidebar wraps, never cuts). */
  navHtml: string;
  anchor: string;
  role: string;
  clientName: string;
  description: string;
  streaming: boolean;
  paramsType?: string;
  paramsHtml: string;
  paramsMd: string;
  resultType: string;
  resultHtml: string;
  resultMd: string;
  errors: { code: number; name: string; message: string; anchor: string }[];
  example?: { summary: string; params?: unknown; result: unknown; requestJson: string; responseJson: string };
  /** The method's HTTP+JSON routes (`POST /a2a/rest/message:send`), when the agent serves that binding; an older version's (compat) say so. */
  routes: string[];
  /** Its name in each older version the agent answers (`message/send (A2A v0.3.0)`). */
  olderNames: string[];
  /** Its gRPC rpcs (`lf.a2a.v1.A2AService/SendMessage`), when the agent serves gRPC; an older version's say so. */
  rpcs: string[];
  curl: string;
  client: string;
  /** The try-it panel: the params it starts from (empty: the method takes none). */
  tryParams: string;
  followsTask: boolean;
  /** The try-it panel over HTTP+JSON: `VERB /path` (see try-it-view.ts), when it can call the method so. */
  tryRest?: string;
}

export interface SkillView {
  id: string;
  anchor: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  inputModes: string[];
  outputModes: string[];
  inputSchemaJson?: string;
  outputSchemaJson?: string;
  inputExampleJson?: string;
  outputExampleJson?: string;
  extendedOnly: boolean;
}

export interface DocsView {
  title: string;
  description: string;
  version: string;
  /** The A2A version as docs name it (`v1.0.1`; ProtocolModel.name). */
  specName: string;
  specUrl: string;
  generator: string;
  endpoint: string;
  /** The HTTP+JSON base URL, when the agent serves that binding. */
  restEndpoint?: string;
  /** Where gRPC is served and which services, each with the proto file beside these docs, when the agent serves it. */
  grpc?: { address: string; services: { name: string; version: string; proto: string }[] };
  /** The older versions the agent answers too, by translation, when it does (manifest `compat`): `v0.3.0`, what `A2A-Version` says for them (`0.3`), and what no header means. */
  older?: { versions: string; headers: string; absentMeans: string };
  cardBase: string;
  cardPaths: string[];
  extendedCard?: string;
  /** The cards are signed (`server.cardSigning`): where the public keys are. */
  cardJwks?: string;
  capabilities: { name: string; on: boolean }[];
  extensions: ExtensionsView;
  inputModes: string[];
  outputModes: string[];
  provider?: { organization: string; url: string };
  documentationUrl?: string;
  auth: { name: string; type: string; how: string; description: string }[];
  authSummary: string;
  /** The variables the examples take their secrets from: those the agent's main.ts reads the accepted ones from. */
  authEnv: string[];
  skills: SkillView[];
  /** The methods this agent serves (served.ts); the others are only named in `unserved`. */
  methods: MethodView[];
  unserved: UnservedMethod[];
  tryIt: TryItView;
  types: TypeView[];
  errors: { code: number; name: string; message: string; description: string; anchor: string }[];
  cardJson: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function docsView(ctx: EmitContext, schemas: SchemaSet): DocsView {
  const { protocol, agent } = ctx;
  const card = agent.card as Record<string, unknown>;
  const endpoint = agent.endpoint;
  let cardBase = endpoint;
  try {
    cardBase = new URL(endpoint).origin;
  } catch {
    // keep the url as it is
  }
  const known = new Set(Object.keys(protocol.definitions));
  const anchors = new Set<string>();
  const unique = (base: string): string => {
    let a = base || 'item';
    for (let i = 2; anchors.has(a); i++) a = `${base}-${i}`;
    anchors.add(a);
    return a;
  };
  const errorAnchor = (definition: string): string => `error-${definition.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const { served, unserved } = servedMethods(protocol, agent);
  const restServed = protocol.rest !== undefined && agent.server.bindings.includes('rest');
  const mount = agent.server.restPath === '/' ? '' : agent.server.restPath.replace(/\/$/, '');
  const compat = agent.compat;
  const routesOf = (m: MethodModel): string[] => {
    if (!restServed) return [];
    const own = protocol.rest!.routes.filter((r) => r.method === m.name).map((r) => `${r.verb} ${mount}${r.path}`);
    const older = compat.flatMap((c) =>
      (c.rest?.routes ?? []).filter((r) => r.method === c.methodNames[m.name]).map((r) => `${r.verb} ${mount}${r.path} (A2A v${c.fullVersion})`),
    );
    return [...own, ...older];
  };
  const rpcsOf = (m: MethodModel): string[] =>
    (agent.grpc?.services ?? []).flatMap((service) => {
      const older = service.translated ? compat.find((c) => c.version === service.version) : undefined;
      const name = older ? older.methodNames[m.name] : m.name;
      const suffix = older ? ` (A2A v${older.fullVersion})` : '';
      return service.methods.filter((rpc) => rpc.method === name).map((rpc) => `${service.name}/${rpc.name}${suffix}`);
    });
  const olderNamesOf = (m: MethodModel): string[] => compat.flatMap((c) => (c.methodNames[m.name] ? [`${c.methodNames[m.name]} (A2A v${c.fullVersion})`] : []));
  const methods = served.map((m): MethodView => {
    const raw = methodExample(m, protocol, agent);
    const paramsOk = m.paramsType === undefined || raw.params === undefined || schemas.accepts(`a2a:${m.paramsType}`, raw.params);
    const resultOk = schemas.accepts(`a2a:${m.resultType}`, raw.result);
    const example =
      paramsOk && resultOk
        ? {
            ...raw,
            requestJson: JSON.stringify({ jsonrpc: '2.0', id: 1, method: m.name, ...(raw.params === undefined ? {} : { params: raw.params }) }, null, 2),
            responseJson: JSON.stringify({ jsonrpc: '2.0', id: 1, result: raw.result }, null, 2),
          }
        : undefined;
    const paramsSig = m.paramsType ? m.paramsType : 'none';
    const resultSig = m.streaming ? `stream of ${m.resultType}` : m.resultType;
    return {
      model: m,
      name: m.name,
      navHtml: html(m.name)
        .replace(/\//g, '/<wbr>')
        .replace(/([a-z0-9])([A-Z])/g, '$1<wbr>$2'),
      anchor: unique(`method-${kebabCase(m.name)}`),
      role: m.role,
      clientName: m.clientName,
      description: m.description ?? '',
      streaming: m.streaming,
      paramsType: m.paramsType,
      paramsHtml: linkTypes(paramsSig, known, 'html'),
      paramsMd: linkTypes(paramsSig, known, 'md'),
      resultType: m.resultType,
      resultHtml: linkTypes(resultSig, known, 'html'),
      resultMd: linkTypes(resultSig, known, 'md'),
      errors: errorsOf(m, protocol.errors).map((e) => ({ code: e.code, name: e.className, message: e.defaultMessage, anchor: errorAnchor(e.definition) })),
      example,
      routes: routesOf(m),
      olderNames: olderNamesOf(m),
      rpcs: rpcsOf(m),
      curl: curlExample(m, endpoint, example?.params, agent.security, versionHeader(protocol)),
      client: clientExample(m, cardBase, example?.params, agent.security, m.clientName),
      tryParams: tryParams(m, raw.params, example !== undefined),
      followsTask: followsTask(m),
      tryRest: tryRestRoute(ctx, m),
    };
  });
  const skills = agent.skills.map((s): SkillView => {
    const inputExample = s.input ? sample(s.input, { root: s.input }) : undefined;
    const outputExample = s.output ? sample(s.output, { root: s.output }) : undefined;
    const pretty = (v: unknown): string => JSON.stringify(v, null, 2);
    return {
      id: s.id,
      anchor: unique(`skill-${s.names.file}`),
      name: str(s.card.name) || s.id,
      description: str(s.card.description),
      tags: Array.isArray(s.card.tags) ? s.card.tags.map(String) : [],
      examples: Array.isArray(s.card.examples) ? s.card.examples.map(String) : [],
      inputModes: s.inputModes,
      outputModes: s.outputModes,
      inputSchemaJson: s.input ? pretty(s.input) : undefined,
      outputSchemaJson: s.output ? pretty(s.output) : undefined,
      inputExampleJson: inputExample !== undefined && schemas.accepts(`skill:${s.id}:input`, inputExample) ? pretty(inputExample) : undefined,
      outputExampleJson: outputExample !== undefined && schemas.accepts(`skill:${s.id}:output`, outputExample) ? pretty(outputExample) : undefined,
      extendedOnly: s.extendedOnly,
    };
  });
  const capabilities = isPlainObject(card.capabilities)
    ? Object.entries(card.capabilities)
        .filter(([, v]) => typeof v === 'boolean')
        .map(([name, on]) => ({ name, on: on as boolean }))
    : [];
  const provider = isPlainObject(card.provider) ? { organization: str(card.provider.organization), url: str(card.provider.url) } : undefined;
  const auth = agent.security.schemes.map((s) => ({
    name: s.name,
    type: s.type,
    how:
      s.credential === 'apiKey'
        ? `API key in the ${s.in} "${s.paramName}"`
        : s.credential === 'basic'
          ? 'HTTP Basic'
          : s.credential === 'mutualTLS'
            ? 'client certificate (mutual TLS)'
            : s.credential === 'scheme'
              ? `Authorization: ${s.authScheme} …`
              : 'Authorization: Bearer <token>',
    description: s.description ?? '',
  }));
  const authSummary = agent.security.requirements.length ? agent.security.requirements.map((r) => r.join(' + ')).join(' or ') : '';
  const authEnv = (agent.security.requirements[0] ?? []).flatMap((name) => {
    const scheme = agent.security.schemes.find((s) => s.name === name);
    return scheme && scheme.credential !== 'mutualTLS' ? [scheme.secretsEnv] : [];
  });
  return {
    title: str(card.name),
    description: str(card.description),
    version: str(card.version),
    specName: protocol.name,
    specUrl: protocol.specUrl,
    generator: `a2a-gen ${ctx.toolVersion}`,
    endpoint,
    ...(agent.grpc
      ? {
          grpc: {
            address: String(bindingUrl('grpc', agent.endpoint, agent.server.basePath, agent.server.restPath, agent.server.grpcPort)),
            services: agent.grpc.services.map((service, i) => ({ name: service.name, version: service.version, proto: agent.grpc!.protos[i].file })),
          },
        }
      : {}),
    ...(restServed ? { restEndpoint: String(bindingUrl('rest', agent.endpoint, agent.server.basePath, agent.server.restPath, agent.server.grpcPort)) } : {}),
    ...(compat.length
      ? {
          older: {
            versions: compat.map((c) => `v${c.fullVersion}`).join(', '),
            headers: compat.map((c) => c.version).join(', '),
            absentMeans: protocol.negotiation?.absentMeans ?? '',
          },
        }
      : {}),
    cardBase,
    cardPaths: protocol.wellKnownPaths,
    extendedCard: agent.extendedCard
      ? protocol.extendedCard.via === 'method'
        ? `JSON-RPC method ${protocol.extendedCard.method}`
        : protocol.extendedCard.via === 'http'
          ? `GET ${protocol.extendedCard.path}`
          : undefined
      : undefined,
    cardJwks: agent.server.cardSigning ? agent.server.cardSigning.jwksPath : undefined,
    capabilities,
    extensions: extensionsView(agent),
    inputModes: Array.isArray(card.defaultInputModes) ? card.defaultInputModes.map(String) : [],
    outputModes: Array.isArray(card.defaultOutputModes) ? card.defaultOutputModes.map(String) : [],
    provider,
    documentationUrl: str(card.documentationUrl) || undefined,
    auth,
    authSummary,
    authEnv,
    skills,
    methods,
    unserved,
    tryIt: tryItView(ctx),
    types: typesView(protocol),
    errors: protocol.errors.map((e) => ({
      code: e.code,
      name: e.className,
      message: e.defaultMessage,
      description: e.description ?? '',
      anchor: errorAnchor(e.definition),
    })),
    cardJson: JSON.stringify(agent.card, null, 2),
  };
}
