// The runtime's exports that generated files import, by the module of templates/a2a/ that
// exports them (every agent has it at the same place under src/a2a/). Emitters name them
// through these symbols, never as strings of their own, and a renamed or removed export is an
// error of the generator's own compile: runtime-symbols.check.ts holds every symbol here against
// its module — a value by its name among the module's exports, a type by the type itself — and
// test/emit/runtime-symbols.test.ts reads each module's exports for the name and kind as well.
import { A2A_DIR, type TypeSymbol, type ValueSymbol } from './project-symbol.js';

/** A value exported by templates/a2a/`P`; path and name are kept as literal types for the check. */
export interface RuntimeValue<P extends string = string, N extends string = string> extends ValueSymbol {
  readonly path: P;
  readonly name: N;
}

/** A type exported by templates/a2a/`P`. */
export interface RuntimeType<P extends string = string, N extends string = string> extends TypeSymbol {
  readonly path: P;
  readonly name: N;
}

function runtimeModule<P extends string>(path: P) {
  const module = `${A2A_DIR}/${path}`;
  return {
    value: <N extends string>(name: N): RuntimeValue<P, N> => ({ module, path, name, kind: 'value' }),
    type: <N extends string>(name: N): RuntimeType<P, N> => ({ module, path, name, kind: 'type' }),
  };
}

const auth = runtimeModule('client/auth.ts');
const cardVerify = runtimeModule('client/card-verify.ts');
const pushReceiver = runtimeModule('client/push-receiver.ts');
const clientBase = runtimeModule('client/client-base.ts');
const clientErrors = runtimeModule('client/client-errors.ts');
const extensionMetadata = runtimeModule('client/extension-metadata.ts');
const interceptors = runtimeModule('client/interceptors.ts');
const restWireClient = runtimeModule('client/rest-wire-client.ts');
const resume = runtimeModule('client/resume.ts');
const skillCalls = runtimeModule('client/skill-calls.ts');
const transport = runtimeModule('client/transport.ts');
const versionFallback = runtimeModule('client/version-fallback.ts');

/** templates/a2a/client/: what the generated client (client/index.ts) extends and re-exports. */
export const clientExports = {
  A2AClientBase: clientBase.value('A2AClientBase'),
  A2AClientOptions: clientBase.type('A2AClientOptions'),
  DiscoveryOptions: clientBase.type('DiscoveryOptions'),
  apiKey: auth.value('apiKey'),
  authorization: auth.value('authorization'),
  basic: auth.value('basic'),
  bearer: auth.value('bearer'),
  fromCard: auth.value('fromCard'),
  Auth: auth.type('Auth'),
  AuthHandler: auth.type('AuthHandler'),
  AuthHook: auth.type('AuthHook'),
  Credential: auth.type('Credential'),
  A2AHttpError: clientErrors.value('A2AHttpError'),
  A2AResponseValidationError: clientErrors.value('A2AResponseValidationError'),
  A2ATaskStateError: clientErrors.value('A2ATaskStateError'),
  A2ATransportError: clientErrors.value('A2ATransportError'),
  CardSignatureError: cardVerify.value('CardSignatureError'),
  CardVerification: cardVerify.type('CardVerification'),
  withExtensionMetadata: extensionMetadata.value('withExtensionMetadata'),
  messageExtensionMetadata: extensionMetadata.value('messageExtensionMetadata'),
  artifactExtensionMetadata: extensionMetadata.value('artifactExtensionMetadata'),
  createPushReceiver: pushReceiver.value('createPushReceiver'),
  PushReceiver: pushReceiver.type('PushReceiver'),
  PushReceiverOptions: pushReceiver.type('PushReceiverOptions'),
  PushVerdict: pushReceiver.type('PushVerdict'),
  CallInterceptor: interceptors.type('CallInterceptor'),
  CallOutcome: interceptors.type('CallOutcome'),
  InterceptedCall: interceptors.type('InterceptedCall'),
  InterceptedEvent: interceptors.type('InterceptedEvent'),
  ClientRestWire: restWireClient.type('ClientRestWire'),
  ResumeOptions: resume.type('ResumeOptions'),
  withStream: skillCalls.value('withStream'),
  SkillCallOptions: skillCalls.type('SkillCallOptions'),
  CallOptions: transport.type('CallOptions'),
  FallbackVersion: versionFallback.type('FallbackVersion'),
  GrpcClientEntry: runtimeModule('client/client-transport.ts').type('GrpcClientEntry'),
};

const jsonRpcError = runtimeModule('runtime/json-rpc-error.ts');
const objects = runtimeModule('runtime/objects.ts');
const protocolTypes = runtimeModule('runtime/protocol-types.ts');

/** templates/a2a/runtime/: shared by server and client. */
export const runtimeExports = {
  errorLookups: jsonRpcError.value('errorLookups'),
  JsonRpcError: jsonRpcError.value('JsonRpcError'),
  ErrorClass: jsonRpcError.type('ErrorClass'),
  ErrorLookups: jsonRpcError.type('ErrorLookups'),
  createMessage: objects.value('createMessage'),
  dataPart: objects.value('dataPart'),
  filePart: objects.value('filePart'),
  textPart: objects.value('textPart'),
  GrpcMessageCodec: protocolTypes.type('GrpcMessageCodec'),
  ProtocolDescriptor: protocolTypes.type('ProtocolDescriptor'),
  SecurityDescriptor: protocolTypes.type('SecurityDescriptor'),
};

const issues = runtimeModule('validators/issues.ts');

/** templates/a2a/validators/: what the generated validators/index.ts wraps ajv's functions in. */
export const validatorExports = {
  typed: issues.value('typed'),
  TypeValidator: issues.type('TypeValidator'),
  ValidationIssue: issues.type('ValidationIssue'),
};

/** templates/a2a/proto-v03/ and compat/: the translations only some agents carry (emit/runtime.ts decides which). */
export const translationExports = {
  protoV03ClientCodec: runtimeModule('proto-v03/client-codec.ts').value('protoV03ClientCodec'),
  protoV03ServerCodec: runtimeModule('proto-v03/server-codec.ts').value('protoV03ServerCodec'),
  protoV03GrpcCodec: runtimeModule('proto-v03/grpc-codec.ts').value('protoV03GrpcCodec'),
  compatV03Adapter: runtimeModule('compat/compat-v03-adapter.ts').value('compatV03Adapter'),
  compatV03Client: runtimeModule('compat/compat-v03-client.ts').value('compatV03Client'),
};

const grpcServiceTypes = runtimeModule('grpc/service-types.ts');

/** templates/a2a/grpc/: the gRPC binding, which only agents serving gRPC carry (emit/runtime.ts). */
export const grpcExports = {
  startGrpcServer: runtimeModule('grpc/grpc-server.ts').value('startGrpcServer'),
  createGrpcTransport: runtimeModule('grpc/grpc-transport.ts').value('createGrpcTransport'),
  GrpcService: grpcServiceTypes.type('GrpcService'),
  GrpcCodeName: grpcServiceTypes.type('GrpcCodeName'),
  WireSchema: runtimeModule('grpc/wire-schema.ts').type('WireSchema'),
};

// ---------------------------------------------------------------------------------------------
// templates/a2a/server/ — every reference of the generator to a server module is here, and only
// here: a module that moves between the server's folders (bindings/, roles/, …) changes the paths
// below and nothing else. handlers.ts (generated) and index.ts stay at server/.
// ---------------------------------------------------------------------------------------------

const serverAuth = runtimeModule('server/bindings/auth.ts');

export const serverExports = {
  ApiKeyVerifier: serverAuth.type('ApiKeyVerifier'),
  BasicVerifier: serverAuth.type('BasicVerifier'),
  BearerVerifier: serverAuth.type('BearerVerifier'),
  MutualTlsVerifier: serverAuth.type('MutualTlsVerifier'),
  SchemeVerifier: serverAuth.type('SchemeVerifier'),
  CallContext: runtimeModule('server/roles/role.ts').type('CallContext'),
  GrpcEntry: runtimeModule('server/options.ts').type('GrpcEntry'),
  RestWire: runtimeModule('server/bindings/rest-wire.ts').type('RestWire'),
  SkillHandler: runtimeModule('server/skill-executor.ts').type('SkillHandler'),
  VersionAdapter: runtimeModule('server/bindings/version-adapter.ts').type('VersionAdapter'),
};
