// Starting one execution for a message, once the task it continues is known (message-target.ts):
// the skill it goes to (routing.ts; a continuing message goes to its task's), its media types,
// the task's and the process's budgets, the message stored in the task's history, then the
// executor — with every listener attached first, so nothing it publishes is missed.
import { errorFor } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { createTask, getPath, states } from '../../runtime/objects.js';
import { shapeOf, type Loose, type MessageShape } from '../../runtime/shapes.js';
import type { Task } from '../../types.js';
import type { AgentExecutor } from '../executor.js';
import type { Tracing } from '../observability.js';
import type { PushConfig } from '../push/push-config.js';
import type { CallInfo, RunMode } from './call-info.js';
import { ExecutionContext } from './execution-context.js';
import { describeFailure } from './failure.js';
import type { ResolvedTask } from './message-target.js';
import { checkMediaTypes, routeSkill } from './routing.js';
import { ownerOf } from './task-owner.js';
import { TaskRun, type RunHost, type RunListener } from './task-run.js';
import { budgetError, sizeOf, sizeOfMessage } from './task-size.js';
import { setSkill, skillOf } from './task-skill.js';
import { clip } from '../../runtime/clip.js';

const features = protocol.features;

/** What starting a run needs of the task manager. */
export interface StartHost extends RunHost {
  readonly executor: AgentExecutor;
  readonly defaultSkill: string | undefined;
  readonly agentModes: { input: readonly string[]; output: readonly string[] };
  readonly maxTaskBytes: number;
  readonly tracing: Tracing | undefined;
  /** Whether the task already runs (here, or on another replica). */
  isRunning(taskId: string, task: Task | undefined): boolean;
  reserve(bytes: number, what: string, newTasks?: number): void;
  /**
   * Keeps the run until it is released; a continuing task's (`continuing`) is found by its id at
   * once, and subscribers waiting for the task's next turn are attached to it.
   */
  track(run: TaskRun, continuing: boolean): void;
  /** Records a push config sent with the message, once the task exists. */
  keepPushConfig(taskId: string, config: PushConfig): void;
  /** The stream listener as it must be attached (after its events are stored, with a shared store). */
  streamListener(listener: RunListener, run: TaskRun): RunListener;
}

export interface StartRequest {
  params: Loose;
  message: Loose;
  call: CallInfo;
  owner: string | undefined;
  mode: RunMode;
  listener?: RunListener;
  pushConfig?: PushConfig;
}

export function startRun(host: StartHost, { taskId, contextId, existing }: ResolvedTask, request: StartRequest): TaskRun {
  const { params, message, call, mode, listener, pushConfig } = request;
  if (taskId !== undefined && host.isRunning(taskId, existing)) {
    throw errorFor('unsupportedOperation', `task ${clip(taskId)} is still being worked on; send the next message once it asks for input`, {
      taskId: clip(taskId),
    });
  }
  const skill = routeSkill(message, host.defaultSkill, existing ? skillOf(existing) : undefined);
  checkMediaTypes(message, skill, host.agentModes, getPath(params, features.send.acceptedOutputModes));
  const messageBytes = sizeOfMessage(message);
  const existingBytes = existing ? sizeOf(existing) : 0;
  if (existing && existingBytes + messageBytes > host.maxTaskBytes) {
    throw budgetError('taskBytes', host.maxTaskBytes, `task ${existing.id} would hold ${existingBytes + messageBytes} bytes with this message`, '/message');
  }
  host.reserve(messageBytes, 'a new message was refused', existing ? 0 : 1);

  // The stored copy of the client's message names its task and context (v0.2+). It is this
  // request's own parsed object, so it is completed in place; the executor gets a copy.
  const refer = (id: string): MessageShape => {
    if (features.messageRefersToTask) {
      message.taskId = id;
      message.contextId = contextId;
    }
    return message as MessageShape;
  };
  let run: TaskRun;
  if (existing) {
    setSkill(existing, skill?.id);
    const history = (shapeOf(existing).history ??= []);
    history.push(refer(existing.id));
    let bytes = existingBytes + messageBytes;
    if (history.length > host.maxHistory) for (const dropped of history.splice(0, history.length - host.maxHistory)) bytes -= sizeOf(dropped);
    host.save(existing, bytes, undefined, false);
    run = new TaskRun(host, taskId, contextId, undefined, existing, false, bytes);
    run.owner = ownerOf(existing);
    host.track(run, true);
  } else {
    // Built only if the executor answers with a task (a direct reply never needs it, nor its id).
    const pending = (id: string): Task => {
      const task = createTask(id, contextId, { state: states.submitted }, [refer(id) as never]);
      setSkill(task, skill?.id);
      return task;
    };
    run = new TaskRun(host, taskId, contextId, pending, undefined, features.directReplies, 0);
    run.owner = request.owner;
    host.track(run, false);
  }
  if (host.tracing) run.span = host.tracing.execution(call.span, { 'a2a.method': call.method, 'a2a.skill.id': skill?.id, 'a2a.context.id': contextId });
  if (listener) run.listen(mode === 'stream' ? host.streamListener(listener, run) : listener);
  // A push config needs the task (and its id) from the start.
  if (pushConfig) host.keepPushConfig(run.materializeNow().id, pushConfig);
  // v0.1.0 tasks always exist (the client chose the id); non-blocking sends answer with the task at once.
  if (mode === 'background' || features.clientTaskIds) run.materializeNow();

  const withRefs = (id: string): Loose => ({ ...refer(id) });
  const context = new ExecutionContext(run, call, withRefs, existing ? structuredClone(existing) : undefined, skill, mode === 'stream', message, params);
  run.context = context;
  // The listener is attached: the executor may publish from its first line on.
  let outcome: unknown;
  try {
    outcome = host.executor.execute(context, run);
  } catch (err) {
    run.settleWithError(err, describeFailure);
    return run;
  }
  if (outcome instanceof Promise)
    outcome.then(
      () => run.settle(),
      (err: unknown) => run.settleWithError(err, describeFailure),
    );
  else run.settle();
  return run;
}
