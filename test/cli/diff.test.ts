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

  it('0.1.0 → 0.2.0 --json: tasks/send removed (breaking), message/send added', async () => {
    const r = await runCli(['diff', '0.1.0', '0.2.0', '--json'], ROOT);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as {
      from: string;
      to: string;
      breaking: number;
      changes: { area: string; change: string; subject: string; breaking: boolean }[];
    };
    expect(data.from).toBe('0.1.0');
    expect(data.to).toBe('0.2.0');
    expect(data.changes).toContainEqual(expect.objectContaining({ area: 'method', change: 'removed', subject: 'tasks/send', breaking: true }));
    expect(data.changes).toContainEqual(expect.objectContaining({ area: 'method', change: 'added', subject: 'message/send', breaking: false }));
    expect(data.changes).toContainEqual(expect.objectContaining({ area: 'part', subject: 'Part discriminator', breaking: true }));
    expect(data.changes).toContainEqual(expect.objectContaining({ area: 'enum', change: 'added', subject: 'TaskState' }));
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
