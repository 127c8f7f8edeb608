// Whether a push config may be kept: the agent declares push notifications, and the webhook is an
// absolute http(s) URL whose host is not (and does not resolve to) a refused address. Asked when a
// config is set, alone or with a message.
import { errorFor } from '../../errors.js';
import { checkPushUrl, invalidParams, ruleApplies, ruleError } from '../spec/rules.js';
import type { ServerLog } from '../observability.js';
import type { PushConfig } from './push-config.js';
import type { PushNotifier } from './push-notifier.js';

export interface PushSupport {
  capabilities: { pushNotifications: boolean };
  notifier?: PushNotifier;
  log: ServerLog;
}

/** The notifier, when the agent delivers push notifications; PushNotificationNotSupported otherwise. */
export function requirePush(support: PushSupport): PushNotifier {
  if (support.capabilities.pushNotifications && support.notifier) return support.notifier;
  if (ruleApplies('push-capability')) throw ruleError('push-capability', '');
  throw errorFor('pushNotificationNotSupported');
}

/** A config the agent may keep (`path` locates it in the params). */
export async function checkPushConfig(config: PushConfig, path: string, support: PushSupport): Promise<void> {
  const notifier = requirePush(support);
  const url = checkPushUrl(config?.url, `${path}/url`);
  try {
    await notifier.checkTarget(url, support.log);
  } catch (err) {
    throw invalidParams(`${path}/url`, `push notification url refused: ${(err as Error).message}`);
  }
}
