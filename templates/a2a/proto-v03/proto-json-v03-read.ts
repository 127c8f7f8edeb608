// Reading the v0.3.0 REST binding's ProtoJSON bodies into JSON-RPC objects (the `fromWire` half
// of proto-json-v03.ts, which documents the facts and the deliberate differences from the SDK).
// Everything here reads through WireObject, so a body of the wrong shape ends in a WireShapeError
// with the path of the offending member; an absent member is its proto3 default.
import { WireObject, WireShapeError, defined, nonEmpty, put } from './proto-json-v03-wire.js';
import { cardFromWire } from './proto-json-v03-card.js';
import type { Loose } from '../runtime/shapes.js';

const ROLES = ['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT'] as const;
const STATES = [
  'TASK_STATE_UNSPECIFIED',
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELLED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;
export const STATE_FROM_WIRE: Record<string, string> = {
  TASK_STATE_UNSPECIFIED: 'unknown',
  TASK_STATE_SUBMITTED: 'submitted',
  TASK_STATE_WORKING: 'working',
  TASK_STATE_COMPLETED: 'completed',
  TASK_STATE_FAILED: 'failed',
  TASK_STATE_CANCELLED: 'canceled',
  TASK_STATE_INPUT_REQUIRED: 'input-required',
  TASK_STATE_REJECTED: 'rejected',
  TASK_STATE_AUTH_REQUIRED: 'auth-required',
};

const PUSH_NAME = /^tasks\/([^/]+)(?:\/pushNotificationConfigs\/([^/]*))?$/;

function partFromWire(w: WireObject): Loose {
  const member = w.oneof(['text', 'file', 'data'] as const);
  const metadata = w.struct('metadata');
  if (member === 'text') {
    const part: Loose = { kind: 'text', text: w.str('text') };
    put(part, 'metadata', metadata);
    return part;
  }
  if (member === 'data') {
    const part: Loose = { kind: 'data', data: w.obj('data')!.struct('data') ?? {} };
    put(part, 'metadata', metadata);
    return part;
  }
  if (member === 'file') {
    const f = w.obj('file')!;
    const content = f.oneof(['fileWithUri', 'fileWithBytes'] as const);
    if (!content) throw new WireShapeError(f.path, 'a file needs fileWithUri or fileWithBytes');
    const file = content === 'fileWithUri' ? { uri: f.str('fileWithUri') } : { bytes: f.bytes('fileWithBytes') };
    return defined({ kind: 'file', file: defined({ ...file, mimeType: nonEmpty(f.str('mimeType')), name: nonEmpty(f.str('name')) }), metadata });
  }
  throw new WireShapeError(w.path, 'a part needs one of text, file, data');
}

export function messageFromWire(w: WireObject): Loose {
  const role = w.enumOf('role', ROLES);
  if (role === undefined || role === 'ROLE_UNSPECIFIED') throw new WireShapeError(`${w.path}/role`, 'a message needs role ROLE_USER or ROLE_AGENT');
  // Built member by member, with nothing to filter afterwards: this runs for every message a client sends.
  const message: Loose = { kind: 'message', messageId: w.str('messageId') ?? '' };
  put(message, 'contextId', nonEmpty(w.str('contextId')));
  put(message, 'taskId', nonEmpty(w.str('taskId')));
  message.role = role === 'ROLE_USER' ? 'user' : 'agent';
  message.parts = w.list('content', partFromWire);
  put(message, 'metadata', w.struct('metadata'));
  put(message, 'extensions', nonEmpty(w.strings('extensions')));
  return message;
}

const statusFromWire = (w: WireObject | undefined): Loose =>
  w
    ? defined({
        state: STATE_FROM_WIRE[w.enumOf('state', STATES) ?? 'TASK_STATE_UNSPECIFIED'],
        message: mapOpt(w.obj('message') ?? w.obj('update'), messageFromWire),
        timestamp: w.str('timestamp'),
      })
    : { state: 'unknown' };

const mapOpt = <T>(w: WireObject | undefined, read: (w: WireObject) => T): T | undefined => (w ? read(w) : undefined);

const artifactFromWire = (w: WireObject): Loose =>
  defined({
    artifactId: w.str('artifactId') ?? '',
    name: nonEmpty(w.str('name')),
    description: nonEmpty(w.str('description')),
    parts: w.list('parts', partFromWire),
    metadata: w.struct('metadata'),
    extensions: nonEmpty(w.strings('extensions')),
  });

export const taskFromWire = (w: WireObject): Loose =>
  defined({
    kind: 'task',
    id: w.str('id') ?? '',
    contextId: w.str('contextId') ?? '',
    status: statusFromWire(w.obj('status')),
    artifacts: nonEmpty(w.list('artifacts', artifactFromWire)),
    history: nonEmpty(w.list('history', messageFromWire)),
    metadata: w.struct('metadata'),
  });

export const statusUpdateFromWire = (w: WireObject): Loose =>
  defined({
    kind: 'status-update',
    taskId: w.str('taskId') ?? '',
    contextId: w.str('contextId') ?? '',
    status: statusFromWire(w.obj('status')),
    final: w.bool('final') ?? false,
    metadata: w.struct('metadata'),
  });

export const artifactUpdateFromWire = (w: WireObject): Loose => {
  const artifact = w.obj('artifact');
  if (!artifact) throw new WireShapeError(`${w.path}/artifact`, 'an artifact update needs its artifact');
  return defined({
    kind: 'artifact-update',
    taskId: w.str('taskId') ?? '',
    contextId: w.str('contextId') ?? '',
    artifact: artifactFromWire(artifact),
    append: w.bool('append') || undefined,
    lastChunk: w.bool('lastChunk') || undefined,
    metadata: w.struct('metadata'),
  });
};

function pushConfigFromWire(w: WireObject): Loose {
  const auth = w.obj('authentication');
  return defined({
    id: nonEmpty(w.str('id')),
    url: w.str('url') ?? '',
    token: nonEmpty(w.str('token')),
    authentication: auth && defined({ schemes: auth.strings('schemes'), credentials: nonEmpty(auth.str('credentials')) }),
  });
}

/** `{name: tasks/{taskId}/pushNotificationConfigs/{id}, pushNotificationConfig}`; the name's config id stands in for an absent `id`. */
export function taskPushConfigFromWire(w: WireObject, taskIdFromPath?: string): Loose {
  const name = w.str('name');
  const match = name === undefined ? undefined : PUSH_NAME.exec(name);
  if (name !== undefined && !match) throw new WireShapeError(`${w.path}/${w.key('name')}`, 'expected tasks/{taskId}/pushNotificationConfigs/{configId}');
  const taskId = taskIdFromPath ?? match?.[1];
  if (taskId === undefined) throw new WireShapeError(`${w.path}/name`, 'the config does not name its task');
  if (taskIdFromPath !== undefined && match && match[1] !== taskIdFromPath)
    throw new WireShapeError(`${w.path}/${w.key('name')}`, `names task ${match[1]}, the path names ${taskIdFromPath}`);
  const inner = w.obj('pushNotificationConfig');
  if (!inner) throw new WireShapeError(`${w.path}/pushNotificationConfig`, 'missing');
  const config = pushConfigFromWire(inner);
  if (config.id === undefined && match?.[2]) config.id = match[2];
  return { taskId, pushNotificationConfig: config };
}

export function sendParamsFromWire(w: WireObject): Loose {
  const message = w.obj('message') ?? w.obj('request');
  if (!message) throw new WireShapeError('/message', 'a SendMessageRequest needs its message');
  const c = w.obj('configuration');
  const configuration =
    c &&
    defined({
      acceptedOutputModes: nonEmpty(c.strings('acceptedOutputModes')),
      pushNotificationConfig: mapOpt(c.obj('pushNotification'), pushConfigFromWire),
      historyLength: c.int('historyLength') || undefined,
      // Explicit: proto3's absent bool is false (do not block), while a JSON-RPC server may read an absent `blocking` as true.
      blocking: c.bool('blocking') ?? false,
    });
  return defined({ message: messageFromWire(message), configuration, metadata: w.struct('metadata') });
}

export function resultFromWire(w: WireObject, members: readonly ('task' | 'message' | 'msg' | 'statusUpdate' | 'artifactUpdate')[]): Loose {
  const member = w.oneof(members);
  if (member === 'task') return taskFromWire(w.obj('task')!);
  if (member === 'message' || member === 'msg') return messageFromWire(w.obj(member)!);
  if (member === 'statusUpdate') return statusUpdateFromWire(w.obj('statusUpdate')!);
  if (member === 'artifactUpdate') return artifactUpdateFromWire(w.obj('artifactUpdate')!);
  throw new WireShapeError(w.path, `expected one of ${members.join(', ')}`);
}

/** A reader of one whole body: the body itself must be a JSON object. */
export const body =
  <T>(read: (w: WireObject) => T) =>
  (json: unknown): T =>
    read(WireObject.of(json, ''));

/**
 * Body of POST /v1/tasks/{taskId}/pushNotificationConfigs. The SDK 0.3.14 client sends the
 * TaskPushNotificationConfig itself; its server reads a CreateTaskPushNotificationConfigRequest
 * (`{parent, configId, config}`). Both are accepted; the task id comes from the path.
 */
export function createPushConfigFromWire(json: unknown, taskId: string): Loose {
  const w = WireObject.of(json, '');
  const config = w.obj('config');
  const result = taskPushConfigFromWire(config ?? w, taskId);
  const configId = config && w.str('configId');
  const inner = result.pushNotificationConfig as Loose;
  if (configId && inner.id === undefined) inner.id = configId;
  return result;
}

export { cardFromWire };
