// The semantic rules of the diff (generator/model/diff-*.ts) on small hand-made models: methods
// paired by role, the Part and result shapes read off the features, enum values paired by
// meaning, card fields that moved — and the type-level rows they explain left out.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../generator/json-schema.js';
import { diffProtocols, type Change } from '../../generator/model/diff.js';
import type { ProtocolFeatures } from '../../generator/model/features.js';
import { method, model, object, str, type Given } from './diff-fixtures.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });
const arrayOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });

/** The features a rule reads, on top of which each case sets its own. */
const base = {
  kinds: {},
  send: {},
  pushMethods: { taskParam: 'taskId', configIdParam: 'id', deleteAnswersObject: false },
  roles: { user: 'user', agent: 'agent' },
  statusUpdateFinal: false,
} as unknown as ProtocolFeatures;
const features = (over: Partial<ProtocolFeatures>): ProtocolFeatures => ({ ...base, ...over });

/** A send method whose options sit in `configuration`, a `SendOptions` (the same on both sides: no type rows). */
const sendWithOptions: Given = {
  methods: [method('send', { role: 'send', paramsType: 'SendParams' })],
  definitions: { SendParams: object({ configuration: ref('SendOptions') }), SendOptions: object({}) },
};

const run = ([a, b]: [Given, Given]): Change[] => diffProtocols(model(a, '1.0.0'), model(b, '2.0.0')).changes;
type Case = { name: string; given: [a: Given, b: Given]; want: Change[] };

describe('methods: paired by role', () => {
  it.each<Case>([
    {
      name: 'the same role under a new name is a rename, with what else changed on it',
      given: [
        { methods: [method('message/send', { role: 'send', clientName: 'sendMessage', paramsType: 'MessageSendParams' })] },
        { methods: [method('SendMessage', { role: 'send', clientName: 'sendMessage', paramsType: 'SendMessageRequest' })] },
      ],
      want: [
        { area: 'method', change: 'renamed', subject: 'message/send', to: 'SendMessage', detail: 'send', breaking: true },
        { area: 'method', change: 'changed', subject: 'SendMessage', detail: 'params MessageSendParams → SendMessageRequest', breaking: true },
      ],
    },
    {
      name: 'a renamed client method is named too; a role only in the new version is an addition',
      given: [
        { methods: [method('agent/getAuthenticatedExtendedCard', { role: 'extendedCard', clientName: 'getAuthenticatedExtendedCard' })] },
        {
          methods: [
            method('GetExtendedAgentCard', { role: 'extendedCard', clientName: 'getExtendedAgentCard' }),
            method('ListTasks', { role: 'list', clientName: 'listTasks' }),
          ],
        },
      ],
      want: [
        { area: 'method', change: 'added', subject: 'ListTasks', detail: 'client: listTasks()', breaking: false },
        {
          area: 'method',
          change: 'renamed',
          subject: 'agent/getAuthenticatedExtendedCard',
          to: 'GetExtendedAgentCard',
          detail: 'extendedCard; client: getAuthenticatedExtendedCard() → getExtendedAgentCard()',
          breaking: true,
        },
      ],
    },
    {
      name: 'custom methods never pair: removed and added',
      given: [{ methods: [method('x/old')] }, { methods: [method('x/new')] }],
      want: [
        { area: 'method', change: 'added', subject: 'x/new', detail: 'client: x()', breaking: false },
        { area: 'method', change: 'removed', subject: 'x/old', detail: 'client: x()', breaking: true },
      ],
    },
    {
      name: 'a role held by two methods on one side is ambiguous: no rename',
      given: [
        { methods: [method('a/get', { role: 'get', clientName: 'a' })] },
        { methods: [method('B', { role: 'get', clientName: 'b' }), method('C', { role: 'get', clientName: 'c' })] },
      ],
      want: [
        { area: 'method', change: 'added', subject: 'B', detail: 'client: b()', breaking: false },
        { area: 'method', change: 'added', subject: 'C', detail: 'client: c()', breaking: false },
        { area: 'method', change: 'removed', subject: 'a/get', detail: 'client: a()', breaking: true },
      ],
    },
    {
      name: 'a name kept wins over a role: the same method, its role aside',
      given: [{ methods: [method('m', { role: 'get' })] }, { methods: [method('m', { role: 'get' }), method('M2', { role: 'get' })] }],
      want: [{ area: 'method', change: 'added', subject: 'M2', detail: 'client: x()', breaking: false }],
    },
  ])('$name', ({ given, want }) => expect(run(given)).toEqual(want));
});

describe('parts and shapes: one line each, from the features', () => {
  const v03 = { discriminator: 'kind', features: features({ partDiscriminator: 'kind' }) };
  it.each<Case>([
    {
      name: 'parts lose the discriminator: content is the member present',
      given: [v03, { discriminator: '', features: features({ partDiscriminator: '', partMembers: { text: 'text', raw: 'raw', url: 'url', data: 'data' } }) }],
      want: [
        {
          area: 'part',
          change: 'changed',
          subject: 'Part',
          detail: 'parts lose the `kind` discriminator; content is the member present (text, raw, url, data)',
          breaking: true,
        },
      ],
    },
    {
      name: 'and gain it back, the other way round',
      given: [{ discriminator: '', features: features({ partMembers: { text: 'text', raw: 'raw', url: 'url', data: 'data' } }) }, v03],
      want: [
        {
          area: 'part',
          change: 'changed',
          subject: 'Part',
          detail: 'parts gain the `kind` discriminator; content no longer is the member present (text, raw, url, data)',
          breaking: true,
        },
      ],
    },
    {
      name: 'result objects lose `kind`: one line, and the fields it explains are not repeated',
      given: [
        {
          features: features({ kinds: { task: 'task', statusUpdate: 'status-update' } }),
          definitions: { Task: object({ id: str, kind: { const: 'task' } }), TaskStatusUpdateEvent: object({ kind: { const: 'status-update' } }) },
        },
        { features: features({}), definitions: { Task: object({ id: str }), TaskStatusUpdateEvent: object({}) } },
      ],
      want: [
        {
          area: 'shape',
          change: 'changed',
          subject: 'kind',
          detail: 'result objects lose `kind`: Task ("task"), TaskStatusUpdateEvent ("status-update")',
          breaking: true,
        },
      ],
    },
    {
      name: 'results wrapped in members; `final` gone from status updates (its field not repeated); each seen as where code meets it',
      given: [
        {
          features: features({ statusUpdateFinal: true }),
          definitions: { TaskStatusUpdateEvent: object({ final: { type: 'boolean' } }) },
          methods: [method('send', { role: 'send', resultType: 'SendResult' }), method('stream', { role: 'stream', resultType: 'StreamResult' })],
        },
        {
          features: features({ resultMembers: { task: 'task', message: 'message', statusUpdate: 'statusUpdate', artifactUpdate: 'artifactUpdate' } }),
          definitions: { TaskStatusUpdateEvent: object({}) },
          methods: [method('send', { role: 'send', resultType: 'SendResult' }), method('stream', { role: 'stream', resultType: 'StreamResult' })],
        },
      ],
      want: [
        {
          area: 'shape',
          change: 'changed',
          subject: 'results',
          detail: 'send results and stream events are wrapped in a member: { task }, { message }, { statusUpdate }, { artifactUpdate }',
          breaking: true,
          seenAs: { types: ['SendResult', 'StreamResult'] },
        },
        {
          area: 'shape',
          change: 'changed',
          subject: 'final',
          detail: 'status updates lose `final`: the end of the stream marks the last event',
          breaking: true,
          seenAs: { fields: ['final'], types: ['TaskStatusUpdateEvent'] },
        },
      ],
    },
    {
      name: '`blocking` → `returnImmediately`, inverted; another option moved',
      given: [
        {
          features: features({ send: { blocking: ['configuration', 'blocking'], pushNotificationConfig: ['configuration', 'pushNotificationConfig'] } }),
          ...sendWithOptions,
        },
        {
          features: features({
            send: { returnImmediately: ['configuration', 'returnImmediately'], pushNotificationConfig: ['configuration', 'taskPushNotificationConfig'] },
          }),
          ...sendWithOptions,
        },
      ],
      want: [
        {
          area: 'shape',
          change: 'changed',
          subject: 'send options',
          detail: '`configuration.blocking` → `configuration.returnImmediately`, inverted: true now answers at once',
          breaking: true,
          seenAs: { fields: ['blocking'], types: ['SendOptions'] },
        },
        {
          area: 'shape',
          change: 'changed',
          subject: 'send options',
          detail: '`configuration.pushNotificationConfig` → `configuration.taskPushNotificationConfig`',
          breaking: true,
          seenAs: { fields: ['pushNotificationConfig'], types: ['SendOptions'] },
        },
      ],
    },
    {
      name: 'push configs flattened, their params renamed, the list wrapped, delete answering {}',
      given: [
        {
          features: features({
            pushMethods: { configField: 'pushNotificationConfig', taskParam: 'id', configIdParam: 'pushNotificationConfigId', deleteAnswersObject: false },
          }),
          definitions: {
            TaskPushNotificationConfig: object({ taskId: str, pushNotificationConfig: ref('PushNotificationConfig') }),
            PushNotificationConfig: object({ url: str, token: str }),
          },
        },
        {
          features: features({ pushMethods: { taskParam: 'taskId', configIdParam: 'id', listMember: 'configs', deleteAnswersObject: true } }),
          definitions: { TaskPushNotificationConfig: object({ taskId: str, url: str, token: str, tenant: str }) },
        },
      ],
      want: [
        {
          area: 'shape',
          change: 'changed',
          subject: 'push configs',
          detail: "flattened: TaskPushNotificationConfig holds the config's fields (url, token) itself, no `pushNotificationConfig` member",
          breaking: true,
          seenAs: { fields: ['pushNotificationConfig'], types: ['TaskPushNotificationConfig'] },
        },
        {
          area: 'shape',
          change: 'changed',
          subject: 'push configs',
          detail: 'get/list/delete params name the task `id` → `taskId`, the config `pushNotificationConfigId` → `id`',
          breaking: true,
        },
        { area: 'shape', change: 'changed', subject: 'push configs', detail: 'list answers a bare array → { configs: [...] }', breaking: true },
        { area: 'shape', change: 'changed', subject: 'push configs', detail: 'delete answers null → {}', breaking: true },
        // The type-level detail stays (only rows a semantic line names are left out).
        { area: 'type', change: 'removed', subject: 'PushNotificationConfig', breaking: true },
        { area: 'field', change: 'added', subject: 'TaskPushNotificationConfig.tenant', detail: 'optional', breaking: false },
        { area: 'field', change: 'added', subject: 'TaskPushNotificationConfig.token', detail: 'optional', breaking: false },
        { area: 'field', change: 'added', subject: 'TaskPushNotificationConfig.url', detail: 'optional', breaking: false },
        { area: 'field', change: 'removed', subject: 'TaskPushNotificationConfig.pushNotificationConfig', breaking: true },
      ],
    },
  ])('$name', ({ given, want }) => expect(run(given)).toEqual(want));
});

describe('enum values: paired by meaning', () => {
  it.each<Case>([
    {
      name: 'task states by canonical name; values with no partner added or removed; the type-level rows not repeated',
      given: [
        { definitions: { TaskState: { type: 'string', enum: ['working', 'input-required', 'unknown'] } } },
        { definitions: { TaskState: { type: 'string', enum: ['TASK_STATE_UNSPECIFIED', 'TASK_STATE_WORKING', 'TASK_STATE_INPUT_REQUIRED'] } } },
      ],
      want: [
        { area: 'enum', change: 'added', subject: 'TaskState', detail: '"TASK_STATE_UNSPECIFIED"', breaking: false },
        { area: 'enum', change: 'renamed', subject: 'working', to: 'TASK_STATE_WORKING', detail: 'TaskState', breaking: true },
        { area: 'enum', change: 'renamed', subject: 'input-required', to: 'TASK_STATE_INPUT_REQUIRED', detail: 'TaskState', breaking: true },
        { area: 'enum', change: 'removed', subject: 'TaskState', detail: '"unknown"', breaking: true },
      ],
    },
    {
      name: 'message roles by the role they name (features.roles), an inline enum becoming a Role definition',
      given: [
        { definitions: { Message: object({ role: { type: 'string', enum: ['agent', 'user'] } }) }, features: features({}) },
        {
          definitions: { Message: object({ role: ref('Role') }), Role: { type: 'string', enum: ['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT'] } },
          features: features({ roles: { user: 'ROLE_USER', agent: 'ROLE_AGENT' } }),
        },
      ],
      want: [
        { area: 'enum', change: 'added', subject: 'Message.role', detail: '"ROLE_UNSPECIFIED"', breaking: false },
        { area: 'enum', change: 'renamed', subject: 'agent', to: 'ROLE_AGENT', detail: 'Message.role', breaking: true },
        { area: 'enum', change: 'renamed', subject: 'user', to: 'ROLE_USER', detail: 'Message.role', breaking: true },
        { area: 'type', change: 'added', subject: 'Role', breaking: false },
        { area: 'field', change: 'changed', subject: 'Message.role', detail: 'type enum → Role', breaking: true },
      ],
    },
  ])('$name', ({ given, want }) => expect(run(given)).toEqual(want));
});

describe('card fields that moved', () => {
  const card03 = {
    AgentCard: object({ name: str, url: str, protocolVersion: str, additionalInterfaces: arrayOf('AgentInterface'), capabilities: ref('AgentCapabilities') }),
    AgentInterface: object({ url: str, transport: str }),
    AgentCapabilities: object({ streaming: { type: 'boolean' } }),
  };
  const card10 = {
    AgentCard: object({ name: str, supportedInterfaces: arrayOf('AgentInterface'), capabilities: ref('AgentCapabilities') }),
    AgentInterface: object({ url: str, transport: str, protocolVersion: str }),
    AgentCapabilities: object({ streaming: { type: 'boolean' } }),
  };
  it.each<Case>([
    {
      name: 'by the same leaf name at a new path, by the same definition type; the removed fields not repeated',
      given: [{ definitions: card03 }, { definitions: card10 }],
      want: [
        { area: 'card', change: 'moved', subject: 'url', to: 'supportedInterfaces[].url', breaking: true },
        { area: 'card', change: 'moved', subject: 'protocolVersion', to: 'supportedInterfaces[].protocolVersion', breaking: true },
        { area: 'card', change: 'moved', subject: 'additionalInterfaces', to: 'supportedInterfaces', breaking: true },
        { area: 'field', change: 'added', subject: 'AgentCard.supportedInterfaces', detail: 'optional', breaking: false },
        { area: 'field', change: 'added', subject: 'AgentInterface.protocolVersion', detail: 'optional', breaking: false },
      ],
    },
    {
      name: 'a rename the structure cannot tell comes from the model’s table, when both paths are where it says',
      given: [
        {
          definitions: {
            AgentCard: object({ supportsAuthenticatedExtendedCard: { type: 'boolean' }, capabilities: ref('AgentCapabilities') }),
            AgentCapabilities: object({}),
          },
        },
        {
          definitions: { AgentCard: object({ capabilities: ref('AgentCapabilities') }), AgentCapabilities: object({ extendedAgentCard: { type: 'boolean' } }) },
        },
      ],
      want: [
        { area: 'card', change: 'moved', subject: 'supportsAuthenticatedExtendedCard', to: 'capabilities.extendedAgentCard', breaking: true },
        { area: 'field', change: 'added', subject: 'AgentCapabilities.extendedAgentCard', detail: 'optional', breaking: false },
      ],
    },
    {
      name: 'the table reads both ways: back from the newer card',
      given: [
        {
          definitions: { AgentCard: object({ capabilities: ref('AgentCapabilities') }), AgentCapabilities: object({ extendedAgentCard: { type: 'boolean' } }) },
        },
        {
          definitions: {
            AgentCard: object({ supportsAuthenticatedExtendedCard: { type: 'boolean' }, capabilities: ref('AgentCapabilities') }),
            AgentCapabilities: object({}),
          },
        },
      ],
      want: [
        { area: 'card', change: 'moved', subject: 'capabilities.extendedAgentCard', to: 'supportsAuthenticatedExtendedCard', breaking: true },
        { area: 'field', change: 'added', subject: 'AgentCard.supportsAuthenticatedExtendedCard', detail: 'optional', breaking: false },
      ],
    },
    {
      name: 'the table’s target missing: a plain removal',
      given: [{ definitions: { AgentCard: object({ supportsAuthenticatedExtendedCard: { type: 'boolean' } }) } }, { definitions: { AgentCard: object({}) } }],
      want: [{ area: 'field', change: 'removed', subject: 'AgentCard.supportsAuthenticatedExtendedCard', breaking: true }],
    },
    {
      name: 'two new paths with the leaf name: ambiguous, a plain removal',
      given: [
        { definitions: { AgentCard: object({ url: str }) } },
        { definitions: { AgentCard: object({ a: ref('Where'), b: ref('Where') }), Where: object({ url: str }) } },
      ],
      want: [
        { area: 'type', change: 'added', subject: 'Where', breaking: false },
        { area: 'field', change: 'added', subject: 'AgentCard.a', detail: 'optional', breaking: false },
        { area: 'field', change: 'added', subject: 'AgentCard.b', detail: 'optional', breaking: false },
        { area: 'field', change: 'removed', subject: 'AgentCard.url', breaking: true },
      ],
    },
    {
      name: 'a leaf name that only existed before elsewhere is no new home (provider.url stays)',
      given: [
        { definitions: { AgentCard: object({ url: str, provider: ref('AgentProvider') }), AgentProvider: object({ url: str }) } },
        { definitions: { AgentCard: object({ provider: ref('AgentProvider') }), AgentProvider: object({ url: str }) } },
      ],
      want: [{ area: 'field', change: 'removed', subject: 'AgentCard.url', breaking: true }],
    },
  ])('$name', ({ given, want }) => expect(run(given)).toEqual(want));
});
