// loadProto: an a2a.proto becomes the JSON Schema of its ProtoJSON form, the service's methods
// and their HTTP routes; a broken or non-A2A proto is a located error.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../generator/diagnostics.js';
import { definitionName, forEachSubschema, type JsonSchema } from '../../generator/json-schema.js';
import { loadProto, type LoadedProto, type ProtoMethod } from '../../generator/load/proto.js';
import { VALIDATOR_FORMATS } from '../../generator/emit/validator-formats.js';
import { ROOT } from '../helpers/examples.js';

const SPEC_PATH = join(ROOT, '..', 'shared', 'spec', 'specification-v1.0.1.md');
const SPEC_TEXT = existsSync(SPEC_PATH) ? readFileSync(SPEC_PATH, 'utf8') : undefined;

const BUNDLED = ['v1.0.0', 'v1.0.1'] as const;
const bundled = Object.fromEntries(
  BUNDLED.map((v) => {
    const origin = join(ROOT, 'schema', 'proto', `${v}.proto`);
    return [v, loadProto({ text: readFileSync(origin, 'utf8'), origin })];
  }),
) as Record<(typeof BUNDLED)[number], LoadedProto>;

/** `verb path [body]` per route, the main one first: the table below stays readable. */
type Route = [verb: string, path: string, body?: string];
type MethodRow = [name: string, request: string, response: string, serverStreaming: boolean, main: Route, tenant: Route];

const METHODS: MethodRow[] = [
  ['SendMessage', 'SendMessageRequest', 'SendMessageResponse', false, ['POST', '/message:send', '*'], ['POST', '/{tenant}/message:send', '*']],
  ['SendStreamingMessage', 'SendMessageRequest', 'StreamResponse', true, ['POST', '/message:stream', '*'], ['POST', '/{tenant}/message:stream', '*']],
  ['GetTask', 'GetTaskRequest', 'Task', false, ['GET', '/tasks/{id=*}'], ['GET', '/{tenant}/tasks/{id=*}']],
  ['ListTasks', 'ListTasksRequest', 'ListTasksResponse', false, ['GET', '/tasks'], ['GET', '/{tenant}/tasks']],
  ['CancelTask', 'CancelTaskRequest', 'Task', false, ['POST', '/tasks/{id=*}:cancel', '*'], ['POST', '/{tenant}/tasks/{id=*}:cancel', '*']],
  // The proto says GET; spec §5.3 and §11.3.2 say POST. The proto is normative (§1.4).
  ['SubscribeToTask', 'SubscribeToTaskRequest', 'StreamResponse', true, ['GET', '/tasks/{id=*}:subscribe'], ['GET', '/{tenant}/tasks/{id=*}:subscribe']],
  [
    'CreateTaskPushNotificationConfig',
    'TaskPushNotificationConfig',
    'TaskPushNotificationConfig',
    false,
    ['POST', '/tasks/{task_id=*}/pushNotificationConfigs', '*'],
    ['POST', '/{tenant}/tasks/{task_id=*}/pushNotificationConfigs', '*'],
  ],
  [
    'GetTaskPushNotificationConfig',
    'GetTaskPushNotificationConfigRequest',
    'TaskPushNotificationConfig',
    false,
    ['GET', '/tasks/{task_id=*}/pushNotificationConfigs/{id=*}'],
    ['GET', '/{tenant}/tasks/{task_id=*}/pushNotificationConfigs/{id=*}'],
  ],
  [
    'ListTaskPushNotificationConfigs',
    'ListTaskPushNotificationConfigsRequest',
    'ListTaskPushNotificationConfigsResponse',
    false,
    ['GET', '/tasks/{task_id=*}/pushNotificationConfigs'],
    ['GET', '/{tenant}/tasks/{task_id=*}/pushNotificationConfigs'],
  ],
  ['GetExtendedAgentCard', 'GetExtendedAgentCardRequest', 'AgentCard', false, ['GET', '/extendedAgentCard'], ['GET', '/{tenant}/extendedAgentCard']],
  [
    'DeleteTaskPushNotificationConfig',
    'DeleteTaskPushNotificationConfigRequest',
    'google.protobuf.Empty',
    false,
    ['DELETE', '/tasks/{task_id=*}/pushNotificationConfigs/{id=*}'],
    ['DELETE', '/{tenant}/tasks/{task_id=*}/pushNotificationConfigs/{id=*}'],
  ],
];

const route = ([verb, path, body]: Route) => ({ verb, path, ...(body ? { body } : {}), jsonNames: jsonNamesOf(path) });
/** The JSON name of each field the path binds: every A2A variable is one word or `task_id`. */
const jsonNamesOf = (path: string): Record<string, string> =>
  Object.fromEntries([...path.matchAll(/\{(\w+)/g)].map(([, v]) => [v, v === 'task_id' ? 'taskId' : v]));
const expectedMethods = (): Omit<ProtoMethod, 'description'>[] =>
  METHODS.map(([name, requestType, responseType, serverStreaming, main, tenant]) => ({
    name,
    requestType,
    responseType,
    clientStreaming: false,
    serverStreaming,
    http: { ...route(main), additionalBindings: [route(tenant)] },
  }));

describe.each(BUNDLED)('the bundled %s proto', (version) => {
  const loaded = bundled[version];

  it('has the A2A service, package and imports (listed, not read)', () => {
    expect([loaded.package, loaded.service.name, loaded.imports.length]).toEqual(['lf.a2a.v1', 'A2AService', 6]);
  });

  it('has exactly these methods, with their streaming flags, types and HTTP routes (incl. the tenant routes)', () => {
    expect(loaded.methods.map(({ description: _, ...m }) => m)).toEqual(expectedMethods());
    expect(loaded.methods[0].description).toBe('Sends a message to an agent.');
    // Its comment starts with a `(-- api-linter: … --)` block, which is for tools, not readers.
    expect(loaded.methods[6].description).toBe('Creates a push notification config for a task.');
  });

  it.each<[string, JsonSchema]>([
    [
      'Part',
      {
        description:
          '`Part` represents a container for a section of communication content.\nParts can be purely textual, some sort of file (image, video, etc) or\na structured data blob (i.e. JSON).',
        type: 'object',
        properties: {
          text: { description: 'The string content of the `text` part.', type: 'string' },
          raw: {
            description: 'The `raw` byte content of a file. In JSON serialization, this is encoded as a base64 string.',
            type: 'string',
            contentEncoding: 'base64',
          },
          url: { description: "A `url` pointing to the file's content.", type: 'string' },
          data: { description: 'Arbitrary structured `data` as a JSON value (object, array, string, number, boolean, or null).' },
          metadata: { description: 'Optional. metadata associated with this part.', type: 'object', additionalProperties: {} },
          filename: { description: 'An optional `filename` for the file (e.g., "document.pdf").', type: 'string' },
          mediaType: {
            description:
              'The `media_type` (MIME type) of the part content (e.g., "text/plain", "application/json", "image/png").\nThis field is available for all part types.',
            type: 'string',
          },
        },
        // oneof content: at most one of text, raw, url, data (no member is REQUIRED).
        oneOf: [
          { required: ['text'] },
          { required: ['raw'] },
          { required: ['url'] },
          { required: ['data'] },
          { not: { anyOf: [{ required: ['text'] }, { required: ['raw'] }, { required: ['url'] }, { required: ['data'] }] } },
        ],
      },
    ],
    [
      'Task',
      {
        description:
          '`Task` is the core unit of action for A2A. It has a current status\nand when results are created for the task they are stored in the\nartifact. If there are multiple turns for a task, these are stored in\nhistory.',
        type: 'object',
        properties: {
          id: { description: 'Unique identifier (e.g. UUID) for the task, generated by the server for a\nnew task.', type: 'string' },
          contextId: { description: 'Unique identifier (e.g. UUID) for the contextual collection of interactions\n(tasks and messages).', type: 'string' },
          status: { description: 'The current status of a `Task`, including `state` and a `message`.', $ref: '#/definitions/TaskStatus' },
          artifacts: { description: 'A set of output artifacts for a `Task`.', type: 'array', items: { $ref: '#/definitions/Artifact' } },
          // The protolint directive lines around `history` are not part of any description.
          history: { description: 'The history of interactions from a `Task`.', type: 'array', items: { $ref: '#/definitions/Message' } },
          metadata: { description: 'A key/value object to store custom metadata about a task.', type: 'object', additionalProperties: {} },
        },
        required: ['id', 'status'],
      },
    ],
  ])('defines %s exactly', (name, want) => {
    expect(loaded.definitions[name]).toEqual(want);
  });

  it.each<[string, (d: Record<string, JsonSchema>) => unknown, unknown]>([
    [
      'TaskState values, as names',
      (d) => d.TaskState.enum,
      [
        'TASK_STATE_UNSPECIFIED',
        'TASK_STATE_SUBMITTED',
        'TASK_STATE_WORKING',
        'TASK_STATE_COMPLETED',
        'TASK_STATE_FAILED',
        'TASK_STATE_CANCELED',
        'TASK_STATE_INPUT_REQUIRED',
        'TASK_STATE_REJECTED',
        'TASK_STATE_AUTH_REQUIRED',
      ],
    ],
    ['TaskState is a string', (d) => d.TaskState.type, 'string'],
    [
      'TaskState names what each value means',
      (d) => (d.TaskState.description as string).split('\n').slice(0, 3),
      ['Defines the possible lifecycle states of a `Task`.', '', '- `TASK_STATE_UNSPECIFIED`: The task is in an unknown or indeterminate state.'],
    ],
    ['Role values', (d) => d.Role.enum, ['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT']],
    ['SendMessageRequest required fields', (d) => d.SendMessageRequest.required, ['message']],
    ['Message required fields', (d) => d.Message.required, ['messageId', 'role', 'parts']],
    [
      'AgentCard required fields',
      (d) => d.AgentCard.required,
      ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
    ],
    [
      'a Timestamp field: an RFC 3339 string',
      (d) => d.TaskStatus.properties!.timestamp,
      { description: 'ISO 8601 Timestamp when the status was recorded.\nExample: "2023-10-27T10:00:00Z"', type: 'string', format: 'date-time' },
    ],
    [
      'a map field: an object of its values',
      (d) => d.AuthorizationCodeOAuthFlow.properties!.scopes,
      { description: 'The available scopes for the OAuth2 security scheme.', type: 'object', additionalProperties: { type: 'string' } },
    ],
    [
      'a map of messages',
      (d) => d.AgentCard.properties!.securitySchemes,
      {
        description: 'The security scheme details used for authenticating with this agent.',
        type: 'object',
        additionalProperties: { $ref: '#/definitions/SecurityScheme' },
      },
    ],
    [
      'a Struct field: any JSON object',
      (d) => d.SendMessageRequest.properties!.metadata,
      { description: 'A flexible key-value map for passing additional context or parameters.', type: 'object', additionalProperties: {} },
    ],
    [
      'an enum field: a $ref to the enum',
      (d) => d.TaskStatus.properties!.state,
      { description: 'The current state of this task.', $ref: '#/definitions/TaskState' },
    ],
    [
      'an optional int32: an integer in range, not required',
      (d) => [d.GetTaskRequest.properties!.historyLength, d.GetTaskRequest.required],
      [{ description: expect.stringMatching(/^The maximum number/), type: 'integer', minimum: -2147483648, maximum: 2147483647 }, ['id']],
    ],
    [
      'a deprecated oneof member',
      (d) => d.OAuthFlows.properties!.implicit,
      { description: 'Deprecated: Use Authorization Code + PKCE instead.', $ref: '#/definitions/ImplicitOAuthFlow', deprecated: true },
    ],
    [
      'a message with two payloads: at most one',
      (d) => d.StreamResponse.oneOf,
      [
        { required: ['task'] },
        { required: ['message'] },
        { required: ['statusUpdate'] },
        { required: ['artifactUpdate'] },
        { not: { anyOf: [{ required: ['task'] }, { required: ['message'] }, { required: ['statusUpdate'] }, { required: ['artifactUpdate'] }] } },
      ],
    ],
    ['the well-known type a method returns', (d) => d['google.protobuf.Empty'], { type: 'object' }],
    ['no int64 anywhere (the A2A protos have none)', (d) => JSON.stringify(d).includes('^-?[0-9]+$'), false],
  ])('%s', (_, pick, want) => {
    expect(pick(loaded.definitions)).toEqual(want);
  });

  it('lists every oneof group, none required by the proto itself', () => {
    expect(loaded.oneofs).toEqual({
      Part: [{ name: 'content', members: ['text', 'raw', 'url', 'data'], required: false }],
      SecurityScheme: [
        {
          name: 'scheme',
          members: ['apiKeySecurityScheme', 'httpAuthSecurityScheme', 'oauth2SecurityScheme', 'openIdConnectSecurityScheme', 'mtlsSecurityScheme'],
          required: false,
        },
      ],
      OAuthFlows: [{ name: 'flow', members: ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceCode'], required: false }],
      SendMessageResponse: [{ name: 'payload', members: ['task', 'message'], required: false, description: 'The payload of the response.' }],
      StreamResponse: [
        {
          name: 'payload',
          members: ['task', 'message', 'statusUpdate', 'artifactUpdate'],
          required: false,
          description: 'The payload of the stream response.',
        },
      ],
    });
  });

  it('names every property in lowerCamelCase (ProtoJSON json_name, spec §5.5)', () => {
    const names = Object.values(loaded.definitions).flatMap((d) => Object.keys(d.properties ?? {}));
    expect(names.length).toBeGreaterThan(150);
    expect(names.filter((n) => !/^[a-z][A-Za-z0-9]*$/.test(n))).toEqual([]);
  });

  it('resolves every $ref and every method type to a definition', () => {
    const dangling: string[] = [];
    for (const [name, def] of Object.entries(loaded.definitions)) {
      forEachSubschema(def, (sub, path) => {
        if (sub.$ref === undefined) return;
        const target = definitionName(sub.$ref);
        if (target === undefined || !Object.hasOwn(loaded.definitions, target)) dangling.push(`${name}.${path.join('.')}: ${sub.$ref}`);
      });
    }
    const types = loaded.methods.flatMap((m) => [m.requestType, m.responseType]);
    expect([dangling, types.filter((t) => !Object.hasOwn(loaded.definitions, t))]).toEqual([[], []]);
  });

  // ajv in strict mode also proves the schemas use no keyword it does not know. strictRequired
  // is off: a oneof's `{ required: [member] }` branches name properties their parent defines.
  const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true, formats: VALIDATOR_FORMATS });
  ajv.addSchema({ $id: 'a2a', definitions: loaded.definitions });
  const validate = (name: string, value: unknown): string[] => {
    const check = ajv.getSchema(`a2a#/definitions/${name}`)!;
    // A failed oneOf is one finding; ajv also lists why each branch failed, which says nothing more.
    const findings = check(value) ? [] : (check.errors ?? []).filter((e) => !/\/oneOf\/\d+\//.test(e.schemaPath));
    return findings.map((e) => `${e.instancePath || '/'} ${e.message}`);
  };

  it.each<[string, string, unknown]>([
    [
      '§6.1 request: a SendMessageRequest',
      'SendMessageRequest',
      { message: { role: 'ROLE_USER', parts: [{ text: 'What is the weather today?' }], messageId: 'msg-uuid' } },
    ],
    [
      '§6.1 response: a SendMessageResponse holding a Task',
      'SendMessageResponse',
      {
        task: {
          id: 'task-uuid',
          contextId: 'context-uuid',
          status: { state: 'TASK_STATE_COMPLETED' },
          artifacts: [{ artifactId: 'artifact-uuid', name: 'Weather Report', parts: [{ text: 'Today will be sunny with a high of 75°F' }] }],
        },
      },
    ],
    [
      '§6.7 response: a Task with a timestamp and a url part',
      'Task',
      {
        id: '43667960-d455-4453-b0cf-1bae4955270d',
        contextId: 'c295ea44-7543-4f78-b524-7a38915ad6e4',
        status: { state: 'TASK_STATE_COMPLETED', timestamp: '2024-03-15T12:05:00Z' },
        artifacts: [
          {
            artifactId: '9b6934dd-37e3-4eb1-8766-962efaab63a1',
            name: 'processed_image_with_faces.png',
            parts: [{ url: 'https://storage.example.com/processed/task-bbb/output.png?token=xyz', filename: 'output.png', mediaType: 'image/png' }],
          },
        ],
      },
    ],
    // The spec's own §6.7 request is not valid JSON (a missing and a trailing comma); fixed here.
    [
      '§6.7 request: a Message with a text and a raw part',
      'Message',
      {
        role: 'ROLE_USER',
        parts: [
          { text: 'Analyze this image and highlight any faces.' },
          { raw: 'iVBORw0KGgoAAAANSUhEUgAAAAUA', filename: 'input_image.png', mediaType: 'image/png' },
        ],
        messageId: '6dbc13b5-bd57-4c2b-b503-24e381b6c8d6',
      },
    ],
    [
      '§6.8 request: a part with Struct metadata',
      'Message',
      {
        role: 'ROLE_USER',
        parts: [
          { text: 'Show me a list of my open IT tickets', metadata: { mediaType: 'application/json', schema: { type: 'array', items: { type: 'object' } } } },
        ],
        messageId: '85b26db5-ffbb-4278-a5da-a7b09dea1b47',
      },
    ],
    ['a data part holding any JSON value', 'Part', { data: [1, 'two', null, { three: 3 }] }],
    // Unknown fields are ignored (spec §5.7), so a v0.3 `kind` beside a v1 member is no error.
    ['a v0.3 `kind` beside the v1 member', 'Part', { kind: 'text', text: 'hi' }],
  ])('accepts %s', (_, name, value) => {
    expect(validate(name, value)).toEqual([]);
  });

  // The spec text is outside material: beside the repository as ../shared/spec, else skipped.
  if (SPEC_TEXT === undefined)
    it.skip(`§8.5's sample agent card is skipped: no ${SPEC_PATH}; to run it, put the A2A v1.0.1 specification there (docs/specification.md of github.com/a2aproject/A2A at tag v1.0.1)`, () => {});
  else
    it('accepts §8.5: an agent card with a oneof security scheme', () => {
      expect(validate('AgentCard', JSON.parse(specJson(SPEC_TEXT, '### 8.5. Sample Agent Card')))).toEqual([]);
    });

  it.each<[string, string, unknown, string[]]>([
    [
      'a v0.3 message (role "user", kind parts)',
      'Message',
      { kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'hi' }], messageId: 'm1' },
      ['/role must be equal to one of the allowed values'],
    ],
    ['a v0.3 task state', 'TaskStatus', { state: 'completed' }, ['/state must be equal to one of the allowed values']],
    ['a part with two oneof members', 'Part', { text: 'a', url: 'https://x' }, ['/ must match exactly one schema in oneOf']],
    ['a task without its required status', 'Task', { id: 't1' }, ["/ must have required property 'status'"]],
    ['a timestamp that is not RFC 3339', 'TaskStatus', { state: 'TASK_STATE_WORKING', timestamp: 'yesterday' }, ['/timestamp must match format "date-time"']],
    ['an int32 out of range', 'GetTaskRequest', { id: 't1', historyLength: 2 ** 31 }, ['/historyLength must be <= 2147483647']],
    [
      'a snake_case name in place of the json name (required one missing)',
      'SendMessageRequest',
      { message: { message_id: 'm', role: 'ROLE_USER', parts: [] } },
      ["/message must have required property 'messageId'"],
    ],
    // The spec's §6.2 stream events are abbreviated: they leave out REQUIRED fields.
    [
      '§6.2 as printed: an artifact update without contextId and artifactId',
      'StreamResponse',
      { artifactUpdate: { taskId: 'task-uuid', artifact: { parts: [{ text: '# Climate Change Report\n\n' }] } } },
      ["/artifactUpdate must have required property 'contextId'", "/artifactUpdate/artifact must have required property 'artifactId'"],
    ],
  ])('rejects %s', (_, name, value, want) => {
    expect(validate(name, value)).toEqual(want);
  });
});

/** The first ```json block after a heading of the spec text. */
function specJson(text: string, heading: string): string {
  const after = text.slice(text.indexOf(heading));
  return /```json\n([\s\S]*?)\n```/.exec(after)![1];
}

/** A proto with the least an A2A proto needs, plus `extra`. */
const a2aProto = (extra: string, service = 'rpc SendMessage(Message) returns (Task);'): string =>
  `syntax = "proto3";\npackage t.v1;\n\nservice S {\n  ${service}\n}\nmessage AgentCard {}\nmessage Message {}\nmessage Task {}\n${extra}\n`;

const load = (text: string): LoadedProto => loadProto({ text, origin: 'x.proto' });

describe("a field's proto name beside its JSON name", () => {
  it("is recorded where the two differ (protoc's rule, or json_name), for requests that use it (ADR-001)", () => {
    const proto = load(a2aProto('message M { string context_id = 1; string name = 2; string odd_one = 3 [json_name = "other"]; }'));
    expect(proto.fieldNames.M).toEqual({ contextId: 'context_id', other: 'odd_one' });
    expect(proto.fieldNames).not.toHaveProperty('Task');
  });
});

describe('proto types in ProtoJSON', () => {
  it.each<[string, JsonSchema]>([
    ['int64 v = 1;', { type: 'string', pattern: '^-?[0-9]+$' }],
    ['uint64 v = 1;', { type: 'string', pattern: '^[0-9]+$' }],
    ['fixed64 v = 1;', { type: 'string', pattern: '^[0-9]+$' }],
    ['sint32 v = 1;', { type: 'integer', minimum: -2147483648, maximum: 2147483647 }],
    ['uint32 v = 1;', { type: 'integer', minimum: 0, maximum: 4294967295 }],
    ['double v = 1;', { type: 'number' }],
    ['bool v = 1;', { type: 'boolean' }],
    ['bytes v = 1;', { type: 'string', contentEncoding: 'base64' }],
    ['repeated int64 v = 1;', { type: 'array', items: { type: 'string', pattern: '^-?[0-9]+$' } }],
    ['map<int32, string> v = 1;', { type: 'object', propertyNames: { pattern: '^-?[0-9]+$' }, additionalProperties: { type: 'string' } }],
    ['map<bool, Task> v = 1;', { type: 'object', propertyNames: { enum: ['true', 'false'] }, additionalProperties: { $ref: '#/definitions/Task' } }],
    ['google.protobuf.Timestamp v = 1;', { type: 'string', format: 'date-time' }],
    ['.google.protobuf.Duration v = 1;', { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]{1,9})?s$' }],
    ['google.protobuf.Value v = 1;', {}],
    ['google.protobuf.ListValue v = 1;', { type: 'array', items: {} }],
    ['google.protobuf.Int64Value v = 1;', { type: 'string', pattern: '^-?[0-9]+$' }],
    ['google.protobuf.Any v = 1;', { type: 'object', properties: { '@type': { type: 'string' } }, required: ['@type'] }],
    ['Inner v = 1; message Inner { string s = 1; }', { $ref: '#/definitions/M.Inner' }],
  ])('%s', (field, want) => {
    expect(load(a2aProto(`message M { ${field} }`)).definitions.M.properties!.v).toEqual(want);
  });

  it.each<[string, string, Partial<JsonSchema>]>([
    [
      "json names: protoc's rule, and json_name wins",
      'string context_id = 1; string oauth2_metadata_url = 2; string x = 3 [json_name = "renamed"];',
      { properties: { contextId: { type: 'string' }, oauth2MetadataUrl: { type: 'string' }, renamed: { type: 'string' } } },
    ],
    [
      'REQUIRED among other behaviors',
      'string a = 1 [(google.api.field_behavior) = IMMUTABLE, (google.api.field_behavior) = REQUIRED]; string b = 2 [(google.api.field_behavior) = OUTPUT_ONLY];',
      { required: ['a'] },
    ],
    ['proto3 optional: presence, not a oneof', 'optional int32 n = 1;', { properties: { n: { type: 'integer', minimum: -2147483648, maximum: 2147483647 } } }],
    [
      'a oneof whose member is REQUIRED: exactly one',
      'oneof v { string a = 1 [(google.api.field_behavior) = REQUIRED]; string b = 2; }',
      { oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    ],
    [
      'two oneofs: each its own oneOf, under allOf',
      'oneof p { string a = 1; string b = 2; } oneof q { string c = 3; string d = 4 [(google.api.field_behavior) = REQUIRED]; }',
      {
        allOf: [
          { oneOf: [{ required: ['a'] }, { required: ['b'] }, { not: { anyOf: [{ required: ['a'] }, { required: ['b'] }] } }] },
          { oneOf: [{ required: ['c'] }, { required: ['d'] }] },
        ],
      },
    ],
    [
      'AIP internal comments are left out',
      '// (-- api-linter: core::0140=disabled --)\n  // Kept.\n  string s = 1;',
      { properties: { s: { description: 'Kept.', type: 'string' } } },
    ],
  ])('%s', (_, body, want) => {
    expect(load(a2aProto(`message M {\n  ${body}\n}`)).definitions.M).toMatchObject(want);
  });

  it.each<[string, string]>([
    ['proto2 required', 'syntax = "proto2";\nmessage M { required string a = 1; optional string b = 2; }'],
    ['editions LEGACY_REQUIRED', 'edition = "2023";\nmessage M { string a = 1 [features.field_presence = LEGACY_REQUIRED]; string b = 2; }'],
  ])('required without field_behavior: %s', (_, head) => {
    const text = `${head}\nservice S { rpc SendMessage(Message) returns (Task); }\nmessage AgentCard {}\nmessage Message {}\nmessage Task {}\n`;
    expect(load(text).definitions.M.required).toEqual(['a']);
  });

  it('gives the same result twice, plain JSON, leaving its input alone', () => {
    const text = readFileSync(join(ROOT, 'schema', 'proto', 'v1.0.1.proto'), 'utf8');
    const source = { text, origin: 'v1.0.1.proto' };
    const first = loadProto(source);
    expect([loadProto(source), JSON.parse(JSON.stringify(first)), source]).toEqual([first, first, { text, origin: 'v1.0.1.proto' }]);
  });

  it('reads nothing it imports: an import that exists nowhere is no error', () => {
    const loaded = load(a2aProto('').replace('package t.v1;', 'package t.v1;\nimport "nowhere/at/all.proto";'));
    expect([loaded.imports, Object.keys(loaded.definitions)]).toEqual([['nowhere/at/all.proto'], ['AgentCard', 'Message', 'Task']]);
  });

  it('an http custom verb, a named body field and several additional bindings', () => {
    const service =
      'rpc SendMessage(Message) returns (Task) { option (google.api.http) = { custom: { kind: "head" path: "/m/{task_id}" } body: "the_id" additional_bindings { get: "/a" } additional_bindings { get: "/b" } }; }';
    const loaded = load(
      a2aProto('', service).replace('message Message {}', 'message Message { string task_id = 1; string the_id = 2 [json_name = "theId"]; }'),
    );
    expect(loaded.methods[0].http).toEqual({
      verb: 'HEAD',
      path: '/m/{task_id}',
      body: 'the_id',
      jsonNames: { task_id: 'taskId', the_id: 'theId' },
      additionalBindings: [
        { verb: 'GET', path: '/a', jsonNames: {} },
        { verb: 'GET', path: '/b', jsonNames: {} },
      ],
    });
  });
});

describe('a broken or non-A2A proto is a located error', () => {
  it.each<[string, string, string[]]>([
    [
      'a missing semicolon',
      'syntax = "proto3";\nmessage A {\n  string x = 1\n  int32 y = 2;\n}\n',
      ["x.proto:4:3: proto syntax error: illegal token 'int32', ';' expected", '  4 |   int32 y = 2;', '    |   ^'],
    ],
    [
      'a brace too many',
      'syntax = "proto3";\nmessage A { string x = 1; } }\n',
      ["x.proto:2:29: proto syntax error: illegal token '}'", '  2 | message A { string x = 1; } }', '    |                             ^'],
    ],
    [
      'a missing semicolon, the token twice on the line',
      'syntax = "proto3";\nmessage A { string x = 1 string y = 2; }\n',
      [
        "x.proto:2:26: proto syntax error: illegal token 'string', ';' expected",
        '  2 | message A { string x = 1 string y = 2; }',
        '    |                          ^',
      ],
    ],
    [
      'a bad name, the token again later on the line',
      'syntax = "proto3";\nmessage A { string 1 = 1; int32 b = 1; }\n',
      ["x.proto:2:20: proto syntax error: illegal name '1'", '  2 | message A { string 1 = 1; int32 b = 1; }', '    |                    ^'],
    ],
    [
      'an unterminated string',
      'syntax = "proto3";\nimport "a.proto;\nmessage A {}\n',
      ['x.proto:2:8: proto syntax error: illegal string', '  2 | import "a.proto;', '    |        ^'],
    ],
    [
      'the end of the file inside a message',
      'syntax = "proto3";\nmessage A {\n  string x = 1;\n',
      ["x.proto:3:16: proto syntax error: illegal end of input 'null'", '  3 |   string x = 1;', '    |                ^'],
    ],
    [
      'a name that is a token in a comment first',
      '// message 1A\nsyntax = "proto3";\nmessage 1A {}\n',
      ["x.proto:3:9: proto syntax error: illegal type name '1A'", '  3 | message 1A {}', '    |         ^'],
    ],
    [
      'two fields of one name (protobufjs gives no line: found again)',
      'syntax = "proto3";\npackage t;\nmessage A {\n  string x = 1;\n  message B { string x = 1; }\n  int32 x = 2;\n}\n',
      ["x.proto:6:9: proto error: duplicate name 'x' in Type A", '  6 |   int32 x = 2;', '    |         ^'],
    ],
    [
      'two fields of one number',
      'syntax = "proto3";\nmessage A {\n  string x = 1;\n  string y = 1;\n}\n',
      ['x.proto:4:14: proto error: duplicate id 1 in Type A', '  4 |   string y = 1;', '    |              ^'],
    ],
    [
      'two messages of one name',
      'syntax = "proto3";\npackage t;\nmessage A {}\n// message A\nmessage A {}\n',
      ["x.proto:5:9: proto error: duplicate name 'A' in Namespace .t", '  5 | message A {}', '    |         ^'],
    ],
    ['no service', 'syntax = "proto3";\nmessage AgentCard {}\n', ['x.proto: not an A2A proto: it declares no service, so there are no methods to generate']],
    [
      'a service without SendMessage',
      a2aProto('', 'rpc SendMesage(Message) returns (Task);'),
      ['x.proto:4:9: not an A2A proto: no service has rpc SendMessage (service S has rpc SendMesage) (is rpc SendMesage meant to be SendMessage?)'],
    ],
    ['a service with no rpc', a2aProto('', ''), ['x.proto:4:9: not an A2A proto: no service has rpc SendMessage (service S has no rpc)']],
    [
      'no AgentCard or Task',
      a2aProto('').replace('message AgentCard {}\n', '').replace('message Task {}\n', 'message Tasks {}\n'),
      ['x.proto: not an A2A proto: it declares no message AgentCard, Task'],
    ],
    [
      'a field of a type from an import',
      a2aProto('message M {\n  google.type.Date day = 1;\n}'),
      [
        'x.proto:11:20: M.day: field "day" has type "google.type.Date", which this file does not declare and is not a google.protobuf well-known type (imports are not read)',
      ],
    ],
    [
      'an rpc of an unknown type',
      a2aProto('', 'rpc SendMessage(Mesage) returns (Task);'),
      [
        'x.proto:5:7: S.SendMessage: rpc SendMessage uses "Mesage", which is not a message this file declares nor a google.protobuf well-known type (imports are not read)',
      ],
    ],
    [
      'two fields with one JSON name',
      a2aProto('message M {\n  string a_b = 1;\n  string aB = 2;\n}'),
      ['x.proto:12:10: M.aB: two fields of message M have the JSON name "aB"'],
    ],
    [
      'a json_name of __proto__',
      a2aProto('message M {\n  string p = 1 [json_name = "__proto__"];\n}'),
      [
        'x.proto:11:10: M.p: the JSON name "__proto__" cannot be used: every JavaScript object has a member of that name (Object.prototype.__proto__); rename the field',
      ],
    ],
    [
      'a field whose JSON name is hasOwnProperty (json-schema-to-typescript crashed on it)',
      a2aProto('message M {\n  string has_own_property = 1;\n}'),
      [
        'x.proto:11:10: M.has_own_property: the JSON name "hasOwnProperty" cannot be used: every JavaScript object has a member of that name (Object.prototype.hasOwnProperty); rename the field',
      ],
    ],
    [
      'a field named constructor',
      a2aProto('message M {\n  string constructor = 1;\n}'),
      [
        'x.proto:11:10: M.constructor: the JSON name "constructor" cannot be used: every JavaScript object has a member of that name (Object.prototype.constructor); rename the field',
      ],
    ],
    [
      'an http rule without a verb',
      a2aProto('', 'rpc SendMessage(Message) returns (Task) { option (google.api.http) = { body: "*" }; }'),
      ['x.proto:5:7: S.SendMessage: the (google.api.http) option of rpc SendMessage must set exactly one of get, put, post, delete, patch or custom'],
    ],
    [
      'an http path binding no field',
      a2aProto('', 'rpc SendMessage(Message) returns (Task) { option (google.api.http) = { get: "/m/{id}" }; }'),
      ['x.proto:5:7: S.SendMessage: the (google.api.http) option of rpc SendMessage binds {id} in /m/{id}, but Message has no field "id"'],
    ],
  ])('%s', (_, text, want) => {
    let error: unknown;
    try {
      load(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).format().split('\n')).toEqual(want);
  });
});
