// A plain gRPC client of the A2A service — @grpc/grpc-js with the proto loaded by
// @grpc/proto-loader, what any other language's generated client sees — and the reading of a
// failure's google.rpc.Status from `grpc-status-details-bin`. Channels are closed after the file.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { afterAll } from 'vitest';
import { ROOT } from './examples.js';

export const PROTOS = {
  v1: join(ROOT, 'schema', 'proto', 'v1.0.1.proto'),
  v03: join(ROOT, 'schema', 'proto', 'grpc', 'v0.3.0.proto'),
};
/** Stand-ins for the google/api imports, which only carry options. */
const INCLUDE = join(ROOT, 'test', 'fixtures', 'proto');

// Answers are read loosely: the tests check their shape.
type Loose = Record<string, any>;
type Method = (
  request: Loose,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback?: (err: grpc.ServiceError | null, value?: Loose) => void,
) => unknown;
export type GrpcStub = grpc.Client & Record<string, Method>;

export interface GrpcFailure {
  code: grpc.status;
  details: string;
  /** google.rpc.Status from the trailer, its details decoded where their type is known. */
  status?: { code: number; message: string; details: Loose[] };
}

/** A stub for `service` (`lf.a2a.v1.A2AService`) of `proto` at `address`. */
export function grpcStub(address: string, proto: string, service: string): GrpcStub {
  const definition = protoLoader.loadSync(proto, { keepCase: false, longs: String, enums: String, defaults: false, oneofs: false, includeDirs: [INCLUDE] });
  const loaded = grpc.loadPackageDefinition(definition);
  const Ctor = service.split('.').reduce<unknown>((o, k) => (o as Loose)[k], loaded) as grpc.ServiceClientConstructor;
  const stub = new Ctor(address, grpc.credentials.createInsecure()) as unknown as GrpcStub;
  afterAll(() => stub.close());
  return stub;
}

export const metadataOf = (pairs: Record<string, string> = {}): grpc.Metadata => {
  const m = new grpc.Metadata();
  for (const [k, v] of Object.entries(pairs)) m.set(k, v);
  return m;
};

/** How a call that must fail failed (a call that succeeds fails the test). */
export async function rejection(call: Promise<unknown>): Promise<GrpcFailure> {
  try {
    await call;
  } catch (err) {
    return err as GrpcFailure;
  }
  throw new Error('the call succeeded');
}

/** The reason of the status's google.rpc.ErrorInfo (`TASK_NOT_FOUND`, …), if it carries one. */
export const errorReason = (f: GrpcFailure): string | undefined => f.status?.details.find((d) => String(d['@type']).endsWith('google.rpc.ErrorInfo'))?.reason;

/** A unary call: its response, or its failure. */
export function unary(stub: GrpcStub, method: string, request: Loose, metadata: Record<string, string> = {}, options: grpc.CallOptions = {}): Promise<Loose> {
  return new Promise((resolve, reject) => {
    stub[method](request, metadataOf(metadata), options, (err, value) => (err ? reject(failureOf(err)) : resolve(value ?? {})));
  });
}

/** A server-streaming call read to its end: every message, then how it ended. */
export function streamed(
  stub: GrpcStub,
  method: string,
  request: Loose,
  metadata: Record<string, string> = {},
  options: grpc.CallOptions = {},
): Promise<{ messages: Loose[]; failure?: GrpcFailure }> {
  return new Promise((resolve) => {
    const call = stub[method](request, metadataOf(metadata), options) as grpc.ClientReadableStream<Loose>;
    const messages: Loose[] = [];
    call.on('data', (m: Loose) => messages.push(m));
    call.on('error', (err: grpc.ServiceError) => resolve({ messages, failure: failureOf(err) }));
    call.on('end', () => resolve({ messages }));
  });
}

const rpcTypes = protobuf.parse(`
  syntax = "proto3";
  package google.rpc;
  import "google/protobuf/any.proto";
  message Status { int32 code = 1; string message = 2; repeated google.protobuf.Any details = 3; }
  message ErrorInfo { string reason = 1; string domain = 2; map<string, string> metadata = 3; }
  message BadRequest { message FieldViolation { string field = 1; string description = 2; } repeated FieldViolation field_violations = 1; }
`).root;
rpcTypes.addJSON(protobuf.common.get('google/protobuf/any.proto')!.nested!);
const StatusType = rpcTypes.lookupType('google.rpc.Status');

export function failureOf(err: grpc.ServiceError): GrpcFailure {
  const raw = err.metadata?.get('grpc-status-details-bin')[0];
  const failure: GrpcFailure = { code: err.code, details: err.details };
  if (Buffer.isBuffer(raw)) {
    const status = StatusType.toObject(StatusType.decode(raw), { longs: String, defaults: true }) as {
      code: number;
      message: string;
      details: { type_url: string; value: Uint8Array }[];
    };
    failure.status = {
      code: status.code,
      message: status.message,
      details: status.details.map((any) => {
        const name = any.type_url.slice(any.type_url.lastIndexOf('/') + 1);
        const type = rpcTypes.lookupType(name);
        return { '@type': any.type_url, ...(type.toObject(type.decode(any.value), { defaults: false }) as Loose) };
      }),
    };
  }
  return failure;
}
