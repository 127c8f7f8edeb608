// The shape of the generated protocol descriptor (../protocol.ts). Server and client
// runtimes are written against this interface, never against one A2A version.
import type { TypeValidator } from '../validators/issues.js';

export type MethodRole =
  | 'send'
  | 'stream'
  | 'get'
  | 'cancel'
  | 'resubscribe'
  | 'pushSet'
  | 'pushGet'
  | 'pushList'
  | 'pushDelete'
  | 'extendedCard'
  | 'custom';

export interface MethodDescriptor {
  role: MethodRole;
  /** Answers with Server-Sent Events. */
  streaming: boolean;
  paramsRequired: boolean;
  /** Validates params; `undefined` when the method takes none. */
  params: TypeValidator<unknown> | undefined;
  /** Validates a result (or, for streaming methods, each event). */
  result: TypeValidator<unknown>;
}

export interface ProtocolFeatures {
  partDiscriminator: string;
  kinds: { readonly task?: string; readonly message?: string; readonly statusUpdate?: string; readonly artifactUpdate?: string };
  partKinds: { readonly text: string; readonly file: string; readonly data: string };
  clientTaskIds: boolean;
  contextField?: string;
  messageIds: boolean;
  messageRefersToTask: boolean;
  eventTaskIdField: string;
  eventContextField?: string;
  artifactIds: boolean;
  artifactChunkFlagsOn: 'event' | 'artifact';
  send: {
    readonly historyLength?: readonly string[];
    readonly blocking?: readonly string[];
    readonly pushNotificationConfig?: readonly string[];
    readonly acceptedOutputModes?: readonly string[];
    readonly contextId?: readonly string[];
  };
  pushConfigTaskIdField: string;
  pushConfigIds: boolean;
  cardAdvertisesExtendedCard: boolean;
  terminalStates: readonly string[];
  interruptedStates: readonly string[];
  taskStates: readonly string[];
}

export type ExtendedCardAccess =
  | { readonly via: 'method'; readonly method: string }
  | { readonly via: 'http'; readonly path: string }
  | { readonly via: 'none' };

/** A rule of the specification text that the schema does not encode (see generator/model/spec-rules.ts). */
export interface SpecRule {
  /** Key of the error raised when the rule is broken. */
  error: string;
  description: string;
  /** The section of this version's specification that states the rule. */
  section: string;
}

export interface ProtocolDescriptor {
  version: string;
  rules: { readonly [id: string]: SpecRule };
  wellKnownPaths: readonly string[];
  extendedCard: ExtendedCardAccess;
  features: ProtocolFeatures;
  methods: { readonly [method: string]: MethodDescriptor };
}
