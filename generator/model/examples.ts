// One request/response example pair per method, shaped for the version (ids, discriminators,
// where options live). Values are fixed, so documentation is stable from run to run; the
// docs emitter keeps only examples its validators accept.
import type { AgentModel } from './agent.js';
import type { MethodModel } from './methods.js';
import type { ProtocolModel } from './protocol.js';
import { sample } from './sample.js';

export interface MethodExample {
  summary: string;
  /** Undefined for methods without params. */
  params?: Record<string, unknown>;
  result: unknown;
}

type Json = Record<string, unknown>;
const TS = '2025-01-01T12:00:00Z';
/** The task id of every example (the docs' try-it panel swaps in the id of a task it made). */
export const EXAMPLE_TASK_ID = 'de305d54-75b4-431b-adb2-eb6b9e546014';
const CONTEXT_ID = '3f1b6d2a-9c4e-4a7e-8b5d-2e6f0c1a9b77';
const CONFIG_ID = 'webhook-1';

export function methodExample(method: MethodModel, protocol: ProtocolModel, agent: AgentModel): MethodExample {
  const f = protocol.features;
  const part = (text: string): Json => (f.partMembers ? { [f.partMembers.text]: text } : { [f.partDiscriminator]: f.partKinds.text, text });
  const message = (role: 'user' | 'agent', text: string, refs: boolean): Json => {
    const m: Json = { role: f.roles[role], parts: [part(text)] };
    if (f.messageIds) m.messageId = role === 'user' ? '9229e770-767c-417b-a0b0-f0741243c589' : '6dbc13b5-bd57-4c2e-a8b9-0c1f1d2b5e3a';
    if (f.kinds.message) m.kind = f.kinds.message;
    if (refs && f.messageRefersToTask) {
      m.taskId = EXAMPLE_TASK_ID;
      m.contextId = CONTEXT_ID;
    }
    return m;
  };
  const status = (state: 'completed' | 'canceled' | 'working', text?: string): Json => ({
    state: f.states[state],
    ...(text ? { message: message('agent', text, true) } : {}),
    timestamp: TS,
  });
  /** A result as the version answers it: bare, or wrapped in its oneof member (v1.0). */
  const wrapped = (member: 'task' | 'statusUpdate', value: Json): Json => (f.resultMembers ? { [f.resultMembers[member]]: value } : value);
  const task = (state: 'completed' | 'canceled', text: string): Json => {
    const t: Json = { id: EXAMPLE_TASK_ID };
    if (f.contextField) t[f.contextField] = CONTEXT_ID;
    t.status = status(state, text);
    const artifact: Json = { parts: [part('Hello from the agent.')] };
    if (f.artifactIds) artifact.artifactId = 'artifact-1';
    else artifact.index = 0;
    if (state === 'completed') t.artifacts = [{ name: 'answer', ...artifact }];
    if (f.kinds.task) t.kind = f.kinds.task;
    return t;
  };
  const statusEvent = (state: 'working', final: boolean): Json => {
    const e: Json = { [f.eventTaskIdField]: EXAMPLE_TASK_ID };
    if (f.eventContextField) e[f.eventContextField] = CONTEXT_ID;
    if (f.kinds.statusUpdate) e.kind = f.kinds.statusUpdate;
    e.status = status(state, 'Working on it…');
    if (f.statusUpdateFinal) e.final = final;
    return e;
  };
  const sendParams = (): Json => {
    const p: Json = { message: message('user', firstPrompt(agent), false) };
    if (f.clientTaskIds) p.id = EXAMPLE_TASK_ID;
    if (f.send.contextId) p[f.send.contextId[0]] = CONTEXT_ID;
    const history = f.send.historyLength;
    if (history?.length === 2) p[history[0]] = { acceptedOutputModes: ['text/plain'], [history[1]]: 10 };
    else if (history) p[history[0]] = 10;
    return p;
  };
  const pushConfig = (): Json => ({
    url: 'https://client.example.com/a2a/webhook',
    token: 'opaque-client-token',
    ...(f.pushConfigIds ? { id: CONFIG_ID } : {}),
  });
  const { configField, taskParam, configIdParam, listMember, deleteAnswersObject } = f.pushMethods;
  const taskPushConfig = (): Json =>
    configField ? { [f.pushConfigTaskIdField]: EXAMPLE_TASK_ID, [configField]: pushConfig() } : { ...pushConfig(), [f.pushConfigTaskIdField]: EXAMPLE_TASK_ID };
  const oneConfig = (): Json => ({ [taskParam]: EXAMPLE_TASK_ID, ...(f.pushConfigIds ? { [configIdParam]: CONFIG_ID } : {}) });

  switch (method.role) {
    case 'send':
      return { summary: 'Send a message; the answer is the task, completed', params: sendParams(), result: wrapped('task', task('completed', 'Done.')) };
    case 'stream':
      return {
        summary: 'Stream a task; each SSE event carries one update like this',
        params: sendParams(),
        result: wrapped('statusUpdate', statusEvent('working', false)),
      };
    case 'get':
      return { summary: 'Read a task', params: { id: EXAMPLE_TASK_ID, historyLength: 2 }, result: task('completed', 'Done.') };
    case 'list':
      return {
        summary: 'List the tasks of a context, newest first',
        params: { contextId: CONTEXT_ID, pageSize: 10 },
        result: { tasks: [task('completed', 'Done.')], nextPageToken: '', pageSize: 10, totalSize: 1 },
      };
    case 'cancel':
      return { summary: 'Cancel a task that is still running', params: { id: EXAMPLE_TASK_ID }, result: task('canceled', 'Canceled.') };
    case 'resubscribe':
      return {
        summary: 'Follow a running task again; the first event is the task as it stands',
        params: { id: EXAMPLE_TASK_ID },
        result: wrapped('statusUpdate', statusEvent('working', false)),
      };
    case 'pushSet':
      return { summary: 'Ask for webhook notifications about a task', params: taskPushConfig(), result: taskPushConfig() };
    case 'pushGet':
      return { summary: "Read a task's webhook config", params: oneConfig(), result: taskPushConfig() };
    case 'pushList':
      return {
        summary: "List a task's webhook configs",
        params: { [taskParam]: EXAMPLE_TASK_ID },
        result: listMember ? { [listMember]: [taskPushConfig()], nextPageToken: '' } : [taskPushConfig()],
      };
    case 'pushDelete':
      return {
        summary: 'Remove a webhook config',
        params: { [taskParam]: EXAMPLE_TASK_ID, [configIdParam]: CONFIG_ID },
        result: deleteAnswersObject ? {} : null,
      };
    case 'extendedCard':
      return { summary: 'The card with what only authenticated clients may see', result: agent.extendedCard ?? agent.card };
    default: {
      const defs = protocol.definitions;
      const params = method.paramsType ? sample(defs[method.paramsType], { definitions: defs }) : undefined;
      return { summary: `Call ${method.name}`, params: params as Json | undefined, result: sample(defs[method.resultType], { definitions: defs }) };
    }
  }
}

/** A natural first message: the first example prompt of the first skill, if any. */
function firstPrompt(agent: AgentModel): string {
  for (const skill of agent.skills) {
    const examples = skill.card.examples;
    if (Array.isArray(examples) && typeof examples[0] === 'string' && examples[0].length < 300) return examples[0];
  }
  return 'Hello!';
}
