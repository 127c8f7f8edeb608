// An agent whose card declares auth, started without the secrets its main.ts reads: it says so
// before `listening on` — which variable is missing and that every request will be refused —
// instead of starting quietly and answering 401 to everyone. The agents are generated projects
// (the v1.0 hello agent with bearer auth; bearer or an API key), run as `npm start` runs them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject, type AgentProject } from '../helpers/agent-project.js';
import { ROOT } from '../helpers/examples.js';
import { FIXTURES } from '../helpers/server.js';
import { startAgentProcess, type AgentProcess } from '../tck/agent-process.js';

const BEARER_ONLY = readFileSync(join(ROOT, 'examples', 'hello-v1.a2a.yaml'), 'utf8').replace(
  '  defaultInputModes:',
  `  securitySchemes:
    bearer: { httpAuthSecurityScheme: { scheme: Bearer } }
  securityRequirements:
    - schemes: { bearer: { list: [] } }
  defaultInputModes:`,
);

const running: AgentProcess[] = [];
afterAll(() => Promise.all(running.map((a) => a.stop())));
const start = async (project: AgentProject, env: NodeJS.ProcessEnv): Promise<AgentProcess> => {
  const agent = await startAgentProcess(project.dir, [], env);
  running.push(agent);
  return agent;
};
/** The lines before `listening on`: what the agent said as it started. */
const startUp = (agent: AgentProcess): string => agent.log().slice(0, agent.log().indexOf('listening on'));

const send = (url: string, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
    }),
  });

describe('auth declared, its secret not set', () => {
  let bearer: AgentProject;
  let either: AgentProject;
  beforeAll(async () => {
    bearer = await agentProject('missing-secret-bearer', BEARER_ONLY);
    either = await agentProject('missing-secret-either', readFileSync(join(FIXTURES, 'secure-v1.0.a2a.yaml'), 'utf8'));
  });

  it('names the variable at start-up and says every request will be refused (and it is)', async () => {
    const agent = await start(bearer, { A2A_BEARER_SECRETS: '' });
    expect(startUp(agent)).toContain(
      'a2a: A2A_BEARER_SECRETS is not set, so the "bearer" scheme accepts no credentials: every request will be refused (401), all but the public Agent Card. Set A2A_BEARER_SECRETS to the accepted secrets (comma-separated) and restart.',
    );
    expect((await send(agent.url, 'any-token')).status).toBe(401);
    expect((await fetch(new URL('/.well-known/agent-card.json', agent.url))).status).toBe(200);
  });

  it('says nothing of the kind once the variable is set', async () => {
    const agent = await start(bearer, { A2A_BEARER_SECRETS: 's3cret' });
    expect(agent.log()).not.toMatch(/not set|refused/);
    expect((await send(agent.url, 's3cret')).status).toBe(200);
  });

  it('with another way in, names the variable and only the requests that rely on it', async () => {
    const agent = await start(either, { A2A_BEARER_SECRETS: '', A2A_KEY_SECRETS: 'k3y' });
    expect(startUp(agent)).toContain(
      'a2a: A2A_BEARER_SECRETS is not set, so the "bearer" scheme accepts no credentials: requests that rely on "bearer" will be refused (401). Set A2A_BEARER_SECRETS',
    );
    expect(agent.log()).not.toContain('every request');
  });
});
