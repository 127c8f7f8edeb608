// One v1.0 agent, v0.3.0 clients too: the translation between the v0.3.0 JSON-RPC object model and
// the v1.0 ProtoJSON object model, so that one executor and one task store (both v1.0) answer
// either version. Objects are in compat-v03-objects.ts, the card in compat-v03-card.ts; the
// methods with their params and results are here, the errors in compat-v03-errors.ts.
// @see A2A v1.0 "What's new in v1.0" (whats-new-v1.md), which lists the v0.3 → v1.0 changes followed here.
// templates/a2a/compat/ is not an area emit/runtime.ts copies: agents get these files once a v1.0
// agent can be asked to serve v0.3 clients, and then only the agents that ask.
//
// Requests are translated strictly: what the other version cannot say throws a WireShapeError
// whose `path` points into the params (`/message/parts/0/kind`), never silently dropped.
// Answers (results, stream events, the card, errors) degrade as listed. Shape validation is left
// to the validators; nothing here throws a TypeError on a wrong shape.
//
// v1.0 → v0.3 (a v1.0 answer sent to a v0.3 client; a request: the strict error instead):
// - status updates get `final`, computed from the state: true for the terminal states and the
//   interrupted ones (input-required, auth-required), where the v1.0 stream ends;
// - TASK_STATE_UNSPECIFIED ↔ `unknown`; a state or role that is neither → `unknown` / `agent`;
// - a text or data part's `filename`/`mediaType` are dropped (v0.3 TextPart/DataPart have none);
//   a data part whose value is not a JSON object → `data: {value: <the value>}` with part metadata
//   `data_part_compat: true` (the JS SDK 1.3.0's convention; v0.3 → v1.0 unwraps it again); a
//   part with no content member (or several) is left out;
// - push configs: `authentication.scheme` → `schemes: [scheme]`; `tenant` is dropped; in a send
//   configuration the config's `taskId` is the message's task (another task id is an error);
// - ListTaskPushNotificationConfigs: `nextPageToken` is dropped (v0.3 lists have no pages);
// - a task without `contextId` gets `contextId: ''` (required in v0.3);
// - the card: `protocolVersion: '0.3.0'`; `url`/`preferredTransport`/`additionalInterfaces` from
//   the interfaces declared for 0.3, else from all (v1.0 agents read a request without
//   A2A-Version as 0.3); interfaces with a tenant are left out; `extendedAgentCard` →
//   `supportsAuthenticatedExtendedCard`; schemes unwrapped; `pkceRequired` dropped; a device-code
//   OAuth scheme keeps `flows: {}`; an API key location other than header/query/cookie → header;
//   `signatures` dropped (they sign the v1.0 card);
// - errors: the v1.0 details → v0.3 `data` (a carried Value → its value; a lone A2A ErrorInfo →
//   its metadata; anything else → the details list as is); v1.0-only codes (-32008, -32009) keep
//   their code.
// - v1.0's ListTasks has no v0.3 method (methodToV03 → undefined).
// v0.3 → v1.0 (a v0.3 client's request: strict; answers: degrade):
// - a part of unknown `kind`, a file with neither or both of bytes/uri → error (dropped in answers);
// - push `authentication.schemes` with more than one scheme (or none beside credentials) →
//   error (v1.0 names one scheme); a config set without `id` gets the task id, as SDK 0.3.14 does,
//   and tasks/pushNotificationConfig/get without `pushNotificationConfigId` asks for that id;
// - non-empty `metadata` on tasks/get, tasks/resubscribe and the push-config get/list/delete →
//   error (their v1.0 requests have no metadata; empty metadata is dropped);
// - `blocking` ↔ `returnImmediately`, inverted; an absent one stays absent (both mean "wait");
// - `final` is dropped (v1.0 closes the stream); the card's `stateTransitionHistory` and
//   `signatures` are dropped; of several OAuth flows the first of authorizationCode,
//   clientCredentials, implicit, password is kept;
// - errors: the A2A reason from the code (TASK_NOT_FOUND…), domain a2a-protocol.org; `data` that
//   is an object of strings → ErrorInfo metadata, any other `data` → a google.protobuf.Value detail.
//
// The official JS SDK 1.3.0's v0.3 compat layer translates the same way (its tests here use it as
// an oracle) except where it loses more or differs from SDK 0.3.14: it sets `final` at terminal
// states only, sends an absent `blocking` as returnImmediately: true, asks for config id '' when
// get has none, keeps the first of several auth schemes, copies the interface's protocolVersion
// ('0.3') into the card, leaves the main interface out of additionalInterfaces and keeps the
// signatures.
import { WireShapeError, defined } from '../proto-v03/proto-json-v03-wire.js';
import { isObject, type Loose } from '../runtime/shapes.js';
import { errorToV03, errorToV1 } from './compat-v03-errors.js';
import { cardToV03, cardToV1 } from './compat-v03-card.js';
import * as obj from './compat-v03-objects.js';
import { LENIENT, type Mode, STRICT, list, o } from './compat-v03-objects.js';

export { WireShapeError } from '../proto-v03/proto-json-v03-wire.js';
export { errorToV03, errorToV1, type WireError } from './compat-v03-errors.js';

const METHODS = {
  'message/send': 'SendMessage',
  'message/stream': 'SendStreamingMessage',
  'tasks/get': 'GetTask',
  'tasks/cancel': 'CancelTask',
  'tasks/resubscribe': 'SubscribeToTask',
  'tasks/pushNotificationConfig/set': 'CreateTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/get': 'GetTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/list': 'ListTaskPushNotificationConfigs',
  'tasks/pushNotificationConfig/delete': 'DeleteTaskPushNotificationConfig',
  'agent/getAuthenticatedExtendedCard': 'GetExtendedAgentCard',
} as const;
export type V03Method = keyof typeof METHODS;
export type V1Method = (typeof METHODS)[V03Method] | 'ListTasks';
const V03_OF = Object.fromEntries(Object.entries(METHODS).map(([v03, v1]) => [v1, v03])) as Record<string, V03Method>;

export const methodToV1 = (name: string): V1Method | undefined => (Object.hasOwn(METHODS, name) ? METHODS[name as V03Method] : undefined);
export const methodToV03 = (name: string): V03Method | undefined => (Object.hasOwn(V03_OF, name) ? V03_OF[name] : undefined);

const params = (p: unknown): Loose => {
  if (p === undefined) return {};
  if (!isObject(p)) throw new WireShapeError('', 'params must be an object');
  return p;
};
/** A v0.3 member the v1.0 request has no place for: empty is nothing lost, anything else is. */
function noMetadata(p: Loose): void {
  if (p.metadata !== undefined && Object.keys(o(p.metadata)).length > 0) throw new WireShapeError('/metadata', 'this v1.0 request has no metadata');
}
const invert = (b: unknown): boolean | undefined => (typeof b === 'boolean' ? !b : undefined);

/** v0.3 method params → the v1.0 request. Throws WireShapeError for what v1.0 cannot carry. */
export function paramsToV1(method: V03Method, raw: unknown): Loose {
  const p = params(raw);
  switch (method) {
    case 'message/send':
    case 'message/stream': {
      const c = p.configuration === undefined ? undefined : o(p.configuration);
      const push = c?.pushNotificationConfig;
      const configuration =
        c &&
        defined({
          acceptedOutputModes: c.acceptedOutputModes,
          taskPushNotificationConfig: push === undefined ? undefined : obj.pushConfigToV1(o(push), undefined, '/configuration/pushNotificationConfig', STRICT),
          historyLength: c.historyLength,
          returnImmediately: invert(c.blocking),
        });
      return defined({ message: obj.messageToV1(o(p.message), '/message', STRICT), configuration, metadata: p.metadata });
    }
    case 'tasks/get':
      noMetadata(p);
      return defined({ id: p.id, historyLength: p.historyLength });
    case 'tasks/cancel':
      return defined({ id: p.id, metadata: p.metadata });
    case 'tasks/resubscribe':
      noMetadata(p);
      return defined({ id: p.id });
    case 'tasks/pushNotificationConfig/set': {
      const config = obj.taskPushConfigToV1(p, '', STRICT);
      return defined({ ...config, id: config.id ?? p.taskId });
    }
    case 'tasks/pushNotificationConfig/get':
      noMetadata(p);
      return defined({ taskId: p.id, id: p.pushNotificationConfigId ?? p.id });
    case 'tasks/pushNotificationConfig/list':
      noMetadata(p);
      return defined({ taskId: p.id });
    case 'tasks/pushNotificationConfig/delete':
      noMetadata(p);
      return defined({ taskId: p.id, id: p.pushNotificationConfigId });
    case 'agent/getAuthenticatedExtendedCard':
      return {};
  }
}

/** A v1.0 request → the v0.3 method and params (undefined: the method takes none). Throws WireShapeError. */
export function paramsToV03(method: V1Method, raw: unknown): { method: V03Method; params: Loose | undefined } {
  const r = params(raw);
  const v03 = methodToV03(method);
  if (!v03) throw new WireShapeError('', `${method} has no v0.3 method`);
  if (r.tenant) throw new WireShapeError('/tenant', 'v0.3 has no tenant');
  const done = (p: Loose | undefined) => ({ method: v03, params: p });
  switch (method) {
    case 'SendMessage':
    case 'SendStreamingMessage': {
      const message = obj.messageToV03(o(r.message), '/message', STRICT);
      const c = r.configuration === undefined ? undefined : o(r.configuration);
      const push = c?.taskPushNotificationConfig === undefined ? undefined : o(c.taskPushNotificationConfig);
      if (push?.taskId !== undefined && push.taskId !== message.taskId)
        throw new WireShapeError('/configuration/taskPushNotificationConfig/taskId', 'in v0.3 the config belongs to the message’s task');
      const configuration =
        c &&
        defined({
          acceptedOutputModes: c.acceptedOutputModes,
          pushNotificationConfig: push && obj.pushConfigToV03(push, '/configuration/taskPushNotificationConfig', STRICT),
          historyLength: c.historyLength,
          blocking: invert(c.returnImmediately),
        });
      return done(defined({ message, configuration, metadata: r.metadata }));
    }
    case 'GetTask':
      return done(defined({ id: r.id, historyLength: r.historyLength }));
    case 'CancelTask':
      return done(defined({ id: r.id, metadata: r.metadata }));
    case 'SubscribeToTask':
      return done(defined({ id: r.id }));
    case 'CreateTaskPushNotificationConfig':
      return done(obj.taskPushConfigToV03(r, '', STRICT));
    case 'GetTaskPushNotificationConfig':
    case 'DeleteTaskPushNotificationConfig':
      return done(defined({ id: r.taskId, pushNotificationConfigId: r.id }));
    case 'ListTaskPushNotificationConfigs':
      for (const k of ['pageSize', 'pageToken']) if (r[k]) throw new WireShapeError(`/${k}`, 'v0.3 lists have no pages');
      return done(defined({ id: r.taskId }));
  }
  return done(undefined); // GetExtendedAgentCard
}

/** A v1.0 method's result → the v0.3 result of the same method (degrades, never throws for content). */
export function resultToV03(method: V1Method, result: unknown): unknown {
  const r = o(result);
  switch (method) {
    case 'SendMessage':
    case 'SendStreamingMessage':
    case 'SubscribeToTask':
      return obj.resultToV03(r, '', LENIENT);
    case 'GetTask':
    case 'CancelTask':
      return obj.taskToV03(r, '', LENIENT);
    case 'CreateTaskPushNotificationConfig':
    case 'GetTaskPushNotificationConfig':
      return obj.taskPushConfigToV03(r, '', LENIENT);
    case 'ListTaskPushNotificationConfigs':
      return list(r.configs).map((c, i) => obj.taskPushConfigToV03(o(c), `/configs/${i}`, LENIENT));
    case 'DeleteTaskPushNotificationConfig':
      return null;
    case 'GetExtendedAgentCard':
      return cardToV03(r, LENIENT);
  }
  throw new WireShapeError('', `${method} has no v0.3 method`);
}

/** A v0.3 method's result → the v1.0 result of the same method. */
export function resultToV1(method: V03Method, result: unknown): unknown {
  const r = o(result);
  switch (method) {
    case 'message/send':
    case 'message/stream':
    case 'tasks/resubscribe':
      return obj.resultToV1(r, '', LENIENT);
    case 'tasks/get':
    case 'tasks/cancel':
      return obj.taskToV1(r, '', LENIENT);
    case 'tasks/pushNotificationConfig/set':
    case 'tasks/pushNotificationConfig/get':
      return obj.taskPushConfigToV1(r, '', LENIENT);
    case 'tasks/pushNotificationConfig/list':
      return { configs: list(result).map((c, i) => obj.taskPushConfigToV1(o(c), `/${i}`, LENIENT)) };
    case 'tasks/pushNotificationConfig/delete':
      return {};
    case 'agent/getAuthenticatedExtendedCard':
      return cardToV1(r, LENIENT);
  }
}

// ---- objects, for callers that hold one (a stored task, an event from the executor) ----

type Translate = (value: Loose, path: string, mode: Mode) => Loose;
const api =
  (f: Translate) =>
  (value: Loose, options: { strict?: boolean } = {}): Loose =>
    f(value, '', options.strict ? STRICT : LENIENT);

export const compatV03 = {
  methodToV1,
  methodToV03,
  paramsToV1,
  paramsToV03,
  resultToV1,
  resultToV03,
  errorToV1,
  errorToV03,
  /** v0.3 JSON-RPC objects → v1.0 ProtoJSON objects (`{strict: true}`: throw instead of degrading). */
  toV1: {
    message: api(obj.messageToV1),
    task: api(obj.taskToV1),
    taskStatus: api(obj.statusToV1),
    artifact: api(obj.artifactToV1),
    statusUpdate: api(obj.statusUpdateToV1),
    artifactUpdate: api(obj.artifactUpdateToV1),
    /** Task | Message | status-update | artifact-update (with `kind`) → the StreamResponse / SendMessageResponse member. */
    result: api(obj.resultToV1),
    taskPushNotificationConfig: api(obj.taskPushConfigToV1),
    agentCard: (card: Loose, options: { strict?: boolean } = {}): Loose => cardToV1(card, options.strict ? STRICT : LENIENT),
  },
  /** v1.0 ProtoJSON objects → v0.3 JSON-RPC objects. */
  toV03: {
    message: api(obj.messageToV03),
    task: api(obj.taskToV03),
    taskStatus: api(obj.statusToV03),
    artifact: api(obj.artifactToV03),
    statusUpdate: api(obj.statusUpdateToV03),
    artifactUpdate: api(obj.artifactUpdateToV03),
    /** `{task}` | `{message}` | `{statusUpdate}` | `{artifactUpdate}` → the bare v0.3 object with `kind`. */
    result: api(obj.resultToV03),
    taskPushNotificationConfig: api(obj.taskPushConfigToV03),
    agentCard: (card: Loose, options: { strict?: boolean } = {}): Loose => cardToV03(card, options.strict ? STRICT : LENIENT),
  },
} as const;
