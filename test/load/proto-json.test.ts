// An a2a.json made from a v1 a2a.proto (bufbuild's protoc-gen-jsonschema, as the A2A project
// publishes it) loads as the proto's definitions, as far as the JSON can say them; a broken or
// non-A2A one is a located error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../generator/diagnostics.js';
import { isPlainObject, type JsonSchema } from '../../generator/json-schema.js';
import { fieldSchema, type FieldContext } from '../../generator/load/proto-json-fields.js';
import { isProtoMadeJson } from '../../generator/load/proto-json.js';
import { titleOf } from '../../generator/load/proto-json-names.js';
import { loadSpec, type LoadedSpec } from '../../generator/load/spec.js';
import { A2A_JSON_FIXTURES, a2aJsonPath, bundledProtoText } from '../helpers/a2a-json.js';
import { publishedA2aJson } from '../helpers/bufbuild-jsonschema.js';
import { ROOT } from '../helpers/examples.js';

const fromJson = (text: string, origin = '/specs/a2a.json'): LoadedSpec => loadSpec({ ref: origin, kind: 'file', origin, format: 'json', text });
const fromProto = (version: string): LoadedSpec =>
  loadSpec({ ref: version, kind: 'file', origin: `v${version}.proto`, format: 'proto', text: bundledProtoText(version) });

/**
 * The proto's definitions less what protoc-gen-jsonschema does not write: REQUIRED, oneofs and
 * `deprecated` (the model adds the first two from the spec text), and each enum value's comment.
 */
function asTheJsonSaysIt(definitions: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, def] of Object.entries(definitions)) {
    if (Array.isArray(def.enum)) {
      out[name] = { type: def.type, enum: def.enum };
      continue;
    }
    const { required: _r, oneOf: _o, ...rest } = def;
    const properties = Object.fromEntries(Object.entries(def.properties ?? {}).map(([k, { deprecated: _d, ...p }]) => [k, p]));
    out[name] = { ...rest, properties };
  }
  return out;
}

const variants = [
  ...A2A_JSON_FIXTURES.map((f) => ({ name: f.file, version: f.version, text: readFileSync(a2aJsonPath(f), 'utf8'), pkg: f.shape !== 'json-bundle' })),
  // jq's merge before clean_schema_names.py: keys and references are still file names.
  { name: 'v1.0.1 json-bundle, uncleaned', version: '1.0.1', text: publishedA2aJson(bundledProtoText('1.0.1'), 'json-bundle-uncleaned'), pkg: true },
  // Half cleaned: full names, without the suffix.
  {
    name: 'v1.0.1 json-bundle, keyed by full name',
    version: '1.0.1',
    text: publishedA2aJson(bundledProtoText('1.0.1'), 'json-bundle-uncleaned').replace(/\.jsonschema\.json/g, ''),
    pkg: true,
  },
];

describe.each(variants)('$name', ({ version, text, pkg }) => {
  const loaded = fromJson(text);

  it("is told from a v0.x a2a.json by its structure, and has the proto's definitions as far as the JSON says them", () => {
    expect(isProtoMadeJson(JSON.parse(text))).toBe(true);
    const { Empty: _, ...proto } = fromProto(version).definitions; // a method's response, not a field's: the model adds it
    expect(loaded.definitions).toEqual(asTheJsonSaysIt(proto));
  });

  it("says what it knows of the proto: no service, no methods, no oneof groups; the package when a file name gives it; the proto's field names", () => {
    const { fieldNames, ...facts } = loaded.proto!;
    expect(facts).toEqual({ source: 'json', package: pkg ? 'lf.a2a.v1' : undefined, oneofs: {} });
    // Read off bufbuild's `patternProperties` aliases: the proto's own, less the messages no field leads to.
    const { fieldNames: fromTheProto } = fromProto(version).proto!;
    expect(fieldNames).toEqual(fromTheProto);
    expect(fieldNames.Message).toMatchObject({ messageId: 'message_id', contextId: 'context_id', referenceTaskIds: 'reference_task_ids' });
    expect(loaded.definitionsKeyword).toBe(/"\$defs"/.test(text) ? '$defs' : 'definitions');
  });

  it.each<[string, (d: Record<string, JsonSchema>) => unknown, unknown]>([
    // bufbuild: anyOf of a pattern for the zero value, the other names, an int32 range; a title; default 0.
    [
      'an enum field: a $ref to the enum, rebuilt from the field',
      (d) => d.TaskStatus.properties!.state,
      { description: 'The current state of this task.', $ref: '#/definitions/TaskState' },
    ],
    ['the enum, its values in declaration order', (d) => d.Role, { type: 'string', enum: ['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT'] }],
    [
      'a Timestamp: inline, RFC 3339',
      (d) => d.TaskStatus.properties!.timestamp,
      { description: 'ISO 8601 Timestamp when the status was recorded.\nExample: "2023-10-27T10:00:00Z"', type: 'string', format: 'date-time' },
    ],
    [
      'a Struct: any JSON object',
      (d) => d.Task.properties!.metadata,
      { description: 'A key/value object to store custom metadata about a task.', type: 'object', additionalProperties: {} },
    ],
    ['bytes: base64 text', (d) => d.Part.properties!.raw.contentEncoding, 'base64'],
    [
      'an int32 with its range, not also a string',
      (d) => d.ListTasksResponse.properties!.pageSize,
      { description: 'The page size used for this response.', type: 'integer', minimum: -2147483648, maximum: 2147483647 },
    ],
    ['a map of messages', (d) => d.AgentCard.properties!.securitySchemes.additionalProperties, { $ref: '#/definitions/SecurityScheme' }],
    ['no proto-name aliases, no defaults, no titles', (d) => /patternProperties|"default"|"title"|additionalProperties":false/.test(JSON.stringify(d)), false],
    [
      'an (-- api-linter --) comment left out, as the proto path does',
      (d) => d.AgentCardSignature.properties!.protected.description,
      'Required. The protected JWS header for the signature. This is always a\nbase64url-encoded JSON object.',
    ],
    ['no well-known type as a definition', (d) => ['Struct', 'Timestamp', 'Value'].filter((n) => n in d), []],
  ])('%s', (_, pick, want) => {
    expect(pick(loaded.definitions)).toEqual(want);
  });

  it('gives the same result twice, leaving its input alone', () => {
    const raw = JSON.parse(text);
    const before = JSON.stringify(raw);
    expect(fromJson(text)).toEqual(loaded);
    expect(isProtoMadeJson(raw)).toBe(true);
    expect(JSON.stringify(raw)).toBe(before);
  });
});

describe('telling a proto-made a2a.json from a v0.x one', () => {
  it.each(['0.1.0', '0.2.5', '0.3.0'])('the bundled v%s a2a.json is not one', (version) => {
    expect(isProtoMadeJson(JSON.parse(readFileSync(join(ROOT, 'schema', 'a2a', `v${version}.json`), 'utf8')))).toBe(false);
  });

  it('titles as bufbuild makes them, reversible by dropping the spaces', () => {
    const names = [
      'AgentCapabilities',
      'APIKeySecurityScheme',
      'OAuth2SecurityScheme',
      'OAuthFlows',
      'HTTPAuthSecurityScheme',
      'Part',
      'TaskState',
      'ListValue',
      'FooB',
    ];
    expect(names.map(titleOf)).toEqual([
      'Agent Capabilities',
      'API Key Security Scheme',
      'O Auth2 Security Scheme',
      'O Auth Flows',
      'HTTP Auth Security Scheme',
      'Part',
      'Task State',
      'List Value',
      'FooB',
    ]);
    expect(names.map((n) => titleOf(n).replace(/ /g, ''))).toEqual(names);
  });

  it.each<[string, (d: any) => void]>([
    ['a file-name $id', (d) => (d.definitions.Task.$id = 'lf.a2a.v1.Task.jsonschema.json')],
    ['a package-qualified key', (d) => ((d.definitions['lf.a2a.v1.Artifact'] = d.definitions.Artifact), delete d.definitions.Artifact)],
    ['a proto field name under patternProperties', (d) => (d.definitions.Task.patternProperties = { '^(context_id)$': { type: 'string' } })],
    ['a file-name $ref', (d) => (d.definitions.Task.properties.status = { $ref: 'lf.a2a.v1.TaskStatus.jsonschema.json' })],
  ])('%s is a sign of a proto-made file', (_, sign) => {
    const bare = {
      definitions: {
        AgentCard: { type: 'object', properties: {} },
        Message: { type: 'object', properties: {} },
        Task: { type: 'object', properties: {} },
        Artifact: { type: 'object', properties: {} },
      },
    };
    expect(isProtoMadeJson(bare)).toBe(false);
    const signed = structuredClone(bare);
    sign(signed);
    expect(isProtoMadeJson(signed)).toBe(true);
  });

  it('a $ref by full name is read where the keys have none', () => {
    const text = readFileSync(a2aJsonPath(A2A_JSON_FIXTURES[2]), 'utf8');
    const edited = text.replace('"$ref": "#/$defs/TaskStatus"', '"$ref": "#/$defs/lf.a2a.v1.TaskStatus"');
    expect(edited).not.toBe(text);
    expect(fromJson(edited).definitions).toEqual(fromJson(text).definitions);
  });

  it('a JSON with neither method constants nor any sign of a proto is an error that names both', () => {
    const text = JSON.stringify({ definitions: { AgentCard: { type: 'object' }, Message: { type: 'object' }, Task: { type: 'object' } } });
    expect(() => fromJson(text)).toThrow(/no definition has a `method` constant.*nor is it an a2a\.json made from a v1\.0 a2a\.proto/);
  });
});

describe('a broken or non-A2A proto-made a2a.json is a located error', () => {
  const published = JSON.parse(readFileSync(a2aJsonPath(A2A_JSON_FIXTURES[1]), 'utf8'));
  const cleaned = JSON.parse(readFileSync(a2aJsonPath(A2A_JSON_FIXTURES[2]), 'utf8'));
  const edit = (base: any, change: (doc: any) => void): string => {
    const doc = structuredClone(base);
    change(doc);
    return JSON.stringify(doc);
  };
  const stateOf = (doc: any): any => doc.definitions['Task Status'].properties.state;

  it.each<[string, string, string, string]>([
    [
      'a file-name $ref to a message that is not there',
      edit(published, (d) => (d.definitions.Task.properties.status.$ref = 'lf.a2a.v1.TaskStatuz.jsonschema.json')),
      'definitions.Task.properties.status.$ref',
      'dangling $ref "lf.a2a.v1.TaskStatuz.jsonschema.json": it names the message lf.a2a.v1.TaskStatuz, and no definition is keyed or titled so ("Task Statuz")',
    ],
    [
      'a #/$defs/ $ref to no definition',
      edit(cleaned, (d) => (d.$defs.Task.properties.history.items.$ref = '#/$defs/Mesage')),
      '$defs.Task.properties.history.items.$ref',
      'dangling $ref "#/$defs/Mesage": there is no definition "Mesage"',
    ],
    [
      'a $ref to another document',
      edit(cleaned, (d) => (d.$defs.Task.properties.status.$ref = 'https://example.com/a2a.json#/$defs/TaskStatus')),
      '$defs.Task.properties.status.$ref',
      'unsupported $ref "https://example.com/a2a.json#/$defs/TaskStatus": only this file\'s own definitions (#/$defs/Name) and protoc-gen-jsonschema\'s file names (lf.a2a.v1.Name.jsonschema.json) are read',
    ],
    ['a $ref that is not a string', edit(cleaned, (d) => (d.$defs.Task.properties.status.$ref = 7)), '$defs.Task.properties.status', '$ref is not a string'],
    ['a definition that is not an object', edit(cleaned, (d) => (d.$defs.Artifact = [])), '$defs.Artifact', 'definition "Artifact" is not a schema object'],
    [
      'a definition that is not a message',
      edit(cleaned, (d) => (d.$defs.Artifact = { type: 'string' })),
      '$defs.Artifact',
      'definition of Artifact is not a message: protoc-gen-jsonschema writes each as an object with properties',
    ],
    ['no AgentCard', edit(published, (d) => delete d.definitions['Agent Card']), 'definitions', 'not an A2A schema: no definition of AgentCard'],
    [
      'a key that is no message name, nor one in words',
      edit(published, (d) => ((d.definitions['A list of strings.'] = d.definitions['String List']), delete d.definitions['String List'])),
      'definitions["A list of strings."]',
      'cannot tell which message definition "A list of strings." is: its key is neither a message name nor one in words (as protoc-gen-jsonschema titles them), and no $ref names it',
    ],
    [
      'two messages of one title, where the bundle keeps one',
      edit(published, (d) => (d.definitions.Artifact.properties.parts.items.$ref = 'lf.a2a.v1.Outer.Task.jsonschema.json')),
      'definitions.Task',
      'lf.a2a.v1.Outer.Task and lf.a2a.v1.Task are both titled "Task", and the bundle keeps one schema under that title: which is meant cannot be told',
    ],
    [
      'two definitions for one message',
      edit(published, (d) => (d.definitions['lf.a2a.v1.Artifact.jsonschema.json'] = d.definitions.Artifact)),
      'definitions["lf.a2a.v1.Artifact.jsonschema.json"]',
      'definitions "Artifact" and "lf.a2a.v1.Artifact.jsonschema.json" both stand for the message Artifact',
    ],
    [
      'one enum title with two sets of values',
      edit(published, (d) => (stateOf(d).anyOf[1].enum = ['TASK_STATE_DONE'])),
      'definitions["Task Status"].properties.state',
      'two enums are titled "Task State" with different values (TASK_STATE_UNSPECIFIED, TASK_STATE_SUBMITTED, TASK_STATE_WORKING, TASK_STATE_COMPLETED, TASK_STATE_FAILED, TASK_STATE_CANCELED, TASK_STATE_INPUT_REQUIRED, TASK_STATE_REJECTED, TASK_STATE_AUTH_REQUIRED at definitions["List Tasks Request"].properties.status; TASK_STATE_UNSPECIFIED, TASK_STATE_DONE here)',
    ],
    [
      'an enum whose title is no name',
      edit(published, (d) => (stateOf(d).title = 'the state')),
      'definitions["Task Status"].properties.state',
      'an enum\'s title "the state" is not a name in words, as protoc-gen-jsonschema writes them',
    ],
    [
      'a property named __proto__',
      edit(cleaned, (d) => Object.defineProperty(d.$defs.Task.properties, '__proto__', { value: { type: 'string' }, enumerable: true })),
      '$defs.Task.properties.__proto__',
      'the JSON name "__proto__" cannot be used: every JavaScript object has a member of that name (Object.prototype.__proto__); rename the field',
    ],
    [
      'a definition keyed so that its name would be __proto__',
      edit(published, (d) => (d.definitions['lf.a2a.v1.__proto__.jsonschema.json'] = { title: '__proto__', type: 'object', properties: {} })),
      'definitions["lf.a2a.v1.__proto__.jsonschema.json"]',
      'a definition cannot be named "__proto__": JavaScript objects reserve it',
    ],
    [
      'an enum titled __proto__',
      edit(published, (d) => (stateOf(d).title = '__proto__')),
      'definitions["Task Status"].properties.state',
      'an enum cannot be titled "__proto__": JavaScript objects reserve the name',
    ],
    [
      'required naming no property',
      edit(cleaned, (d) => (d.$defs.Task.required = ['identifier'])),
      '$defs.Task.required',
      'required must list names of the properties',
    ],
    [
      'a property schema that is not an object',
      edit(cleaned, (d) => (d.$defs.Task.properties.id = 'string')),
      '$defs.Task.properties.id',
      'a property schema must be a JSON object',
    ],
  ])('%s', (_, text, path, message) => {
    let error: unknown;
    try {
      fromJson(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    expect({ file: (error as InputError).location?.file, path: (error as InputError).path, message: (error as InputError).message }).toEqual({
      file: '/specs/a2a.json',
      path,
      message,
    });
  });

  it.each([600, 20_000])('nesting %i levels deep is an error where it goes too deep, not a crash later in the pipeline', (levels) => {
    const deep = '{"type":"array","items":'.repeat(levels) + '{"type":"string"}' + '}'.repeat(levels);
    const text = edit(cleaned, (d) => (d.$defs.Task.properties.id = 'DEEP')).replace('"DEEP"', deep);
    let error: any;
    try {
      fromJson(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe('the schema nests more than 100 levels deep here; A2A schemas nest about a dozen');
    expect(error.path).toBe(['$defs', 'Task', 'properties', 'id', ...Array(96).fill('items')].join('.'));
  });

  it('a v0.x a2a.json nested 600 levels deep is refused the same way (it used to load, then overflow in ajv)', () => {
    const v03 = JSON.parse(readFileSync(join(ROOT, 'schema/a2a/v0.3.0.json'), 'utf8'));
    const deep = '{"type":"array","items":'.repeat(600) + '{"type":"string"}' + '}'.repeat(600);
    const text = JSON.stringify({ ...v03, definitions: { ...v03.definitions, Deep: 'DEEP' } }).replace('"DEEP"', deep);
    expect(() => fromJson(text)).toThrow(/nests more than 100 levels deep/);
  });

  it('keys every message of the published file by a title it can read back', () => {
    const keys = Object.keys(published.definitions).filter((k) => isPlainObject(published.definitions[k].properties));
    expect(keys.filter((k) => titleOf(k.replace(/ /g, '')) !== k)).toEqual([]);
    expect(keys).toContain('API Key Security Scheme');
  });
});

describe("bufbuild's field schemas as ProtoJSON sends them", () => {
  const enums: [string, string[]][] = [];
  const ctx: FieldContext = {
    ref: (ref) => ({ $ref: `#/definitions/${ref.replace(/^lf\.a2a\.v1\.|\.jsonschema\.json$/g, '')}` }),
    enumNamed: (title, values) => (enums.push([title, values]), title.replace(/ /g, '')),
    fail: (message) => {
      throw new Error(message);
    },
  };
  const int32 = { type: 'integer', minimum: -2147483648, maximum: 2147483647 };

  it.each<[string, JsonSchema, JsonSchema]>([
    [
      'int64: a decimal string',
      { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^-?[0-9]+$' }], default: 0 },
      { type: 'string', pattern: '^-?[0-9]+$' },
    ],
    [
      'uint64',
      {
        anyOf: [
          { type: 'integer', minimum: 0 },
          { type: 'string', pattern: '^[0-9]+$' },
        ],
        default: 0,
      },
      { type: 'string', pattern: '^[0-9]+$' },
    ],
    [
      'uint32',
      {
        anyOf: [
          { type: 'integer', minimum: 0, maximum: 4294967295 },
          { type: 'string', pattern: '^[0-9]+$' },
        ],
      },
      { type: 'integer', minimum: 0, maximum: 4294967295 },
    ],
    ['int32 (strict)', int32, int32],
    ['double', { anyOf: [{ type: 'number' }, { type: 'string', enum: ['Infinity', '-Infinity', 'NaN'] }, { type: 'string' }], default: 0 }, { type: 'number' }],
    ['bool, its implicit default dropped', { type: 'boolean', default: false }, { type: 'boolean' }],
    ['bytes', { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$', default: null }, { type: 'string', contentEncoding: 'base64' }],
    [
      'a map of int64 keys',
      { type: 'object', propertyNames: { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^-?[0-9]+$' }] }, additionalProperties: { type: 'string' } },
      { type: 'object', propertyNames: { pattern: '^-?[0-9]+$' }, additionalProperties: { type: 'string' } },
    ],
    [
      'a map of bool keys',
      { type: 'object', propertyNames: { type: 'boolean' }, additionalProperties: { type: 'string' } },
      { type: 'object', propertyNames: { enum: ['true', 'false'] }, additionalProperties: { type: 'string' } },
    ],
    [
      'a repeated enum (no zero pattern: it has implicit presence)',
      { type: 'array', items: { anyOf: [{ type: 'string', enum: ['A_UNSPECIFIED', 'A_ONE'] }, int32], title: 'A Kind' } },
      { type: 'array', items: { $ref: '#/definitions/AKind' } },
    ],
    [
      'a strict enum',
      { type: 'string', enum: ['B_ZERO', 'B_ONE'], title: 'B Kind', description: 'Which.' },
      { description: 'Which.', $ref: '#/definitions/BKind' },
    ],
    [
      'a string with a two-paragraph comment (first paragraph: title)',
      { type: 'string', default: '', title: 'The name.', description: 'Longer text.' },
      { description: 'The name.\n\nLonger text.', type: 'string' },
    ],
    [
      'a Value reference, as the loader resolves it',
      { $ref: 'lf.a2a.v1.Part.jsonschema.json', description: ' One.\n Two.' },
      { description: 'One.\nTwo.', $ref: '#/definitions/Part' },
    ],
    [
      'a shape of its own: kept, less defaults, refs resolved',
      { oneOf: [{ $ref: 'lf.a2a.v1.Part.jsonschema.json' }, { type: 'null', default: null }] },
      { oneOf: [{ $ref: '#/definitions/Part' }, { type: 'null' }] },
    ],
  ])('%s', (_, raw, want) => {
    expect(fieldSchema(raw, [], ctx)).toEqual(want);
  });

  it('records each enum with its values, the zero value first', () => {
    enums.length = 0;
    fieldSchema(
      { anyOf: [{ type: 'string', pattern: '^C_UNSPECIFIED$' }, { type: 'string', enum: ['C_ONE', 'C_TWO'] }, int32], title: 'C Kind', default: 0 },
      [],
      ctx,
    );
    expect(enums).toEqual([['C Kind', ['C_UNSPECIFIED', 'C_ONE', 'C_TWO']]]);
  });
});
