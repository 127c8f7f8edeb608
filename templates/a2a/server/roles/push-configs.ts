// The push-config roles — set, get, list, delete a task's webhook configs. Tasks are looked up
// through the task manager, so another caller's task is not found here either; credentials are
// never echoed back. The config's shape moved in v1.0 (flat, `taskId`; before, under
// `pushNotificationConfig` beside the task's `id`): the descriptor's names say where.
// @see spec v1.0 §3.1.7–3.1.10, v0.3.0 §7.5–7.8
import { protocol } from '../../protocol.js';
import type { Loose } from '../../runtime/shapes.js';
import type { PushConfig } from '../push/push-config.js';
import { checkPushConfig, requirePush } from '../push/push-target.js';
import { checkPushUrl, invalidParams, ruleApplies, ruleError } from '../spec/rules.js';
import type { Role, RoleCall } from './role.js';
import { clip } from '../../runtime/clip.js';

const features = protocol.features;
const { configField, taskParam, configIdParam, listMember } = features.pushMethods;
const taskField = features.pushConfigTaskIdField;

/** The config in set's params: under its member (v0.x), or the params themselves less the task's id and tenant (v1.0). */
function configOf(params: Loose): PushConfig {
  if (configField) return params[configField] as PushConfig;
  const { [taskField]: _task, tenant: _tenant, ...config } = params;
  return config as PushConfig;
}

/** A TaskPushNotificationConfig: the config under its member with the task's id beside it (v0.x), or flat with `taskId` (v1.0). */
function answer(taskId: string, config: PushConfig): unknown {
  const shown = redact(config);
  return configField ? { [taskField]: taskId, [configField]: shown } : { ...shown, [taskField]: taskId };
}

/** get, list and delete: push must be on, and the task the params name must be the caller's. */
async function configuredTask({ params, meta, config }: Pick<RoleCall<'pushGet' | 'pushList' | 'pushDelete'>, 'params' | 'meta' | 'config'>) {
  const { manager } = config;
  requirePush(manager.push);
  return { manager, task: await manager.findTask(params[taskParam], `/${taskParam}`, meta) };
}

/** Push credentials are the client's secret towards its webhook: never echoed back. */
function redact(config: PushConfig): PushConfig {
  if (!config.authentication?.credentials) return config;
  const { credentials: _secret, ...authentication } = config.authentication;
  return { ...config, authentication };
}

export const pushSet: Role<'pushSet'> = {
  check(params) {
    // The config is judged on its own first: a refused URL is -32602 whatever the store holds.
    checkPushUrl((configField ? (params[configField] as Loose | undefined) : params)?.url, configField ? `/${configField}/url` : '/url');
  },
  async run({ params, meta, config }) {
    const { manager } = config;
    const pushConfig = configOf(params);
    await checkPushConfig(pushConfig, configField ? `/${configField}` : '', manager.push);
    const task = await manager.findTask(params[taskField], `/${taskField}`, meta);
    const stored = await manager.pushConfigs.set(task.id, pushConfig, manager.limits.pushConfigsPerTask);
    return { kind: 'result', result: answer(task.id, stored) };
  },
};

export const pushGet: Role<'pushGet'> = {
  async run({ params, meta, config }) {
    const { manager, task } = await configuredTask({ params, meta, config });
    const configId = typeof params[configIdParam] === 'string' && params[configIdParam] !== '' ? (params[configIdParam] as string) : undefined;
    const found = await manager.pushConfigs.get(task.id, configId);
    if (!found) {
      // v1.0 answers TaskNotFound (§3.1.8); before, the id given was invalid.
      const path = configId ? `/${configIdParam}` : `/${taskParam}`;
      const what = configId
        ? `task ${clip(task.id)} has no push notification config "${clip(configId)}"`
        : `task ${clip(task.id)} has no push notification config`;
      throw ruleApplies('push-config-exists') ? ruleError('push-config-exists', path, what) : invalidParams(path, what);
    }
    return { kind: 'result', result: answer(task.id, found) };
  },
};

export const pushList: Role<'pushList'> = {
  async run({ params, meta, config }) {
    const { manager, task } = await configuredTask({ params, meta, config });
    const configs = manager.pushConfigs.list(task.id).map((c) => answer(task.id, c));
    // v1.0 pages the list; a task holds at most server.push.maxConfigsPerTask configs, so one page holds them all.
    return { kind: 'result', result: listMember ? { [listMember]: configs, nextPageToken: '' } : configs };
  },
};

export const pushDelete: Role<'pushDelete'> = {
  async run({ params, meta, config }) {
    const { manager, task } = await configuredTask({ params, meta, config });
    await manager.pushConfigs.delete(task.id, String(params[configIdParam]));
    // v1.0 answers google.protobuf.Empty (`{}`); before, null.
    return { kind: 'result', result: features.pushMethods.deleteAnswersObject ? {} : null };
  },
};
