// emit/client: the typed A2AClient — one method per schema method (official SDK names where they
// exist) and typed helpers for the manifest's skills (with `.stream` where the schema has a
// streaming send). Each is one line calling the runtime's A2AClientBase
// (templates/a2a/client/client-base.ts), which does the work: discovery, calls, resumable
// streams, the extended card, skill calls. What is written here is only what differs per version
// and manifest: names, types and docs.
import type { MethodModel } from '../model/methods.js';
import type { SkillModel } from '../model/agent.js';
import { deprecatedClientName } from '../model/roles.js';
import { clientExports, runtimeExports } from '../runtime-symbols.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsPropertyKey, tsString } from './escape.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { extensionMetadataTypes, GENERATED, methodsExports, schemaType, skillType, validatorsIndexExports } from './generated-symbols.js';
import { TsFile } from './ts-file.js';

/** Roles that may be retried after a network error: reading never changes the agent's state. */
const IDEMPOTENT = new Set(['get', 'resubscribe', 'pushGet', 'pushList', 'extendedCard']);

export function emitClient(ctx: EmitContext): GeneratedFile[] {
  const { protocol } = ctx;
  const file = new TsFile(`${A2A_DIR}/client/index.ts`);
  const A2AClient = file.declare('A2AClient');
  const ClientMethodName = file.declare('ClientMethodName');
  const A2AClientBase = file.import(clientExports.A2AClientBase);
  const stream = protocol.methods.find((m) => m.role === 'stream');
  const resubscribe = protocol.methods.find((m) => m.role === 'resubscribe');
  const members = [
    ...protocol.methods.map((m) => method(file, m)),
    ...(stream && resubscribe && stream.paramsType ? [resumableStream(file, stream, resubscribe)] : []),
    ...(protocol.extendedCard.via === 'http' ? [extendedCardOverHttp(file, protocol.extendedCard.path, protocol.specUrl)] : []),
  ];
  const skills = ctx.agent.skills.map((s) => skillHelper(file, s, stream));
  file.add(
    tsDoc(`A typed client for agents that speak A2A ${protocol.name}: one method per JSON-RPC method of its schema.\n@see ${protocol.specUrl}`),
    `export class ${A2AClient} extends ${A2AClientBase} {\n`,
    ...members,
    tsDoc(
      `Typed calls to the skills of the manifest: the payload goes to that skill (\`metadata.skillId\`), the typed output comes back.${stream ? `\n\n\`skills.x.stream(…)\` sends the same payload with ${stream.name} and yields the task's events as they happen.` : ''}`,
      '  ',
    ),
    `  readonly skills = {\n${skills.join('')}  };\n`,
    `}\n\n`,
    `/** Exhaustiveness guard for the method map: every schema method has a client method. */\n`,
    `export type ${ClientMethodName} = ${file.importType(methodsExports.A2AMethodName)};\n\n`,
  );
  file
    .reexport([clientExports.A2AClientOptions, clientExports.DiscoveryOptions])
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
    .reexport([clientExports.CardSignatureError, clientExports.CardVerification])
    .reexport([clientExports.withExtensionMetadata, clientExports.messageExtensionMetadata, clientExports.artifactExtensionMetadata])
    .reexport([extensionMetadataTypes.ExtensionMetadata, extensionMetadataTypes.ExtensionArtifactMetadata])
    .reexport([clientExports.createPushReceiver, clientExports.PushReceiver, clientExports.PushReceiverOptions, clientExports.PushVerdict])
    .reexport([clientExports.CallOptions])
    .reexport([runtimeExports.createMessage, runtimeExports.dataPart, runtimeExports.filePart, runtimeExports.textPart])
    .reexportAll(GENERATED.errors);
  return [generatorFile(file.path, file.toString())];
}

/** `sendMessage(params, options)`: the method's own types, the call by its JSON-RPC name. */
function method(file: TsFile, m: MethodModel): string {
  const CallOptions = file.importType(clientExports.CallOptions);
  const params = m.paramsType ? file.importType(schemaType(m.paramsType)) : undefined;
  const result = file.importType(schemaType(m.resultType));
  const signature = params ? `params: ${params}, options?: ${CallOptions}` : `options?: ${CallOptions}`;
  const idempotent = IDEMPOTENT.has(m.role);
  const doc = tsDoc(
    `${m.description ?? m.name}${m.streaming ? '\n\nYields each event as the agent sends it; ends when the server closes the stream.' : ''}${idempotent ? '\n\nRetried on network errors and 502/503/504 (it changes nothing on the agent).' : ''}\n\nJSON-RPC method \`${m.name}\`.`,
    '  ',
  );
  const returns = m.streaming ? `AsyncIterable<${result}>` : `Promise<${result}>`;
  const call = m.streaming ? 'streamingCall' : 'unaryCall';
  const own = `${doc}  ${m.clientName}(${signature}): ${returns} {\n    return this.${call}(${tsString(m.name)}, ${params ? 'params' : 'undefined'}, options, ${idempotent});\n  }\n\n`;
  const alias = deprecatedClientName(m.name);
  if (!alias || alias === m.clientName) return own;
  const args = params ? 'params, options' : 'options';
  return `${own}  /** @deprecated The spec's name is ${m.clientName}(); this one stays for code written against it. */\n  ${alias}(${signature}): ${returns} {\n    return this.${m.clientName}(${args});\n  }\n\n`;
}

/** `sendMessageStreamResumable(…)`, where the version can resubscribe to a task. */
function resumableStream(file: TsFile, stream: MethodModel, resubscribe: MethodModel): string {
  const CallOptions = file.importType(clientExports.CallOptions);
  const ResumeOptions = file.importType(clientExports.ResumeOptions);
  const params = file.importType(schemaType(stream.paramsType!));
  const result = file.importType(schemaType(stream.resultType));
  return (
    tsDoc(
      `Like ${stream.clientName}(), but when the connection breaks before the task is final it reconnects with ${resubscribe.name} (the first event after a reconnection is the task as it stands).`,
      '  ',
    ) +
    `  ${stream.clientName}Resumable(params: ${params}, options: ${CallOptions} & ${ResumeOptions} = {}): AsyncIterable<${result}> {\n    return this.resumableStream(params, options);\n  }\n\n`
  );
}

/** v0.2.x serves the extended card over HTTP, not as a method: `getAuthenticatedExtendedCard()` fetches it. */
function extendedCardOverHttp(file: TsFile, path: string, specUrl: string): string {
  const CallOptions = file.importType(clientExports.CallOptions);
  const AgentCard = file.importType(schemaType('AgentCard'));
  return (
    tsDoc(`The authenticated extended card: HTTP GET \`{card.url}/../${path}\`, sent with the client's credentials.\n@see ${specUrl}`, '  ') +
    `  getAuthenticatedExtendedCard(options: ${CallOptions} = {}): Promise<${AgentCard}> {\n    return this.extendedCardOverHttp(options);\n  }\n\n`
  );
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
    `${about}${skill.output ? '\n\nResolves to the typed output; throws A2ATaskStateError when the task ends otherwise (asking for input, say).' : '\n\nResolves to the Task (completed, or waiting for input: continue it with `taskId`) or the reply Message; throws A2ATaskStateError when the task failed, was rejected or canceled.'}${stream ? `\n\n\`.stream(…)\`: the same call with ${stream.name}, yielding each event of the task.` : ''}`,
    '    ',
  );
  const id = tsString(skill.id);
  let call: string;
  if (skill.output) {
    const Output = file.importType(skillType(skill.names.output));
    const skillValidators = file.import(validatorsIndexExports.skillValidators);
    call = `(${arg}, options?: ${SkillCallOptions}): Promise<${Output}> =>\n      this.skillResult(${id}, ${payload}, options, ${skillValidators}[${id}].output)`;
  } else {
    const Task = file.importType(schemaType('Task'));
    const Message = file.importType(schemaType('Message'));
    call = `(${arg}, options?: ${SkillCallOptions}): Promise<${Task} | ${Message}> => this.skillSend(${id}, ${payload}, options)`;
  }
  if (!stream) return `${doc}    ${tsPropertyKey(skill.names.value)}: ${call},\n`;
  // A function with a `.stream` property: calling it stays as it was, streaming is one property away.
  const withStream = file.import(clientExports.withStream);
  const Event = file.importType(schemaType(stream.resultType));
  const streamCall = `(${arg}, options?: ${SkillCallOptions}): AsyncIterable<${Event}> => this.skillStream(${id}, ${payload}, options)`;
  const indent = (code: string): string => code.replace(/\n/g, '\n  ');
  return `${doc}    ${tsPropertyKey(skill.names.value)}: ${withStream}(\n      ${indent(call)},\n      ${streamCall},\n    ),\n`;
}
