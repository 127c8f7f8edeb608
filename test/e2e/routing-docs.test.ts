// The routing rules as the READMEs show them, checked against the generated server: every
// example message of the repository README and of a scaffold's README is sent as written, and
// must reach the skill the text next to it names. Each skill answers with its own id.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { ROOT } from '../helpers/examples.js';
import { rpc } from '../helpers/http.js';

const ROUTE_INPUT = { type: 'object', required: ['origin', 'destination'], properties: { origin: { type: 'string' }, destination: { type: 'string' } } };

/** Three skills: the first untyped (the default), a typed one, and an untyped last one. */
const manifest = (spec: string, skills: { id: string; input?: unknown }[]) =>
  JSON.stringify({
    spec,
    agent: {
      name: 'Routing Docs',
      description: 'Routes.',
      version: '1.0.0',
      url: 'http://127.0.0.1:41241/',
      capabilities: { streaming: false },
      defaultInputModes: ['text/plain', 'application/json'],
      defaultOutputModes: ['text/plain'],
    },
    skills: skills.map((s) => ({ name: s.id, description: s.id, tags: ['t'], ...s })),
  });

const closers: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(closers.map((c) => c())));

/** The generated agent for a manifest, each skill answering its own id; sends a message and says which skill answered. */
async function routingAgent(name: string, text: string, spec: string): Promise<{ send(method: string, message: unknown): Promise<string>; readme: string }> {
  const project = await agentProject(name, text, spec);
  const { createA2AServer } = await project.load<any>('a2a/server/index.js');
  const { protocol } = await project.load<any>('a2a/protocol.js');
  const ids = (JSON.parse(text) as { skills: { id: string }[] }).skills.map((s) => s.id);
  const server = createA2AServer({ skills: Object.fromEntries(ids.map((id) => [id, () => `skill:${id}`])), logger: false });
  const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => server.close());
  return {
    readme: readFileSync(join(project.dir, 'README.md'), 'utf8'),
    async send(method, message) {
      // v0.1.0 callers choose the task id; later versions take the message alone.
      const params = protocol.features.clientTaskIds ? { id: randomUUID(), message } : { message };
      const { body } = await rpc(url, method, params);
      expect(body.error, JSON.stringify(body.error)).toBeUndefined();
      const reply = body.result.parts ?? body.result.status?.message?.parts ?? body.result.artifacts?.[0]?.parts;
      return String(reply?.[0]?.text ?? '').replace(/^skill:/, '');
    },
  };
}

describe('routing, as the READMEs show it', () => {
  it('the repository README: each example message reaches the skill it names', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### How a message reaches a skill'), readme.indexOf('## Commands'));
    const messages = /```json\n([\s\S]*?)```/
      .exec(section)![1]
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const expected = [...section.matchAll(/to `([^`]+)` \(rule \d/g)].map((m) => m[1]);
    expect(messages).toHaveLength(3);
    expect(expected).toHaveLength(3);
    const agent = await routingAgent('readme-routing', manifest('0.3.0', [{ id: 'echo' }, { id: 'route', input: ROUTE_INPUT }]), '0.3.0');
    const reached = [];
    for (const m of messages) reached.push(await agent.send('message/send', m));
    expect(reached).toEqual(expected);
  });

  it.each(['0.3.0', '0.2.5', '0.1.0'])("a scaffold's README (v%s): one example per rule, each reaching the skill it names", async (spec) => {
    const skills = [{ id: 'chat' }, { id: 'route', input: ROUTE_INPUT }, { id: 'shout' }];
    const agent = await routingAgent(`scaffold-routing-${spec}`, manifest(spec, skills), spec);
    const examples = [...agent.readme.matchAll(/^To `([^`]+)` \(rule (\d).*, as `params\.message` of `([^`]+)`:\n\n(`{3,})json\n([\s\S]*?)\n\4$/gm)].map(
      (m) => ({ skill: m[1], rule: m[2], method: m[3], message: JSON.parse(m[5]) }),
    );
    // Each rule shown once, each with a skill of its own: the last (named), the typed one, the first (default).
    expect(examples.map((e) => [e.rule, e.skill])).toEqual([
      ['1', 'shout'],
      ['2', 'route'],
      ['3', 'chat'],
    ]);
    expect(new Set(examples.map((e) => e.method))).toEqual(new Set([spec === '0.1.0' ? 'tasks/send' : 'message/send']));
    for (const e of examples) expect(await agent.send(e.method, e.message), `rule ${e.rule}`).toBe(e.skill);
  });
});
