// What the executor sees of one execution: the request's message (with its task and context
// ids), the task being continued, the routed skill and its typed input, the caller, and the
// run's abort signal. Everything costly is made only when read.
import { dataOf, textOf } from '../../runtime/objects.js';
import type { Loose } from '../../runtime/shapes.js';
import type { ExtensionMetadata } from '../../skill-types.js';
import type { Task } from '../../types.js';
import type { Principal, RequestContext } from '../executor.js';
import { NO_EXTENSIONS, type ExtensionUse } from '../bindings/extensions.js';
import { extensionMetadataOf } from '../roles/extension-metadata.js';
import type { CallInfo } from './call-info.js';
import type { TaskRun } from './task-run.js';

/** What the executor sees of one execution; `signal` is created only when read. */
export class ExecutionContext implements RequestContext {
  readonly method: string;
  readonly principal: Principal | undefined;
  private readonly extensionUse: ExtensionUse;
  readonly contextId: string | undefined;
  readonly input: unknown;
  readonly skillId: string | undefined;
  private messageCache: RequestContext['message'] | undefined;
  private textCache: string | undefined;
  private dataCache: unknown[] | undefined;

  constructor(
    private readonly run: TaskRun,
    call: CallInfo,
    private readonly withRefs: (taskId: string) => Loose,
    readonly task: Task | undefined,
    readonly skill: RequestContext['skill'],
    readonly streaming: boolean,
    private readonly original: Loose,
    readonly params: Record<string, unknown>,
  ) {
    this.method = call.method;
    this.principal = call.principal;
    this.extensionUse = call.extensions ?? NO_EXTENSIONS;
    // A message may name extensions it carries data of (its `extensions`): those are asked for too.
    this.extensionUse.offer(original.extensions);
    this.contextId = run.contextId;
    this.input = skill?.input;
    this.skillId = skill?.id;
  }

  get extensions(): readonly string[] {
    return this.extensionUse.requested;
  }
  activateExtension(uri: string): boolean {
    return this.extensionUse.activate(uri);
  }
  extensionMetadata<U extends keyof ExtensionMetadata & string>(uri: U): ExtensionMetadata[U] | undefined {
    return extensionMetadataOf(this.original, uri) as ExtensionMetadata[U] | undefined;
  }
  get taskId(): string {
    return this.run.taskId;
  }
  get message(): RequestContext['message'] {
    return (this.messageCache ??= this.withRefs(this.run.taskId) as never);
  }
  get signal(): AbortSignal {
    return this.run.signal;
  }
  get text(): string {
    return (this.textCache ??= textOf(this.original as never));
  }
  get data(): unknown[] {
    return (this.dataCache ??= dataOf(this.original as never));
  }
}
