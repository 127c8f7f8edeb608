// The shapes that differ between A2A versions, read off the schema's structure (never off a
// version string): where ids live, which discriminator parts use, where a send's options sit.
// The generated runtime reads these facts from protocol.ts, so one code path serves v0.1 … v0.3.
import { definitionName, followRefs, isPlainObject, type JsonSchema } from '../json-schema.js';
import type { ProtocolFeatures } from '../../templates/a2a/runtime/protocol-types.js';
import type { MethodModel } from './methods.js';

// The shape is the runtime's contract (protocol-types.ts); this module fills it from the schema.
export type { ProtocolFeatures };

const props = (d: JsonSchema | undefined): Record<string, JsonSchema> => (isPlainObject(d?.properties) ? d!.properties! : {});
const constOf = (d: JsonSchema | undefined, key: string): string | undefined => {
  const c = props(d)[key]?.const;
  return typeof c === 'string' ? c : undefined;
};

/** Finds the path of a property inside params, looking one level into nested objects. */
function findPath(defs: Record<string, JsonSchema>, params: JsonSchema | undefined, key: string): string[] | undefined {
  const top = props(followRefs(defs, params));
  if (key in top) return [key];
  for (const [name, sub] of Object.entries(top)) if (key in props(followRefs(defs, sub))) return [name, key];
  return undefined;
}

/** The definition carrying each `kind` constant of ProtocolFeatures.kinds. */
export const KIND_HOLDERS = { task: 'Task', message: 'Message', statusUpdate: 'TaskStatusUpdateEvent', artifactUpdate: 'TaskArtifactUpdateEvent' } as const;

/** Everything but `typedErrorDetails`, which is a fact of the spec text (versions.ts). */
export function deriveFeatures(defs: Record<string, JsonSchema>, methods: MethodModel[]): Omit<ProtocolFeatures, 'typedErrorDetails'> {
  const textPart = defs.TextPart;
  const partMembers = unifiedPart(defs.Part);
  const partDiscriminator = partMembers ? '' : (Object.keys(props(textPart)).find((k) => constOf(textPart, k) === 'text') ?? 'kind');
  const send = methods.find((m) => m.role === 'send');
  const sendParams = send?.paramsType ? defs[send.paramsType] : undefined;
  const statusEvent = defs.TaskStatusUpdateEvent;
  const artifact = defs.Artifact;
  const states = enumValues(defs, defs.TaskState);
  const stateOf = (name: string): string | undefined => states.find((s) => canonicalState(s) === name);
  const path = (key: string): string[] | undefined => findPath(defs, sendParams, key);
  const pushConfig = defs.TaskPushNotificationConfig;
  const flatPushConfig = 'url' in props(pushConfig);
  const pushGet = methods.find((m) => m.role === 'pushGet');
  const pushGetParams = props(followRefs(defs, pushGet?.paramsType ? defs[pushGet.paramsType] : undefined));
  const pushList = methods.find((m) => m.role === 'pushList');
  const pushDelete = methods.find((m) => m.role === 'pushDelete');
  const roles = enumValues(defs, props(defs.Message).role);
  return {
    partDiscriminator,
    kinds: {
      task: constOf(defs[KIND_HOLDERS.task], 'kind'),
      message: constOf(defs[KIND_HOLDERS.message], 'kind'),
      statusUpdate: constOf(defs[KIND_HOLDERS.statusUpdate], 'kind'),
      artifactUpdate: constOf(defs[KIND_HOLDERS.artifactUpdate], 'kind'),
    },
    partKinds: {
      text: constOf(defs.TextPart, partDiscriminator) ?? 'text',
      file: constOf(defs.FilePart, partDiscriminator) ?? 'file',
      data: constOf(defs.DataPart, partDiscriminator) ?? 'data',
    },
    ...(partMembers ? { partMembers } : {}),
    states: {
      submitted: stateOf('submitted') ?? 'submitted',
      working: stateOf('working') ?? 'working',
      completed: stateOf('completed') ?? 'completed',
      failed: stateOf('failed') ?? 'failed',
      canceled: stateOf('canceled') ?? 'canceled',
      rejected: stateOf('rejected') ?? 'rejected',
      inputRequired: stateOf('input-required') ?? 'input-required',
      authRequired: stateOf('auth-required') ?? 'auth-required',
    },
    roles: {
      user: roles.find((r) => /(^|_)user$/i.test(r)) ?? 'user',
      agent: roles.find((r) => /(^|_)agent$/i.test(r)) ?? 'agent',
    },
    statusUpdateFinal: 'final' in props(statusEvent),
    ...resultMembersOf(defs, methods),
    directReplies: resultMayBe(defs, send, 'Message'),
    streamCarriesTask: resultMayBe(
      defs,
      methods.find((m) => m.role === 'stream'),
      'Task',
    ),
    clientTaskIds: (followRefs(defs, sendParams)?.required ?? []).includes('id'),
    contextField: ['contextId', 'sessionId'].find((f) => f in props(defs.Task)),
    messageIds: 'messageId' in props(defs.Message),
    messageRefersToTask: 'taskId' in props(defs.Message),
    eventTaskIdField: 'taskId' in props(statusEvent) ? 'taskId' : 'id',
    eventContextField: ['contextId', 'sessionId'].find((f) => f in props(statusEvent)),
    artifactIds: 'artifactId' in props(artifact),
    artifactChunkFlagsOn: 'lastChunk' in props(artifact) ? 'artifact' : 'event',
    send: {
      historyLength: path('historyLength'),
      blocking: path('blocking'),
      returnImmediately: path('returnImmediately'),
      pushNotificationConfig: path('pushNotificationConfig') ?? path('taskPushNotificationConfig') ?? path('pushNotification'),
      acceptedOutputModes: path('acceptedOutputModes'),
      contextId: path('sessionId'),
    },
    pushConfigTaskIdField: 'taskId' in props(pushConfig) ? 'taskId' : 'id',
    pushConfigIds: 'id' in props(flatPushConfig ? pushConfig : defs.PushNotificationConfig),
    pushMethods: {
      configField: flatPushConfig ? undefined : (Object.keys(props(pushConfig)).find((k) => /^pushNotification(Config)?$/.test(k)) ?? 'pushNotificationConfig'),
      taskParam: 'taskId' in pushGetParams ? 'taskId' : 'id',
      configIdParam: 'pushNotificationConfigId' in pushGetParams ? 'pushNotificationConfigId' : 'taskId' in pushGetParams ? 'id' : 'pushNotificationConfigId',
      listMember: arrayMemberOf(defs, pushList ? defs[pushList.resultType] : undefined),
      deleteAnswersObject: followRefs(defs, pushDelete ? defs[pushDelete.resultType] : undefined)?.type === 'object',
    },
    cardAdvertisesExtendedCard: 'supportsAuthenticatedExtendedCard' in props(defs.AgentCard) || 'extendedAgentCard' in props(defs.AgentCapabilities),
    // @see spec v0.3.0 §6.3 (v1.0 §4.1.3): completed, canceled, failed and rejected end a task;
    // input-required and auth-required pause it. States the spec adds later are treated as "still working".
    terminalStates: states.filter((s) => ['completed', 'canceled', 'failed', 'rejected'].includes(canonicalState(s))),
    interruptedStates: states.filter((s) => ['input-required', 'auth-required'].includes(canonicalState(s))),
    taskStates: states,
  };
}

/**
 * A state's version-independent name: v1.0's `TASK_STATE_INPUT_REQUIRED` and v0.x's
 * `input-required` are both `input-required`. (`TASK_STATE_UNSPECIFIED` becomes `unspecified`,
 * which no rule names.)
 */
export function canonicalState(value: string): string {
  return value
    .replace(/^TASK_STATE_/, '')
    .toLowerCase()
    .replace(/_/g, '-');
}

function enumValues(defs: Record<string, JsonSchema>, schema: JsonSchema | undefined): string[] {
  return (followRefs(defs, schema)?.enum ?? []).filter((s): s is string => typeof s === 'string');
}

/** v1.0's unified Part: no discriminator, the content is whichever of these members is set. */
function unifiedPart(part: JsonSchema | undefined): ProtocolFeatures['partMembers'] {
  const p = props(part);
  if (!('text' in p && 'data' in p && 'url' in p && 'raw' in p) || Object.keys(p).some((k) => constOf(part, k) !== undefined)) return undefined;
  return { text: 'text', data: 'data', url: 'url', raw: 'raw' };
}

/** The members of the stream's result that wrap each kind of event, when results are wrapped (v1.0). */
function resultMembersOf(defs: Record<string, JsonSchema>, methods: MethodModel[]): Pick<ProtocolFeatures, 'resultMembers'> {
  const stream = methods.find((m) => m.role === 'stream');
  const result = props(stream ? defs[stream.resultType] : undefined);
  const memberFor = (definition: string): string | undefined =>
    Object.keys(result).find((k) => typeof result[k].$ref === 'string' && definitionName(result[k].$ref as string) === definition);
  const task = memberFor('Task');
  const message = memberFor('Message');
  const statusUpdate = memberFor('TaskStatusUpdateEvent');
  const artifactUpdate = memberFor('TaskArtifactUpdateEvent');
  if (!task || !message || !statusUpdate || !artifactUpdate) return {};
  return { resultMembers: { task, message, statusUpdate, artifactUpdate } };
}

/** The method's result may be this definition: a union with its branch (v0.2+), or a member holding it (v1.0). */
function resultMayBe(defs: Record<string, JsonSchema>, method: MethodModel | undefined, definition: string): boolean {
  const result = followRefs(defs, method ? defs[method.resultType] : undefined);
  const refs = [...(result?.anyOf ?? []), ...(result?.oneOf ?? []), ...Object.values(props(result))];
  return refs.some((r) => typeof r.$ref === 'string' && definitionName(r.$ref) === definition);
}

/** The one array member of a result object (`configs` of a list response), if it is an object holding one. */
function arrayMemberOf(defs: Record<string, JsonSchema>, schema: JsonSchema | undefined): string | undefined {
  const target = followRefs(defs, schema);
  if (!target || target.type === 'array') return undefined;
  const arrays = Object.entries(props(target)).filter(([, s]) => s.type === 'array');
  return arrays.length === 1 ? arrays[0][0] : undefined;
}
