// The model of an a2a.json made from a v1 a2a.proto is the proto's: the methods, routes, REQUIRED
// fields and oneofs it cannot say come from the spec text (versions-v1.ts), which must agree with
// the bundled protos; a request the text does not know becomes a custom method.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../generator/diagnostics.js';
import type { JsonSchema } from '../../generator/json-schema.js';
import { loadSpec } from '../../generator/load/spec.js';
import { buildProtocolModel, type ProtocolModel } from '../../generator/model/protocol.js';
import { V1_PROTO_TEXT } from '../../generator/model/versions-v1.js';
import { A2A_JSON_FIXTURES, a2aJsonPath, bundledProtoText } from '../helpers/a2a-json.js';

const origin = '/specs/a2a.json';
const jsonModel = (text: string): ProtocolModel => buildProtocolModel(loadSpec({ ref: origin, kind: 'file', origin, format: 'json', text }));
/** The proto as a file (not bundled): its version is unknown too, so the two get the same facts. */
const protoModel = (version: string): ProtocolModel =>
  buildProtocolModel(loadSpec({ ref: 'a2a.proto', kind: 'file', origin: 'a2a.proto', format: 'proto', text: bundledProtoText(version) }));
const protoSpec = (version: string) =>
  loadSpec({ ref: version, kind: 'bundled', version, origin: 'a2a.proto', format: 'proto', text: bundledProtoText(version) });

describe.each(['1.0.0', '1.0.1'])('versions-v1.ts says what the v%s proto says and its a2a.json cannot', (version) => {
  const spec = protoSpec(version);
  const proto = spec.proto!;

  it('its methods: names, types, streaming, in the order of the service', () => {
    expect(V1_PROTO_TEXT.methods.map((m) => [m.name, m.request, m.response, m.streaming])).toEqual(
      proto.methods!.map((m) => [
        m.name,
        m.requestType === 'Empty' ? 'google.protobuf.Empty' : m.requestType,
        m.responseType === 'Empty' ? 'google.protobuf.Empty' : m.responseType,
        m.serverStreaming,
      ]),
    );
  });

  it('their routes: the proto rules, variables by JSON name', () => {
    const jsonPath = (path: string, names: Record<string, string>) => path.replace(/\{(\w+)(?:=[^}]*)?\}/g, (_, v: string) => `{${names[v] ?? v}}`);
    expect(V1_PROTO_TEXT.methods.map((m) => m.http)).toEqual(
      proto.methods!.map(({ http }) => ({ verb: http!.verb, path: jsonPath(http!.path, http!.jsonNames), ...(http!.body ? { body: http!.body } : {}) })),
    );
  });

  it('the REQUIRED fields of every message', () => {
    const required = Object.fromEntries(Object.entries(spec.definitions).flatMap(([n, d]) => (d.required ? [[n, d.required]] : [])));
    expect(V1_PROTO_TEXT.required).toEqual(required);
  });

  it('the oneof groups', () => {
    const groups = Object.fromEntries(Object.entries(proto.oneofs).map(([n, gs]) => [n, gs.map(({ description: _, ...g }) => g)]));
    expect(V1_PROTO_TEXT.oneofs).toEqual(groups);
  });
});

/** What the JSON cannot carry and the text does not restore (named in docs/ARCHITECTURE.md): enum value comments, `deprecated`. */
function lessUnsaid(definitions: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, d]) => {
      if (Array.isArray(d.enum)) return [name, { type: d.type, enum: d.enum }];
      const properties = d.properties && Object.fromEntries(Object.entries(d.properties).map(([k, { deprecated: _, ...p }]) => [k, p]));
      return [name, properties ? { ...d, properties } : d];
    }),
  );
}

describe.each(A2A_JSON_FIXTURES)('the model of $file', (fixture) => {
  const model = jsonModel(readFileSync(a2aJsonPath(fixture), 'utf8'));
  const proto = protoModel(fixture.version);

  it("has the proto's methods and roles; each description is §3.1's rather than the rpc's comment", () => {
    const strip = (m: ProtocolModel) => m.methods.map(({ description: _, ...rest }) => rest);
    expect(strip(model)).toEqual(strip(proto));
    expect(model.methods.every((m) => m.description)).toBe(true);
  });

  it("has the proto's HTTP+JSON routes (the /{tenant} ones and SubscribeToTask's POST too), errors and shapes", () => {
    expect(model.rest).toEqual(proto.rest);
    expect(model.rest!.routes).toHaveLength(24);
    for (const key of [
      'errors',
      'features',
      'rules',
      'extendedCard',
      'wellKnownPaths',
      'pushContentType',
      'negotiation',
      'wireVersion',
      'discriminator',
      'specUrl',
      'syntheticDefinitions',
      'version',
    ] as const)
      expect([key, model[key]]).toEqual([key, proto[key]]);
  });

  it("has the proto's definitions, REQUIRED and oneofs included, but for enum value comments and `deprecated`", () => {
    expect(model.definitions).toEqual(lessUnsaid(proto.definitions));
    expect(model.definitions.Part.oneOf).toEqual([{ required: ['text'] }, { required: ['raw'] }, { required: ['url'] }, { required: ['data'] }]);
    expect(model.definitions.Empty).toEqual({ type: 'object' });
  });

  it('names the service as the text does, and the package when the file does', () => {
    expect(model.proto).toEqual({ package: fixture.shape === 'json-bundle' ? undefined : 'lf.a2a.v1', service: 'A2AService' });
  });
});

describe('what the text cannot supply', () => {
  const cleaned = JSON.parse(readFileSync(a2aJsonPath(A2A_JSON_FIXTURES[2]), 'utf8'));
  const edit = (change: (defs: Record<string, any>) => void): string => {
    const doc = structuredClone(cleaned);
    change(doc.$defs);
    return JSON.stringify(doc);
  };
  const message = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: false });

  it("a method of the text whose request the file lacks is an error at the file's definitions", () => {
    let error: unknown;
    try {
      jsonModel(edit((defs) => (delete defs.GetTaskRequest, delete defs.ListTasksResponse)));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    expect([(error as InputError).location, (error as InputError).path, (error as InputError).message]).toEqual([
      { file: origin },
      '$defs',
      'not an A2A v1 schema: it lacks the definitions of methods the specification defines (GetTask takes GetTaskRequest and returns Task; ListTasks takes ListTasksRequest and returns ListTasksResponse)',
    ]);
  });

  it('a request it does not know is a custom method when a response can be found: <Name>Response, else the definition its name ends in', () => {
    const model = jsonModel(
      edit((defs) => {
        defs.ArchiveTaskRequest = message({ id: { type: 'string' } });
        defs.PinTaskRequest = message({ id: { type: 'string' } });
        defs.PinTaskResponse = message({ pinned: { type: 'boolean' } });
        defs.WidgetRequest = message({}); // no Widget, no WidgetResponse: only a type
        defs.NestedRequest = message({});
        defs.Holder = message({ nested: { $ref: '#/$defs/NestedRequest' } }); // a field's type: not a request
      }),
    );
    const custom = model.methods.filter((m) => m.role === 'custom').map(({ description: _, ...m }) => m);
    expect(custom).toEqual([
      {
        name: 'ArchiveTask',
        role: 'custom',
        requestDefinition: 'ArchiveTaskRequest',
        paramsType: 'ArchiveTaskRequest',
        paramsRequired: false,
        resultType: 'Task',
        streaming: false,
        clientName: 'archiveTask',
      },
      {
        name: 'PinTask',
        role: 'custom',
        requestDefinition: 'PinTaskRequest',
        paramsType: 'PinTaskRequest',
        paramsRequired: false,
        resultType: 'PinTaskResponse',
        streaming: false,
        clientName: 'pinTask',
      },
    ]);
    // An a2a.json has no HTTP rule for them: JSON-RPC only.
    expect(model.rest!.routes.filter((r) => r.role === 'custom')).toEqual([]);
  });

  it("a file's own `required` is kept over the text's", () => {
    const model = jsonModel(edit((defs) => (defs.Task.required = ['id'])));
    expect([model.definitions.Task.required, model.definitions.Message.required]).toEqual([['id'], ['messageId', 'role', 'parts']]);
  });
});
