// The protocol objects of A2A v0.3.0 (JSON-RPC: `kind`, kebab-case states, `file: {...}` parts)
// and of v1.0 (ProtoJSON: parts told apart by member, `TASK_STATE_*`, `ROLE_*`, wrapped results),
// translated one into the other. compat-v03.ts builds the methods, the card and the errors on
// these and documents every case that does not translate; each such case here goes through
// `lossy`, which throws when translating a request (strict) and degrades as documented otherwise.
// Shapes are the validators' business: wrong types pass through, but nothing here throws a
// TypeError (every member read goes through `o`/`list`).
import { WireShapeError, defined } from '../proto-v03/proto-json-v03-wire.js';
import { isObject, type Loose } from '../runtime/shapes.js';

/** How to meet what the other version cannot say: strict for requests (throw), lenient for answers (degrade). */
export interface Mode {
  readonly strict: boolean;
}
export const STRICT: Mode = { strict: true };
export const LENIENT: Mode = { strict: false };

export function lossy<T>(mode: Mode, path: string, message: string, degraded: T): T {
  if (mode.strict) throw new WireShapeError(path, message);
  return degraded;
}

export const o = (v: unknown): Loose => (isObject(v) ? v : {});
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const present = <T>(items: (T | undefined)[]): T[] => items.filter((x): x is T => x !== undefined);
const when = <T>(v: unknown, f: (x: Loose) => T): T | undefined => (v === undefined || v === null ? undefined : f(o(v)));

export const STATE_TO_V1: Record<string, string> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  completed: 'TASK_STATE_COMPLETED',
  failed: 'TASK_STATE_FAILED',
  canceled: 'TASK_STATE_CANCELED',
  rejected: 'TASK_STATE_REJECTED',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
  unknown: 'TASK_STATE_UNSPECIFIED',
};
export const STATE_TO_V03: Record<string, string> = Object.fromEntries(Object.entries(STATE_TO_V1).map(([v03, v1]) => [v1, v03]));
/** v0.3's `final`: the stream ends at a terminal state or an interrupted one (the client must act). */
export const FINAL_STATES: ReadonlySet<string> = new Set(['completed', 'canceled', 'failed', 'rejected', 'input-required', 'auth-required']);
const ROLE_TO_V1: Record<string, string> = { user: 'ROLE_USER', agent: 'ROLE_AGENT' };
const ROLE_TO_V03: Record<string, string> = { ROLE_USER: 'user', ROLE_AGENT: 'agent' };

// ---- parts ----

/** Part metadata flag of a v1.0 data part whose value was not an object, wrapped as `{value}` for v0.3. */
export const DATA_PART_COMPAT = 'data_part_compat';

function partToV03(p: Loose, path: string, mode: Mode): Loose | undefined {
  // `data` is a google.protobuf.Value: JSON null is a value there (NULL_VALUE), elsewhere "not set".
  const members = (['text', 'raw', 'url', 'data'] as const).filter((m) => (m === 'data' ? m in p && p[m] !== undefined : p[m] !== undefined && p[m] !== null));
  if (members.length !== 1)
    return lossy(
      mode,
      path,
      members.length ? `only one of text, raw, url, data may be set, got ${members.join(' and ')}` : 'a part needs one of text, raw, url, data',
      undefined,
    );
  const member = members[0];
  const meta = p.metadata;
  if (member === 'raw' || member === 'url') {
    const content = member === 'raw' ? { bytes: p.raw } : { uri: p.url };
    return defined({ kind: 'file', file: defined({ ...content, mimeType: p.mediaType, name: p.filename }), metadata: meta });
  }
  if (p.filename !== undefined || p.mediaType !== undefined) {
    lossy(mode, path, `a v0.3 ${member} part has no filename or media type`, undefined);
  }
  if (member === 'text') return defined({ kind: 'text', text: p.text, metadata: meta });
  if (isObject(p.data)) return defined({ kind: 'data', data: p.data, metadata: meta });
  lossy(mode, `${path}/data`, 'v0.3 data parts carry a JSON object only', undefined);
  // The official JS SDK 1.3.0's convention: wrapped as {value} and flagged, so that partToV1 unwraps it.
  return { kind: 'data', data: { value: p.data }, metadata: { ...o(meta), [DATA_PART_COMPAT]: true } };
}

function partToV1(p: Loose, path: string, mode: Mode): Loose | undefined {
  const meta = p.metadata;
  switch (p.kind) {
    case 'text':
      return defined({ text: p.text, metadata: meta });
    case 'data': {
      const flagged = isObject(meta) && meta[DATA_PART_COMPAT] === true && isObject(p.data) && 'value' in p.data;
      if (!flagged) return defined({ data: p.data, metadata: meta });
      const { [DATA_PART_COMPAT]: _flag, ...rest } = o(meta);
      return defined({ data: o(p.data).value, metadata: Object.keys(rest).length ? rest : undefined });
    }
    case 'file': {
      const f = o(p.file);
      const has = (k: string) => f[k] !== undefined && f[k] !== null;
      if (has('bytes') === has('uri')) return lossy(mode, `${path}/file`, 'a file needs exactly one of bytes, uri', undefined);
      const content = has('bytes') ? { raw: f.bytes } : { url: f.uri };
      return defined({ ...content, filename: f.name, mediaType: f.mimeType, metadata: meta });
    }
  }
  return lossy(mode, `${path}/kind`, `a part of kind ${JSON.stringify(p.kind)} has no v1.0 form`, undefined);
}

// ---- messages, tasks, artifacts ----

export function messageToV03(m: Loose, path: string, mode: Mode): Loose {
  const role = ROLE_TO_V03[m.role as string] ?? lossy(mode, `${path}/role`, `role ${JSON.stringify(m.role)} has no v0.3 form`, 'agent');
  return defined({
    kind: 'message',
    messageId: m.messageId,
    contextId: m.contextId,
    taskId: m.taskId,
    role,
    parts: present(list(m.parts).map((p, i) => partToV03(o(p), `${path}/parts/${i}`, mode))),
    metadata: m.metadata,
    extensions: m.extensions,
    referenceTaskIds: m.referenceTaskIds,
  });
}

export function messageToV1(m: Loose, path: string, mode: Mode): Loose {
  const role = ROLE_TO_V1[m.role as string] ?? lossy(mode, `${path}/role`, `role ${JSON.stringify(m.role)} has no v1.0 form`, 'ROLE_UNSPECIFIED');
  return defined({
    messageId: m.messageId,
    contextId: m.contextId,
    taskId: m.taskId,
    role,
    parts: present(list(m.parts).map((p, i) => partToV1(o(p), `${path}/parts/${i}`, mode))),
    metadata: m.metadata,
    extensions: m.extensions,
    referenceTaskIds: m.referenceTaskIds,
  });
}

const stateToV03 = (state: unknown, path: string, mode: Mode): string =>
  STATE_TO_V03[(state ?? 'TASK_STATE_UNSPECIFIED') as string] ?? lossy(mode, path, `state ${JSON.stringify(state)} has no v0.3 form`, 'unknown');
const stateToV1 = (state: unknown, path: string, mode: Mode): string =>
  STATE_TO_V1[state as string] ?? lossy(mode, path, `state ${JSON.stringify(state)} has no v1.0 form`, 'TASK_STATE_UNSPECIFIED');

export const statusToV03 = (s: Loose, path: string, mode: Mode): Loose =>
  defined({
    state: stateToV03(s.state, `${path}/state`, mode),
    message: when(s.message, (m) => messageToV03(m, `${path}/message`, mode)),
    timestamp: s.timestamp,
  });
export const statusToV1 = (s: Loose, path: string, mode: Mode): Loose =>
  defined({
    state: stateToV1(s.state, `${path}/state`, mode),
    message: when(s.message, (m) => messageToV1(m, `${path}/message`, mode)),
    timestamp: s.timestamp,
  });

const artifactWith =
  (part: typeof partToV1) =>
  (a: Loose, path: string, mode: Mode): Loose =>
    defined({
      artifactId: a.artifactId,
      name: a.name,
      description: a.description,
      parts: present(list(a.parts).map((p, i) => part(o(p), `${path}/parts/${i}`, mode))),
      metadata: a.metadata,
      extensions: a.extensions,
    });
export const artifactToV03 = artifactWith(partToV03);
export const artifactToV1 = artifactWith(partToV1);

export const taskToV03 = (t: Loose, path: string, mode: Mode): Loose =>
  defined({
    kind: 'task',
    id: t.id,
    // v1.0 lets a task go without a context; v0.3 requires the member.
    contextId: t.contextId ?? '',
    status: statusToV03(o(t.status), `${path}/status`, mode),
    artifacts: when(t.artifacts, () => list(t.artifacts).map((a, i) => artifactToV03(o(a), `${path}/artifacts/${i}`, mode))),
    history: when(t.history, () => list(t.history).map((m, i) => messageToV03(o(m), `${path}/history/${i}`, mode))),
    metadata: t.metadata,
  });

export const taskToV1 = (t: Loose, path: string, mode: Mode): Loose =>
  defined({
    id: t.id,
    contextId: t.contextId,
    status: statusToV1(o(t.status), `${path}/status`, mode),
    artifacts: when(t.artifacts, () => list(t.artifacts).map((a, i) => artifactToV1(o(a), `${path}/artifacts/${i}`, mode))),
    history: when(t.history, () => list(t.history).map((m, i) => messageToV1(o(m), `${path}/history/${i}`, mode))),
    metadata: t.metadata,
  });

// ---- stream events ----

export function statusUpdateToV03(e: Loose, path: string, mode: Mode): Loose {
  const status = statusToV03(o(e.status), `${path}/status`, mode);
  return defined({
    kind: 'status-update',
    taskId: e.taskId,
    contextId: e.contextId,
    status,
    final: FINAL_STATES.has(status.state as string),
    metadata: e.metadata,
  });
}

/** v0.3's `final` is not carried: v1.0 ends the stream instead, at the same states (FINAL_STATES). */
export const statusUpdateToV1 = (e: Loose, path: string, mode: Mode): Loose =>
  defined({ taskId: e.taskId, contextId: e.contextId, status: statusToV1(o(e.status), `${path}/status`, mode), metadata: e.metadata });

export const artifactUpdateToV03 = (e: Loose, path: string, mode: Mode): Loose =>
  defined({
    kind: 'artifact-update',
    taskId: e.taskId,
    contextId: e.contextId,
    artifact: artifactToV03(o(e.artifact), `${path}/artifact`, mode),
    append: e.append,
    lastChunk: e.lastChunk,
    metadata: e.metadata,
  });

export const artifactUpdateToV1 = (e: Loose, path: string, mode: Mode): Loose =>
  defined({
    taskId: e.taskId,
    contextId: e.contextId,
    artifact: artifactToV1(o(e.artifact), `${path}/artifact`, mode),
    append: e.append,
    lastChunk: e.lastChunk,
    metadata: e.metadata,
  });

// ---- push notification configs ----

/** v1.0 flat config (`{tenant?, id?, taskId, url, token?, authentication{scheme}}`) → v0.3 PushNotificationConfig. */
export function pushConfigToV03(c: Loose, path: string, mode: Mode): Loose {
  if (c.tenant) lossy(mode, `${path}/tenant`, 'v0.3 has no tenant', undefined);
  const auth = c.authentication === undefined ? undefined : o(c.authentication);
  return defined({
    id: c.id,
    url: c.url,
    token: c.token,
    authentication: auth && defined({ schemes: auth.scheme === undefined ? [] : [auth.scheme], credentials: auth.credentials }),
  });
}

/** v0.3 PushNotificationConfig (+ its task id) → v1.0 flat config. v1.0 names one auth scheme, v0.3 a list. */
export function pushConfigToV1(c: Loose, taskId: unknown, path: string, mode: Mode): Loose {
  let authentication: Loose | undefined;
  if (c.authentication !== undefined) {
    const auth = o(c.authentication);
    const schemes = list(auth.schemes);
    if (schemes.length === 1) authentication = defined({ scheme: schemes[0], credentials: auth.credentials });
    else if (schemes.length > 1 || auth.credentials !== undefined)
      authentication = lossy(
        mode,
        `${path}/authentication/schemes`,
        `v1.0 names exactly one scheme, got ${schemes.length}`,
        defined({ scheme: schemes[0], credentials: auth.credentials }),
      );
  }
  return defined({ id: c.id, taskId, url: c.url, token: c.token, authentication });
}

export const taskPushConfigToV03 = (c: Loose, path: string, mode: Mode): Loose => ({
  taskId: c.taskId,
  pushNotificationConfig: pushConfigToV03(c, path, mode),
});
export const taskPushConfigToV1 = (c: Loose, path: string, mode: Mode): Loose =>
  pushConfigToV1(o(c.pushNotificationConfig), c.taskId, `${path}/pushNotificationConfig`, mode);

// ---- results: v1.0 wraps them in a member named for the kind, v0.3 tags them with `kind` ----

export function resultToV03(r: Loose, path: string, mode: Mode): Loose {
  const members = (['task', 'message', 'statusUpdate', 'artifactUpdate'] as const).filter((m) => r[m] !== undefined);
  if (members.length !== 1) throw new WireShapeError(path, `expected exactly one of task, message, statusUpdate, artifactUpdate, got ${members.length}`);
  const [member] = members;
  const inner = o(r[member]);
  const at = `${path}/${member}`;
  if (member === 'task') return taskToV03(inner, at, mode);
  if (member === 'message') return messageToV03(inner, at, mode);
  if (member === 'statusUpdate') return statusUpdateToV03(inner, at, mode);
  return artifactUpdateToV03(inner, at, mode);
}

export function resultToV1(r: Loose, path: string, mode: Mode): Loose {
  if (r.kind === 'task') return { task: taskToV1(r, path, mode) };
  if (r.kind === 'message') return { message: messageToV1(r, path, mode) };
  if (r.kind === 'status-update') return { statusUpdate: statusUpdateToV1(r, path, mode) };
  if (r.kind === 'artifact-update') return { artifactUpdate: artifactUpdateToV1(r, path, mode) };
  throw new WireShapeError(`${path}/kind`, `a result of kind ${JSON.stringify(r.kind)} has no v1.0 form`);
}
