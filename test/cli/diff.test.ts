// `a2a-gen diff`: methods, the card path, AgentCard fields, errors; breaking changes marked.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../helpers/examples.js';

describe('a2a-gen diff', () => {
  it('0.2.6 → 0.3.0: the extended card method, the well-known path and AgentCard fields', async () => {
    const r = await runCli(['diff', '0.2.6', '0.3.0'], ROOT);
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^A2A v0\.2\.6 → v0\.3\.0: \d+ change\(s\), \d+ breaking/);
    expect(out).toMatch(/Methods:\n(?:.*\n)*  \+ agent\/getAuthenticatedExtendedCard: client: getAuthenticatedExtendedCard\(\)\n/);
    expect(out).toMatch(/  ~ well-known path: \/\.well-known\/agent\.json → \/\.well-known\/agent-card\.json .*\[BREAKING\]/);
    expect(out).toMatch(
      /  ~ authenticated extended card: HTTP GET agent\/authenticatedExtendedCard → JSON-RPC method agent\/getAuthenticatedExtendedCard  \[BREAKING\]/,
    );
    expect(out).toMatch(/  \+ AgentCard\.signatures: optional\n/);
    expect(out).toMatch(/  \+ -32007: AuthenticatedExtendedCardNotConfiguredError\n/);
    expect(out).toMatch(/  \+ AgentSkill\.security: optional\n/);
  });

  it('0.1.0 → 0.2.0 --json: tasks/send renamed message/send (the same role, breaking)', async () => {
    const r = await runCli(['diff', '0.1.0', '0.2.0', '--json'], ROOT);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as {
      from: string;
      to: string;
      breaking: number;
      changes: { area: string; change: string; subject: string; to?: string; breaking: boolean }[];
    };
    expect(data.from).toBe('0.1.0');
    expect(data.to).toBe('0.2.0');
    expect(data.changes).toContainEqual(
      expect.objectContaining({
        area: 'method',
        change: 'renamed',
        subject: 'tasks/send',
        to: 'message/send',
        detail: 'send; client: sendTask() → sendMessage()',
        breaking: true,
      }),
    );
    expect(
      data.changes.filter((c) => c.area === 'method' && (c.subject === 'tasks/send' || c.subject === 'message/send') && c.change !== 'changed'),
    ).toHaveLength(1);
    expect(data.changes).toContainEqual(expect.objectContaining({ area: 'part', subject: 'Part discriminator', breaking: true }));
    expect(data.changes).toContainEqual(expect.objectContaining({ area: 'enum', change: 'added', subject: 'TaskState' }));
    expect(data.breaking).toBe(data.changes.filter((c) => c.breaking).length);
  });

  it('0.3.0 → 1.0: methods renamed by role, card fields moved, the part and result shapes, enum values renamed; types after', async () => {
    const r = await runCli(['diff', '0.3.0', '1.0'], ROOT);
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^A2A v0\.3\.0 → v1\.0\.1: \d+ change\(s\), \d+ breaking/);
    const lines = out.split('\n');
    const has = (line: string): void => expect(lines).toContain(line);
    // Methods: renames by role; only ListTasks is new, nothing removed.
    has('  ~ message/send → SendMessage (send)  [BREAKING]');
    has('  ~ message/stream → SendStreamingMessage (stream)  [BREAKING]');
    has('  ~ tasks/resubscribe → SubscribeToTask (resubscribe)  [BREAKING]');
    // The v1.0 client takes the spec's method names (the old ones stay as deprecated aliases).
    has(
      '  ~ tasks/pushNotificationConfig/set → CreateTaskPushNotificationConfig (pushSet; client: setTaskPushNotificationConfig() → createTaskPushNotificationConfig())  [BREAKING]',
    );
    has(
      '  ~ agent/getAuthenticatedExtendedCard → GetExtendedAgentCard (extendedCard; client: getAuthenticatedExtendedCard() → getExtendedAgentCard())  [BREAKING]',
    );
    has('  + ListTasks: client: listTasks()');
    expect(out).not.toMatch(/^  - (message|tasks|agent)\//m);
    // The card: moved fields, by structure and by the model's table.
    has('  ~ url → supportedInterfaces[].url  [BREAKING]');
    has('  ~ protocolVersion → supportedInterfaces[].protocolVersion  [BREAKING]');
    has('  ~ additionalInterfaces → supportedInterfaces  [BREAKING]');
    has('  ~ preferredTransport → supportedInterfaces[].protocolBinding  [BREAKING]');
    has('  ~ supportsAuthenticatedExtendedCard → capabilities.extendedAgentCard  [BREAKING]');
    // Parts and shapes.
    has('  ~ Part: parts lose the `kind` discriminator; content is the member present (text, data, url, raw)  [BREAKING]');
    expect(out).toMatch(/^  ~ kind: result objects lose `kind`: Task \("task"\), Message \("message"\), .*\[BREAKING\]$/m);
    expect(out).toMatch(/^  ~ results: send results and stream events are wrapped in a member: \{ task \}, .*\[BREAKING\]$/m);
    has('  ~ final: status updates lose `final`: the end of the stream marks the last event  [BREAKING]');
    has('  ~ send options: `configuration.blocking` → `configuration.returnImmediately`, inverted: true now answers at once  [BREAKING]');
    expect(out).toMatch(
      /^  ~ push configs: flattened: TaskPushNotificationConfig holds the config's fields \(authentication, id, token, url\) .*\[BREAKING\]$/m,
    );
    // Enum values renamed by meaning; the values with no partner added or removed.
    has('  ~ completed → TASK_STATE_COMPLETED (TaskState)  [BREAKING]');
    has('  ~ input-required → TASK_STATE_INPUT_REQUIRED (TaskState)  [BREAKING]');
    has('  + TaskState: "TASK_STATE_UNSPECIFIED"');
    has('  - TaskState: "unknown"  [BREAKING]');
    has('  ~ user → ROLE_USER (Message.role)  [BREAKING]');
    has('  ~ agent → ROLE_AGENT (Message.role)  [BREAKING]');
    has('  ~ -32007: AuthenticatedExtendedCardNotConfiguredError → ExtendedAgentCardNotConfiguredError  [BREAKING]');
    // The semantic sections come before the type-level ones, which no longer repeat them.
    const order = ['Methods:', 'Agent Card:', 'Parts:', 'Shapes:', 'Enum values:', 'Errors:', 'Types:', 'Fields:'].map((t) => lines.indexOf(t));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    has('  - TextPart  [BREAKING]');
    has('  - AgentCapabilities.stateTransitionHistory  [BREAKING]');
    for (const repeated of [
      '  - AgentCard.url  [BREAKING]',
      '  - Task.kind  [BREAKING]',
      '  - TaskStatusUpdateEvent.final  [BREAKING]',
      '  - TaskState: "completed"  [BREAKING]',
    ])
      expect(lines).not.toContain(repeated);
  });

  it('0.3.0 → 1.0 --json: renames and moves carry the new name in `to`', async () => {
    const r = await runCli(['diff', '0.3.0', '1.0', '--json'], ROOT);
    const data = JSON.parse(r.stdout) as { breaking: number; changes: { area: string; change: string; subject: string; to?: string; breaking: boolean }[] };
    expect(data.changes).toContainEqual({ area: 'method', change: 'renamed', subject: 'tasks/get', to: 'GetTask', detail: 'get', breaking: true });
    expect(data.changes).toContainEqual({ area: 'card', change: 'moved', subject: 'url', to: 'supportedInterfaces[].url', breaking: true });
    expect(data.changes).toContainEqual({ area: 'enum', change: 'renamed', subject: 'failed', to: 'TASK_STATE_FAILED', detail: 'TaskState', breaking: true });
    expect(data.breaking).toBe(data.changes.filter((c) => c.breaking).length);
  });

  it('a version against itself has no changes', async () => {
    const r = await runCli(['diff', '0.2.5', 'v0.2.5', '--json'], ROOT);
    expect(JSON.parse(r.stdout).changes).toEqual([]);
  });

  it('an unknown version is invalid input (exit 1)', async () => {
    const r = await runCli(['diff', '0.2.5', '0.9.9'], ROOT);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown A2A spec version "0\.9\.9"/);
  });
});
