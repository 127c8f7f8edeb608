// Push notification configs: what a client sets for a task (the webhook, its token, its
// credentials), and where they live — the in-memory store here, a shared one for replicas
// (postgres/postgres-push.ts) behind the same interface.
import { invalidParams } from '../spec/rules.js';
import { clip } from '../../runtime/clip.js';

/**
 * On a config set by a client of another version the agent answers (compat): that version
 * (`0.3`), so its notifications are written in it. A symbol, never on the wire; a store that
 * serializes configs keeps it beside them (postgres-push.ts).
 */
export const PUSH_VERSION: unique symbol = Symbol('a2a.pushVersion');

/** A PushNotificationConfig as the client sent it (v0.1.0 and v0.2+ share these fields). */
export interface PushConfig {
  url: string;
  id?: string;
  token?: string;
  /** v0.x: `schemes` (the first is used); v1.0: one `scheme`. */
  authentication?: { schemes?: string[]; scheme?: string; credentials?: string };
  [PUSH_VERSION]?: string;
  [field: string]: unknown;
}

/**
 * Where push configs live. `has` and `list` are asked on every task event, so they stay
 * synchronous: a shared store answers them from a cache it keeps current (postgres-push.ts).
 * Writes may be asynchronous; the server awaits them before it answers.
 */
export interface PushConfigs {
  /** Adds or replaces a config; a new one past `max` configs for the task is refused (-32602). */
  set(taskId: string, config: PushConfig, max?: number): PushConfig | Promise<PushConfig>;
  get(taskId: string, id?: string): PushConfig | undefined | Promise<PushConfig | undefined>;
  list(taskId: string): PushConfig[];
  delete(taskId: string, id: string): boolean | Promise<boolean>;
  has(taskId: string): boolean;
  /** The task is gone (evicted): its configs go too. */
  drop(taskId: string): void;
}

/** Configs by task; a config without an id gets the task id (as the official SDK does). */
export class PushConfigStore implements PushConfigs {
  private readonly byTask = new Map<string, Map<string, PushConfig>>();

  constructor(private readonly ids: boolean) {}

  /** Adds or replaces a config; a new one past `max` configs for the task is refused (-32602). */
  set(taskId: string, config: PushConfig, max = Infinity): PushConfig {
    const stored: PushConfig = { ...config };
    if (this.ids) stored.id = typeof config.id === 'string' && config.id ? config.id : taskId;
    // Without config ids (v0.1.0 – v0.2.4) a task has one config, replaced on each set.
    const key = this.ids ? stored.id! : 'default';
    const configs = this.byTask.get(taskId);
    if (configs && !configs.has(key) && configs.size >= max) {
      throw invalidParams(
        '/pushNotificationConfig',
        `task ${clip(taskId)} has ${configs.size} push notification configs, the most it may have (limit server.push.maxConfigsPerTask); delete one first`,
        {
          limit: 'maxConfigsPerTask',
          max,
        },
      );
    }
    if (configs) configs.set(key, stored);
    else this.byTask.set(taskId, new Map([[key, stored]]));
    return stored;
  }

  get(taskId: string, id?: string): PushConfig | undefined {
    const configs = this.byTask.get(taskId);
    if (!configs) return undefined;
    if (id !== undefined) return configs.get(id);
    return configs.get(this.ids ? taskId : 'default') ?? configs.values().next().value;
  }

  list(taskId: string): PushConfig[] {
    return [...(this.byTask.get(taskId)?.values() ?? [])];
  }

  delete(taskId: string, id: string): boolean {
    const configs = this.byTask.get(taskId);
    const deleted = configs?.delete(id) ?? false;
    if (configs && configs.size === 0) this.byTask.delete(taskId);
    return deleted;
  }

  has(taskId: string): boolean {
    return this.byTask.has(taskId);
  }

  drop(taskId: string): void {
    this.byTask.delete(taskId);
  }
}
