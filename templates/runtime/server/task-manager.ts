// The task roles of A2A — send, stream, get, cancel, resubscribe, push config — over a task
// store, the running executions and the push notifier. Method names and param shapes vary
// by version; everything here reads them through the protocol descriptor.
// @see the A2A spec §7 Protocol RPC Methods.
import { errorFor, JsonRpcError } from '../errors.js';
import { protocol } from '../protocol.js';
import {
  contextIdOf,
  createStatusUpdate,
  dataOf,
  getPath,
  isTerminalState,
  newId,
  createTask,
  stateOf,
  textOf,
  type Loose,
} from '../runtime/objects.js';
import type { Task, TaskState } from '../types.js';
import type { AgentExecutor, Principal, RequestContext } from './executor.js';
import { PushConfigStore, type PushConfig, type PushNotifier } from './push.js';
import { checkMediaTypes, routeSkill } from './routing.js';
import { checkClientMessage, checkHistoryLength, checkPushUrl, historyAbsentMeansNone, ruleApplies, ruleError } from './rules.js';
import { TaskRun, type RunHost, type RunListener } from './task-run.js';
import type { TaskStore } from './task-store.js';

const features = protocol.features;
const pathText = (path: readonly string[] | undefined): string => '/' + (path ?? []).join('/');

export interface Logger {
  (level: 'warn' | 'error', message: string, error?: unknown): void;
}

export interface ManagerConfig {
  executor: AgentExecutor;
  store: TaskStore;
  pushConfigs: PushConfigStore;
  notifier?: PushNotifier;
  capabilities: { streaming: boolean; pushNotifications: boolean };
  limits: { historyLength: number; partsPerMessage: number };
  defaultSkill?: string;
  agentModes: { input: readonly string[]; output: readonly string[] };
  cancelTimeoutMs: number;
  /** See RunHost.abandonGraceMs. */
  abandonGraceMs: number;
  log: Logger;
}

export interface CallInfo {
  method: string;
  principal?: Principal;
}

export type RunMode = 'blocking' | 'background' | 'stream';

export class TaskManager implements RunHost {
  private readonly runs = new Map<string, TaskRun>();
  private readonly contexts = new WeakMap<TaskRun, RequestContext>();
  readonly maxHistory: number;
  readonly abandonGraceMs: number;

  constructor(private readonly config: ManagerConfig) {
    this.maxHistory = config.limits.historyLength;
    this.abandonGraceMs = config.abandonGraceMs;
  }

  // ——— RunHost ———

  save(task: Task): void {
    const result = this.config.store.set(task);
    if (result instanceof Promise) result.catch((err) => this.log('error', `a2a: saving task ${task.id} failed`, err));
  }

  notify(task: Task): void {
    const { notifier, pushConfigs } = this.config;
    if (notifier && pushConfigs.has(task.id)) notifier.notify(task.id, task, pushConfigs.list(task.id));
  }

  release(run: TaskRun): void {
    if (this.runs.get(run.taskId) === run) this.runs.delete(run.taskId);
    if (!run.task) this.config.pushConfigs.drop(run.taskId);
  }

  hasPushConfig(taskId: string): boolean {
    return this.config.capabilities.pushNotifications && this.config.pushConfigs.has(taskId);
  }

  log(level: 'warn' | 'error', message: string, error?: unknown): void {
    this.config.log(level, message, error);
  }

  /** Active executions (for tests and graceful shutdown). */
  get activeRuns(): number {
    return this.runs.size;
  }

  // ——— send / stream ———

  /**
   * `message/send`, `tasks/send`: blocking unless `configuration.blocking` is false. A blocking
   * caller that disconnects stops listening (when it was the last listener, the work stops).
   */
  async send(params: Loose, call: CallInfo, onDisconnect?: (callback: () => void) => void): Promise<unknown> {
    const blocking = getPath(params, features.send.blocking) !== false;
    const historyLength = checkHistoryLength(getPath(params, features.send.historyLength), pathText(features.send.historyLength));
    if (!blocking) {
      const run = await this.start(params, call, 'background');
      return this.snapshot(run.task!, historyLength);
    }
    let resolveFinal!: () => void;
    const finished = new Promise<void>((resolve) => (resolveFinal = resolve));
    const listener: RunListener = (_event, final) => {
      if (final) resolveFinal();
    };
    const run = await this.start(params, call, 'blocking', listener);
    onDisconnect?.(() => {
      run.removeListener(listener);
      resolveFinal();
    });
    await finished;
    run.removeListener(listener);
    return this.outcome(run, historyLength);
  }

  /** The answer of a finished blocking send: its error, its direct reply, or the task. */
  outcome(run: TaskRun, historyLength: number | undefined): unknown {
    if (run.error !== undefined) throw run.error;
    if (run.reply_) return run.reply_;
    return this.snapshot(run.task!, historyLength);
  }

  /** Starts an execution; `listener` is attached before the executor runs, so it misses nothing. */
  async start(params: Loose, call: CallInfo, mode: RunMode, listener?: RunListener): Promise<TaskRun> {
    const message = params.message as Loose;
    checkClientMessage(message, '/message', this.config.limits.partsPerMessage);
    const { taskId, contextId, existing } = await this.resolveTask(params, message);
    if (this.runs.has(taskId)) {
      throw errorFor('unsupportedOperation', `task ${taskId} is still being worked on; send the next message once it asks for input`, { taskId });
    }
    const skill = routeSkill(message, this.config.defaultSkill);
    checkMediaTypes(message, skill, this.config.agentModes, getPath(params, features.send.acceptedOutputModes));
    const pushConfig = getPath(params, features.send.pushNotificationConfig) as PushConfig | undefined;
    if (pushConfig !== undefined && pushConfig !== null) await this.checkPushConfig(pushConfig, pathText(features.send.pushNotificationConfig));

    const userMessage: Loose = features.messageRefersToTask ? { ...message, taskId, contextId } : message;
    let run: TaskRun;
    if (existing) {
      const history = ((existing as unknown as Loose).history ??= []) as unknown[];
      history.push(userMessage);
      if (history.length > this.maxHistory) history.splice(0, history.length - this.maxHistory);
      this.save(existing);
      run = new TaskRun(this, taskId, contextId, undefined, existing, false);
    } else {
      const pending = createTask(taskId, contextId, { state: 'submitted' as TaskState }, [userMessage as never]);
      const directReplies = features.kinds.message !== undefined && !features.clientTaskIds;
      run = new TaskRun(this, taskId, contextId, pending, undefined, directReplies);
    }
    if (pushConfig) this.config.pushConfigs.set(taskId, pushConfig);
    if (listener) run.listen(listener);
    this.runs.set(taskId, run);
    // v0.1.0 tasks always exist (the client chose the id); non-blocking sends answer with the task at once.
    if (mode === 'background' || features.clientTaskIds) run.materializeNow();

    const context: RequestContext = {
      method: call.method,
      message: userMessage as never,
      task: existing ? structuredClone(existing) : undefined,
      taskId,
      contextId,
      skill,
      principal: call.principal,
      get signal() {
        return run.signal;
      },
      streaming: mode === 'stream',
      text: textOf(message as never),
      data: dataOf(message as never),
      params,
    };
    this.contexts.set(run, context);
    const { executor } = this.config;
    Promise.resolve()
      .then(() => executor.execute(context, run))
      .then(
        () => run.settle(),
        (err) => run.settleWithError(err, describeFailure),
      );
    return run;
  }

  private async resolveTask(params: Loose, message: Loose): Promise<{ taskId: string; contextId: string | undefined; existing?: Task }> {
    const { store } = this.config;
    if (features.clientTaskIds) {
      const taskId = String(params.id);
      const existing = await store.get(taskId);
      if (existing) this.refuseTerminal(existing, '/id');
      const given = getPath(params, features.send.contextId);
      const contextId = typeof given === 'string' ? given : (existing && contextIdOf(existing)) ?? newId();
      return { taskId, contextId, existing };
    }
    const named = message.taskId;
    if (typeof named === 'string') {
      const existing = await store.get(named);
      if (!existing) {
        if (ruleApplies('continue-existing-task')) throw ruleError('continue-existing-task', '/message/taskId', `no task ${named}`);
        throw errorFor('taskNotFound', undefined, { taskId: named });
      }
      this.refuseTerminal(existing, '/message/taskId');
      const taskContext = contextIdOf(existing);
      if (typeof message.contextId === 'string' && taskContext !== undefined && message.contextId !== taskContext && ruleApplies('continue-same-context')) {
        throw ruleError('continue-same-context', '/message/contextId', `task ${named} belongs to context ${taskContext}`);
      }
      return { taskId: named, contextId: taskContext ?? (message.contextId as string | undefined), existing };
    }
    return { taskId: newId(), contextId: typeof message.contextId === 'string' ? message.contextId : newId() };
  }

  private refuseTerminal(task: Task, path: string): void {
    const state = stateOf(task);
    if (isTerminalState(state)) {
      if (ruleApplies('continue-nonterminal-task')) throw ruleError('continue-nonterminal-task', path, `task ${task.id} is ${state}`);
      throw errorFor('invalidParams', `task ${task.id} is ${state} and cannot be continued`, { path });
    }
  }

  // ——— get / cancel / resubscribe ———

  async get(params: Loose): Promise<Task> {
    const task = await this.requireTask(params.id, '/id');
    return this.snapshot(task, checkHistoryLength(params.historyLength, '/historyLength'));
  }

  async cancel(params: Loose): Promise<Task> {
    const task = await this.requireTask(params.id, '/id');
    const state = stateOf(task);
    if (isTerminalState(state)) {
      if (ruleApplies('cancel-nonterminal-task')) throw ruleError('cancel-nonterminal-task', '/id', `task ${task.id} is ${state}`);
      throw errorFor('taskNotCancelable', undefined, { taskId: task.id, state });
    }
    const run = this.runs.get(task.id);
    if (run && !run.final) {
      run.abort('the task was canceled');
      const { executor, cancelTimeoutMs } = this.config;
      const context = this.contexts.get(run);
      if (executor.cancel && context) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          await Promise.race([Promise.resolve(executor.cancel(context, run)), new Promise((resolve) => (timer = setTimeout(resolve, cancelTimeoutMs)))]);
        } catch (err) {
          this.log('error', `a2a: the executor's cancel() failed for task ${task.id}`, err);
        } finally {
          clearTimeout(timer);
        }
      }
      if (!run.final) run.status('canceled' as TaskState);
    } else {
      // Nothing runs (the task waits for input, or its executor ignored a previous end): cancel in place.
      const event = createStatusUpdate(task.id, contextIdOf(task), { state: 'canceled' as TaskState }, true) as unknown as Loose;
      (task as unknown as Loose).status = event.status;
      this.save(task);
      this.notify(task);
    }
    return this.snapshot((await this.config.store.get(task.id)) ?? task, undefined);
  }

  /** The task to stream from, and its live run when more events will follow. */
  async resubscribe(params: Loose, listener: RunListener): Promise<{ task: Task; run?: TaskRun }> {
    const task = await this.requireTask(params.id, '/id');
    const run = this.runs.get(task.id);
    if (!run || run.final) return { task };
    run.listen(listener);
    return { task, run };
  }

  // ——— push notification configs ———

  async pushSet(params: Loose): Promise<unknown> {
    this.requirePush();
    const taskField = features.pushConfigTaskIdField;
    const task = await this.requireTask(params[taskField], `/${taskField}`);
    const config = params.pushNotificationConfig as PushConfig;
    await this.checkPushConfig(config, '/pushNotificationConfig');
    const stored = this.config.pushConfigs.set(task.id, config);
    return { [taskField]: task.id, pushNotificationConfig: redact(stored) };
  }

  async pushGet(params: Loose): Promise<unknown> {
    this.requirePush();
    const task = await this.requireTask(params.id, '/id');
    const configId = typeof params.pushNotificationConfigId === 'string' ? params.pushNotificationConfigId : undefined;
    const config = this.config.pushConfigs.get(task.id, configId);
    if (!config) {
      throw errorFor('invalidParams', configId ? `task ${task.id} has no push notification config "${configId}"` : `task ${task.id} has no push notification config`, {
        path: configId ? '/pushNotificationConfigId' : '/id',
      });
    }
    return { [features.pushConfigTaskIdField]: task.id, pushNotificationConfig: redact(config) };
  }

  async pushList(params: Loose): Promise<unknown[]> {
    this.requirePush();
    const task = await this.requireTask(params.id, '/id');
    return this.config.pushConfigs.list(task.id).map((c) => ({ [features.pushConfigTaskIdField]: task.id, pushNotificationConfig: redact(c) }));
  }

  async pushDelete(params: Loose): Promise<null> {
    this.requirePush();
    const task = await this.requireTask(params.id, '/id');
    this.config.pushConfigs.delete(task.id, String(params.pushNotificationConfigId));
    return null;
  }

  private requirePush(): void {
    if (this.config.capabilities.pushNotifications && this.config.notifier) return;
    if (ruleApplies('push-capability')) throw ruleError('push-capability', '');
    throw errorFor('pushNotificationNotSupported');
  }

  private async checkPushConfig(config: PushConfig, path: string): Promise<void> {
    this.requirePush();
    const url = checkPushUrl(config?.url, `${path}/url`);
    try {
      await this.config.notifier!.checkTarget(url);
    } catch (err) {
      throw errorFor('invalidParams', `push notification url refused: ${(err as Error).message}`, { path: `${path}/url` });
    }
  }

  // ——— helpers ———

  private async requireTask(id: unknown, path: string): Promise<Task> {
    const task = typeof id === 'string' ? await this.config.store.get(id) : undefined;
    if (!task) throw errorFor('taskNotFound', undefined, { taskId: id, path });
    return task;
  }

  /** The task as returned to a client: history trimmed to what was asked for. */
  snapshot(task: Task, historyLength: number | undefined): Task {
    const t = task as unknown as Loose;
    const history = t.history as unknown[] | undefined;
    if (historyLength === undefined) {
      if (!historyAbsentMeansNone() || history === undefined) return task;
      const { history: _omitted, ...rest } = t;
      return rest as unknown as Task;
    }
    if (!history) return task;
    return { ...t, history: historyLength === 0 ? [] : history.slice(-historyLength) } as unknown as Task;
  }

  /** Stops every execution (server shutdown). */
  abortAll(reason: string): void {
    for (const run of this.runs.values()) run.abort(reason);
  }
}

/** A JsonRpcError thrown by an executor is its answer; anything else is an internal error. */
function describeFailure(error: unknown): { message: string; expected: boolean } {
  if (error instanceof JsonRpcError) return { message: error.message, expected: true };
  return { message: 'The agent failed while working on this task.', expected: false };
}

/** Push credentials are the client's secret towards its webhook: never echoed back. */
function redact(config: PushConfig): PushConfig {
  if (!config.authentication?.credentials) return config;
  const { credentials: _secret, ...authentication } = config.authentication;
  return { ...config, authentication };
}
