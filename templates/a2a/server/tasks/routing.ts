// Picks the skill a message is for, validates its typed input, and checks media types.
//
// Routing rules, in order:
//   0. the message continues a task → the task's skill (its first message's); a `skillId` naming
//      another skill is invalid params;
//   1. `message.metadata.skillId` names a skill → that skill;
//   2. the message has DataParts and exactly one skill's `input` schema accepts one of them → that skill;
//   3. otherwise the default skill: the `defaultSkill` option, else the manifest's first skill;
//   4. an agent without skills: no skill, the executor sees `context.skill` undefined.
// @see the A2A spec §8.2 ContentTypeNotSupportedError for media types.
import { skillRoutes } from '../../agent.js';
import { errorFor } from '../../errors.js';
import { mediaTypeOf, partKind } from '../../runtime/objects.js';
import type { Loose } from '../../runtime/shapes.js';
import { skillValidators } from '../../validators/index.js';
import type { TypeValidator } from '../../validators/issues.js';
import type { RoutedSkill } from '../executor.js';
import { invalidParams } from '../spec/rules.js';

interface SkillRoute {
  id: string;
  inputModes: readonly string[];
  outputModes: readonly string[];
}

const routes: readonly SkillRoute[] = skillRoutes;
const inputValidators = new Map<string, TypeValidator<unknown>>(
  Object.entries(skillValidators as Record<string, { input?: TypeValidator<unknown> }>)
    .filter(([, v]) => v.input !== undefined)
    .map(([id, v]) => [id, v.input!]),
);

export function routeSkill(message: Loose, defaultSkill: string | undefined, taskSkill?: string): RoutedSkill | undefined {
  const parts = (message.parts as Loose[]) ?? [];
  const named = (message.metadata as Loose | undefined)?.skillId;
  if (taskSkill !== undefined && routes.some((r) => r.id === taskSkill)) {
    if (named !== undefined && named !== taskSkill) {
      throw invalidParams(
        '/message/metadata/skillId',
        `the task belongs to skill "${taskSkill}"; a message continuing it cannot name ${typeof named === 'string' ? `skill "${named.slice(0, 100)}"` : 'another skill'}`,
      );
    }
    return { id: taskSkill, input: typedInput(taskSkill, parts), reason: 'task' };
  }
  if (named !== undefined) {
    if (typeof named !== 'string' || !routes.some((r) => r.id === named)) {
      throw invalidParams(
        '/message/metadata/skillId',
        `message.metadata.skillId names no skill of this agent (skills: ${routes.map((r) => r.id).join(', ') || 'none'})`,
      );
    }
    return { id: named, input: typedInput(named, parts), reason: 'metadata' };
  }
  const dataParts = parts.map((p, i) => ({ p, i })).filter(({ p }) => partKind(p) === 'data');
  if (dataParts.length > 0) {
    const matches = [...inputValidators].filter(([, v]) => dataParts.some(({ p }) => v.is(p.data)));
    if (matches.length === 1) {
      const [id, v] = matches[0];
      return { id, input: dataParts.find(({ p }) => v.is(p.data))!.p.data, reason: 'data' };
    }
  }
  const fallback = defaultSkill ?? routes[0]?.id;
  return fallback === undefined ? undefined : { id: fallback, input: typedInput(fallback, parts), reason: 'default' };
}

/**
 * The skill's typed input from the message: its DataPart (validated, -32602 with findings if
 * invalid), else a text part holding a JSON object that validates; undefined otherwise.
 */
function typedInput(skillId: string, parts: Loose[]): unknown {
  const validator = inputValidators.get(skillId);
  if (!validator) return undefined;
  const index = parts.findIndex((p) => partKind(p) === 'data');
  if (index >= 0) {
    const issues = validator.check(parts[index].data);
    if (issues) {
      const located = issues.map((i) => ({ ...i, path: `/message/parts/${index}/data${i.path}` }));
      throw errorFor('invalidParams', `Invalid params: ${located[0].path} ${located[0].message} (the input schema of skill "${skillId}")`, { issues: located });
    }
    return parts[index].data;
  }
  for (const part of parts) {
    if (partKind(part) !== 'text') continue;
    const text = String(part.text).trim();
    if (!text.startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (validator.is(value)) return value;
    } catch {
      // Natural-language text that merely starts with a brace: not an input.
    }
  }
  return undefined;
}

const splitType = (t: string): [string, string | undefined] => {
  const [major, minor] = t.toLowerCase().split(';')[0].trim().split('/');
  return [major, minor];
};
/** Parsed accepted lists, by list: the same few lists are checked on every request. */
const parsedLists = new WeakMap<readonly string[], [string, string | undefined][]>();

/** True when `type` is covered by one of `accepted` (which may use `*` wildcards). */
export function mediaTypeAccepted(type: string, accepted: readonly string[]): boolean {
  if (accepted.length === 0) return true;
  let parsed = parsedLists.get(accepted);
  if (!parsed) parsedLists.set(accepted, (parsed = accepted.map(splitType)));
  if (accepted.includes(type)) return true;
  const [major, minor] = splitType(type);
  return parsed.some(([am, an]) => (am === '*' || am === major) && (an === '*' || an === undefined || an === minor));
}

/**
 * Every part's media type must be one the skill (or, without a skill, the agent) accepts; and
 * when the client lists `acceptedOutputModes`, the skill must produce at least one of them.
 */
export function checkMediaTypes(
  message: Loose,
  skill: RoutedSkill | undefined,
  agentModes: { input: readonly string[]; output: readonly string[] },
  acceptedOutput: unknown,
): void {
  const route = skill ? routes.find((r) => r.id === skill.id) : undefined;
  const inputModes = route?.inputModes ?? agentModes.input;
  const parts = (message.parts as Loose[]) ?? [];
  parts.forEach((part, i) => {
    const type = mediaTypeOf(part);
    if (type !== undefined && !mediaTypeAccepted(type, inputModes)) {
      throw errorFor(
        'contentTypeNotSupported',
        `${type} is not accepted by ${route ? `skill "${route.id}"` : 'this agent'} (accepts ${inputModes.join(', ')})`,
        {
          path: `/message/parts/${i}`,
          accepted: inputModes,
        },
      );
    }
  });
  if (Array.isArray(acceptedOutput) && acceptedOutput.length > 0) {
    const outputModes = route?.outputModes ?? agentModes.output;
    const ok =
      outputModes.length === 0 ||
      outputModes.some((m) => acceptedOutput.some((a) => typeof a === 'string' && (mediaTypeAccepted(m, [a]) || mediaTypeAccepted(a, [m]))));
    if (!ok) {
      throw errorFor(
        'contentTypeNotSupported',
        `${route ? `skill "${route.id}"` : 'this agent'} produces none of the accepted output modes (it produces ${outputModes.join(', ')})`,
        {
          path: '/configuration/acceptedOutputModes',
          produces: outputModes,
        },
      );
    }
  }
}
