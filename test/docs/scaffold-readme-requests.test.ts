// The scaffold README's requests work as written: every curl command of its shell blocks and every
// routing example (a JSON `params.message`) is sent to the agent it was generated for and answered,
// not refused — on what `init` makes (A2A v1.0 answering v0.3.0 clients too) and on a v0.3.0 agent.
// v1.0's JSON once had `{ "": "text" }` parts and `"role": "user"`, and no `A2A-Version` header.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProject, type AgentProject } from '../helpers/agent-project.js';
import { ROOT } from '../helpers/examples.js';
import { startAgent, type RunningAgent } from '../helpers/server.js';

interface CurlRequest {
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The words of a POSIX shell command line, for the quoting the README uses ('…', "…", bare). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const pattern = /'((?:[^']|'\\'')*)'|"([^"]*)"|(\S+)/g;
  for (const m of line.matchAll(pattern)) words.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : (m[2] ?? m[3]));
  return words;
}

/** Each curl command of the README's ```sh blocks, its continuation lines joined and its comments dropped. */
function curlCommands(readme: string): CurlRequest[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].replace(/\\\n\s*/g, ' '));
  const lines = blocks.flatMap((b) => b.split('\n')).filter((l) => l.trimStart().startsWith('curl '));
  return lines.map((line) => {
    const words = shellWords(line.replace(/\s#.*$/, ''));
    const request: CurlRequest = { url: '', headers: {} };
    for (let i = 1; i < words.length; i++) {
      if (words[i] === '-H') {
        const [name, ...value] = words[++i].split(':');
        request.headers[name.trim().toLowerCase()] = value.join(':').trim();
      } else if (words[i] === '-d') request.body = words[++i];
      else if (!words[i].startsWith('-')) request.url = words[i];
    }
    return request;
  });
}

/** The routing examples: each ```json block and the method the sentence before it names. */
function routingMessages(readme: string): { method: string; message: unknown }[] {
  return [...readme.matchAll(/as `params\.message` of `([^`]+)`[^\n]*:\n\n```json\n([\s\S]*?)```/g)].map((m) => ({ method: m[1], message: JSON.parse(m[2]) }));
}

const cases = [
  { example: 'hello-v1', versionHeader: { 'a2a-version': '1.0' } as Record<string, string> },
  { example: 'hello', versionHeader: {} as Record<string, string> },
];

describe.each(cases)('the scaffold README of $example, sent as written', ({ example, versionHeader }) => {
  let project: AgentProject;
  let agent: RunningAgent;
  let readme: string;

  beforeAll(async () => {
    project = await agentProject(`readme-requests-${example}`, readFileSync(join(ROOT, 'examples', `${example}.a2a.yaml`), 'utf8'));
    agent = await startAgent(project);
    readme = await readFile(join(project.dir, 'README.md'), 'utf8');
  });

  /** The README's URLs name the manifest's port; the test's agent listens on one of its own. */
  const here = (url: string): string => url.replace(/^http:\/\/127\.0\.0\.1:\d+/, agent.origin);

  it('shows a curl command for each binding the agent serves, and each is answered', async () => {
    const commands = curlCommands(readme);
    expect(commands.map((c) => new URL(c.url).pathname)).toEqual(example === 'hello-v1' ? ['/', '/rest/message:send'] : ['/', '/rest/v1/message:send']);
    for (const command of commands) {
      expect(command.headers).toMatchObject(versionHeader);
      const response = await fetch(here(command.url), { method: 'POST', headers: command.headers, body: command.body });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      const answer = JSON.parse(text);
      expect(answer.error, text).toBeUndefined();
      const result = command.body?.includes('"jsonrpc"') ? answer.result : answer;
      expect(JSON.stringify(result), text).toMatch(/hello/);
    }
  });

  it('answers each routing example as params.message of the send method, with the header the curl commands send', async () => {
    const examples = routingMessages(readme);
    expect(examples.length).toBeGreaterThan(0);
    for (const { method, message } of examples) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { message } });
      const response = await fetch(agent.url, { method: 'POST', headers: { 'content-type': 'application/json', ...versionHeader }, body });
      const answer = await response.json();
      expect(answer.error, JSON.stringify(answer)).toBeUndefined();
      expect(answer.result).toBeDefined();
    }
  });
});
