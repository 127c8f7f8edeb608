// A2A v0.3.0's HTTP+JSON (REST) binding carries the ProtoJSON of the v0.3.0 a2a.proto, not the
// JSON-RPC objects: `content` instead of `parts`, parts told apart by member (`text`, `file`,
// `data: {data}`), `ROLE_*` and `TASK_STATE_*` enums, no `kind`, results wrapped (`{task}`,
// `{message}`, `{statusUpdate}`…) and push configs named `tasks/{id}/pushNotificationConfigs/{id}`.
// This module translates both ways, so the REST binding reuses the JSON-RPC object model:
// `toWire` writes what we send (trusted objects of ours), `fromWire` reads what we receive and
// throws WireShapeError on any shape it cannot read (proto-json-v03-read.ts). The agent card is in
// proto-json-v03-card.ts.
//
// Facts as implemented by the official JS SDK 0.3.14 (its generated a2a_types and its
// ToProto/FromProto) and the TCK 0.3.0.beta4 (tck/message_utils.py):
// - SendMessageRequest's message is JSON `message` (proto field `request`); TaskStatus's message is
//   JSON `message` (proto field `update`); SendMessageResponse/StreamResponse write `message`
//   (proto field `msg`) and read `message` or `msg`.
// - TaskState spells `TASK_STATE_CANCELLED` (v0.3 JSON-RPC: `canceled`); TASK_STATE_UNSPECIFIED is
//   `unknown`. The push config's `pushNotificationConfig` is `pushNotification` in the configuration.
// - Writers omit '', false, 0 and empty lists, so readers take an absent member as that default
//   (an absent `final` is false, an absent `artifacts` is none).
// Deliberate differences from the SDK (each one carries data the SDK drops):
// - FilePart `name` (v0.3.0 proto field 4, read by the TCK) and Part `metadata` (sent by the TCK)
//   are written and read; the SDK's generated types lack both.
// - `historyLength` of the send configuration, `append` of artifact updates and Artifact
//   `extensions` are kept; the SDK's FromProto drops them. Absent `extensions` and an absent
//   file `mimeType` stay absent where the SDK's FromProto writes `[]` and ''.
// - An absent `blocking` reads as an explicit `blocking: false` (proto3's default), since a
//   JSON-RPC handler may take an absent `blocking` for true.
// - JSON-RPC Message `referenceTaskIds` has no v0.3 proto field: it is not sent on REST.
import { WireShapeError, defined, nonEmpty } from './proto-json-v03-wire.js';
import { cardToWire } from './proto-json-v03-card.js';
import * as read from './proto-json-v03-read.js';

export { WireShapeError } from './proto-json-v03-wire.js';

type Loose = Record<string, unknown>;

const ROLE_TO_WIRE: Record<string, string> = { user: 'ROLE_USER', agent: 'ROLE_AGENT' };
const STATE_TO_WIRE: Record<string, string> = Object.fromEntries(Object.entries(read.STATE_FROM_WIRE).map(([wire, state]) => [state, wire]));

const o = (v: unknown): Loose => (v ?? {}) as Loose;
const trueOnly = (v: unknown): true | undefined => (v === true ? true : undefined);

// ---- JSON-RPC → ProtoJSON (what we send) ----

function partToWire(part: Loose, path: string): Loose {
  const meta = part.metadata;
  if (part.kind === 'text') return defined({ text: part.text, metadata: meta });
  if (part.kind === 'data') return defined({ data: { data: part.data }, metadata: meta });
  if (part.kind === 'file') {
    const f = o(part.file);
    if ((f.bytes === undefined) === (f.uri === undefined)) throw new WireShapeError(`${path}/file`, 'a file needs exactly one of bytes, uri');
    const content = f.bytes !== undefined ? { fileWithBytes: f.bytes } : { fileWithUri: f.uri };
    return defined({ file: defined({ ...content, mimeType: nonEmpty(f.mimeType as string), name: nonEmpty(f.name as string) }), metadata: meta });
  }
  throw new WireShapeError(path, `a part of kind ${JSON.stringify(part.kind)} has no v0.3 proto form`);
}

function messageToWire(m: Loose, path = ''): Loose {
  return defined({
    messageId: m.messageId,
    contextId: nonEmpty(m.contextId as string),
    taskId: nonEmpty(m.taskId as string),
    role: ROLE_TO_WIRE[m.role as string] ?? 'ROLE_UNSPECIFIED',
    content: nonEmpty(((m.parts ?? []) as Loose[]).map((p, i) => partToWire(p, `${path}/parts/${i}`))),
    metadata: m.metadata,
    extensions: nonEmpty(m.extensions as string[]),
  });
}

const statusToWire = (s: Loose): Loose =>
  defined({ state: STATE_TO_WIRE[s.state as string] ?? 'TASK_STATE_UNSPECIFIED', message: s.message && messageToWire(o(s.message)), timestamp: s.timestamp });

const artifactToWire = (a: Loose): Loose =>
  defined({
    artifactId: a.artifactId,
    name: nonEmpty(a.name as string),
    description: nonEmpty(a.description as string),
    parts: nonEmpty(((a.parts ?? []) as Loose[]).map((p, i) => partToWire(p, `/parts/${i}`))),
    metadata: a.metadata,
    extensions: nonEmpty(a.extensions as string[]),
  });

const taskToWire = (t: Loose): Loose =>
  defined({
    id: t.id,
    contextId: t.contextId,
    status: statusToWire(o(t.status)),
    artifacts: nonEmpty(((t.artifacts ?? []) as Loose[]).map(artifactToWire)),
    history: nonEmpty(((t.history ?? []) as Loose[]).map((m) => messageToWire(m))),
    metadata: t.metadata,
  });

const statusUpdateToWire = (e: Loose): Loose =>
  defined({ taskId: e.taskId, contextId: e.contextId, status: statusToWire(o(e.status)), final: trueOnly(e.final), metadata: e.metadata });

const artifactUpdateToWire = (e: Loose): Loose =>
  defined({
    taskId: e.taskId,
    contextId: e.contextId,
    artifact: artifactToWire(o(e.artifact)),
    append: trueOnly(e.append),
    lastChunk: trueOnly(e.lastChunk),
    metadata: e.metadata,
  });

function pushConfigToWire(c: Loose): Loose {
  const auth = c.authentication as Loose | undefined;
  return defined({
    id: nonEmpty(c.id as string),
    url: c.url,
    token: nonEmpty(c.token as string),
    authentication: auth && defined({ schemes: nonEmpty(auth.schemes as string[]), credentials: nonEmpty(auth.credentials as string) }),
  });
}

const taskPushConfigToWire = (c: Loose): Loose => {
  const config = o(c.pushNotificationConfig);
  return { name: `tasks/${c.taskId}/pushNotificationConfigs/${config.id ?? ''}`, pushNotificationConfig: pushConfigToWire(config) };
};

function sendParamsToWire(p: Loose): Loose {
  const c = p.configuration as Loose | undefined;
  const configuration =
    c &&
    defined({
      acceptedOutputModes: nonEmpty(c.acceptedOutputModes as string[]),
      pushNotification: c.pushNotificationConfig && pushConfigToWire(o(c.pushNotificationConfig)),
      historyLength: c.historyLength || undefined,
      blocking: trueOnly(c.blocking),
    });
  return defined({ message: messageToWire(o(p.message), '/message'), configuration, metadata: p.metadata });
}

/** One member per result kind: `kind` becomes the wrapper's member name. */
function resultToWire(r: Loose): Loose {
  switch (r.kind) {
    case 'task':
      return { task: taskToWire(r) };
    case 'message':
      return { message: messageToWire(r) };
    case 'status-update':
      return { statusUpdate: statusUpdateToWire(r) };
    case 'artifact-update':
      return { artifactUpdate: artifactUpdateToWire(r) };
  }
  throw new WireShapeError('/kind', `a result of kind ${JSON.stringify(r.kind)} has no v0.3 proto form`);
}

export const v03ProtoJson = {
  /** JSON-RPC objects → v0.3 ProtoJSON bodies. */
  toWire: {
    message: (m: Loose): Loose => messageToWire(m),
    task: taskToWire,
    statusUpdate: statusUpdateToWire,
    artifactUpdate: artifactUpdateToWire,
    /** MessageSendParams → SendMessageRequest (body of POST /v1/message:send and :stream). */
    sendMessageRequest: sendParamsToWire,
    /** Task | Message → SendMessageResponse. */
    sendMessageResponse: (r: Loose): Loose => resultToWire(r.kind === 'task' || r.kind === 'message' ? r : { kind: `${String(r.kind)} (not a send result)` }),
    /** Task | Message | status-update | artifact-update → StreamResponse (one SSE event). */
    streamResponse: resultToWire,
    taskPushNotificationConfig: taskPushConfigToWire,
    /** Body of POST /v1/tasks/{id}/pushNotificationConfigs as the SDK client sends it: the TaskPushNotificationConfig. */
    createTaskPushNotificationConfigRequest: taskPushConfigToWire,
    listTaskPushNotificationConfigResponse: (configs: readonly Loose[]): Loose => defined({ configs: nonEmpty(configs.map(taskPushConfigToWire)) }),
    agentCard: cardToWire,
  },
  /** v0.3 ProtoJSON bodies → JSON-RPC objects; throws WireShapeError. */
  fromWire: {
    message: read.body(read.messageFromWire),
    task: read.body(read.taskFromWire),
    statusUpdate: read.body(read.statusUpdateFromWire),
    artifactUpdate: read.body(read.artifactUpdateFromWire),
    /** SendMessageRequest → MessageSendParams. */
    sendMessageRequest: read.body(read.sendParamsFromWire),
    /** SendMessageResponse → Task | Message. */
    sendMessageResponse: read.body((w) => read.resultFromWire(w, ['task', 'message', 'msg'])),
    /** StreamResponse → Task | Message | status-update | artifact-update. */
    streamResponse: read.body((w) => read.resultFromWire(w, ['task', 'message', 'msg', 'statusUpdate', 'artifactUpdate'])),
    taskPushNotificationConfig: read.body((w) => read.taskPushConfigFromWire(w)),
    /** Body of POST /v1/tasks/{taskId}/pushNotificationConfigs, with the path's task id. */
    createTaskPushNotificationConfigRequest: read.createPushConfigFromWire,
    /** ListTaskPushNotificationConfigResponse → the configs. */
    listTaskPushNotificationConfigResponse: read.body((w) => w.list('configs', (c) => read.taskPushConfigFromWire(c))),
    agentCard: read.body(read.cardFromWire),
  },
} as const;
