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
import { WireShapeError, defined, nonEmpty, put } from './proto-json-v03-wire.js';
import { cardToWire } from './proto-json-v03-card.js';
import * as read from './proto-json-v03-read.js';
import type { Loose } from '../runtime/shapes.js';

export { WireShapeError } from './proto-json-v03-wire.js';

const ROLE_TO_WIRE: Record<string, string> = { user: 'ROLE_USER', agent: 'ROLE_AGENT' };
const STATE_TO_WIRE: Record<string, string> = Object.fromEntries(Object.entries(read.STATE_FROM_WIRE).map(([wire, state]) => [state, wire]));

const o = (v: unknown): Loose => (v ?? {}) as Loose;
const trueOnly = (v: unknown): true | undefined => (v === true ? true : undefined);

// ---- JSON-RPC → ProtoJSON (what we send) ----

// The writers below run for every answer and every stream event: each builds its object once,
// member by member (`put` leaves out what is unset), with no intermediate object to filter.

function partToWire(part: Loose, path: string): Loose {
  let out: Loose;
  if (part.kind === 'text') out = { text: part.text };
  else if (part.kind === 'data') out = { data: { data: part.data } };
  else if (part.kind === 'file') {
    const f = o(part.file);
    if ((f.bytes === undefined) === (f.uri === undefined)) throw new WireShapeError(`${path}/file`, 'a file needs exactly one of bytes, uri');
    const file: Loose = f.bytes !== undefined ? { fileWithBytes: f.bytes } : { fileWithUri: f.uri };
    put(file, 'mimeType', nonEmpty(f.mimeType as string));
    put(file, 'name', nonEmpty(f.name as string));
    out = { file };
  } else throw new WireShapeError(path, `a part of kind ${JSON.stringify(part.kind)} has no v0.3 proto form`);
  put(out, 'metadata', part.metadata);
  return out;
}

const partsToWire = (parts: unknown, path: string): Loose[] | undefined => listToWire(parts, (p, i) => partToWire(p, `${path}/${i}`));

function messageToWire(m: Loose, path = ''): Loose {
  const out: Loose = {};
  put(out, 'messageId', m.messageId);
  put(out, 'contextId', nonEmpty(m.contextId as string));
  put(out, 'taskId', nonEmpty(m.taskId as string));
  out.role = ROLE_TO_WIRE[m.role as string] ?? 'ROLE_UNSPECIFIED';
  put(out, 'content', partsToWire(m.parts, `${path}/parts`));
  put(out, 'metadata', m.metadata);
  put(out, 'extensions', nonEmpty(m.extensions as string[]));
  return out;
}

function statusToWire(s: Loose): Loose {
  const out: Loose = { state: STATE_TO_WIRE[s.state as string] ?? 'TASK_STATE_UNSPECIFIED' };
  if (s.message) out.message = messageToWire(o(s.message));
  put(out, 'timestamp', s.timestamp);
  return out;
}

function artifactToWire(a: Loose): Loose {
  const out: Loose = {};
  put(out, 'artifactId', a.artifactId);
  put(out, 'name', nonEmpty(a.name as string));
  put(out, 'description', nonEmpty(a.description as string));
  put(out, 'parts', partsToWire(a.parts, '/parts'));
  put(out, 'metadata', a.metadata);
  put(out, 'extensions', nonEmpty(a.extensions as string[]));
  return out;
}

/** A repeated field: undefined when empty (ProtoJSON writers omit it), else each item written. */
function listToWire(items: unknown, write: (item: Loose, index: number) => Loose): Loose[] | undefined {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const out: Loose[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) out[i] = write(items[i] as Loose, i);
  return out;
}

function taskToWire(t: Loose): Loose {
  const out: Loose = {};
  put(out, 'id', t.id);
  put(out, 'contextId', t.contextId);
  out.status = statusToWire(o(t.status));
  put(out, 'artifacts', listToWire(t.artifacts, artifactToWire));
  put(
    out,
    'history',
    listToWire(t.history, (m) => messageToWire(m)),
  );
  put(out, 'metadata', t.metadata);
  return out;
}

function statusUpdateToWire(e: Loose): Loose {
  const out: Loose = {};
  put(out, 'taskId', e.taskId);
  put(out, 'contextId', e.contextId);
  out.status = statusToWire(o(e.status));
  put(out, 'final', trueOnly(e.final));
  put(out, 'metadata', e.metadata);
  return out;
}

function artifactUpdateToWire(e: Loose): Loose {
  const out: Loose = {};
  put(out, 'taskId', e.taskId);
  put(out, 'contextId', e.contextId);
  out.artifact = artifactToWire(o(e.artifact));
  put(out, 'append', trueOnly(e.append));
  put(out, 'lastChunk', trueOnly(e.lastChunk));
  put(out, 'metadata', e.metadata);
  return out;
}

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
