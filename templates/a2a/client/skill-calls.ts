// Typed skill calls: send a payload to one skill (named in message.metadata.skillId, which the
// generated server routes on) and get back its typed output, read from the data artifact — or,
// with `.stream`, the events of its task as they happen.
import { protocol } from '../protocol.js';
import { createMessage, dataPart, isMessage, isTerminalState, newId, partKind, stateOf, states, textPart } from '../runtime/objects.js';
import type { Loose } from '../runtime/shapes.js';
import { unwrapResult } from '../runtime/result-members.js';
import type { Message, Part, Task } from '../types.js';
import type { TypeValidator } from '../validators/issues.js';
import { A2AResponseValidationError, A2ATaskStateError } from './client-errors.js';
import { methodWithRole } from './method-roles.js';
import type { CallOptions } from './transport.js';

export interface SkillCallOptions extends CallOptions {
  /** Continue an existing task (e.g. one that asked for input) instead of starting one. */
  taskId?: string;
  contextId?: string;
}

/** What a skill call sends: its typed input as a data part, text, or parts as they are. */
export type SkillPayload = { data?: unknown; text?: string; parts?: readonly Part[] };
type Send = (method: string, params: unknown, options?: CallOptions) => Promise<unknown>;
type Stream = (method: string, params: unknown, options?: CallOptions) => AsyncIterable<unknown>;

// By role, not by name: tasks/send and tasks/sendSubscribe on v0.1.0, message/send and message/stream after.
const sendMethod: string = methodWithRole('send') ?? 'message/send';

/**
 * Calls a skill and returns its Task (completed, or waiting for input to continue it) or reply
 * Message. A task that ended otherwise — failed, rejected, canceled — throws A2ATaskStateError, as
 * a typed skill's call does: a failure is never a result. (A typed call throws for a task waiting
 * for input too, having no output to give; an untyped one returns it, to be continued.)
 */
export async function sendToSkill(send: Send, skillId: string, payload: SkillPayload, options: SkillCallOptions = {}): Promise<Task | Message> {
  const { params, callOptions } = skillRequest(skillId, payload, options);
  // v1.0 wraps the answer (`{ "task": … }`): the caller gets the Task or Message itself in every version.
  const result = unwrapResult(await send(sendMethod, params, callOptions)) as Task | Message;
  if (!isMessage(result)) {
    const state = String(stateOf(result));
    if (isTerminalState(state) && state !== states.completed) throw taskStateError(skillId, result, state);
  }
  return result;
}

/**
 * Calls a skill with the version's streaming method and yields each event of its task exactly as
 * the streaming method's own call (`sendMessageStream`) does: on v1.0 the StreamResponse that wraps
 * it (`{ task }`, `{ statusUpdate }`, …), the spec's shape and the declared type; bare before.
 */
export function streamToSkill(stream: Stream, skillId: string, payload: SkillPayload, options: SkillCallOptions = {}): AsyncIterable<unknown> {
  const method = methodWithRole('stream');
  // The generated client only offers `.stream` where the schema has a streaming send.
  if (!method) throw new Error(`A2A ${protocol.name} has no streaming send`);
  const { params, callOptions } = skillRequest(skillId, payload, options);
  return stream(method, params, callOptions);
}

/** A skill call with its streaming twin as `.stream`: `client.skills.x(…)` and `client.skills.x.stream(…)`. */
export function withStream<F extends (...args: never[]) => unknown, S extends (...args: never[]) => unknown>(call: F, stream: S): F & { readonly stream: S } {
  return Object.assign(call, { stream });
}

/** The message to a skill (its payload as parts, `metadata.skillId`) and the transport's options. */
function skillRequest(skillId: string, payload: SkillPayload, options: SkillCallOptions): { params: Loose; callOptions: CallOptions } {
  const parts: Part[] = [...(payload.parts ?? [])];
  if (payload.data !== undefined) parts.push(dataPart(payload.data));
  if (payload.text !== undefined) parts.push(textPart(payload.text));
  const message = createMessage('user', parts, { taskId: options.taskId, contextId: options.contextId }) as unknown as Loose;
  message.metadata = { ...(message.metadata as Loose | undefined), skillId };
  const params: Loose = { message };
  if (protocol.features.clientTaskIds) params.id = options.taskId ?? newId();
  const { taskId: _t, contextId: _c, ...callOptions } = options;
  return { params, callOptions };
}

/** The task's state and what its status message says, as an A2ATaskStateError carrying the task. */
function taskStateError(skillId: string, task: Task, state: string): A2ATaskStateError {
  const status = (task as unknown as { status?: { message?: Loose } }).status;
  const said = (status?.message?.parts as Loose[] | undefined)
    ?.filter((p) => partKind(p) === 'text')
    .map((p) => p.text)
    .join(' ');
  return new A2ATaskStateError(
    `skill "${skillId}" ended in state ${state}${isTerminalState(state) ? '' : ' (the task can be continued)'}${said ? `: ${said}` : ''}`,
    state,
    task,
  );
}

/** The skill's typed output: the last data part of a completed task (or of a direct reply). */
export function skillOutput<T>(skillId: string, result: Task | Message, validator: TypeValidator<T> | undefined): T {
  let parts: unknown[];
  if (isMessage(result)) parts = ((result as unknown as Loose).parts as unknown[]) ?? [];
  else {
    const state = String(stateOf(result));
    if (state !== states.completed) throw taskStateError(skillId, result, state);
    parts = ((result as unknown as { artifacts?: Loose[] }).artifacts ?? []).flatMap((a) => (a.parts as unknown[]) ?? []);
  }
  const data = parts.filter((p) => partKind(p) === 'data').at(-1) as Loose | undefined;
  if (!data)
    throw new A2AResponseValidationError(
      `skill "${skillId}" returned no data part`,
      [{ path: '', message: 'no data part in the result', keyword: 'required' }],
      result,
    );
  const issues = validator?.check(data.data);
  if (issues) throw new A2AResponseValidationError(`skill "${skillId}" returned output that does not match its output schema`, issues, data.data);
  return data.data as T;
}
