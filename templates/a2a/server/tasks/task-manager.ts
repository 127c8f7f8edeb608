// The task roles of A2A — send, stream, get, cancel, resubscribe — over a task store, the
// running executions and the push notifier; the push-config roles are push-config-methods.ts. Method names and param shapes vary
// by version; everything here reads them through the protocol descriptor.
// @see the A2A spec §7 Protocol RPC Methods.
import { errorFor } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { contextIdOf, createStatusUpdate, getPath, isTerminalState, createTask, stateOf, states } from '../../runtime/objects.js';
import { fromShape, shapeOf, type Loose, type MessageShape } from '../../runtime/shapes.js';
import type { Task } from '../../types.js';
import { ExecutionContext } from './execution-context.js';
import type { AgentExecutor, Principal } from '../executor.js';
import { describeFailure } from './failure.js';
import { PushConfigMethods } from '../roles/push-config-methods.js';
import type { PushConfig, PushConfigs, PushNotifier } from '../push/push.js';
import type { TaskEventBus } from '../stores/event-bus.js';
import type { ServerLog, SpanHandle, Tracing } from '../observability.js';
import { listTasks } from '../roles/list-tasks.js';
import { resolveTask, type ResolvedTask } from './message-target.js';
import { checkMediaTypes, routeSkill } from './routing.js';
import { checkHistoryLength, historyAbsentMeansNone, ruleApplies, ruleError } from '../roles/rules.js';
import { ownerOf, visibleTo, type TaskOwnerKey } from './task-owner.js';
import { setSkill, skillOf } from './task-skill.js';
import { TaskRun, type RunHost, type RunListener, type StreamEvent } from './task-run.js';
import { TaskSubscription, type SubscriptionHost } from './task-subscription.js';
import { budgetError, sizeOf, sizeOfMessage } from './task-size.js';
import type { TaskStore } from '../stores/task-store.js';

const features = protocol.features;
const pathText = (path: readonly string[] | undefined): string => '/' + (path ?? []).join('/');
const HISTORY_LENGTH_PATH = pathText(features.send.historyLength);

export interface ManagerConfig {
  executor: AgentExecutor;
  store: TaskStore;
  pushConfigs: PushConfigs;
  /** What crosses replicas (event-bus.ts); absent for one process. */
  bus?: TaskEventBus;
  notifier?: PushNotifier;
  capabilities: { streaming: boolean; pushNotifications: boolean };
  limits: { historyLength: number; partsPerMessage: number; messageBytes: number; taskBytes: number; memoryBytes: number; pushConfigsPerTask: number };
  /**
   * When set (the agent authenticates its callers), each task belongs to the key of the
   * principal that created it and is invisible to every other key (task-owner.ts).
   */
  ownerKey?: TaskOwnerKey;
  defaultSkill?: string;
  agentModes: { input: readonly string[]; output: readonly string[] };
  cancelTimeoutMs: number;
  /** See RunHost.abandonGraceMs. */
  abandonGraceMs: number;
  log: ServerLog;
  /** Spans per execution, when tracing is on. */
  tracing?: Tracing;
}

export interface CallInfo {
  method: string;
  principal?: Principal;
  /** The request's span (tracing on): executions it starts are its children. */
  span?: SpanHandle;
}

export type RunMode = 'blocking' | 'background' | 'stream';

export class TaskManager implements RunHost {
  private readonly runs = new Map<string, TaskRun>();
  /** Every execution not yet released, direct replies included (shutdown waits for them). */
  private readonly live = new Set<TaskRun>();
  readonly maxHistory: number;
  readonly maxTaskBytes: number;
  readonly abandonGraceMs: number;
  readonly limits: ManagerConfig['limits'];

  /** Whether the store writes in the background (a shared store): answers wait for its writes. */
  private readonly durable: boolean;
  /** Stream listeners as registered on their run, when afterStore() wrapped them. */
  private readonly wrapped = new WeakMap<RunListener, RunListener>();

  /** The push-config roles (pushSet, pushGet, pushList, pushDelete): push-config-methods.ts. */
  readonly pushMethods: PushConfigMethods;

  constructor(private readonly config: ManagerConfig) {
    this.pushMethods = new PushConfigMethods(config, (id, path, call) => this.requireTask(id, path, call));
    this.limits = config.limits;
    this.maxHistory = config.limits.historyLength;
    this.maxTaskBytes = config.limits.taskBytes;
    this.abandonGraceMs = config.abandonGraceMs;
    this.durable = typeof config.store.whenStored === 'function';
    config.bus?.onCancel((taskId) => {
      const run = this.runs.get(taskId);
      if (run && !run.final) void this.cancelRun(run);
    });
    config.bus?.onWatch?.((taskId, watcher, watching) => this.remoteWatch(taskId, watcher, watching));
    // The store lost the task to another process (this replica was taken for dead): the work stops.
    config.store.onLost?.((taskId) => this.runs.get(taskId)?.abort('another replica took this task over; nothing more of this execution is stored'));
  }

  // ——— RunHost ———

  save(task: Task, bytes?: number, event?: StreamEvent, final?: boolean): void {
    // Only a shared store uses the change (the in-memory one would just drop the object).
    const result = this.durable ? this.config.store.set(task, bytes, { event, final: final === true }) : this.config.store.set(task, bytes);
    if (result instanceof Promise) result.catch((err) => this.log('error', `a2a: saving task ${task.id} failed`, err));
  }

  /** Resolves once the run's task is durable (shared stores); undefined when nothing waits. */
  private stored(run: TaskRun): Promise<void> | undefined {
    return this.durable && run.task ? this.config.store.whenStored!(run.task.id) : undefined;
  }

  /**
   * With a shared store, a listener hears each event once it is stored, in order: a client never
   * sees a state that another replica could not read back. Without one, the listener as it is.
   */
  private afterStore(listener: RunListener, run: TaskRun): RunListener {
    if (!this.durable) return listener;
    let chain: Promise<void> = Promise.resolve();
    let failed = false;
    const wrapped: RunListener = (event, final, error) => {
      const wait = this.stored(run);
      chain = chain
        .then(() => wait)
        .then(
          () => {
            if (!failed) listener(event, final, error);
          },
          (err: unknown) => {
            if (failed) return;
            failed = true;
            listener(undefined, true, err);
          },
        );
    };
    this.wrapped.set(listener, wrapped);
    return wrapped;
  }

  /** Followers on other replicas of runs here, each standing in as a listener (see TaskEventBus.onWatch). */
  private readonly watchers = new Map<string, { run: TaskRun; listener: RunListener }>();

  private remoteWatch(taskId: string, watcher: string, watching: boolean): void {
    for (const [key, w] of this.watchers) if (w.run.final) this.watchers.delete(key);
    if (!watching) {
      const w = this.watchers.get(watcher);
      this.watchers.delete(watcher);
      w?.run.removeListener(w.listener);
      return;
    }
    const run = this.runs.get(taskId);
    if (!run || run.final || this.watchers.has(watcher)) return;
    const listener: RunListener = () => undefined;
    this.watchers.set(watcher, { run, listener });
    run.listen(listener);
  }

  /** Stops a stream's listener (the one given to start() or resubscribe()). */
  unlisten(run: Pick<TaskRun, 'removeListener'>, listener: RunListener): void {
    run.removeListener(this.wrapped.get(listener) ?? listener);
  }

  notify(task: Task): void {
    const { notifier, pushConfigs } = this.config;
    if (notifier && pushConfigs.has(task.id)) notifier.notify(task.id, task, pushConfigs.list(task.id));
  }

  register(run: TaskRun): void {
    this.runs.set(run.taskId, run);
  }

  release(run: TaskRun): void {
    this.live.delete(run);
    if (!run.task) return; // a direct reply: nothing was registered or configured under an id
    if (this.runs.get(run.taskId) === run) this.runs.delete(run.taskId);
  }

  reserve(bytes: number, what: string, newTasks = 0): void {
    const { store, limits } = this.config;
    if (store.reserve && !store.reserve(bytes, newTasks)) throw budgetError('memoryBytes', limits.memoryBytes, what);
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
  async send(params: Loose, call: CallInfo, connection?: { onDisconnect?(callback: () => void): void }): Promise<unknown> {
    // v1.0 asks the other way round: `returnImmediately: true` is v0.x's `blocking: false`.
    const blocking = features.send.returnImmediately
      ? getPath(params, features.send.returnImmediately) !== true
      : getPath(params, features.send.blocking) !== false;
    const historyLength = checkHistoryLength(getPath(params, features.send.historyLength), HISTORY_LENGTH_PATH);
    if (!blocking) {
      const run = await this.start(params, call, 'background');
      const stored = this.stored(run);
      if (stored) await stored;
      return this.snapshot(run.task!, historyLength);
    }
    // Most executors answer within the call: the promise is made only for those that do not.
    let resolveFinal: (() => void) | undefined;
    let done = false;
    const listener: RunListener = (_event, final) => {
      if (!final) return;
      done = true;
      resolveFinal?.();
    };
    const started = this.start(params, call, 'blocking', listener);
    const run = started instanceof Promise ? await started : started;
    if (!done) {
      connection?.onDisconnect?.(() => {
        run.removeListener(listener);
        resolveFinal?.();
      });
      await new Promise<void>((resolve) => (done ? resolve() : (resolveFinal = resolve)));
    }
    run.removeListener(listener);
    const stored = this.stored(run);
    if (stored) await stored;
    return this.outcome(run, historyLength);
  }

  /** The answer of a finished blocking send: its error, its direct reply, or the task. */
  outcome(run: TaskRun, historyLength: number | undefined): unknown {
    if (run.error !== undefined) throw run.error;
    if (run.directReply) return run.directReply;
    return this.snapshot(run.task!, historyLength);
  }

  /**
   * Starts an execution; `listener` is attached before the executor runs, so it misses nothing.
   * Synchronous when nothing needs the store or the network (a new task, no push config).
   */
  start(params: Loose, call: CallInfo, mode: RunMode, listener?: RunListener): TaskRun | Promise<TaskRun> {
    // The message was checked with the params (dispatch.ts): what is left depends on the store.
    const message = params.message as Loose;
    const resolved = resolveTask(this.config.store, params, message, this.ownerOf(call));
    const pushConfig = getPath(params, features.send.pushNotificationConfig) as PushConfig | undefined;
    const hasPush = pushConfig !== undefined && pushConfig !== null;
    if (!(resolved instanceof Promise) && !hasPush) return this.startResolved(resolved, params, message, call, mode, listener, undefined);
    return (async () => {
      const task = await resolved;
      if (hasPush) await this.pushMethods.check(pushConfig, pathText(features.send.pushNotificationConfig));
      return this.startResolved(task, params, message, call, mode, listener, hasPush ? pushConfig : undefined);
    })();
  }

  private startResolved(
    { taskId, contextId, existing }: ResolvedTask,
    params: Loose,
    message: Loose,
    call: CallInfo,
    mode: RunMode,
    listener: RunListener | undefined,
    pushConfig: PushConfig | undefined,
  ): TaskRun {
    if (taskId !== undefined && (this.runs.has(taskId) || (existing && this.config.bus?.runningElsewhere(existing)))) {
      throw errorFor('unsupportedOperation', `task ${taskId} is still being worked on; send the next message once it asks for input`, { taskId });
    }
    const skill = routeSkill(message, this.config.defaultSkill, existing ? skillOf(existing) : undefined);
    checkMediaTypes(message, skill, this.config.agentModes, getPath(params, features.send.acceptedOutputModes));
    const messageBytes = sizeOfMessage(message);
    const existingBytes = existing ? sizeOf(existing) : 0;
    if (existing && existingBytes + messageBytes > this.maxTaskBytes) {
      throw budgetError('taskBytes', this.maxTaskBytes, `task ${existing.id} would hold ${existingBytes + messageBytes} bytes with this message`, '/message');
    }
    this.reserve(messageBytes, 'a new message was refused', existing ? 0 : 1);
    const owner = this.ownerOf(call);

    // The stored copy of the client's message names its task and context (v0.2+). It is this
    // request's own parsed object, so it is completed in place; the executor gets a copy.
    const refer = (id: string): Loose => {
      if (features.messageRefersToTask) {
        message.taskId = id;
        message.contextId = contextId;
      }
      return message;
    };
    const withRefs = (id: string): Loose => ({ ...refer(id) });
    let run: TaskRun;
    if (existing) {
      setSkill(existing, skill?.id);
      const history = (shapeOf(existing).history ??= []);
      history.push(refer(existing.id) as MessageShape);
      let bytes = existingBytes + messageBytes;
      if (history.length > this.maxHistory) for (const dropped of history.splice(0, history.length - this.maxHistory)) bytes -= sizeOf(dropped);
      this.save(existing, bytes, undefined, false);
      run = new TaskRun(this, taskId, contextId, undefined, existing, false, bytes);
      run.owner = ownerOf(existing);
      this.runs.set(existing.id, run);
      // Subscribers that waited through the task's last interruption hear this turn from its start.
      for (const subscription of this.takeWaiting(existing.id)) subscription.attach(run);
    } else {
      // Built only if the executor answers with a task (a direct reply never needs it, nor its id).
      const pending = (id: string): Task => {
        const task = createTask(id, contextId, { state: states.submitted }, [refer(id) as never]);
        setSkill(task, skill?.id);
        return task;
      };
      run = new TaskRun(this, taskId, contextId, pending, undefined, features.directReplies, 0);
      run.owner = owner;
    }
    this.live.add(run);
    if (this.config.tracing)
      run.span = this.config.tracing.execution(call.span, { 'a2a.method': call.method, 'a2a.skill.id': skill?.id, 'a2a.context.id': contextId });
    if (listener) run.listen(mode === 'stream' ? this.afterStore(listener, run) : listener);
    // A push config needs the task (and its id) from the start.
    if (pushConfig) {
      const id = run.materializeNow().id;
      const set = this.config.pushConfigs.set(id, pushConfig, this.limits.pushConfigsPerTask);
      if (set instanceof Promise) set.catch((err) => this.log('error', `a2a: saving the push config of task ${id} failed`, err));
    }
    // v0.1.0 tasks always exist (the client chose the id); non-blocking sends answer with the task at once.
    if (mode === 'background' || features.clientTaskIds) run.materializeNow();

    const context = new ExecutionContext(run, call, withRefs, existing ? structuredClone(existing) : undefined, skill, mode === 'stream', message, params);
    run.context = context;
    // The listener is attached: the executor may publish from its first line on.
    let outcome: unknown;
    try {
      outcome = this.config.executor.execute(context, run);
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

  // ——— get / cancel / resubscribe ———

  async get(params: Loose, call: CallInfo): Promise<Task> {
    const historyLength = checkHistoryLength(params.historyLength, '/historyLength');
    return this.snapshot(await this.requireTask(params.id, '/id', call), historyLength);
  }

  /** ListTasks (v1.0): one page of the tasks the caller may see (list-tasks.ts). */
  list(params: Loose, call: CallInfo): Promise<unknown> {
    return listTasks(this.config.store, params, this.ownerOf(call), (task, historyLength) => this.snapshot(task, historyLength));
  }

  async cancel(params: Loose, call: CallInfo): Promise<Task> {
    const task = await this.requireTask(params.id, '/id', call);
    const state = stateOf(task);
    if (isTerminalState(state)) {
      if (ruleApplies('cancel-nonterminal-task')) throw ruleError('cancel-nonterminal-task', '/id', `task ${task.id} is ${state}`);
      throw errorFor('taskNotCancelable', undefined, { taskId: task.id, state });
    }
    const run = this.runs.get(task.id);
    const { bus } = this.config;
    if (run && !run.final) await this.cancelRun(run);
    // Another replica runs it: that replica cancels it (its executor's signal aborts there).
    else if (bus?.runningElsewhere(task) && (await bus.requestCancel(task, this.config.cancelTimeoutMs + 2000))) {
      const now = await this.config.store.get(task.id);
      if (now && !isTerminalState(stateOf(now)))
        throw errorFor('internal', `task ${task.id} is being canceled by the replica running it; ask for it again in a moment`);
    } else {
      // Nothing runs (the task waits for input, or its executor ignored a previous end): cancel in place.
      const event = createStatusUpdate(task.id, contextIdOf(task), { state: states.canceled }, true);
      shapeOf(task).status = shapeOf(event).status;
      this.save(task, undefined, event, true);
      this.notify(task);
      for (const subscription of this.takeWaiting(task.id)) subscription.onEvent(event, true);
      const stored = this.durable ? this.config.store.whenStored!(task.id) : undefined;
      if (stored) await stored;
    }
    return this.snapshot((await this.config.store.get(task.id)) ?? task, undefined);
  }

  /** Cancels an execution of this process: its signal aborts, its executor's cancel() may publish, then the task is canceled. */
  private async cancelRun(run: TaskRun): Promise<void> {
    run.abort('the task was canceled');
    const { executor, cancelTimeoutMs } = this.config;
    const context = run.context;
    if (executor.cancel && context) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([Promise.resolve(executor.cancel(context, run)), new Promise((resolve) => (timer = setTimeout(resolve, cancelTimeoutMs)))]);
      } catch (err) {
        this.log('error', `a2a: the executor's cancel() failed for task ${run.taskId}`, err);
      } finally {
        clearTimeout(timer);
      }
    }
    if (!run.final) run.end(states.canceled);
    const stored = this.stored(run);
    if (stored) await stored;
  }

  /** The task to stream from, and the subscription when more events will follow (task-subscription.ts). */
  async resubscribe(params: Loose, call: CallInfo, listener: RunListener): Promise<{ task: Task; subscription?: TaskSubscription }> {
    const task = await this.requireTask(params.id, '/id', call);
    if (ruleApplies('subscribe-nonterminal-task') && isTerminalState(stateOf(task)))
      throw ruleError('subscribe-nonterminal-task', '/id', `task ${task.id} is ${stateOf(task)}`);
    const subscription = new TaskSubscription(this.subscriptions, task.id, listener, ruleApplies('subscribe-until-terminal'));
    return (await subscription.start(task)) ? { task, subscription } : { task };
  }

  /** Subscriptions waiting for their task's next turn in this process, by task. */
  private readonly waiting = new Map<string, Set<TaskSubscription>>();

  private readonly subscriptions: SubscriptionHost = {
    liveRun: (taskId) => this.runs.get(taskId),
    afterStore: (listener, run) => this.afterStore(listener, run),
    bus: () => this.config.bus,
    wait: (subscription) => {
      let set = this.waiting.get(subscription.taskId);
      if (!set) this.waiting.set(subscription.taskId, (set = new Set()));
      set.add(subscription);
    },
    stopWaiting: (subscription) => {
      const set = this.waiting.get(subscription.taskId);
      if (set?.delete(subscription) && set.size === 0) this.waiting.delete(subscription.taskId);
    },
  };

  /** The subscriptions waiting for this task, taken off the waiting list. */
  private takeWaiting(taskId: string): TaskSubscription[] {
    const set = this.waiting.get(taskId);
    if (!set) return [];
    this.waiting.delete(taskId);
    return [...set];
  }

  // ——— helpers ———

  /** The task, when it exists and the caller may see it; TaskNotFound alike in both other cases. */
  private async requireTask(id: unknown, path: string, call: CallInfo): Promise<Task> {
    const task = typeof id === 'string' ? await this.config.store.get(id) : undefined;
    if (!task || !visibleTo(task, this.ownerOf(call))) throw errorFor('taskNotFound', undefined, { taskId: id, path });
    return task;
  }

  /** The owner key of the caller, when tasks are bound to their callers. */
  private ownerOf(call: CallInfo): string | undefined {
    const { ownerKey } = this.config;
    return ownerKey && call.principal ? ownerKey(call.principal) : undefined;
  }

  /** The task as returned to a client: history trimmed to what was asked for. */
  snapshot(task: Task, historyLength: number | undefined): Task {
    const t = shapeOf(task);
    const history = t.history;
    if (historyLength === undefined) {
      if (!historyAbsentMeansNone() || history === undefined) return task;
      const { history: _omitted, ...rest } = t;
      return fromShape<Task>(rest);
    }
    if (!history) return task;
    if (historyLength === 0 && ruleApplies('history-zero-omitted')) {
      const { history: _omitted, ...rest } = t;
      return fromShape<Task>(rest);
    }
    return fromShape<Task>({ ...t, history: historyLength === 0 ? [] : history.slice(-historyLength) });
  }

  /** Stops every execution (server shutdown). */
  abortAll(reason: string): void {
    for (const run of this.runs.values()) run.abort(reason);
  }

  /** Executions whose interaction has not ended yet. */
  get unfinishedRuns(): number {
    let n = 0;
    for (const run of this.live) if (!run.final) n++;
    return n;
  }

  /**
   * Graceful shutdown: waits up to `graceMs` for running executions to end by themselves, then
   * aborts the rest and ends each with a final `failed` status that says why — which every
   * open stream receives as its last event before it closes.
   */
  async shutdown(graceMs: number, reason: string): Promise<void> {
    const deadline = Date.now() + graceMs;
    while (this.unfinishedRuns > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, Math.min(25, Math.max(1, deadline - Date.now()))));
    for (const run of [...this.live]) {
      if (run.final) continue;
      run.abort(reason);
      run.end(states.failed, `${reason}: this task was stopped before it finished; send it again.`);
    }
    for (const taskId of [...this.waiting.keys()]) for (const subscription of this.takeWaiting(taskId)) subscription.end();
  }
}
