// One entry to the load stage's spec readers: an a2a.json (v0.x), an a2a.proto (v1.0 on), or an
// a2a.json generated from an a2a.proto (v1.0 on) becomes a LoadedSchema. The last two add what
// they say of the proto under `proto`: a proto its service's methods and their HTTP routes and
// its oneof groups; a proto-made a2a.json its package only, since the methods are not in it (the
// model takes them from the spec text). The model reads the rest alike.
import { isPlainObject, mapRefs, type JsonSchema } from '../json-schema.js';
import type { ProtoMethod } from './proto-service.js';
import type { GrpcProtoFacts } from './proto-grpc.js';
import type { OneofGroup } from './proto-schema.js';
import { isProtoMadeJson, loadProtoJson } from './proto-json.js';
import { identifierNames } from './proto-names.js';
import { loadProto } from './proto.js';
import type { SchemaSource } from './schema-source.js';
import { loadSchema, type LoadedSchema } from './schema.js';
import { parseJsonText } from './text.js';
import { checkNesting } from './json-nesting.js';
import { describeChain, overTheBound, tooLongDefinitionChain } from './reference-depth.js';
import { schemasError, tooManySchemas } from './spec-size.js';
import { formatJsonPath, InputError } from '../diagnostics.js';

/** What a spec says of its proto, with definition names as the LoadedSchema has them. */
export interface ProtoFacts {
  /** Read from the a2a.proto itself, or from an a2a.json generated from one (which says less). */
  source: 'proto' | 'json';
  package: string | undefined;
  /** The service the methods come from; an a2a.json has none. */
  service?: { name: string; description?: string };
  /** The service's methods; an a2a.json has none, the model takes them from the spec text. */
  methods?: ProtoMethod[];
  /** The oneof groups by definition (also encoded in its schema); an a2a.json from protoc-gen-jsonschema has none. */
  oneofs: Record<string, OneofGroup[]>;
  /** By definition: the proto name of each field whose JSON name differs (`contextId` → `context_id`). */
  fieldNames: Record<string, Record<string, string>>;
  /** The service as gRPC serves it; an a2a.json has no wire form of its messages, so no gRPC. */
  grpc?: GrpcProtoFacts;
}

export interface LoadedSpec extends LoadedSchema {
  /** Set when the spec is an a2a.proto or an a2a.json made from one. */
  proto?: ProtoFacts;
}

export function loadSpec(source: SchemaSource): LoadedSpec {
  const spec = readSpec(source);
  const count = tooManySchemas(Object.values(spec.definitions));
  if (count !== undefined) throw schemasError(count, 'the spec holds', { file: source.origin });
  return spec;
}

function readSpec(source: SchemaSource): LoadedSpec {
  const base = { origin: source.origin, kind: source.kind, ...(source.version ? { bundledVersion: source.version } : {}) };
  if (source.format === 'json') {
    const raw = parseJsonText(source.text, source.origin);
    // JSON.parse takes nesting the walks over schemas cannot: bounded here, before any of them.
    checkNesting(raw, source.origin);
    if (!isProtoMadeJson(raw)) {
      const schema = loadSchema(source, raw);
      checkReferenceDepth(schema.definitions, source.origin, schema.definitionsKeyword);
      return schema;
    }
    const json = loadProtoJson(raw, source.origin);
    checkReferenceDepth(json.definitions, source.origin, json.keyword);
    const { definitions, ref } = identified(json.definitions);
    const proto: ProtoFacts = { source: 'json', package: json.package, oneofs: byRef(json.oneofs, ref), fieldNames: byRef(json.fieldNames, ref) };
    return { ...base, definitionsKeyword: json.keyword, definitions, proto };
  }
  const proto = loadProto({ text: source.text, origin: source.origin, kind: source.kind, version: source.version });
  const { definitions, ref } = identified(proto.definitions);
  return {
    ...base,
    definitionsKeyword: 'definitions',
    definitions,
    proto: {
      source: 'proto',
      package: proto.package,
      service: proto.service,
      methods: proto.methods.map((m) => ({ ...m, requestType: ref(m.requestType), responseType: ref(m.responseType) })),
      oneofs: byRef(proto.oneofs, ref),
      fieldNames: byRef(proto.fieldNames, ref),
      grpc: proto.grpc,
    },
  };
}

/** A JSON spec's chain of references that is too long: an error at its first definition. */
function checkReferenceDepth(definitions: Record<string, JsonSchema>, file: string, keyword: string): void {
  const chain = tooLongDefinitionChain(definitions);
  if (chain)
    throw new InputError(`definitions refer to each other too deeply: ${describeChain(chain)}`, { file }, formatJsonPath([keyword, overTheBound(chain)]));
}

const byRef = <T>(byName: Record<string, T>, ref: (name: string) => string): Record<string, T> =>
  Object.fromEntries(Object.entries(byName).map(([name, value]) => [ref(name), value]));

/** Dotted definition names (nested messages, well-known types) as identifiers, references to them too. */
function identified(named: Record<string, JsonSchema>): { definitions: Record<string, JsonSchema>; ref: (name: string) => string } {
  const rename = identifierNames(Object.keys(named));
  const ref = (name: string): string => rename.get(name) ?? name;
  const definitions: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(named)) {
    definitions[ref(name)] = mapRefs(schema, (target) => {
      const m = /^#\/definitions\/(.+)$/.exec(target);
      return m ? `#/definitions/${ref(m[1])}` : target;
    });
  }
  return { definitions, ref };
}

export const isProtoSpec = (spec: LoadedSchema): spec is LoadedSpec & { proto: ProtoFacts } => isPlainObject((spec as LoadedSpec).proto);
