// The running side of tasks: the executions of this process (a registry of runs by task), how
// one starts (start-run.ts) and ends (cancel, shutdown), what their events reach (the store in
// order, push webhooks, subscribers across turns, followers on other replicas), and the lookups
// the roles make (a task the caller may see). The roles (../roles/) decide what each method
// does with these; nothing here knows a method.
import { errorFor } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { contextIdOf, createStatusUpdate, getPath, isTerminalState, stateOf, states } from '../../runtime/objects.js';
import { shapeOf, type Loose } from '../../runtime/shapes.js';
import type { Task } from '../../types.js';
import type { AgentExecutor } from '../executor.js';
import type { ServerLog, Tracing } from '../observability.js';
import type { PushConfig, PushConfigs } from '../push/push-config.js';
import type { PushNotifier } from '../push/push-notifier.js';
import { checkPushConfig, type PushSupport } from '../push/push-target.js';
import type { TaskEventBus } from '../stores/event-bus.js';
import type { TaskStore } from '../stores/task-store.js';
import type { CallInfo, RunMode } from './call-info.js';
import { resolveTask } from './message-target.js';
import { RemoteWatchers } from './remote-watchers.js';
import { startRun, type StartHost } from './start-run.js';
import { StoreOrder } from './store-order.js';
import { visibleTo, type TaskOwnerKey } from './task-owner.js';
import type { RunListener, StreamEvent, TaskRun } from './task-run.js';
import { budgetError } from './task-size.js';
import { TaskSubscription } from './task-subscription.js';
import { WaitingSubscriptions } from './waiting-subscriptions.js';
import { clip } from '../../runtime/clip.js';

const features = protocol.features;
const PUSH_CONFIG_PATH = '/' + (features.send.pushNotificationConfig ?? []).join('/');

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

export class TaskManager implements StartHost {
  private readonly runs = new Map<string, TaskRun>();
  /** Every execution not yet released, direct replies included (shutdown waits for them). */
  private readonly live = new Set<TaskRun>();
  readonly maxHistory: number;
  readonly maxTaskBytes: number;
  readonly abandonGraceMs: number;
  readonly limits: ManagerConfig['limits'];
  readonly executor: AgentExecutor;
  readonly defaultSkill: string | undefined;
  readonly agentModes: ManagerConfig['agentModes'];
  readonly tracing: Tracing | undefined;
  /** What the store has written, for answers and streams to wait on (store-order.ts). */
  readonly order: StoreOrder;
  /** Subscriptions waiting for their task's next turn in this process. */
  private readonly waiting = new WaitingSubscriptions();
  private readonly watchers = new RemoteWatchers((taskId) => this.runs.get(taskId));

  constructor(private readonly config: ManagerConfig) {
    this.limits = config.limits;
    this.maxHistory = config.limits.historyLength;
    this.maxTaskBytes = config.limits.taskBytes;
    this.abandonGraceMs = config.abandonGraceMs;
    this.executor = config.executor;
    this.defaultSkill = config.defaultSkill;
    this.agentModes = config.agentModes;
    this.tracing = config.tracing;
    this.order = new StoreOrder(config.store);
    config.bus?.onCancel((taskId) => {
      const run = this.runs.get(taskId);
      if (run && !run.final) void this.cancelRun(run);
    });
    config.bus?.onWatch?.((taskId, watcher, watching) => this.watchers.watch(taskId, watcher, watching));
    // The store lost the task to another process (this replica was taken for dead): the work stops.
    config.store.onLost?.((taskId, reason) =>
      this.runs.get(taskId)?.abort(reason ?? 'another replica took this task over; nothing more of this execution is stored'),
    );
  }

  get store(): TaskStore {
    return this.config.store;
  }
  get pushConfigs(): PushConfigs {
    return this.config.pushConfigs;
  }
  /** What keeping a push config needs: the capability, the notifier that checks its webhook. */
  get push(): PushSupport {
    return this.config;
  }

  // ——— RunHost and StartHost ———

  save(task: Task, bytes?: number, event?: StreamEvent, final?: boolean): void {
    // Only a shared store uses the change (the in-memory one would just drop the object).
    const result = this.order.durable ? this.config.store.set(task, bytes, { event, final: final === true }) : this.config.store.set(task, bytes);
    if (result instanceof Promise) result.catch((err) => this.log('error', `a2a: saving task ${task.id} failed`, err));
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

  track(run: TaskRun, continuing: boolean): void {
    this.live.add(run);
    if (!continuing) return;
    this.runs.set(run.taskId, run);
    // Subscribers that waited through the task's last interruption hear this turn from its start.
    for (const subscription of this.waiting.take(run.taskId)) subscription.attach(run);
  }

  isRunning(taskId: string, task: Task | undefined): boolean {
    return this.runs.has(taskId) || (task !== undefined && this.config.bus?.runningElsewhere(task) === true);
  }

  reserve(bytes: number, what: string, newTasks = 0): void {
    const { store, limits } = this.config;
    if (store.reserve && !store.reserve(bytes, newTasks)) throw budgetError('memoryBytes', limits.memoryBytes, what);
  }

  keepPushConfig(taskId: string, config: PushConfig): void {
    const set = this.config.pushConfigs.set(taskId, config, this.limits.pushConfigsPerTask);
    if (set instanceof Promise) set.catch((err) => this.log('error', `a2a: saving the push config of task ${taskId} failed`, err));
  }

  streamListener(listener: RunListener, run: TaskRun): RunListener {
    return this.order.afterStore(listener, run);
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

  // ——— what the roles use ———

  /**
   * Starts an execution for the message of send params; `listener` is attached before the
   * executor runs, so it misses nothing. Synchronous when nothing needs the store or the network
   * (a new task, no push config).
   */
  start(params: Loose, call: CallInfo, mode: RunMode, listener?: RunListener): TaskRun | Promise<TaskRun> {
    // The message was checked with the params (roles/dispatch.ts): what is left depends on the store.
    const message = params.message as Loose;
    const owner = this.ownerOf(call);
    const resolved = resolveTask(this.config.store, params, message, owner);
    const pushConfig = getPath(params, features.send.pushNotificationConfig) as PushConfig | undefined | null;
    if (!(resolved instanceof Promise) && (pushConfig === undefined || pushConfig === null))
      return startRun(this, resolved, { params, message, call, owner, mode, listener });
    return (async () => {
      const task = await resolved;
      if (pushConfig) await checkPushConfig(pushConfig, PUSH_CONFIG_PATH, this.config);
      return startRun(this, task, { params, message, call, owner, mode, listener, pushConfig: pushConfig ?? undefined });
    })();
  }

  /** The task, when it exists and the caller may see it; TaskNotFound alike in both other cases. */
  async findTask(id: unknown, path: string, call: CallInfo): Promise<Task> {
    const task = typeof id === 'string' ? await this.config.store.get(id) : undefined;
    if (!task || !visibleTo(task, this.ownerOf(call))) throw errorFor('taskNotFound', undefined, { taskId: typeof id === 'string' ? clip(id) : id, path });
    return task;
  }

  /** The owner key of the caller, when tasks are bound to their callers. */
  ownerOf(call: CallInfo): string | undefined {
    const { ownerKey } = this.config;
    return ownerKey && call.principal ? ownerKey(call.principal) : undefined;
  }

  /** Cancels a task that is not finished, wherever it runs or waits; resolves once the cancel is stored. */
  async cancel(task: Task): Promise<Task> {
    const run = this.runs.get(task.id);
    const { bus } = this.config;
    if (run && !run.final) await this.cancelRun(run);
    // Another replica runs it: that replica cancels it (its executor's signal aborts there).
    else if (bus?.runningElsewhere(task) && (await bus.requestCancel(task, this.config.cancelTimeoutMs + 2000))) {
      const now = await this.config.store.get(task.id);
      if (now && !isTerminalState(stateOf(now)))
        throw errorFor('internal', `task ${clip(task.id)} is being canceled by the replica running it; ask for it again in a moment`);
    } else {
      // Nothing runs (the task waits for input, or its executor ignored a previous end): cancel in place.
      const event = createStatusUpdate(task.id, contextIdOf(task), { state: states.canceled }, true);
      shapeOf(task).status = shapeOf(event).status;
      this.save(task, undefined, event, true);
      this.notify(task);
      for (const subscription of this.waiting.take(task.id)) subscription.onEvent(event, true);
      await this.order.storedTask(task.id);
    }
    return (await this.config.store.get(task.id)) ?? task;
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
    await this.order.stored(run);
  }

  /**
   * A subscription to a task's events from now on, or undefined when none will come (the
   * stream is the task alone). `untilTerminal`: it lasts through the turns that wait for input.
   */
  async subscribe(task: Task, listener: RunListener, untilTerminal: boolean): Promise<TaskSubscription | undefined> {
    const subscription = new TaskSubscription(
      {
        liveRun: (taskId) => this.runs.get(taskId),
        afterStore: (l, run) => this.order.afterStore(l, run),
        bus: () => this.config.bus,
        wait: (s) => this.waiting.add(s),
        stopWaiting: (s) => this.waiting.remove(s),
      },
      task.id,
      listener,
      untilTerminal,
    );
    return (await subscription.start(task)) ? subscription : undefined;
  }

  // ——— shutdown ———

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
   * open stream receives as its last event before it closes. Subscriptions waiting for a turn end.
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
    this.waiting.endAll();
  }
}
