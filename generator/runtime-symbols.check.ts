// Holds every symbol of runtime-symbols.ts against the runtime module it names, so that renaming
// or removing a runtime export fails the generator's own type check (`npm run typecheck`, run by
// `npm test`). Only the type check reads this file: the build leaves it out (tsconfig.build.json),
// since importing the runtime's modules would compile them — and the generated modules they
// import — into dist/.
//
// A value is looked up by its name among its module's exports. A type cannot be looked up by a
// name, so RUNTIME_TYPES names each one by the type itself: a type renamed or removed breaks its
// line here, and a symbol whose name is not listed there fails the check below.
import type * as auth from '../templates/a2a/client/auth.js';
import type * as cardVerify from '../templates/a2a/client/card-verify.js';
import type * as pushReceiver from '../templates/a2a/client/push-receiver.js';
import type * as clientBase from '../templates/a2a/client/client-base.js';
import type * as clientErrors from '../templates/a2a/client/client-errors.js';
import type * as extensionMetadata from '../templates/a2a/client/extension-metadata.js';
import type * as interceptors from '../templates/a2a/client/interceptors.js';
import type * as restWireClient from '../templates/a2a/client/rest-wire-client.js';
import type * as resume from '../templates/a2a/client/resume.js';
import type * as skillCalls from '../templates/a2a/client/skill-calls.js';
import type * as transport from '../templates/a2a/client/transport.js';
import type * as versionFallback from '../templates/a2a/client/version-fallback.js';
import type * as compatAdapter from '../templates/a2a/compat/compat-v03-adapter.js';
import type * as compatClient from '../templates/a2a/compat/compat-v03-client.js';
import type * as protoClientCodec from '../templates/a2a/proto-v03/client-codec.js';
import type * as protoServerCodec from '../templates/a2a/proto-v03/server-codec.js';
import type * as protoGrpcCodec from '../templates/a2a/proto-v03/grpc-codec.js';
import type * as grpcServer from '../templates/a2a/grpc/grpc-server.js';
import type * as grpcTransport from '../templates/a2a/grpc/grpc-transport.js';
import type * as clientTransport from '../templates/a2a/client/client-transport.js';
import type * as grpcServiceTypes from '../templates/a2a/grpc/service-types.js';
import type * as wireSchema from '../templates/a2a/grpc/wire-schema.js';
import type * as jsonRpcError from '../templates/a2a/runtime/json-rpc-error.js';
import type * as objects from '../templates/a2a/runtime/objects.js';
import type * as protocolTypes from '../templates/a2a/runtime/protocol-types.js';
import type * as issues from '../templates/a2a/validators/issues.js';
// The server's modules (see the server section of runtime-symbols.ts).
import type * as serverAuth from '../templates/a2a/server/bindings/auth.js';
import type * as role from '../templates/a2a/server/roles/role.js';
import type * as serverOptions from '../templates/a2a/server/options.js';
import type * as restWire from '../templates/a2a/server/bindings/rest-wire.js';
import type * as skillExecutor from '../templates/a2a/server/skill-executor.js';
import type * as versionAdapter from '../templates/a2a/server/bindings/version-adapter.js';
import type * as symbols from './runtime-symbols.js';

/** Each module's value exports, by its path under templates/a2a/. */
interface RuntimeValues {
  'client/auth.ts': typeof auth;
  'client/card-verify.ts': typeof cardVerify;
  'client/push-receiver.ts': typeof pushReceiver;
  'client/client-base.ts': typeof clientBase;
  'client/client-errors.ts': typeof clientErrors;
  'client/extension-metadata.ts': typeof extensionMetadata;
  'client/skill-calls.ts': typeof skillCalls;
  'compat/compat-v03-adapter.ts': typeof compatAdapter;
  'compat/compat-v03-client.ts': typeof compatClient;
  'grpc/grpc-server.ts': typeof grpcServer;
  'grpc/grpc-transport.ts': typeof grpcTransport;
  'proto-v03/client-codec.ts': typeof protoClientCodec;
  'proto-v03/server-codec.ts': typeof protoServerCodec;
  'proto-v03/grpc-codec.ts': typeof protoGrpcCodec;
  'runtime/json-rpc-error.ts': typeof jsonRpcError;
  'runtime/objects.ts': typeof objects;
  'validators/issues.ts': typeof issues;
}

/** Each type a symbol names, by the type itself. */
interface RuntimeTypes {
  'client/auth.ts': { Auth: auth.Auth; AuthHandler: auth.AuthHandler; AuthHook: auth.AuthHook; Credential: auth.Credential };
  'client/client-base.ts': { A2AClientOptions: clientBase.A2AClientOptions; DiscoveryOptions: clientBase.DiscoveryOptions };
  'client/card-verify.ts': { CardVerification: cardVerify.CardVerification };
  'client/push-receiver.ts': {
    PushReceiver: pushReceiver.PushReceiver;
    PushReceiverOptions: pushReceiver.PushReceiverOptions;
    PushVerdict: pushReceiver.PushVerdict;
  };
  'client/interceptors.ts': {
    CallInterceptor: interceptors.CallInterceptor;
    CallOutcome: interceptors.CallOutcome;
    InterceptedCall: interceptors.InterceptedCall;
    InterceptedEvent: interceptors.InterceptedEvent;
  };
  'client/rest-wire-client.ts': { ClientRestWire: restWireClient.ClientRestWire };
  'client/resume.ts': { ResumeOptions: resume.ResumeOptions };
  'client/skill-calls.ts': { SkillCallOptions: skillCalls.SkillCallOptions };
  'client/transport.ts': { CallOptions: transport.CallOptions };
  'client/version-fallback.ts': { FallbackVersion: versionFallback.FallbackVersion };
  'client/client-transport.ts': { GrpcClientEntry: clientTransport.GrpcClientEntry };
  'grpc/service-types.ts': { GrpcService: grpcServiceTypes.GrpcService; GrpcCodeName: grpcServiceTypes.GrpcCodeName };
  'grpc/wire-schema.ts': { WireSchema: wireSchema.WireSchema };
  'runtime/json-rpc-error.ts': { ErrorClass: jsonRpcError.ErrorClass; ErrorLookups: jsonRpcError.ErrorLookups<string> };
  'runtime/protocol-types.ts': {
    GrpcMessageCodec: protocolTypes.GrpcMessageCodec;
    ProtocolDescriptor: protocolTypes.ProtocolDescriptor;
    SecurityDescriptor: protocolTypes.SecurityDescriptor;
  };
  'validators/issues.ts': { TypeValidator: issues.TypeValidator<unknown>; ValidationIssue: issues.ValidationIssue };
  'server/bindings/auth.ts': {
    ApiKeyVerifier: serverAuth.ApiKeyVerifier;
    BasicVerifier: serverAuth.BasicVerifier;
    BearerVerifier: serverAuth.BearerVerifier;
    MutualTlsVerifier: serverAuth.MutualTlsVerifier;
    SchemeVerifier: serverAuth.SchemeVerifier;
  };
  'server/roles/role.ts': { CallContext: role.CallContext };
  'server/options.ts': { GrpcEntry: serverOptions.GrpcEntry };
  'server/bindings/rest-wire.ts': { RestWire: restWire.RestWire };
  'server/skill-executor.ts': { SkillHandler: skillExecutor.SkillHandler };
  'server/bindings/version-adapter.ts': { VersionAdapter: versionAdapter.VersionAdapter };
}

/** Every symbol of runtime-symbols.ts: the members of each table it exports. */
type Table = typeof symbols;
type AnySymbol = { [T in keyof Table]: Table[T][keyof Table[T]] }[keyof Table];

/** What a symbol's module exports of its kind: its values, or its types listed above (nothing, for a module not listed). */
type ExportsOf<S> = S extends { kind: 'value'; path: infer P }
  ? P extends keyof RuntimeValues
    ? RuntimeValues[P]
    : Record<never, never>
  : S extends { path: infer P }
    ? P extends keyof RuntimeTypes
      ? RuntimeTypes[P]
      : Record<never, never>
    : Record<never, never>;

/** The symbols whose module does not export them; `never` when all do. */
type Unexported<S> = S extends { name: infer N } ? (N extends keyof ExportsOf<S> ? never : S) : S;

/** A compile error names the symbol its module does not export. */
const everyRuntimeSymbolIsExported: [Unexported<AnySymbol>] extends [never] ? true : Unexported<AnySymbol> = true;
