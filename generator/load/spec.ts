// One entry to the load stage's spec readers: an a2a.json (v0.x) or an a2a.proto (v1.0 on)
// becomes a LoadedSchema. A proto adds what only a proto says (its service's methods and
// their HTTP routes, its oneof groups) under `proto`; the model reads the rest alike.
import { isPlainObject, mapRefs, type JsonSchema } from '../json-schema.js';
import { loadProto, type LoadedProto } from './proto.js';
import type { SchemaSource } from './schema-source.js';
import { loadSchema, type LoadedSchema } from './schema.js';

/** What only a proto says, with definition names as the LoadedSchema has them. */
export type ProtoFacts = Pick<LoadedProto, 'package' | 'service' | 'methods' | 'oneofs'>;

export interface LoadedSpec extends LoadedSchema {
  /** Set when the spec is an a2a.proto. */
  proto?: ProtoFacts;
}

export function loadSpec(source: SchemaSource): LoadedSpec {
  if (source.format === 'json') return loadSchema(source);
  const proto = loadProto({ text: source.text, origin: source.origin, kind: source.kind, version: source.version });
  const rename = identifierNames(Object.keys(proto.definitions));
  const ref = (name: string): string => rename.get(name) ?? name;
  const definitions: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(proto.definitions)) {
    definitions[ref(name)] = mapRefs(schema, (target) => {
      const m = /^#\/definitions\/(.+)$/.exec(target);
      return m ? `#/definitions/${ref(m[1])}` : target;
    });
  }
  return {
    origin: source.origin,
    kind: source.kind,
    ...(source.version ? { bundledVersion: source.version } : {}),
    definitionsKeyword: 'definitions',
    definitions,
    proto: {
      package: proto.package,
      service: proto.service,
      methods: proto.methods.map((m) => ({ ...m, requestType: ref(m.requestType), responseType: ref(m.responseType) })),
      oneofs: Object.fromEntries(Object.entries(proto.oneofs).map(([name, groups]) => [ref(name), groups])),
    },
  };
}

/**
 * Definition names become type names in generated code, so the dotted ones a proto has — a
 * nested message (`Outer.Inner`) or a well-known type a method returns (`google.protobuf.Empty`)
 * — get an identifier: the last segment when no other definition has it (`Empty`), else every
 * segment joined (`OuterInner`, `GoogleProtobufEmpty`).
 */
function identifierNames(names: string[]): Map<string, string> {
  const taken = new Set(names.filter((n) => !n.includes('.')));
  const out = new Map<string, string>();
  for (const name of names.filter((n) => n.includes('.')).sort()) {
    const segments = name.split('.');
    const last = segments.at(-1)!;
    const joined = segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('');
    let chosen = !taken.has(last) ? last : joined;
    for (let i = 2; taken.has(chosen); i++) chosen = `${joined}${i}`;
    taken.add(chosen);
    out.set(name, chosen);
  }
  return out;
}

export const isProtoSpec = (spec: LoadedSchema): spec is LoadedSpec & { proto: ProtoFacts } => isPlainObject((spec as LoadedSpec).proto);
