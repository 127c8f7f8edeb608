// Builds and reads A2A protocol objects for whichever version was generated. Field names
// and discriminators come from the protocol descriptor (../protocol.ts), so v0.1.0
// (`type`, `sessionId`, `id` on events), v0.2+ (`kind`, `contextId`, `taskId`) and v1.0
// (parts told apart by their members, `TASK_STATE_*` and `ROLE_*` values) share this code.
import { protocol } from '../protocol.js';
import type { Artifact, Message, Part, Task, TaskArtifactUpdateEvent, TaskState, TaskStatusUpdateEvent } from '../types.js';
import { fromShape, isObject, shapeOf, type Loose } from './shapes.js';

// The client's modules read it from here (until they import shapes.ts themselves).

const features = protocol.features;
const kinds: { task?: string; message?: string; statusUpdate?: string; artifactUpdate?: string } = features.kinds;
const contextField: string | undefined = features.contextField;
const eventContextField: string | undefined = features.eventContextField;
const members = features.partMembers;

/** The schema's value of each task state (`completed`, `TASK_STATE_COMPLETED`), for code that names one. */
export const states = features.states as { readonly [name in keyof typeof features.states]: TaskState };

/** A random id (UUID v4); Web Crypto exists in Node ≥ 19, Deno, Bun, browsers and edge runtimes. */
export const newId = (): string => globalThis.crypto.randomUUID();

/** What may be sent or replied with: text, one part, several parts, or a whole message. */
export type MessageContent = string | Part | readonly Part[] | Message;

export function textPart(text: string, metadata?: Record<string, unknown>): Part {
  const part: Loose = members ? { text } : { [features.partDiscriminator]: features.partKinds.text, text };
  if (metadata) part.metadata = metadata;
  return fromShape<Part>(part);
}

export function dataPart(data: unknown, metadata?: Record<string, unknown>): Part {
  const part: Loose = members ? { data } : { [features.partDiscriminator]: features.partKinds.data, data };
  if (metadata) part.metadata = metadata;
  return fromShape<Part>(part);
}

/** A file in v1.0's words (`raw`/`url`, `filename`, `mediaType`) or v0.x's (`bytes`/`uri`, `name`, `mimeType`). */
export interface FileContent {
  name?: string;
  filename?: string;
  mimeType?: string;
  mediaType?: string;
  /** Base64-encoded content (v0.x `bytes`, v1.0 `raw`). */
  bytes?: string;
  raw?: string;
  uri?: string;
  url?: string;
}

/** A file part; v1.0 writes it as `raw` or `url` with `filename` and `mediaType` beside it. */
export function filePart(file: FileContent, metadata?: Record<string, unknown>): Part {
  let part: Loose;
  const bytes = file.raw ?? file.bytes;
  const uri = file.url ?? file.uri;
  const name = file.filename ?? file.name;
  const mediaType = file.mediaType ?? file.mimeType;
  if (members) {
    part = bytes !== undefined ? { raw: bytes } : { url: uri };
    if (name !== undefined) part.filename = name;
    if (mediaType !== undefined) part.mediaType = mediaType;
  } else {
    const inner: Loose = bytes !== undefined ? { bytes } : { uri };
    if (name !== undefined) inner.name = name;
    if (mediaType !== undefined) inner.mimeType = mediaType;
    part = { [features.partDiscriminator]: features.partKinds.file, file: inner };
  }
  if (metadata) part.metadata = metadata;
  return fromShape<Part>(part);
}

export type PartKind = 'text' | 'file' | 'data' | 'unknown';

export function partKind(part: unknown): PartKind {
  if (!isObject(part)) return 'unknown';
  const p = part;
  if (members) {
    if (typeof p.text === 'string') return 'text';
    if ('data' in p) return 'data';
    if (typeof p.raw === 'string' || typeof p.url === 'string') return 'file';
    return 'unknown';
  }
  const value = p[features.partDiscriminator];
  if (value === features.partKinds.text) return 'text';
  if (value === features.partKinds.data) return 'data';
  if (value === features.partKinds.file) return 'file';
  return 'unknown';
}

/** The media type a part carries: its own (v1.0 `mediaType`), else text/plain, application/json, or the file's declared type. */
export function mediaTypeOf(part: unknown): string | undefined {
  if (members) {
    const declared = isObject(part) ? part.mediaType : undefined;
    if (typeof declared === 'string' && declared) return declared;
  }
  switch (partKind(part)) {
    case 'text':
      return 'text/plain';
    case 'data':
      return 'application/json';
    case 'file': {
      const file = (part as Loose).file;
      const mime = isObject(file) ? file.mimeType : undefined;
      return typeof mime === 'string' && mime ? mime : undefined;
    }
    default:
      return undefined;
  }
}

export function isMessage(value: unknown): value is Message {
  if (!isObject(value)) return false;
  const v = value;
  if (kinds.message) return v.kind === kinds.message;
  return Array.isArray(v.parts) && typeof v.role === 'string' && !('status' in v);
}

export function toParts(content: MessageContent): Part[] {
  if (typeof content === 'string') return [textPart(content)];
  if (Array.isArray(content)) return [...(content as Part[])];
  if (isMessage(content)) return content.parts.slice() as Part[];
  return [content as Part];
}

/** A message, with a fresh `messageId` and the task/context references where the version has them. */
export function createMessage(role: 'user' | 'agent', content: MessageContent, refs: { taskId?: string; contextId?: string } = {}): Message {
  if (isMessage(content)) return content;
  const message: Loose = { role: features.roles[role], parts: toParts(content) };
  if (features.messageIds) message.messageId = newId();
  if (kinds.message) message.kind = kinds.message;
  if (features.messageRefersToTask) {
    if (refs.taskId) message.taskId = refs.taskId;
    if (refs.contextId) message.contextId = refs.contextId;
  }
  return fromShape<Message>(message);
}

export const textOf = (message: Message | undefined): string =>
  (message ? shapeOf(message).parts : undefined)
    ?.filter((p) => partKind(p) === 'text')
    .map((p) => String(p.text))
    .join('\n') ?? '';

export const dataOf = (message: Message | undefined): unknown[] =>
  (message ? shapeOf(message).parts : undefined)?.filter((p) => partKind(p) === 'data').map((p) => p.data) ?? [];

export function isTask(value: unknown): value is Task {
  if (!isObject(value)) return false;
  const v = value;
  if (kinds.task) return v.kind === kinds.task;
  return typeof v.id === 'string' && typeof v.status === 'object' && !('final' in v) && !('artifact' in v);
}

export function isStatusUpdate(value: unknown): value is TaskStatusUpdateEvent {
  if (!isObject(value)) return false;
  const v = value;
  if (kinds.statusUpdate) return v.kind === kinds.statusUpdate;
  return typeof v.status === 'object' && !('artifact' in v) && typeof v[features.eventTaskIdField] === 'string' && !isTask(v);
}

export function isArtifactUpdate(value: unknown): value is TaskArtifactUpdateEvent {
  if (!isObject(value)) return false;
  const v = value;
  if (kinds.artifactUpdate) return v.kind === kinds.artifactUpdate;
  return typeof v.artifact === 'object' && v.artifact !== null;
}

/** The task an update event belongs to. */
export const eventTaskId = (event: TaskStatusUpdateEvent | TaskArtifactUpdateEvent): string => String(shapeOf(event)[features.eventTaskIdField]);

let isoMs = -1;
let isoText = '';
/** The current time as ISO 8601; formatted once per millisecond (a stream may publish hundreds per ms). */
export function nowIso(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

export const stateOf = (task: Task): TaskState => shapeOf(task).status.state as TaskState;
const terminalStates: ReadonlySet<string> = new Set(features.terminalStates);
const interruptedStates: ReadonlySet<string> = new Set(features.interruptedStates);
export const isTerminalState = (state: string): boolean => terminalStates.has(state);
export const isInterruptedState = (state: string): boolean => interruptedStates.has(state);
/** A state after which a send/stream interaction is over: terminal, or waiting for the client. */
export const endsInteraction = (state: string): boolean => isTerminalState(state) || isInterruptedState(state);

/**
 * Whether a status event ends the interaction: its `final` flag (or a terminal state) where
 * events carry one; in v1.0, which dropped the flag, its state — terminal or interrupted.
 */
export function statusEndsInteraction(event: TaskStatusUpdateEvent): boolean {
  const e = shapeOf(event);
  const state = String(e.status?.state);
  return features.statusUpdateFinal ? e.final === true || isTerminalState(state) : endsInteraction(state);
}

/** Whether an event finishes its task for good: a terminal status, a task in a terminal state, or no task event at all (a direct reply). */
export function endsTask(event: unknown): boolean {
  if (isStatusUpdate(event)) return isTerminalState(String(shapeOf(event).status.state));
  if (isTask(event)) return isTerminalState(stateOf(event));
  return true;
}

export const contextIdOf = (task: Task): string | undefined => (contextField ? (shapeOf(task)[contextField] as string | undefined) : undefined);

export interface StatusInput {
  state: TaskState;
  message?: Message;
  timestamp?: string;
}

/** A TaskStatus with its timestamp, built in one go (a stream builds hundreds per task). */
function statusObject(status: StatusInput): Loose {
  const out: Loose = { state: status.state };
  if (status.message !== undefined) out.message = status.message;
  out.timestamp = status.timestamp ?? nowIso();
  return out;
}

export function createTask(id: string, contextId: string | undefined, status: StatusInput, history?: Message[]): Task {
  const task: Loose = { id };
  if (contextField && contextId !== undefined) task[contextField] = contextId;
  task.status = statusObject(status);
  if (history) task.history = history;
  if (kinds.task) task.kind = kinds.task;
  return fromShape<Task>(task);
}

export function createStatusUpdate(
  taskId: string,
  contextId: string | undefined,
  status: StatusInput,
  final: boolean,
  metadata?: Record<string, unknown>,
): TaskStatusUpdateEvent {
  const event: Loose = { [features.eventTaskIdField]: taskId };
  if (eventContextField && contextId !== undefined) event[eventContextField] = contextId;
  if (kinds.statusUpdate) event.kind = kinds.statusUpdate;
  event.status = statusObject(status);
  // v1.0 has no `final`: the end of the stream says it (statusEndsInteraction reads the state).
  if (features.statusUpdateFinal) event.final = final;
  if (metadata) event.metadata = metadata;
  return fromShape<TaskStatusUpdateEvent>(event);
}

export interface ArtifactInput {
  parts: Part[];
  artifactId?: string;
  name?: string;
  description?: string;
  metadata?: Record<string, unknown>;
  /** v0.1.0 numbers artifacts; ignored where artifacts have ids. */
  index?: number;
}

export interface ChunkFlags {
  append?: boolean;
  lastChunk?: boolean;
}

export function createArtifactUpdate(taskId: string, contextId: string | undefined, input: ArtifactInput, flags: ChunkFlags = {}): TaskArtifactUpdateEvent {
  const artifact: Loose = { parts: input.parts };
  if (features.artifactIds) artifact.artifactId = input.artifactId ?? newId();
  else artifact.index = input.index ?? 0;
  if (input.name !== undefined) artifact.name = input.name;
  if (input.description !== undefined) artifact.description = input.description;
  if (input.metadata !== undefined) artifact.metadata = input.metadata;
  const event: Loose = { [features.eventTaskIdField]: taskId };
  if (eventContextField && contextId !== undefined) event[eventContextField] = contextId;
  if (kinds.artifactUpdate) event.kind = kinds.artifactUpdate;
  const flagsTarget = features.artifactChunkFlagsOn === 'artifact' ? artifact : event;
  if (flags.append !== undefined) flagsTarget.append = flags.append;
  if (flags.lastChunk !== undefined) flagsTarget.lastChunk = flags.lastChunk;
  event.artifact = artifact;
  return fromShape<TaskArtifactUpdateEvent>(event);
}

/** Where an artifact event's chunk flags and identity live, whatever the version. */
export function artifactEventParts(event: TaskArtifactUpdateEvent): { artifact: Artifact; key: string; append: boolean; lastChunk: boolean } {
  const e = shapeOf(event);
  const artifact = e.artifact;
  const flags: Loose = features.artifactChunkFlagsOn === 'artifact' ? artifact : e;
  const key = features.artifactIds ? String(artifact.artifactId) : String(artifact.index ?? 0);
  return { artifact: fromShape<Artifact>(artifact), key, append: flags.append === true, lastChunk: flags.lastChunk === true };
}

/** Reads a value at a path of property names (`['configuration', 'historyLength']`). */
export function getPath(value: unknown, path: readonly string[] | undefined): unknown {
  if (!path) return undefined;
  let cur = value;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Loose)[key];
  }
  return cur;
}
