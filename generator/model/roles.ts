// What each JSON-RPC method *does*, so one runtime can serve every version. The method
// names differ between versions (tasks/send vs message/send); the roles do not. A method
// not listed here is `custom`: routed, validated and typed, implemented by the user.

import type { MethodRole } from '../../templates/a2a/runtime/protocol-types.js';

// The roles are the runtime's (its contract with the generator); this table gives them out.
export type { MethodRole };

const ROLES: Record<string, MethodRole> = {
  'tasks/send': 'send', // v0.1.0
  'message/send': 'send',
  'tasks/sendSubscribe': 'stream', // v0.1.0
  'message/stream': 'stream',
  'tasks/get': 'get',
  'tasks/cancel': 'cancel',
  'tasks/resubscribe': 'resubscribe',
  'tasks/pushNotification/set': 'pushSet', // v0.1.0
  'tasks/pushNotificationConfig/set': 'pushSet',
  'tasks/pushNotification/get': 'pushGet', // v0.1.0
  'tasks/pushNotificationConfig/get': 'pushGet',
  'tasks/pushNotificationConfig/list': 'pushList',
  'tasks/pushNotificationConfig/delete': 'pushDelete',
  'agent/getAuthenticatedExtendedCard': 'extendedCard',
  // v1.0: the proto's rpc names are the JSON-RPC methods (spec v1.0 §5.3, §9.4).
  SendMessage: 'send',
  SendStreamingMessage: 'stream',
  GetTask: 'get',
  ListTasks: 'list',
  CancelTask: 'cancel',
  SubscribeToTask: 'resubscribe',
  CreateTaskPushNotificationConfig: 'pushSet',
  GetTaskPushNotificationConfig: 'pushGet',
  ListTaskPushNotificationConfigs: 'pushList',
  DeleteTaskPushNotificationConfig: 'pushDelete',
  GetExtendedAgentCard: 'extendedCard',
};

/** Client method names of the official JS SDK (`@a2a-js/sdk`), and of the v0.1.0 sample client. */
const CLIENT_NAMES: Record<string, string> = {
  'tasks/send': 'sendTask',
  'tasks/sendSubscribe': 'sendTaskSubscribe',
  'message/send': 'sendMessage',
  'message/stream': 'sendMessageStream',
  'tasks/get': 'getTask',
  'tasks/cancel': 'cancelTask',
  'tasks/resubscribe': 'resubscribeTask',
  'tasks/pushNotification/set': 'setTaskPushNotification',
  'tasks/pushNotification/get': 'getTaskPushNotification',
  'tasks/pushNotificationConfig/set': 'setTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/get': 'getTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/list': 'listTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/delete': 'deleteTaskPushNotificationConfig',
  'agent/getAuthenticatedExtendedCard': 'getAuthenticatedExtendedCard',
  // v1.0 (@a2a-js/sdk 1.x Client)
  SendMessage: 'sendMessage',
  SendStreamingMessage: 'sendMessageStream',
  GetTask: 'getTask',
  ListTasks: 'listTasks',
  CancelTask: 'cancelTask',
  SubscribeToTask: 'resubscribeTask',
  // The spec's names (the SDK's set…/list…Config stay as deprecated aliases, DEPRECATED_CLIENT_NAMES).
  CreateTaskPushNotificationConfig: 'createTaskPushNotificationConfig',
  GetTaskPushNotificationConfig: 'getTaskPushNotificationConfig',
  ListTaskPushNotificationConfigs: 'listTaskPushNotificationConfigs',
  DeleteTaskPushNotificationConfig: 'deleteTaskPushNotificationConfig',
  GetExtendedAgentCard: 'getExtendedAgentCard',
};

/** Names the generated v1.0 client had before it took the spec's (kept as deprecated aliases, so code written against them still compiles). */
const DEPRECATED_CLIENT_NAMES: Record<string, string> = {
  CreateTaskPushNotificationConfig: 'setTaskPushNotificationConfig',
  ListTaskPushNotificationConfigs: 'listTaskPushNotificationConfig',
};

export const deprecatedClientName = (method: string): string | undefined =>
  Object.hasOwn(DEPRECATED_CLIENT_NAMES, method) ? DEPRECATED_CLIENT_NAMES[method] : undefined;

export const roleOf = (method: string): MethodRole => (Object.hasOwn(ROLES, method) ? ROLES[method] : 'custom');
export const officialClientName = (method: string): string | undefined => (Object.hasOwn(CLIENT_NAMES, method) ? CLIENT_NAMES[method] : undefined);
