// client.skills.x.stream(…) yields what it is typed to yield, the same events as
// client.sendMessageStream(…): on v1.0 (with compat, what `init` makes) the spec's StreamResponse
// (`{ task }`, `{ statusUpdate }`, …), on v0.3.0 the bare Task/update objects. Checked at run time
// against the version's validator of the streaming method's result, and at compile time by
// type-checking the scaffold README's streaming example (and a same-type assertion) in the project.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN } from '../helpers/server.js';
import { typecheck } from '../helpers/typecheck.js';
import type { AgentProject } from '../helpers/agent-project.js';

type Any = any;

async function collect(iterable: AsyncIterable<Any>): Promise<Any[]> {
  const out: Any[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** The ```ts block of the README that streams a skill's events. */
function readmeStreamExample(readme: string): string {
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).find((code) => code.includes('.stream('));
  if (!block) throw new Error('the README has no streaming example');
  return block;
}

const cases = [
  { fixture: 'compat-v1.0', resultType: 'StreamResponse', wrapped: true, options: {} },
  { fixture: 'full-v0.3.0', resultType: 'SendStreamingMessageResult', wrapped: false, options: { credentials: { bearer: TOKEN } } },
];

describe.each(cases)('skills.x.stream events, $fixture', ({ fixture, resultType, wrapped, options }) => {
  let project: AgentProject;
  let client: Any;
  let validator: { check(value: unknown): unknown[] | undefined };

  beforeAll(async () => {
    project = await fixtureProject(fixture);
    const agent = await startAgent(project);
    const lib = await project.load<Any>('a2a/client/index.js');
    validator = (await project.load<Any>('a2a/validators/index.js')).validators[resultType];
    client = await lib.A2AClient.fromCardUrl(agent.origin, options);
  });

  it('yields events of the streaming method’s declared result type, shaped like sendMessageStream’s', async () => {
    const fromSkill = await collect(client.skills.script.stream('chunks 2'));
    const lib = await project.load<Any>('a2a/runtime/objects.js');
    const message = { ...lib.createMessage('user', 'chunks 2'), metadata: { skillId: 'script' } };
    const fromMethod = await collect(client.sendMessageStream({ message }));
    expect(fromSkill.length).toBeGreaterThan(2);
    for (const event of [...fromSkill, ...fromMethod]) expect(validator.check(event), JSON.stringify(event)).toBeUndefined();
    // The same shape, event for event: the members set (v1.0) or the kinds (v0.3.0).
    const shape = (e: Any): string => (wrapped ? Object.keys(e).sort().join(',') : e.kind);
    expect(fromSkill.map(shape)).toEqual(fromMethod.map(shape));
    if (wrapped) expect(fromSkill.at(-1).statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    else expect(fromSkill.at(-1)).toMatchObject({ kind: 'status-update', status: { state: 'completed' } });
  });

  it('the README’s streaming example and the declared types agree at compile time', async () => {
    const example = readmeStreamExample(await readFile(join(project.dir, 'README.md'), 'utf8'));
    // The README sits beside src/; the check compiles the example from inside it.
    await writeFile(join(project.dir, 'src', 'readme-stream.ts'), example.replaceAll("'./src/", "'./"));
    await writeFile(
      join(project.dir, 'src', 'stream-types.ts'),
      [
        "import type { A2AClient } from './a2a/client/index.js';",
        'type EventOf<I> = I extends AsyncIterable<infer E> ? E : never;',
        "type SkillEvent = EventOf<ReturnType<A2AClient['skills']['script']['stream']>>;",
        "type MethodEvent = EventOf<ReturnType<A2AClient['sendMessageStream']>>;",
        'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
        'export const same: Same<SkillEvent, MethodEvent> = true;',
        '',
      ].join('\n'),
    );
    expect(await typecheck(project.dir, [project.dir])).toBe('');
  }, 120_000);
});
