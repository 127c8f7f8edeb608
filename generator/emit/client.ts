// emit/client: the typed A2AClient built from the model — one
// method per schema method (official SDK names where they exist), typed skill helpers from
// the manifest's input/output schemas (with `.stream` where the schema has a streaming send),
// discovery and auth.
import type { MethodModel } from '../model/methods.js';
import type { SkillModel } from '../model/agent.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsPropertyKey, tsString } from './escape.js';
import { clientExports, runtimeExports } from '../runtime-symbols.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { GENERATED, methodsExports, schemaType, skillType, validatorsIndexExports } from './generated-symbols.js';
import { TsFile } from './ts-file.js';

const CLIENT = `${A2A_DIR}/client`;
/** Roles that may be retried after a network error: reading never changes the agent's state. */
const IDEMPOTENT = new Set(['get', 'resubscribe', 'pushGet', 'pushList', 'extendedCard']);

export function emitClient(ctx: EmitContext): GeneratedFile[] {
  return [clientIndex(ctx)];
}

function clientIndex(ctx: EmitContext): GeneratedFile {
  const { protocol } = ctx;
  const file = new TsFile(`${CLIENT}/index.ts`);
  for (const name of ['A2AClientOptions', 'DiscoveryOptions', 'A2AClient', 'ClientMethodName']) file.declare(name);
  const CallOptions = file.importType(clientExports.CallOptions);
  const Transport = file.import(clientExports.HttpTransport);
  const TransportOptions = file.importType(clientExports.TransportOptions);
  const AgentCard = file.importType(schemaType('AgentCard'));
  const discoverCard = file.import(clientExports.discoverCard);
  const chooseInterface = file.import(clientExports.chooseInterface);
  const fromCard = file.import(clientExports.fromCard);
  const Credential = file.importType(clientExports.Credential);
  const methods = protocol.methods.map((m) => method(file, m, CallOptions));
  const stream = protocol.methods.find((m) => m.role === 'stream');
  const resubscribe = protocol.methods.find((m) => m.role === 'resubscribe');
  const extras: string[] = [];
  if (stream && resubscribe && stream.paramsType) {
    const resumable = file.import(clientExports.resumable);
    const ResumeOptions = file.importType(clientExports.ResumeOptions);
    const params = file.importType(schemaType(stream.paramsType));
    const result = file.importType(schemaType(stream.resultType));
    extras.push(
      tsDoc(
        `Like ${stream.clientName}(), but when the connection breaks before the task is final it reconnects with ${resubscribe.name} (the first event after a reconnection is the task as it stands).`,
        '  ',
      ),
      `  ${stream.clientName}Resumable(params: ${params}, options: ${CallOptions} & ${ResumeOptions} = {}): AsyncIterable<${result}> {\n` +
        `    return ${resumable}(() => this.${stream.clientName}(params, options), (id) => this.${resubscribe.clientName}({ id }, options), options) as AsyncIterable<${result}>;\n  }\n\n`,
    );
  }
  if (protocol.extendedCard.via === 'http') {
    const fetchExtendedCard = file.import(clientExports.fetchExtendedCard);
    extras.push(
      tsDoc(
        `The authenticated extended card: HTTP GET \`{card.url}/../${protocol.extendedCard.path}\`, sent with the client's credentials.\n@see ${protocol.specUrl}`,
        '  ',
      ),
      `  getAuthenticatedExtendedCard(options: ${CallOptions} = {}): Promise<${AgentCard}> {\n` +
        `    const { url, fetch, auth } = this.transport.options;\n` +
        `    return ${fetchExtendedCard}(url, { fetch, auth, signal: options.signal, timeoutMs: options.timeoutMs });\n  }\n\n`,
    );
  }
  const skills = ctx.agent.skills.map((s) => skillHelper(file, s, stream));
  const A2AMethodName = file.importType(methodsExports.A2AMethodName);
  const ParamsOf = file.importType(methodsExports.ParamsOf);
  const ResultOf = file.importType(methodsExports.ResultOf);
  const StreamingMethodName = file.importType(methodsExports.StreamingMethodName);
  const UnaryMethodName = file.importType(methodsExports.UnaryMethodName);
  file.add(
    `export interface A2AClientOptions extends ${TransportOptions} {\n  /** The agent's card, when known (fromCardUrl() sets it). */\n  card?: ${AgentCard};\n}\n\n`,
    `export interface DiscoveryOptions extends Omit<A2AClientOptions, 'url' | 'card'> {\n` +
      `  /** Use this endpoint instead of the card's (give \`binding\` too when it is not JSON-RPC). */\n  url?: string;\n` +
      `  /** The binding to use when the card lists it; default (and fallback): the card's preferred one among those this client speaks. */\n  binding?: 'JSONRPC' | 'HTTP+JSON';\n` +
      `  /**\n   * The A2A versions this client may speak, preferred first; default: only its own (${protocol.negotiation?.served[0] ?? protocol.version}). An older one is\n` +
      `   * used only when listed here and the card offers no newer (spec v1.0 §3.6.3), and only where the project has its translation (\`compat:\` in the manifest).\n   */\n  versions?: readonly string[];\n` +
      `  /** Credentials by security scheme name; hooks are built from the card's schemes (see auth.ts). */\n  credentials?: Readonly<Record<string, ${Credential}>>;\n  signal?: AbortSignal;\n}\n\n`,
    tsDoc(`A typed client for agents that speak A2A v${protocol.version}: one method per JSON-RPC method of its schema.\n@see ${protocol.specUrl}`),
    `export class A2AClient {\n`,
    `  readonly transport: ${Transport};\n  readonly card?: ${AgentCard};\n\n`,
    `  constructor(options: A2AClientOptions) {\n    this.transport = new ${Transport}(options);\n    this.card = options.card;\n  }\n\n`,
    tsDoc(
      `Finds an agent from its base URL (or its card's URL): fetches the card at ${protocol.wellKnownPaths.join(' or ')}, validates it, and talks to the interface it prefers among those this client speaks (JSON-RPC${protocol.rest ? ', HTTP+JSON' : ''}), or to \`binding\`'s.`,
      '  ',
    ),
    `  static async fromCardUrl(baseUrl: string, options: DiscoveryOptions = {}): Promise<A2AClient> {\n` +
      `    const { card } = await ${discoverCard}(baseUrl, { fetch: options.fetch, signal: options.signal, timeoutMs: options.timeoutMs, retries: options.retries, versions: options.versions });\n` +
      `    const auth = options.auth ?? (options.credentials ? ${fromCard}(card, options.credentials) : undefined);\n` +
      `    const chosen = options.url === undefined ? ${chooseInterface}(card, options.binding, options.versions) : { url: options.url, binding: options.binding ?? 'JSONRPC', version: options.version };\n` +
      `    return new A2AClient({ ...options, auth, url: chosen.url, binding: chosen.binding, version: chosen.version, tenant: options.tenant ?? chosen.tenant, card });\n  }\n\n`,
    tsDoc('Any unary method by name, typed from the method map.', '  '),
    `  call<M extends ${UnaryMethodName}>(method: M, params: ${ParamsOf}<M>, options?: ${CallOptions}): Promise<${ResultOf}<M>> {\n    return this.transport.call(method, params, options) as Promise<${ResultOf}<M>>;\n  }\n\n`,
    tsDoc('Any streaming method by name, typed from the method map.', '  '),
    `  stream<M extends ${StreamingMethodName}>(method: M, params: ${ParamsOf}<M>, options?: ${CallOptions}): AsyncIterable<${ResultOf}<M>> {\n    return this.transport.stream(method, params, options) as AsyncIterable<${ResultOf}<M>>;\n  }\n\n`,
    `  private readonly send = (method: string, params: unknown, options?: ${CallOptions}): Promise<unknown> => this.transport.call(method, params, options);\n\n`,
    stream
      ? `  private readonly openStream = (method: string, params: unknown, options?: ${CallOptions}): AsyncIterable<unknown> => this.transport.stream(method, params, options);\n\n`
      : '',
    ...methods,
    ...extras,
    tsDoc(
      `Typed calls to the skills of the manifest: the payload goes to that skill (\`metadata.skillId\`), the typed output comes back.${stream ? `\n\n\`skills.x.stream(…)\` sends the same payload with ${stream.name} and yields the task's events as they happen.` : ''}`,
      '  ',
    ),
    `  readonly skills = {\n${skills.join('')}  };\n`,
    `}\n\n`,
    `/** Exhaustiveness guard for the method map: every schema method has a client method. */\n`,
    `export type ClientMethodName = ${A2AMethodName};\n\n`,
  );
  file
    .reexport([
      clientExports.apiKey,
      clientExports.authorization,
      clientExports.basic,
      clientExports.bearer,
      clientExports.fromCard,
      clientExports.Auth,
      clientExports.AuthHandler,
      clientExports.AuthHook,
      clientExports.Credential,
    ])
    .reexport([clientExports.CallInterceptor, clientExports.CallOutcome, clientExports.InterceptedCall, clientExports.InterceptedEvent])
    .reexport([clientExports.A2AHttpError, clientExports.A2AResponseValidationError, clientExports.A2ATaskStateError, clientExports.A2ATransportError])
    .reexport([clientExports.CallOptions])
    .reexport([runtimeExports.createMessage, runtimeExports.dataPart, runtimeExports.filePart, runtimeExports.textPart])
    .reexportAll(GENERATED.errors);
  return generatorFile(file.path, file.toString());
}

function method(file: TsFile, m: MethodModel, CallOptions: string): string {
  const params = m.paramsType ? file.importType(schemaType(m.paramsType)) : undefined;
  const result = file.importType(schemaType(m.resultType));
  const signature = params ? `params: ${params}, options?: ${CallOptions}` : `options?: ${CallOptions}`;
  const paramsArg = params ? 'params' : 'undefined';
  const idempotent = IDEMPOTENT.has(m.role);
  const doc = tsDoc(
    `${m.description ?? m.name}${m.streaming ? '\n\nYields each event as the agent sends it; ends when the server closes the stream.' : ''}${idempotent ? '\n\nRetried on network errors and 502/503/504 (it changes nothing on the agent).' : ''}\n\nJSON-RPC method \`${m.name}\`.`,
    '  ',
  );
  if (m.streaming) {
    return `${doc}  ${m.clientName}(${signature}): AsyncIterable<${result}> {\n    return this.transport.stream(${tsString(m.name)}, ${paramsArg}, options, ${idempotent}) as AsyncIterable<${result}>;\n  }\n\n`;
  }
  return `${doc}  ${m.clientName}(${signature}): Promise<${result}> {\n    return this.transport.call(${tsString(m.name)}, ${paramsArg}, options, ${idempotent}) as Promise<${result}>;\n  }\n\n`;
}

/** What a skill without an input schema takes, from the media types it accepts. */
export function skillArgument(skill: SkillModel): 'input' | 'text' | 'data' | 'parts' {
  if (skill.input) return 'input';
  const accepts = (type: string): boolean =>
    skill.inputModes.length === 0 || skill.inputModes.some((m) => m === type || m === '*/*' || m === `${type.split('/')[0]}/*`);
  if (accepts('text/plain')) return 'text';
  return accepts('application/json') ? 'data' : 'parts';
}

function skillHelper(file: TsFile, skill: SkillModel, stream: MethodModel | undefined): string {
  const sendToSkill = file.import(clientExports.sendToSkill);
  const SkillCallOptions = file.importType(clientExports.SkillCallOptions);
  const about = [skill.card.name, skill.card.description].filter((x) => typeof x === 'string' && x).join(' — ');
  const kind = skillArgument(skill);
  const [arg, payload] =
    kind === 'input'
      ? [`input: ${file.importType(skillType(skill.names.input))}`, '{ data: input }']
      : kind === 'text'
        ? ['text: string', '{ text }']
        : kind === 'data'
          ? ['data: unknown', '{ data }']
          : [`parts: ${file.importType(schemaType('Part'))}[]`, '{ parts }'];
  const doc = tsDoc(
    `${about}${skill.output ? '\n\nResolves to the typed output; throws A2ATaskStateError when the task ends otherwise (asking for input, say).' : '\n\nResolves to the final Task or the reply Message.'}${stream ? `\n\n\`.stream(…)\`: the same call with ${stream.name}, yielding each event of the task.` : ''}`,
    '    ',
  );
  let call: string;
  if (skill.output) {
    const Output = file.importType(skillType(skill.names.output));
    const skillOutput = file.import(clientExports.skillOutput);
    const skillValidators = file.import(validatorsIndexExports.skillValidators);
    call = `async (${arg}, options?: ${SkillCallOptions}): Promise<${Output}> =>\n      ${skillOutput}(${tsString(skill.id)}, await ${sendToSkill}(this.send, ${tsString(skill.id)}, ${payload}, options), ${skillValidators}[${tsString(skill.id)}].output)`;
  } else {
    const Task = file.importType(schemaType('Task'));
    const Message = file.importType(schemaType('Message'));
    call = `(${arg}, options?: ${SkillCallOptions}): Promise<${Task} | ${Message}> => ${sendToSkill}(this.send, ${tsString(skill.id)}, ${payload}, options)`;
  }
  if (!stream) return `${doc}    ${tsPropertyKey(skill.names.value)}: ${call},\n`;
  // A function with a `.stream` property: calling it stays as it was, streaming is one property away.
  const withStream = file.import(clientExports.withStream);
  const streamToSkill = file.import(clientExports.streamToSkill);
  const Event = file.importType(schemaType(stream.resultType));
  const streamCall = `(${arg}, options?: ${SkillCallOptions}): AsyncIterable<${Event}> => ${streamToSkill}(this.openStream, ${tsString(skill.id)}, ${payload}, options) as AsyncIterable<${Event}>`;
  const indent = (code: string): string => code.replace(/\n/g, '\n  ');
  return `${doc}    ${tsPropertyKey(skill.names.value)}: ${withStream}(\n      ${indent(call)},\n      ${streamCall},\n    ),\n`;
}
