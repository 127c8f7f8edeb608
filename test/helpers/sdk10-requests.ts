// Requests in the @a2a-js/sdk 1.3.0 client's own types (every field present, as its generated
// types demand): a user message, a send configuration, SendMessage params.
import { randomUUID } from 'node:crypto';
import type { Message, SendMessageConfiguration, Task } from 'a2a-sdk-10';
import { Role } from 'a2a-sdk-10';
import { textPart } from './sdk10-server.js';

export interface MessageRefs {
  taskId?: string;
  contextId?: string;
}

export const userMessage = (text: string, refs: MessageRefs = {}): Message => ({
  messageId: randomUUID(),
  contextId: refs.contextId ?? '',
  taskId: refs.taskId ?? '',
  role: Role.ROLE_USER,
  parts: [textPart(text)],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

export const config = (more: Partial<SendMessageConfiguration> = {}): SendMessageConfiguration => ({
  acceptedOutputModes: ['text/plain'],
  taskPushNotificationConfig: undefined,
  returnImmediately: false,
  ...more,
});

export const send = (text: string, configuration?: SendMessageConfiguration, refs?: MessageRefs) => ({
  tenant: '',
  message: userMessage(text, refs),
  configuration,
  metadata: undefined,
});

export const isTask = (r: Message | Task): r is Task => 'status' in r;
