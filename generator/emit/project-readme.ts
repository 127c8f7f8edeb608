// emit/project-readme: what the scaffold's README.md shows beyond names — the quick-start
// block and the routing examples, as messages of the agent's own A2A version. Values are
// built here and printed by the template through one escaper each (code span, fence, text).
import { sample } from '../model/sample.js';
import type { SkillModel } from '../model/agent.js';
import type { EmitContext } from './context.js';
import { skillArgument } from './client.js';
import { credentialsOption } from './docs/snippets.js';
import { lineCommentText } from './escape.js';

export interface RoutingExample {
  /** Which rule routes it and where, as Markdown-free text (the template escapes it). */
  rule: string;
  skillId: string;
  json: string;
}

/** The shell block at the top: the URL's path sits in a `#` comment, so its line breaks become spaces. */
export function quickStart(port: number, basePath: string): string {
  return [
    `npm install && npm start     # serves the agent on ${lineCommentText(`http://127.0.0.1:${port}${basePath}`)}`,
    'npm test                     # builds, then runs the tests',
  ].join('\n');
}

/**
 * JSON for a reader: a value that fits on its line stays on it (`"parts": [{ "kind": … }]`),
 * so the fields that route a message stand out; a longer one is opened one level at a time.
 */
export function showJson(value: unknown, indent = '', lead = indent.length): string {
  const flat = inline(value);
  if (lead + flat.length <= 80 || value === null || typeof value !== 'object') return flat;
  const inner = indent + '  ';
  const items = Array.isArray(value)
    ? value.map((v) => inner + showJson(v, inner))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${showJson(v, inner, inner.length + JSON.stringify(k).length + 2)}`);
  if (items.length === 0) return flat;
  return Array.isArray(value) ? `[\n${items.join(',\n')}\n${indent}]` : `{\n${items.join(',\n')}\n${indent}}`;
}

/** JSON on one line, spaced for reading: `{ "kind": "text", "text": "hello" }`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value) ?? 'null';
}

/** A `params.message` of this version with the given parts and metadata: its role value (`ROLE_USER` on v1.0), its ids and kinds. */
export function readmeMessage(ctx: EmitContext, parts: Record<string, unknown>[], metadata?: Record<string, unknown>): Record<string, unknown> {
  const f = ctx.protocol.features;
  const m: Record<string, unknown> = {};
  if (f.kinds.message) m.kind = f.kinds.message;
  if (f.messageIds) m.messageId = 'm-1';
  m.role = f.roles.user;
  m.parts = parts;
  if (metadata) m.metadata = metadata;
  return m;
}

/** A part of this version: told apart by its member on v1.0 (`{ "text": … }`), by its discriminator before (`{ "kind": "text", … }`). */
export function readmePart(ctx: EmitContext, kind: 'text' | 'data', value: unknown): Record<string, unknown> {
  const f = ctx.protocol.features;
  if (f.partMembers) return { [f.partMembers[kind]]: value };
  return { [f.partDiscriminator]: f.partKinds[kind], [kind]: value };
}

/**
 * One example per rule that applies to this agent (see routing.ts in the runtime): a named
 * skill, typed data (only when a skill declares an `input` schema), and the default skill.
 */
export function routingExamples(ctx: EmitContext): RoutingExample[] {
  const { skills } = ctx.agent;
  if (skills.length === 0) return [];
  const text = (t: string) => readmePart(ctx, 'text', t);
  const named = skills.at(-1)!;
  // A typed skill other than the default when there is one, so each example shows its own rule at work.
  const typed: SkillModel | undefined = skills.slice(1).find((s) => s.input !== undefined) ?? (skills[0].input !== undefined ? skills[0] : undefined);
  const examples: RoutingExample[] = [
    { rule: 'rule 1, metadata.skillId names it', skillId: named.id, json: showJson(readmeMessage(ctx, [text('hello')], { skillId: named.id })) },
  ];
  if (typed) {
    const data = readmePart(ctx, 'data', sample(typed.input, { root: typed.input }));
    examples.push({ rule: "rule 2, when no other skill's input schema accepts the same data", skillId: typed.id, json: showJson(readmeMessage(ctx, [data])) });
  }
  examples.push({ rule: 'rule 3, the default skill: no skillId, no typed data', skillId: skills[0].id, json: showJson(readmeMessage(ctx, [text('hello')])) });
  return examples;
}

/**
 * The README's client example: a skill called with `.stream`, each event read as the version
 * types it — a StreamResponse with one member set (v1.0), or an object whose `kind` says what
 * it is (v0.2–v0.3) — so the code compiles and prints what it says on the agent it was made for.
 */
export function streamExample(ctx: EmitContext, port: number): string | undefined {
  const { features: f, methods } = ctx.protocol;
  if (!methods.some((m) => m.role === 'stream')) return undefined;
  const skill = ctx.agent.skills.find((s) => ['text', 'input'].includes(skillArgument(s)));
  if (!skill) return undefined;
  const arg = skill.input ? showJson(sample(skill.input, { root: skill.input }), '  ') : "'hello'";
  const name = skill.names.value;
  const helper = /^[A-Za-z_$][\w$]*$/.test(name) ? `client.skills.${name}` : `client.skills[${JSON.stringify(name)}]`;
  const members = f.resultMembers;
  const read = members
    ? [
        `  // A StreamResponse: one of ${Object.values(members).join(', ')} is set.`,
        `  if (event.${members.statusUpdate}) console.log(event.${members.statusUpdate}.status.state);`,
        `  else if (event.${members.artifactUpdate}) console.log(event.${members.artifactUpdate}.artifact.parts);`,
      ]
    : f.kinds.statusUpdate && f.kinds.artifactUpdate
      ? [
          `  if (event.kind === '${f.kinds.statusUpdate}') console.log(event.status.state);`,
          `  else if (event.kind === '${f.kinds.artifactUpdate}') console.log(event.artifact.parts);`,
        ]
      : ['  console.log(event);'];
  return [
    `import { A2AClient } from './src/a2a/client/index.js';`,
    '',
    `const client = await A2AClient.fromCardUrl('http://127.0.0.1:${port}'${credentialsOption(ctx.agent.security)});`,
    `for await (const event of ${helper}.stream(${arg})) {`,
    ...read,
    '}',
  ].join('\n');
}
