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

// A caller written against v0.3.0: a blocking send (line 5), the task read off the reply by
// its `kind` (line 6), a status update's `final` (line 8). It type-checks there.
const V03_CALLER = `import { A2AClient, createMessage } from './a2a/client/index.js';
import type { TaskStatusUpdateEvent } from './a2a/types.js';

export async function call(client: A2AClient, update: TaskStatusUpdateEvent): Promise<string> {
  const reply = await client.sendMessage({ message: createMessage('user', 'hi'), configuration: { blocking: true } });
  if (reply.kind === 'task') return reply.status.state;
  return String(update.final);
}
`;

describe('moving a v0.3.0 project to A2A v1.0', () => {
  it('generate --spec 1.0 lists the renames and moves, then points at each line of your code that still uses v0.3 shapes', async () => {
    const cwd = await tempDir('spec-move-v1-');
    expect((await runCli(['init', 'agent', '--yes', '--spec', '0.3.0'], cwd)).code).toBe(0);
    const dir = join(cwd, 'agent');
    writeFileSync(join(dir, 'src/skills/echo.ts'), V03_HANDLER);
    writeFileSync(join(dir, 'src/caller.ts'), V03_CALLER);
    // The author's comments and layout in the manifest, which the move must keep.
    const manifestPath = join(dir, 'a2a.yaml');
    const manifestBefore = readFileSync(manifestPath, 'utf8').replace('spec: 0.3.0\n', 'spec: 0.3.0   # moved on purpose, later\n\n');
    writeFileSync(manifestPath, manifestBefore);
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
    expect(err).toContain('warning: 7 place(s) in your code no longer fit the new types:');
    const place = (at: string, file = 'src/skills/echo.ts'): string[] => {
      const i = err.findIndex((l) => l.startsWith(`warning:   ${file}:${at}: `));
      expect(i, `a problem at ${file}:${at} in\n${r.stderr}`).toBeGreaterThan(-1);
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

    // The wire shapes, each where the compiler meets it: the option renamed, the wrapped reply, `final` gone.
    const [blocking, blockingHint] = place('5:99', 'src/caller.ts');
    expect(blocking).toMatch(/'blocking' does not exist in type 'SendMessageConfiguration'/);
    expect(blockingHint).toBe(
      '      ↳ ~ send options: `configuration.blocking` → `configuration.returnImmediately`, inverted: true now answers at once  [BREAKING]',
    );
    const wrapped = /^ {6}↳ ~ results: send results and stream events are wrapped in a member: \{ task \}, /;
    const [kindOfReply, kindOfReplyHint] = place('6:13', 'src/caller.ts');
    expect(kindOfReply).toMatch(/'kind' does not exist on type 'SendMessageResponse'/);
    expect(kindOfReplyHint).toMatch(wrapped);
    const [status, statusHint] = place('6:43', 'src/caller.ts');
    expect(status).toMatch(/'status' does not exist on type 'SendMessageResponse'/);
    expect(statusHint).toMatch(wrapped);
    const [final, finalHint] = place('7:24', 'src/caller.ts');
    expect(final).toMatch(/'final' does not exist on type 'TaskStatusUpdateEvent'/);
    expect(finalHint).toBe('      ↳ ~ final: status updates lose `final`: the end of the stream marks the last event  [BREAKING]');

    // Your code is left as you wrote it; the generated code is v1.0's.
    expect(readFileSync(join(dir, 'src/skills/echo.ts'), 'utf8')).toBe(V03_HANDLER);
    expect(readFileSync(join(dir, 'src/a2a/protocol.ts'), 'utf8')).toMatch(/version: "1\.0\.1"/);

    // The move sticks: the manifest says 1.0 (as a string: `1.0` plain is the number 1), everything
    // else in it as written; `generate --check` agrees; callers of v0.3.0 are pointed at `compat`.
    expect(readFileSync(manifestPath, 'utf8')).toBe(manifestBefore.replace('spec: 0.3.0   #', "spec: '1.0'   #"));
    expect(out).toContain('a2a.yaml: spec set to 1.0 (was 0.3.0), so the next `generate` stays on this version.');
    expect(r.stdout).toContain('add `compat: [0.3.0]` to a2a.yaml and run generate again');
    const check = await runCli(['generate', '--check'], dir);
    expect(check.stdout).toMatch(/^up to date: \d+ files match/m);
    expect(check.code).toBe(0);
  }, 180_000);
});

describe('--spec with --out elsewhere', () => {
  it("leaves the manifest alone: it is not that project's record", async () => {
    const cwd = await tempDir('spec-move-out-');
    expect((await runCli(['init', 'agent', '--yes', '--spec', '0.3.0', '--quiet'], cwd)).code).toBe(0);
    const manifest = readFileSync(join(cwd, 'agent', 'a2a.yaml'), 'utf8');
    const r = await runCli(['generate', '--manifest', 'agent/a2a.yaml', '--spec', '1.0', '--out', 'elsewhere'], cwd);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('agent/a2a.yaml still names spec: 0.3.0: the project is in another folder (--out), so the manifest was left as it is.');
    expect(readFileSync(join(cwd, 'agent', 'a2a.yaml'), 'utf8')).toBe(manifest);
  });
});

describe('hintFor: the change a compiler message names', () => {
  const completed: Change = { area: 'enum', change: 'renamed', subject: 'completed', to: 'TASK_STATE_COMPLETED', detail: 'TaskState', breaking: true };
  const send: Change = { area: 'method', change: 'renamed', subject: 'message/send', to: 'SendMessage', detail: 'send', breaking: true };
  const url: Change = { area: 'card', change: 'moved', subject: 'url', to: 'supportedInterfaces[].url', breaking: true };
  const nested: Change = { area: 'card', change: 'moved', subject: 'skills[].security', to: 'skills[].securityRequirements', breaking: true };
  const part: Change = { area: 'part', change: 'changed', subject: 'Part', detail: 'parts lose the `kind` discriminator', breaking: true };
  const kind: Change = { area: 'shape', change: 'changed', subject: 'kind', detail: 'result objects lose `kind`', breaking: true };
  const final: Change = { ...kind, subject: 'final', detail: 'status updates lose `final`', seenAs: { fields: ['final'], types: ['TaskStatusUpdateEvent'] } };
  const results: Change = { ...kind, subject: 'results', detail: 'wrapped in a member', seenAs: { types: ['SendMessageResponse', 'StreamResponse'] } };
  const blocking: Change = {
    ...kind,
    subject: 'send options',
    detail: '`configuration.blocking` → …',
    seenAs: { fields: ['blocking'], types: ['SendMessageConfiguration'] },
  };
  const all = [completed, send, url, nested, part, kind, final, results, blocking];
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
    { message: `Object literal may only specify known properties, and 'blocking' does not exist in type 'SendMessageConfiguration'.`, want: blocking },
    { message: `Property 'final' does not exist on type 'TaskStatusUpdateEvent'.`, want: final },
    // A field in a type the change does not show in is not its doing; the wrapper explains a read through it.
    { message: `Property 'final' does not exist on type 'StreamResponse'.`, want: results },
    { message: `Property 'status' does not exist on type 'SendMessageResponse'.`, want: results },
    { message: `Property 'kind' does not exist on type 'SendMessageResponse'.`, want: results },
    { message: `Property 'blocking' does not exist on type 'AgentSkill'.`, want: undefined },
  ])('$message', ({ message, want }) => expect(hintFor({ message }, all)).toEqual(want));
});
