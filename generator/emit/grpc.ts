// emit/grpc: src/a2a/grpc-entry.ts, which every agent has — undefined, or how listen() starts the
// gRPC server (loaded only then) — and, for an agent that serves gRPC,
// src/a2a/grpc-services.ts: each service it serves (its own version's, each `compat` version's),
// the status of each error, and the wire schema its codec reads, one field per line. The runtime
// (templates/a2a/grpc/) is copied by runtime.ts.
import type { AgentGrpc } from '../model/grpc.js';
import { clientExports, grpcExports, runtimeExports, serverExports, translationExports } from '../runtime-symbols.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsLiteral, tsPropertyKey, tsString } from './escape.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { TsFile } from './ts-file.js';

export function emitGrpc(ctx: EmitContext): GeneratedFile[] {
  const grpc = ctx.agent.grpc;
  const client = clientEntryFile(ctx);
  const entry = new TsFile(`${A2A_DIR}/grpc-entry.ts`);
  entry.declare('grpcEntry');
  if (!grpc) {
    // Typed `undefined`, importing nothing: the server's gRPC branch is dead code to the compiler too.
    entry.add(
      tsDoc("This agent does not serve gRPC (its manifest's `server.bindings` has no `grpc`): nothing of gRPC is loaded."),
      `export const grpcEntry = undefined;\n`,
    );
    return [generatorFile(entry.path, entry.toString()), client];
  }
  const GrpcEntry = entry.importType(serverExports.GrpcEntry);
  entry.add(
    tsDoc(
      `This agent serves gRPC (${grpc.services.map((s) => s.name).join(', ')}): listen() starts it on \`serverDefaults.grpcPort\` (GRPC_PORT wins), loading the gRPC server only then.`,
    ),
    `export const grpcEntry: ${GrpcEntry} | undefined = {\n`,
    `  load: () => ${entry.lazyImport(grpcExports.startGrpcServer)},\n`,
    `};\n`,
  );
  return [generatorFile(entry.path, entry.toString()), servicesFile(grpc), client];
}

/**
 * src/a2a/client-grpc.ts: whether the client can speak gRPC, and where its transport is. The
 * module is named by a specifier in a constant, not a literal `import('…')`, so bundlers for
 * browsers do not follow it into @grpc/grpc-js (which needs Node); Node resolves it as any import.
 */
function clientEntryFile(ctx: EmitContext): GeneratedFile {
  const file = new TsFile(`${A2A_DIR}/client-grpc.ts`);
  file.declare('grpcClient');
  if (!ctx.agent.grpc) {
    file.add(tsDoc('This client speaks JSON-RPC and HTTP+JSON: the agent was generated without gRPC.'), `export const grpcClient = undefined;\n`);
    return generatorFile(file.path, file.toString());
  }
  const GrpcClientEntry = file.importType(clientExports.GrpcClientEntry);
  const transport = grpcExports.createGrpcTransport;
  const specifier = `./${transport.path.replace(/\.ts$/, '.js')}`;
  file.add(
    tsDoc('In Node, this client speaks gRPC too: its transport is loaded on the first gRPC call.'),
    `const TRANSPORT = ${tsString(specifier)};\n\n`,
    `export const grpcClient: ${GrpcClientEntry} | undefined = {\n`,
    `  load: () => (import(TRANSPORT) as Promise<typeof import(${tsString(specifier)})>).then((m) => m.${transport.name}),\n`,
    `};\n`,
  );
  return generatorFile(file.path, file.toString());
}

function servicesFile(grpc: AgentGrpc): GeneratedFile {
  const file = new TsFile(`${A2A_DIR}/grpc-services.ts`);
  for (const name of ['grpcServices', 'grpcErrorStatus', 'grpcMessageCodecs', 'wireSchema']) file.declare(name);
  const GrpcService = file.importType(grpcExports.GrpcService);
  const GrpcMessageCodec = file.importType(runtimeExports.GrpcMessageCodec);
  // v0.3.0's proto needs its translation (proto-v03/, copied by runtime.ts); v1.0's messages are the JSON-RPC objects.
  const codecs = grpc.services.some((s) => s.messages === 'proto-v03') ? [`'proto-v03': ${file.import(translationExports.protoV03GrpcCodec)}`] : [];
  const GrpcCodeName = file.importType(grpcExports.GrpcCodeName);
  const WireSchema = file.importType(grpcExports.WireSchema);
  file.add(
    tsDoc('The gRPC services this agent serves, each rpc with the JSON-RPC method it runs.'),
    `export const grpcServices: readonly ${GrpcService}[] = ${tsLiteral(grpc.services)};\n\n`,
    tsDoc("How each kind of service messages becomes its version's JSON-RPC objects, where they are not those."),
    `export const grpcMessageCodecs: Readonly<Partial<Record<${GrpcService}['messages'], ${GrpcMessageCodec}>>> = { ${codecs.join(', ')} };\n\n`,
    tsDoc('The gRPC status of each error, by its JSON-RPC code (spec v1.0 §5.4).'),
    `export const grpcErrorStatus: Readonly<Record<string, ${GrpcCodeName}>> = ${tsLiteral(grpc.errorStatus)};\n\n`,
    tsDoc('Every message and enum of the served protos, as the codec (grpc/proto-codec.ts) reads them: field number, JSON name, type.'),
    `export const wireSchema: ${WireSchema} = {\n`,
    `  messages: {\n`,
    ...Object.entries(grpc.wire.messages).map(
      ([type, fields]) => `    ${tsPropertyKey(type)}: [\n${fields.map((f) => `      ${inlineObject(f)},\n`).join('')}    ],\n`,
    ),
    `  },\n`,
    `  enums: {\n`,
    ...Object.entries(grpc.wire.enums).map(([type, values]) => `    ${tsPropertyKey(type)}: ${inlineObject(values)},\n`),
    `  },\n`,
    `};\n`,
  );
  return generatorFile(file.path, file.toString());
}

/** One object on one line: a field `{ n: 1, j: "text", t: "string", p: true, o: "content" }`, an enum's values. */
function inlineObject(value: object): string {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${tsPropertyKey(k)}: ${typeof v === 'string' ? tsString(v) : String(v)}`).join(', ')} }`;
}
