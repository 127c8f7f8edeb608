// The shapes that differ between A2A versions, read off the schema's structure (never off a
// version string): where ids live, which discriminator parts use, where a send's options sit.
// The generated runtime reads these facts from protocol.ts, so one code path serves v0.1 … v0.3.
import { followRefs, isPlainObject, type JsonSchema } from '../json-schema.js';
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

export function deriveFeatures(defs: Record<string, JsonSchema>, methods: MethodModel[]): ProtocolFeatures {
  const textPart = defs.TextPart;
  const partDiscriminator = Object.keys(props(textPart)).find((k) => constOf(textPart, k) === 'text') ?? 'kind';
  const send = methods.find((m) => m.role === 'send');
  const sendParams = send?.paramsType ? defs[send.paramsType] : undefined;
  const statusEvent = defs.TaskStatusUpdateEvent;
  const artifact = defs.Artifact;
  const states = defs.TaskState?.enum?.filter((s): s is string => typeof s === 'string') ?? [];
  const path = (key: string): string[] | undefined => findPath(defs, sendParams, key);
  return {
    partDiscriminator,
    kinds: {
      task: constOf(defs.Task, 'kind'),
      message: constOf(defs.Message, 'kind'),
      statusUpdate: constOf(statusEvent, 'kind'),
      artifactUpdate: constOf(defs.TaskArtifactUpdateEvent, 'kind'),
    },
    partKinds: {
      text: constOf(defs.TextPart, partDiscriminator) ?? 'text',
      file: constOf(defs.FilePart, partDiscriminator) ?? 'file',
      data: constOf(defs.DataPart, partDiscriminator) ?? 'data',
    },
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
      pushNotificationConfig: path('pushNotificationConfig') ?? path('pushNotification'),
      acceptedOutputModes: path('acceptedOutputModes'),
      contextId: path('sessionId'),
    },
    pushConfigTaskIdField: 'taskId' in props(defs.TaskPushNotificationConfig) ? 'taskId' : 'id',
    pushConfigIds: 'id' in props(defs.PushNotificationConfig),
    cardAdvertisesExtendedCard: 'supportsAuthenticatedExtendedCard' in props(defs.AgentCard),
    // @see spec v0.3.0 §6.3: completed, canceled, failed and rejected end a task; input-required and
    // auth-required pause it. States the spec adds later are treated as "still working".
    terminalStates: states.filter((s) => ['completed', 'canceled', 'failed', 'rejected'].includes(s)),
    interruptedStates: states.filter((s) => ['input-required', 'auth-required'].includes(s)),
    taskStates: states,
  };
}
