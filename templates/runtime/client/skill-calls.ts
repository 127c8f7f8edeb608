// Typed skill calls: send a payload to one skill (named in message.metadata.skillId, which the
// generated server routes on) and get back its typed output, read from the data artifact.
import { protocol } from '../protocol.js';
import { createMessage, dataPart, isMessage, isTerminalState, newId, partKind, stateOf, textPart, type Loose } from '../runtime/objects.js';
import type { Message, Part, Task } from '../types.js';
import type { TypeValidator } from '../validators/issues.js';
import { A2AResponseValidationError, A2ATaskStateError } from './client-errors.js';
import type { CallOptions } from './transport.js';

export interface SkillCallOptions extends CallOptions {
  /** Continue an existing task (e.g. one that asked for input) instead of starting one. */
  taskId?: string;
  contextId?: string;
}

type Send = (method: string, params: unknown, options?: CallOptions) => Promise<unknown>;

const sendMethod = Object.entries(protocol.methods).find(([, d]) => d.role === 'send')?.[0] ?? 'message/send';

/** Calls a skill and returns its final Task or Message. */
export async function sendToSkill(send: Send, skillId: string, payload: { data?: unknown; text?: string; parts?: readonly Part[] }, options: SkillCallOptions = {}): Promise<Task | Message> {
  const parts: Part[] = [...(payload.parts ?? [])];
  if (payload.data !== undefined) parts.push(dataPart(payload.data));
  if (payload.text !== undefined) parts.push(textPart(payload.text));
  const message = createMessage('user', parts, { taskId: options.taskId, contextId: options.contextId }) as unknown as Loose;
  message.metadata = { ...(message.metadata as Loose | undefined), skillId };
  const params: Loose = { message };
  if (protocol.features.clientTaskIds) params.id = options.taskId ?? newId();
  const { taskId: _t, contextId: _c, ...callOptions } = options;
  return (await send(sendMethod, params, callOptions)) as Task | Message;
}

/** The skill's typed output: the last data part of a completed task (or of a direct reply). */
export function skillOutput<T>(skillId: string, result: Task | Message, validator: TypeValidator<T> | undefined): T {
  let parts: unknown[];
  if (isMessage(result)) parts = ((result as unknown as Loose).parts as unknown[]) ?? [];
  else {
    const state = String(stateOf(result));
    if (state !== 'completed') {
      const status = (result as unknown as { status?: { message?: Loose } }).status;
      const said = (status?.message?.parts as Loose[] | undefined)?.filter((p) => partKind(p) === 'text').map((p) => p.text).join(' ');
      throw new A2ATaskStateError(`skill "${skillId}" ended in state ${state}${isTerminalState(state) ? '' : ' (the task can be continued)'}${said ? `: ${said}` : ''}`, state, result);
    }
    parts = ((result as unknown as { artifacts?: Loose[] }).artifacts ?? []).flatMap((a) => (a.parts as unknown[]) ?? []);
  }
  const data = parts.filter((p) => partKind(p) === 'data').at(-1) as Loose | undefined;
  if (!data) throw new A2AResponseValidationError(`skill "${skillId}" returned no data part`, [{ path: '', message: 'no data part in the result', keyword: 'required' }], result);
  const issues = validator?.check(data.data);
  if (issues) throw new A2AResponseValidationError(`skill "${skillId}" returned output that does not match its output schema`, issues, data.data);
  return data.data as T;
}
