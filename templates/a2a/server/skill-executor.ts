// Typed skill handlers as an executor: the router (routing.ts) picks the skill, this calls
// its handler with the validated input and turns what it returns into events. A handler may
// also publish events itself and return nothing.
import { entryOf } from '../runtime/shapes.js';
import type { SkillHandlers } from './handlers.js';
import { skillValidators } from '../validators/index.js';
import type { TypeValidator } from '../validators/issues.js';
import { errorFor } from '../errors.js';
import { isMessage, partKind, type MessageContent } from '../runtime/objects.js';
import type { AgentExecutor, ExecutionEvents, RequestContext } from './executor.js';

export interface SkillContext<Input> extends RequestContext {
  /** The skill's input: its DataPart, or a JSON text part, validated against the skill's `input` schema. */
  input: Input | undefined;
  skillId: string;
}

/**
 * What a handler may return. With an `output` schema: the typed output (sent as a DataPart
 * artifact, after validation). Without one: text or parts (the reply), or any JSON value (a
 * data artifact). `undefined`: the handler published its own events.
 */
export type SkillResult<Output> = [unknown] extends [Output] ? MessageContent | Record<string, unknown> | void : Output | void;

export type SkillHandler<Input = unknown, Output = unknown> = (
  context: SkillContext<Input>,
  events: ExecutionEvents,
) => SkillResult<Output> | Promise<SkillResult<Output>>;

/** Any skill's handler: its input typed by its schema, which the router has validated. */
type AnyHandler = (context: SkillContext<never>, events: ExecutionEvents) => unknown;

const outputValidators = skillValidators as Record<string, { output?: TypeValidator<unknown> } | undefined>;

export function skillExecutor(handlers: Partial<SkillHandlers>, fallback?: AgentExecutor): AgentExecutor {
  return {
    execute(context, events) {
      const id = context.skill?.id;
      const entry = id === undefined ? undefined : entryOf(handlers, id);
      const handler = typeof entry === 'function' ? (entry as AnyHandler) : undefined;
      if (!handler || id === undefined) {
        if (fallback) return fallback.execute(context, events);
        throw errorFor(
          'unsupportedOperation',
          id === undefined
            ? 'no skill of this agent handles this message; name one in message.metadata.skillId'
            : `skill "${id}" has no handler on this server`,
        );
      }
      // The context already carries the routed skill's `input` and `skillId`. A handler that
      // answers synchronously is delivered synchronously: no promise, no extra turn.
      const result = handler(context as SkillContext<never>, events);
      if (result instanceof Promise) return result.then((value) => deliver(id, value, events));
      deliver(id, result, events);
    },
    cancel: fallback?.cancel?.bind(fallback),
  };
}

function deliver(skillId: string, result: unknown, events: ExecutionEvents): void {
  if (result === undefined) return;
  const output = outputValidators[skillId]?.output;
  if (output) {
    const issues = output.check(result);
    if (issues) throw errorFor('invalidAgentResponse', `skill "${skillId}" returned an output that does not match its output schema`, { issues });
    events.data(result, { name: skillId });
    events.complete();
    return;
  }
  const isParts = Array.isArray(result) && result.length > 0 && result.every((p) => partKind(p) !== 'unknown');
  if (typeof result === 'string' || isParts || partKind(result) !== 'unknown' || isMessage(result)) {
    events.reply(result as MessageContent);
    return;
  }
  events.data(result, { name: skillId });
  events.complete();
}
