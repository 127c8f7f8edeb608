// Reads an a2a.proto (v1.0 on) into what the model reads off an a2a.json: the JSON Schema of
// every message and enum in its ProtoJSON form, plus what only a proto says — the service's
// methods and their HTTP routes. Not A2A-shaped or broken → a located InputError.
// @see ../../docs/ARCHITECTURE.md#load ; spec §5.5–5.7, §9, §11; ADR-001 (ProtoJSON)
import protobuf from 'protobufjs';
import type { Enum, Namespace, ReflectionObject, Service, Type } from 'protobufjs';
import { InputError } from '../diagnostics.js';
import type { JsonSchema } from '../json-schema.js';
import { closestName } from '../suggest.js';
import type { SchemaSource } from './schema-source.js';
import { findDeclaration, locate, protoText, type ProtoText } from './proto-locate.js';
import { definitionNameOf, descriptionOf } from './proto-names.js';
import { parseProtoText } from './proto-parse.js';
import { enumSchema, messageSchema, type OneofGroup } from './proto-schema.js';
import { describeChain, overTheBound, tooLongDefinitionChain } from './reference-depth.js';
import { checkProtoSize } from './spec-size.js';
import { grpcFactsOf, type GrpcProtoFacts } from './proto-grpc.js';
import { serviceMethods, type ProtoMethod } from './proto-service.js';
import { wellKnownSchema } from './proto-types.js';

export type { HttpBinding, ProtoMethod } from './proto-service.js';
export type { OneofGroup } from './proto-schema.js';

export interface LoadedProto {
  origin: string;
  kind?: SchemaSource['kind'];
  /** Set when the proto is one of the bundled versions. */
  bundledVersion?: string;
  /** The proto package (`lf.a2a.v1`); definitions are named without it. */
  package: string | undefined;
  /** The imports as written. None is read: their options and well-known types are known by name. */
  imports: string[];
  /** The service the methods come from: the one with `rpc SendMessage`. */
  service: { name: string; description?: string };
  /**
   * Every message and enum of the file, as a draft-07 definition of its ProtoJSON form, keyed
   * by its name without the package (`Part`; nested: `Outer.Inner`); references are
   * `#/definitions/Name`. A well-known type a method takes or returns is here under its full
   * name (`google.protobuf.Empty`); in fields, well-known types are written inline.
   */
  definitions: Record<string, JsonSchema>;
  /** The oneof groups of each message that has any, by definition name (also encoded in its schema). */
  oneofs: Record<string, OneofGroup[]>;
  /** By definition name: the proto name of each field whose JSON name differs (`contextId` → `context_id`). */
  fieldNames: Record<string, Record<string, string>>;
  methods: ProtoMethod[];
  /** The service as gRPC serves it: full names and the wire schema of every message. */
  grpc: GrpcProtoFacts;
}

export interface ProtoSource {
  text: string;
  origin: string;
  kind?: SchemaSource['kind'];
  version?: string;
}

/** Messages without which a file is not an A2A proto (the same three schema.ts asks of an a2a.json). */
const CORE_MESSAGES = ['AgentCard', 'Message', 'Task'];

export function loadProto(source: ProtoSource): LoadedProto {
  const proto = protoText(source.origin, source.text.charCodeAt(0) === 0xfeff ? source.text.slice(1) : source.text);
  try {
    return build(proto, source);
  } catch (err) {
    // protobufjs bounds its own nesting; a RangeError here is ours, walking what it accepted.
    if (err instanceof RangeError) throw new InputError('the proto nests too deeply to be read', { file: proto.origin });
    throw err;
  }
}

function build(proto: ProtoText, source: ProtoSource): LoadedProto {
  checkProtoSize(proto);
  const parsed = parseProtoText(proto);
  const pkg = parsed.package;
  const objects = declarations(parsed.root);
  const service = a2aService(
    proto,
    pkg,
    objects.filter((o): o is Service => o instanceof protobuf.Service),
  );
  const types = objects.filter((o): o is Type | Enum => o instanceof protobuf.Type || o instanceof protobuf.Enum);
  const names = new Set(types.map((t) => definitionNameOf(t, pkg)));
  const missing = CORE_MESSAGES.filter((n) => !names.has(n));
  if (missing.length) throw new InputError(`not an A2A proto: it declares no message ${missing.join(', ')}`, { file: proto.origin });

  const definitions: Record<string, JsonSchema> = {};
  const oneofs: Record<string, OneofGroup[]> = {};
  const fieldNames: Record<string, Record<string, string>> = {};
  for (const t of types) {
    const name = definitionNameOf(t, pkg);
    if (t instanceof protobuf.Enum) {
      definitions[name] = enumSchema(t);
      continue;
    }
    const shape = messageSchema(t, { proto, package: pkg });
    definitions[name] = shape.schema;
    if (shape.oneofs.length) oneofs[name] = shape.oneofs;
    if (Object.keys(shape.protoNames).length) fieldNames[name] = shape.protoNames;
  }
  const chain = tooLongDefinitionChain(definitions);
  if (chain)
    throw new InputError(
      `messages refer to each other too deeply: ${describeChain(chain)}`,
      locate(proto, findDeclaration(proto, 'message', overTheBound(chain))),
      overTheBound(chain),
    );
  const methods = serviceMethods({ proto, package: pkg, service });
  for (const m of methods) {
    for (const t of [m.requestType, m.responseType]) {
      const wellKnown = wellKnownSchema(t);
      if (wellKnown && !Object.hasOwn(definitions, t)) definitions[t] = wellKnown;
    }
  }
  const description = descriptionOf(service.comment);
  return {
    origin: proto.origin,
    ...(source.kind ? { kind: source.kind } : {}),
    ...(source.version ? { bundledVersion: source.version } : {}),
    package: pkg,
    imports: parsed.imports,
    service: { name: service.name, ...(description ? { description } : {}) },
    definitions,
    oneofs,
    fieldNames,
    methods,
    grpc: grpcFactsOf(parsed.root, service, proto.text),
  };
}

/** The service that makes a file A2A: the first with `rpc SendMessage`. */
function a2aService(proto: ProtoText, pkg: string | undefined, services: Service[]): Service {
  if (!services.length) throw new InputError('not an A2A proto: it declares no service, so there are no methods to generate', { file: proto.origin });
  const a2a = services.find((s) => Object.hasOwn(s.methods, 'SendMessage'));
  if (a2a) return a2a;
  const methods = services.flatMap((s) => Object.keys(s.methods));
  const near = closestName('SendMessage', methods);
  const has = `service ${services.map((s) => s.name).join(', ')} ${services.length > 1 ? 'have' : 'has'} ${methods.length ? `rpc ${methods.join(', ')}` : 'no rpc'}`;
  throw new InputError(
    `not an A2A proto: no service has rpc SendMessage (${has})${near ? ` (is rpc ${near} meant to be SendMessage?)` : ''}`,
    locate(proto, findDeclaration(proto, 'service', definitionNameOf(services[0], pkg))),
  );
}

/** Every message, enum and service in the file, nested ones too, in declaration order. */
function declarations(root: protobuf.Root): ReflectionObject[] {
  const out: ReflectionObject[] = [];
  const walk = (ns: Namespace): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Type || child instanceof protobuf.Enum || child instanceof protobuf.Service) out.push(child);
      if (child instanceof protobuf.Namespace) walk(child);
    }
  };
  walk(root);
  return out;
}
