// The spec move from v0.3.0 to v1.0 (`generate --spec 1.0` in a project generated for 0.3.0):
// the report names what code written for v0.3.0 must change — renamed methods and enum values,
// moved card fields, the Part without `kind` — and the compiler points at each line of the
// author's own code that still uses a v0.3 shape, with the change behind it.
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hintFor } from '../../generator/cli/spec-move.js';
import { checkUserCode } from '../../generator/cli/user-code-check.js';
import type { Change } from '../../generator/model/diff.js';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

// A skill handler written against v0.3.0: a state compared to 'completed' (line 5), a role to
// 'agent' (line 6), a part built with `kind: 'text'` (line 7). It type-checks there.
const V03_HANDLER = `import type { SkillHandlers } from '../a2a/server/handlers.js';
import type { Part } from '../a2a/types.js';

export const handler: SkillHandlers['echo'] = async (context) => {
  if (context.task?.status.state === 'completed') return 'This task is already done.';
  if (context.message.role === 'agent') return 'Agents talk to me as users.';
  const reply: Part = { kind: 'text', text: context.text };
  return [reply];
};
`;

describe('moving a v0.3.0 project to A2A v1.0', () => {
  it('generate --spec 1.0 lists the renames and moves, then points at each line of your code that still uses v0.3 shapes', async () => {
    const cwd = await tempDir('spec-move-v1-');
    expect((await runCli(['init', 'agent', '--yes', '--spec', '0.3.0'], cwd)).code).toBe(0);
    const dir = join(cwd, 'agent');
    writeFileSync(join(dir, 'src/skills/echo.ts'), V03_HANDLER);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir'); // an installed project
    expect(await checkUserCode(dir)).toEqual([]); // it fits v0.3.0

    const r = await runCli(['generate', '--spec', '1.0'], dir);
    expect(r.code).toBe(0);
    const out = r.stdout.split('\n');
    expect(out).toContain('A2A spec moved from v0.3.0 to v1.0.1.');
    expect(r.stdout).toMatch(/What code written for v0\.3\.0 must change \(\d+ breaking change\(s\); all changes: a2a-gen diff 0\.3\.0 1\.0\.1\):/);
    for (const line of [
      '  ~ message/send → SendMessage (send)  [BREAKING]',
      '  ~ tasks/get → GetTask (get)  [BREAKING]',
      '  ~ url → supportedInterfaces[].url  [BREAKING]',
      '  ~ supportsAuthenticatedExtendedCard → capabilities.extendedAgentCard  [BREAKING]',
      '  ~ Part: parts lose the `kind` discriminator; content is the member present (text, data, url, raw)  [BREAKING]',
      '  ~ final: status updates lose `final`: the end of the stream marks the last event  [BREAKING]',
      '  ~ completed → TASK_STATE_COMPLETED (TaskState)  [BREAKING]',
      '  ~ user → ROLE_USER (Message.role)  [BREAKING]',
    ])
      expect(out).toContain(line);
    // The type-level detail is counted, not listed.
    expect(r.stdout).toMatch(/\nAnd \d+ breaking change\(s\) to types and fields: `a2a-gen diff 0\.3\.0 1\.0\.1` lists them\./);
    expect(out).not.toContain('  - TextPart  [BREAKING]');

    // Each edited line, at its column, with the change behind it.
    const err = r.stderr.split('\n');
    expect(err).toContain('warning: 3 place(s) in your code no longer fit the new types:');
    const place = (at: string): string[] => {
      const i = err.findIndex((l) => l.startsWith(`warning:   src/skills/echo.ts:${at}: `));
      expect(i, `a problem at echo.ts:${at} in\n${r.stderr}`).toBeGreaterThan(-1);
      return [err[i], err[i + 1]];
    };
    const [state, stateHint] = place('5:7');
    expect(state).toMatch(/'"completed"' have no overlap/);
    expect(stateHint).toBe('      ↳ ~ completed → TASK_STATE_COMPLETED (TaskState)  [BREAKING]');
    const [role, roleHint] = place('6:7');
    expect(role).toMatch(/'"agent"' have no overlap/);
    expect(roleHint).toBe('      ↳ ~ agent → ROLE_AGENT (Message.role)  [BREAKING]');
    const [kind, kindHint] = place('7:25');
    expect(kind).toMatch(/'kind' does not exist in type 'Part(Text)?'/);
    expect(kindHint).toBe('      ↳ ~ Part: parts lose the `kind` discriminator; content is the member present (text, data, url, raw)  [BREAKING]');

    // Your code is left as you wrote it; the generated code is v1.0's.
    expect(readFileSync(join(dir, 'src/skills/echo.ts'), 'utf8')).toBe(V03_HANDLER);
    expect(readFileSync(join(dir, 'src/a2a/protocol.ts'), 'utf8')).toMatch(/version: "1\.0\.1"/);
  }, 180_000);
});

describe('hintFor: the change a compiler message names', () => {
  const completed: Change = { area: 'enum', change: 'renamed', subject: 'completed', to: 'TASK_STATE_COMPLETED', detail: 'TaskState', breaking: true };
  const send: Change = { area: 'method', change: 'renamed', subject: 'message/send', to: 'SendMessage', detail: 'send', breaking: true };
  const url: Change = { area: 'card', change: 'moved', subject: 'url', to: 'supportedInterfaces[].url', breaking: true };
  const nested: Change = { area: 'card', change: 'moved', subject: 'skills[].security', to: 'skills[].securityRequirements', breaking: true };
  const part: Change = { area: 'part', change: 'changed', subject: 'Part', detail: 'parts lose the `kind` discriminator', breaking: true };
  const kind: Change = { area: 'shape', change: 'changed', subject: 'kind', detail: 'result objects lose `kind`', breaking: true };
  const all = [completed, send, url, nested, part, kind];
  it.each<{ message: string; want: Change | undefined }>([
    { message: `This comparison appears to be unintentional because the types 'TaskState' and '"completed"' have no overlap.`, want: completed },
    { message: `Argument of type '"message/send"' is not assignable to parameter of type 'A2AMethodName'.`, want: send },
    { message: `Property 'url' does not exist on type 'AgentCard'.`, want: url },
    { message: `Property 'url' does not exist on type 'AgentProvider'.`, want: undefined },
    { message: `Property 'security' does not exist on type 'AgentCard'.`, want: undefined },
    { message: `Object literal may only specify known properties, and 'kind' does not exist in type 'Part'.`, want: part },
    { message: `Object literal may only specify known properties, and 'kind' does not exist in type 'PartText'.`, want: part },
    { message: `Property 'kind' does not exist on type 'Task'.`, want: kind },
    { message: `Type 'string' is not assignable to type 'number'.`, want: undefined },
  ])('$message', ({ message, want }) => expect(hintFor({ message }, all)).toEqual(want));
});
