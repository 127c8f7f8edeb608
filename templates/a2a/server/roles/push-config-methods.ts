// The push-config roles of A2A — pushSet, pushGet, pushList, pushDelete — and the check a push
// config passes before it is kept (also for one sent with a message). Tasks are looked up
// through the task manager, so another caller's task is not found here either.
// @see the A2A spec §7.5–7.8 (push notification config methods) and §9 (push notifications).
import { errorFor } from '../../errors.js';
import { protocol } from '../../protocol.js';
import type { Loose } from '../../runtime/shapes.js';
import type { Task } from '../../types.js';
import type { PushConfig, PushConfigs, PushNotifier } from '../push/push.js';
import type { ServerLog } from '../observability.js';
import { checkPushUrl, invalidParams, ruleApplies, ruleError } from './rules.js';
import type { CallInfo } from '../tasks/task-manager.js';

const features = protocol.features;
const { configField, taskParam, configIdParam, listMember } = features.pushMethods;

/** The config in set's params: under its member (v0.x), or the params themselves less the task's id and tenant (v1.0). */
function configOf(params: Loose): PushConfig {
  if (configField) return params[configField] as PushConfig;
  const { [features.pushConfigTaskIdField]: _task, tenant: _tenant, ...config } = params;
  return config as PushConfig;
}

/** A TaskPushNotificationConfig: the config under its member with the task's id beside it (v0.x), or flat with `taskId` (v1.0). */
function answer(taskId: string, config: PushConfig): unknown {
  const shown = redact(config);
  return configField ? { [features.pushConfigTaskIdField]: taskId, [configField]: shown } : { ...shown, [features.pushConfigTaskIdField]: taskId };
}

export interface PushConfigMethodsConfig {
  pushConfigs: PushConfigs;
  notifier?: PushNotifier;
  capabilities: { pushNotifications: boolean };
  limits: { pushConfigsPerTask: number };
  log: ServerLog;
}

/** The task with this id when the caller may see it; TaskNotFound otherwise (the task manager's lookup). */
export type TaskLookup = (id: unknown, path: string, call: CallInfo) => Promise<Task>;

export class PushConfigMethods {
  constructor(
    private readonly config: PushConfigMethodsConfig,
    private readonly requireTask: TaskLookup,
  ) {}

  async set(params: Loose, call: CallInfo): Promise<unknown> {
    const taskField = features.pushConfigTaskIdField;
    // The config is judged on its own first: a refused URL is -32602 whatever the store holds.
    const config = configOf(params);
    await this.check(config, configField ? `/${configField}` : '');
    const task = await this.requireTask(params[taskField], `/${taskField}`, call);
    const stored = await this.config.pushConfigs.set(task.id, config, this.config.limits.pushConfigsPerTask);
    return answer(task.id, stored);
  }

  async get(params: Loose, call: CallInfo): Promise<unknown> {
    this.requirePush();
    const task = await this.requireTask(params[taskParam], `/${taskParam}`, call);
    const configId = typeof params[configIdParam] === 'string' && params[configIdParam] !== '' ? (params[configIdParam] as string) : undefined;
    const config = await this.config.pushConfigs.get(task.id, configId);
    if (!config) {
      // v1.0 answers TaskNotFound (§3.1.8); before, the id given was invalid.
      const path = configId ? `/${configIdParam}` : `/${taskParam}`;
      const what = configId ? `task ${task.id} has no push notification config "${configId}"` : `task ${task.id} has no push notification config`;
      throw ruleApplies('push-config-exists') ? ruleError('push-config-exists', path, what) : invalidParams(path, what);
    }
    return answer(task.id, config);
  }

  async list(params: Loose, call: CallInfo): Promise<unknown> {
    this.requirePush();
    const task = await this.requireTask(params[taskParam], `/${taskParam}`, call);
    const configs = this.config.pushConfigs.list(task.id).map((c) => answer(task.id, c));
    // v1.0 pages the list; a task holds at most server.push.maxConfigsPerTask configs, so one page holds them all.
    return listMember ? { [listMember]: configs, nextPageToken: '' } : configs;
  }

  async delete(params: Loose, call: CallInfo): Promise<unknown> {
    this.requirePush();
    const task = await this.requireTask(params[taskParam], `/${taskParam}`, call);
    await this.config.pushConfigs.delete(task.id, String(params[configIdParam]));
    // v1.0 answers google.protobuf.Empty (`{}`); before, null.
    return features.pushMethods.deleteAnswersObject ? {} : null;
  }

  /** A config the agent may keep: push is on, and its URL is absolute and not a refused target (`path` locates it in the params). */
  async check(config: PushConfig, path: string): Promise<void> {
    this.requirePush();
    const url = checkPushUrl(config?.url, `${path}/url`);
    try {
      await this.config.notifier!.checkTarget(url, this.config.log);
    } catch (err) {
      throw invalidParams(`${path}/url`, `push notification url refused: ${(err as Error).message}`);
    }
  }

  private requirePush(): void {
    if (this.config.capabilities.pushNotifications && this.config.notifier) return;
    if (ruleApplies('push-capability')) throw ruleError('push-capability', '');
    throw errorFor('pushNotificationNotSupported');
  }
}

/** Push credentials are the client's secret towards its webhook: never echoed back. */
function redact(config: PushConfig): PushConfig {
  if (!config.authentication?.credentials) return config;
  const { credentials: _secret, ...authentication } = config.authentication;
  return { ...config, authentication };
}
