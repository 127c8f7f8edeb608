// What serving a proto's service over gRPC needs: the service's full name, each rpc's message
// types by full name and whether it streams, and the wire schema of every message (proto-wire.ts).
// Read from the spec's own a2a.proto (v1.0 on), and for v0.3.0 — defined by its a2a.json — from
// the bundled gRPC proto its clients speak (schema/proto/grpc/).
// @see spec v1.0 §10, v0.3.0 §3.2.2
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import type { Service } from 'protobufjs';
import type { WireSchema } from '../../templates/a2a/grpc/wire-schema.js';
import { InputError } from '../diagnostics.js';
import { bundledProtoDir } from '../paths.js';
import { readFileBounded } from './bounded-read.js';
import { protoText } from './proto-locate.js';
import { parseProtoText } from './proto-parse.js';
import { fullNameOf, wireSchemaOf } from './proto-wire.js';
import { decodeUtf8 } from './text.js';

export interface GrpcRpc {
  name: string;
  requestType: string;
  responseType: string;
  serverStreaming: boolean;
  clientStreaming: boolean;
}

export interface GrpcProtoFacts {
  /** `lf.a2a.v1.A2AService`. */
  service: string;
  rpcs: GrpcRpc[];
  wire: WireSchema;
  /** The proto's text, which an agent's docs ship (what its gRPC clients compile). */
  text: string;
}

/** The gRPC facts of a parsed proto's A2A service. */
export function grpcFactsOf(root: protobuf.Root, service: Service, text: string): GrpcProtoFacts {
  return {
    text,
    service: fullNameOf(service),
    rpcs: service.methodsArray.map((m) => ({
      name: m.name,
      requestType: typeName(service, m.requestType),
      responseType: typeName(service, m.responseType),
      serverStreaming: m.responseStream === true,
      clientStreaming: m.requestStream === true,
    })),
    wire: wireSchemaOf(root),
  };
}

/** A method's message type by full name (a well-known type, which the file does not declare, by its own). */
function typeName(service: Service, name: string): string {
  const found = service.lookup(name, [protobuf.Type]);
  return found ? fullNameOf(found as protobuf.Type) : name.replace(/^\./, '');
}

/** The bundled gRPC protos of versions defined by an a2a.json, by version (`0.3.0`). */
export async function readGrpcProtos(): Promise<Record<string, GrpcProtoFacts>> {
  const dir = join(bundledProtoDir(), 'grpc');
  const out: Record<string, GrpcProtoFacts> = {};
  for (const file of (await readdir(dir)).sort()) {
    const version = /^v(\d+\.\d+\.\d+)\.proto$/.exec(file)?.[1];
    if (!version) continue;
    const path = join(dir, file);
    const text = decodeUtf8(await readFileBounded(path, 'proto file'), path);
    const parsed = parseProtoText(protoText(path, text));
    const service = findA2AService(parsed.root);
    if (!service) throw new InputError('a bundled gRPC proto has no service with rpc SendMessage', { file: path });
    out[version] = grpcFactsOf(parsed.root, service, text);
  }
  return out;
}

function findA2AService(ns: protobuf.NamespaceBase): Service | undefined {
  for (const child of ns.nestedArray) {
    if (child instanceof protobuf.Service && Object.hasOwn(child.methods, 'SendMessage')) return child;
    if (child instanceof protobuf.Namespace) {
      const found = findA2AService(child);
      if (found) return found;
    }
  }
  return undefined;
}
