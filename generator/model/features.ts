// The shapes that differ between A2A versions, read off the schema's structure (never off a
// version string): where ids live, which discriminator parts use, where a send's options sit.
// The generated runtime reads these facts from protocol.ts, so one code path serves v0.1 … v0.3.
import { isPlainObject, type JsonSchema } from '../json-schema.js';
import type { MethodModel } from './methods.js';

export interface ProtocolFeatures {
  /** Property that tells Part variants apart: `type` (v0.1.0) or `kind`. */
  partDiscriminator: string;
  /** Values of the `kind` property on result objects, where the schema has one. */
  kinds: { task?: string; message?: string; statusUpdate?: string; artifactUpdate?: string };
  /** Part discriminator values: text / file / data. */
  partKinds: { text: string; file: string; data: string };
  /** v0.1.0: the client chooses the task id (`params.id` is required on send). */
  clientTaskIds: boolean;
  /** Task field grouping related tasks: `contextId`, `sessionId` (v0.1.0), or none. */
  contextField?: string;
  /** Message carries `messageId`. */
  messageIds: boolean;
  /** Message carries `taskId`/`contextId` to continue a task (v0.2+). */
  messageRefersToTask: boolean;
  /** Field naming the task on status/artifact update events: `taskId`, or `id` (v0.1.0). */
  eventTaskIdField: string;
  /** Events carry the context id too. */
  eventContextField?: string;
  /** Artifacts carry `artifactId` (v0.2+); v0.1.0 numbers them with `index`. */
  artifactIds: boolean;
  /** Where `append`/`lastChunk` live: on the update event (v0.2+) or the artifact (v0.1.0). */
  artifactChunkFlagsOn: 'event' | 'artifact';
  /** Paths of the send options inside the send params. */
  send: {
    historyLength?: string[];
    blocking?: string[];
    pushNotificationConfig?: string[];
    acceptedOutputModes?: string[];
    /** v0.1.0 send params carry the task's session id. */
    contextId?: string[];
  };
  /** Field naming the task inside a TaskPushNotificationConfig: `taskId`, or `id` (v0.1.0). */
  pushConfigTaskIdField: string;
  /** PushNotificationConfig has its own `id`: several configs per task (v0.2.5+). */
  pushConfigIds: boolean;
  /** The AgentCard can advertise an authenticated extended card. */
  cardAdvertisesExtendedCard: boolean;
  /** TaskState values whose tasks are finished for good. */
  terminalStates: string[];
  /** TaskState values where the agent waits for the client. */
  interruptedStates: string[];
  /** All TaskState values, in schema order. */
  taskStates: string[];
}

const props = (d: JsonSchema | undefined): Record<string, JsonSchema> => (isPlainObject(d?.properties) ? d!.properties! : {});
const constOf = (d: JsonSchema | undefined, key: string): string | undefined => {
  const c = props(d)[key]?.const;
  return typeof c === 'string' ? c : undefined;
};

/** Follows `$ref`s to a definition. */
function deref(defs: Record<string, JsonSchema>, s: JsonSchema | undefined): JsonSchema | undefined {
  let cur = s;
  for (let i = 0; i < 16 && typeof cur?.$ref === 'string'; i++) cur = defs[cur.$ref.replace('#/definitions/', '')];
  return cur;
}

/** Finds the path of a property inside params, looking one level into nested objects. */
function findPath(defs: Record<string, JsonSchema>, params: JsonSchema | undefined, key: string): string[] | undefined {
  const top = props(deref(defs, params));
  if (key in top) return [key];
  for (const [name, sub] of Object.entries(top)) if (key in props(deref(defs, sub))) return [name, key];
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
    clientTaskIds: (deref(defs, sendParams)?.required ?? []).includes('id'),
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
