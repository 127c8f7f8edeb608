// What an agent author implements: an executor that turns an incoming message into events.
// The runtime owns tasks, streams, push notifications and errors; the executor only decides
// what to say. Types come from the generated A2A version (../types.ts).
import type { MessageContent, ArtifactInput, ChunkFlags } from '../runtime/objects.js';
import type { ExtensionMetadata } from '../skill-types.js';
import type { Message, Part, Task, TaskArtifactUpdateEvent, TaskState, TaskStatusUpdateEvent } from '../types.js';

/** Whoever the auth verifier accepted: any object your verifiers return. */
export interface Principal {
  /** The security scheme that authenticated the request (a key of the card's `securitySchemes`). */
  scheme?: string;
  [claim: string]: unknown;
}

/** The skill a message was routed to (see routing.ts for the rules). */
export interface RoutedSkill {
  id: string;
  /** The validated DataPart payload, when the skill declares an `input` schema and the message carried one. */
  input?: unknown;
  /** How the skill was chosen: the task's own (a continuing message), `metadata.skillId`, a typed data part, or the default. */
  reason: 'task' | 'metadata' | 'data' | 'default';
}

export interface RequestContext {
  /** The JSON-RPC method that started this execution (`message/send`, `tasks/send`, …). */
  method: string;
  /** The client's message, with the task and context ids filled in where the version has them. */
  message: Message;
  /** The task as it was before this message, when the message continues one. */
  task?: Task;
  taskId: string;
  /** The context (v0.1.0: session) the task belongs to. */
  contextId?: string;
  skill?: RoutedSkill;
  /** The routed skill's validated input (`skill.input`), for typed skill handlers. */
  input?: unknown;
  /** The routed skill's id (`skill.id`). */
  skillId?: string;
  /** What the auth verifier returned; undefined when the agent declares no security. */
  principal?: Principal;
  /** The extensions the client asked for (`A2A-Extensions`) that the card declares: those this execution may use. */
  extensions: readonly string[];
  /**
   * Marks one of `extensions` as used, so the response names it in `A2A-Extensions` (spec v1.0
   * §4.6); false for one the client did not ask for. Required ones the client named are active
   * from the start. A stream's response names those activated before its first event.
   */
  activateExtension(uri: string): boolean;
  /**
   * The metadata the message carries for a typed extension (`message.metadata[uri]`; the
   * manifest gives the extension a `messageMetadata` schema), typed by it and already checked
   * against it on the way in; undefined when the message carries none.
   */
  extensionMetadata<U extends keyof ExtensionMetadata & string>(uri: U): ExtensionMetadata[U] | undefined;
  /** Aborted when the task is canceled or every listener is gone. Pass it to fetch() and friends. */
  signal: AbortSignal;
  /** True for `message/stream` / `tasks/sendSubscribe`. */
  streaming: boolean;
  /** The message's text parts, joined by newlines. */
  text: string;
  /** The payloads of the message's data parts. */
  data: unknown[];
  /** The request's params as received (metadata, configuration, …). */
  params: Record<string, unknown>;
}

/**
 * Publishes what the agent does. Every call is ordered, applied to the stored task, sent to
 * streaming clients and push webhooks. A call after the interaction has ended is ignored.
 */
export interface ExecutionEvents {
  readonly taskId: string;
  readonly contextId?: string;
  /**
   * Answers with a message. Before any task event (v0.2+) this is a direct reply and no task
   * is kept; otherwise it completes the task with this message.
   */
  reply(content: MessageContent): void;
  /** Publishes a status; `final` defaults to true for terminal and input/auth-required states. */
  status(state: TaskState, message?: MessageContent, options?: { final?: boolean; metadata?: Record<string, unknown> }): void;
  working(message?: MessageContent): void;
  complete(message?: MessageContent): void;
  fail(message?: MessageContent): void;
  reject(message?: MessageContent): void;
  inputRequired(message: MessageContent): void;
  authRequired(message: MessageContent): void;
  /** Adds or extends an artifact; returns its id (v0.1.0: its index). */
  artifact(content: MessageContent | ArtifactInput, flags?: ChunkFlags & { artifactId?: string; name?: string }): string;
  /** Shorthand: an artifact holding one DataPart. */
  data(value: unknown, options?: { name?: string; artifactId?: string }): string;
  /** Publishes a raw protocol event exactly as given. */
  publish(event: Message | Task | TaskStatusUpdateEvent | TaskArtifactUpdateEvent): void;
}

export interface AgentExecutor {
  /** Handles one incoming message. Resolving ends the execution: an unfinished task is completed. */
  execute(context: RequestContext, events: ExecutionEvents): Promise<void> | void;
  /** Called on `tasks/cancel` while the execution runs (its signal is already aborted). Optional. */
  cancel?(context: RequestContext, events: ExecutionEvents): Promise<void> | void;
}

export type { Message, Part, Task, MessageContent };
