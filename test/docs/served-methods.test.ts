// The docs list the methods the agent serves and name the others with the error they get
// (generator/emit/docs/served.ts). Against the running server, each method named unserved
// answers exactly the documented error, and the served set plus the unserved set is every
// method of the version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInputs } from '../../generator/inputs.js';
import { methodExample } from '../../generator/model/examples.js';
import { rpc } from '../helpers/http.js';
import { fixtureProject, FIXTURES, startAgent, TOKEN } from '../helpers/server.js';

const CASES = [
  { fixture: 'minimal-v0.1.0', unserved: ['tasks/pushNotification/get', 'tasks/pushNotification/set', 'tasks/resubscribe', 'tasks/sendSubscribe'] },
  {
    fixture: 'minimal-v0.2.5',
    unserved: [
      'message/stream',
      'tasks/pushNotificationConfig/delete',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/set',
      'tasks/resubscribe',
    ],
  },
  {
    fixture: 'minimal-v0.3.0',
    unserved: [
      'agent/getAuthenticatedExtendedCard',
      'message/stream',
      'tasks/pushNotificationConfig/delete',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/set',
      'tasks/resubscribe',
    ],
  },
  {
    fixture: 'docs-v0.3.0',
    unserved: [
      'agent/getAuthenticatedExtendedCard',
      'tasks/pushNotificationConfig/delete',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/set',
    ],
  },
  { fixture: 'full-v0.3.0', unserved: [] },
];

describe.each(CASES)('$fixture', ({ fixture, unserved }) => {
  it('documents only the methods it serves; each other one answers the error the docs name', async () => {
    const inputs = await loadInputs({ manifestPath: `${fixture}.a2a.yaml`, cwd: FIXTURES });
    const protocol = inputs.protocol;
    const model = inputs.agent;
    const project = await fixtureProject(fixture);
    const docs = (name: string): string => readFileSync(join(project.dir, 'src/a2a/docs', name), 'utf8');
    const openrpc = JSON.parse(docs('openrpc.json'));
    const named: { name: string; error?: { code: number } }[] = openrpc['x-a2a-unserved'] ?? [];
    expect(named.map((u) => u.name)).toEqual(unserved);
    const served = openrpc.methods.map((m: { name: string }) => m.name);
    expect([...served, ...unserved].sort()).toEqual(protocol.methods.map((m) => m.name).sort());
    const html = docs('index.html');
    for (const name of unserved) expect(html).not.toContain(`<h3><code>${name}</code>`);
    for (const name of served) expect(html).toContain(`<h3><code>${name}</code>`);
    // The try-it panel offers the served methods only.
    for (const name of unserved) expect(html).not.toContain(`<option value="${name}"`);
    for (const name of served) expect(html).toContain(`<option value="${name}"`);

    const agent = await startAgent(project);
    const headers: Record<string, string> = model.security.schemes.length ? { authorization: `Bearer ${TOKEN}` } : {};
    for (const u of named) {
      const method = protocol.methods.find((m) => m.name === u.name)!;
      const answer = await rpc(agent.url, u.name, methodExample(method, protocol, model).params, headers);
      expect(answer.body.error?.code, u.name).toBe(u.error?.code);
    }
  });
});
