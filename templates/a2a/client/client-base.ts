// What the generated A2AClient does that is the same for every version and manifest: finding an
// agent (fromCardUrl), calls by method name, streams that resume after a broken connection, the
// extended card over HTTP (v0.2.x) and calls to skills. The generated class (client/index.ts)
// extends it with what differs: one typed method per schema method and a helper per skill of the
// manifest, each a line calling the protected members below. Everything is typed by the generated
// method table (../methods.ts), so a call's params and result are the method's own.
import type { ParamsOf, ResultOf, StreamingMethodName, UnaryMethodName } from '../methods.js';
import type { AgentCard, Message, Task } from '../types.js';
import type { TypeValidator } from '../validators/issues.js';
import { fromCard, type Credential } from './auth.js';
import type { CardVerification } from './card-verify.js';
import { chooseInterface, discoverCard, fetchExtendedCard } from './discovery.js';
import { methodWithRole, type MethodWithRole } from './method-roles.js';
import { resumable, type ResumeOptions } from './resume.js';
import { sendToSkill, skillOutput, streamToSkill, type SkillCallOptions, type SkillPayload } from './skill-calls.js';
import type { CallOptions, ClientBinding, ClientTransport, TransportOptions } from './client-transport.js';
import { transportFor } from './transport-choice.js';

export interface A2AClientOptions extends TransportOptions {
  /** The agent's card, when known (fromCardUrl() sets it). */
  card?: AgentCard;
}

export interface DiscoveryOptions extends Omit<A2AClientOptions, 'url' | 'card'> {
  /** Use this endpoint instead of the card's (give `binding` too when it is not JSON-RPC). */
  url?: string;
  /**
   * The binding to use when the card lists it; default (and fallback): the card's preferred one
   * among those this client speaks (`GRPC` too in Node, when the agent was generated with gRPC).
   */
  binding?: ClientBinding;
  /**
   * The A2A versions this client may speak, preferred first; default: only its own. An older one is
   * used only when listed here and the card offers no newer (spec v1.0 §3.6.3), and only where the project has its translation (`compat:` in the manifest).
   */
  versions?: readonly string[];
  /** Credentials by security scheme name; hooks are built from the card's schemes (see auth.ts). */
  credentials?: Readonly<Record<string, Credential>>;
  signal?: AbortSignal;
  /** Refuse a card that is not signed by one of these keys (spec v1.0 §8.4; throws CardSignatureError). */
  verifyCard?: CardVerification;
}

/** The streaming send (`message/stream`, `SendStreamingMessage`, …): what skills stream with and what resumes. */
type StreamMethod = MethodWithRole<'stream'>;

export abstract class A2AClientBase {
  readonly transport: ClientTransport;
  readonly card?: AgentCard;

  constructor(options: A2AClientOptions) {
    this.transport = transportFor(options);
    this.card = options.card;
  }

  /**
   * Finds an agent from its base URL (or its card's URL): fetches the card at the version's
   * well-known path(s), validates it, and talks to the interface it prefers among those this
   * client speaks (JSON-RPC, and HTTP+JSON where the version has it), or to `binding`'s.
   */
  static async fromCardUrl<Client>(this: new (options: A2AClientOptions) => Client, baseUrl: string, options: DiscoveryOptions = {}): Promise<Client> {
    const { card } = await discoverCard(baseUrl, {
      fetch: options.fetch,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      retries: options.retries,
      versions: options.versions,
      verifyCard: options.verifyCard,
    });
    const auth = options.auth ?? (options.credentials ? fromCard(card, options.credentials) : undefined);
    const chosen =
      options.url === undefined
        ? chooseInterface(card, options.binding, options.versions)
        : { url: options.url, binding: options.binding ?? 'JSONRPC', version: options.version };
    return new this({ ...options, auth, url: chosen.url, binding: chosen.binding, version: chosen.version, tenant: options.tenant ?? chosen.tenant, card });
  }

  /** Any unary method by name, typed from the method map. */
  call<M extends UnaryMethodName>(method: M, params: ParamsOf<M>, options?: CallOptions): Promise<ResultOf<M>> {
    return this.unaryCall(method, params, options, false);
  }

  /** Any streaming method by name, typed from the method map. */
  stream<M extends StreamingMethodName>(method: M, params: ParamsOf<M>, options?: CallOptions): AsyncIterable<ResultOf<M>> {
    return this.streamingCall(method, params, options, false);
  }

  /** A typed method's call; `idempotent` ones are retried on network errors and 502/503/504 (see transport.ts). */
  protected unaryCall<M extends UnaryMethodName>(method: M, params: ParamsOf<M>, options: CallOptions | undefined, idempotent: boolean): Promise<ResultOf<M>> {
    return this.transport.call(method, params, options, idempotent) as Promise<ResultOf<M>>;
  }

  protected streamingCall<M extends StreamingMethodName>(
    method: M,
    params: ParamsOf<M>,
    options: CallOptions | undefined,
    idempotent: boolean,
  ): AsyncIterable<ResultOf<M>> {
    return this.transport.stream(method, params, options, idempotent) as AsyncIterable<ResultOf<M>>;
  }

  /**
   * The streaming send, reconnected with the version's resubscribe method when the connection
   * breaks before the task is final (the first event after a reconnection is the task as it
   * stands). Only for versions that have both; the generated client offers it only then.
   */
  protected resumableStream(params: ParamsOf<StreamMethod>, options: CallOptions & ResumeOptions): AsyncIterable<ResultOf<StreamMethod>> {
    const stream = methodWithRole('stream');
    const resubscribe = methodWithRole('resubscribe');
    if (!stream || !resubscribe) throw new Error('this A2A version cannot resume a stream');
    // The resubscribe method changes nothing on the agent: retried like the other reads. The send is not.
    return resumable(
      () => this.transport.stream(stream, params, options, false),
      (id) => this.transport.stream(resubscribe, { id }, options, true),
      options,
    ) as AsyncIterable<ResultOf<StreamMethod>>;
  }

  /** The authenticated extended card of a version that serves it over HTTP (v0.2.x), fetched with the client's credentials. */
  protected extendedCardOverHttp(options: CallOptions = {}): Promise<AgentCard> {
    const { url, fetch, auth } = this.transport.options;
    return fetchExtendedCard(url, { fetch, auth, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  /** Sends a payload to a skill (`metadata.skillId`): the final Task or the reply Message. */
  protected skillSend(skillId: string, payload: SkillPayload, options?: SkillCallOptions): Promise<Task | Message> {
    return sendToSkill((method, params, callOptions) => this.transport.call(method, params, callOptions), skillId, payload, options);
  }

  /** Sends a payload to a skill and reads its typed output (skill-calls.ts: skillOutput), checked by `validator` when the skill declares one. */
  protected async skillResult<Output>(
    skillId: string,
    payload: SkillPayload,
    options: SkillCallOptions | undefined,
    validator: TypeValidator<Output> | undefined,
  ): Promise<Output> {
    return skillOutput(skillId, await this.skillSend(skillId, payload, options), validator);
  }

  /** Sends a payload to a skill with the streaming send: each event of its task. */
  protected skillStream(skillId: string, payload: SkillPayload, options?: SkillCallOptions): AsyncIterable<ResultOf<StreamMethod>> {
    return streamToSkill((method, params, callOptions) => this.transport.stream(method, params, callOptions), skillId, payload, options) as AsyncIterable<
      ResultOf<StreamMethod>
    >;
  }
}
