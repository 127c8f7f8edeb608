// The docs page of what `init` makes — A2A v1.0 answering v0.3.0 clients too, JSON-RPC and
// HTTP+JSON — in headless Chromium, with bearer auth: the try-it panel opens on SendMessage, sends
// `A2A-Version: 1.0` with every call (without it the agent serves the request as v0.3 and answers
// "Method not found: SendMessage"), fills the message for the skill picked, and calls SendMessage
// and SendStreamingMessage over both bindings. API.md's curl examples send the header too.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';
import type { AgentProject } from '../helpers/agent-project.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Loose = Record<string, any>;

describe('the try-it panel of a v1.0 + compat agent', () => {
  let project: AgentProject;
  let browser: Browser;
  let agent: RunningAgent;
  let page: Page;
  const problems: string[] = [];
  const sent: { url: string; headers: Record<string, string> }[] = [];

  beforeAll(async () => {
    project = await fixtureProject('docs-v1.0');
    agent = await startAgent(project);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => r.method() !== 'GET' && sent.push({ url: r.url(), headers: r.headers() }));
    await page.goto(`${agent.origin}/docs`);
  });

  /** Sends what the panel holds and waits for the answer to end. */
  async function send(edit?: (params: Loose) => void): Promise<string> {
    if (edit) {
      const params = JSON.parse(await page.inputValue('#try-params'));
      edit(params);
      await page.fill('#try-params', JSON.stringify(params, null, 2));
    }
    await page.click('#try-send');
    await page.waitForFunction(
      () => !(document.getElementById('try-send') as HTMLButtonElement).disabled && document.getElementById('try-status')!.textContent !== '',
    );
    return (await page.textContent('#try-status')) ?? '';
  }
  const outputs = async (): Promise<Loose[]> => (await page.locator('#try-output pre').allTextContents()).map((t) => JSON.parse(t));
  const params = async (): Promise<Loose> => JSON.parse(await page.inputValue('#try-params'));

  it('opens on SendMessage, offers the skills and both bindings', async () => {
    expect(await page.inputValue('#try-method')).toBe('SendMessage');
    expect(await page.locator('#try-skill option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['', 'script', 'add']);
    expect(await page.locator('#try-binding option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['jsonrpc', 'rest']);
  });

  it('a picked skill fills the message for its input: a data part for a typed skill, named in metadata.skillId', async () => {
    await page.selectOption('#try-skill', 'add');
    const message = (await params()).message;
    expect(message.metadata).toEqual({ skillId: 'add' });
    expect(message.parts).toEqual([{ data: { a: expect.any(Number), b: expect.any(Number) } }]);
    await page.selectOption('#try-method', 'SendStreamingMessage');
    expect((await params()).message.metadata).toEqual({ skillId: 'add' });
  });

  it('SendMessage over JSON-RPC with a bearer token: the typed skill answers', async () => {
    await page.locator('.try-credential[data-kind="authorization"]').fill(TOKEN);
    await page.selectOption('#try-method', 'SendMessage');
    expect(await send((p) => (p.message.parts = [{ data: { a: 2, b: 3 } }]))).toMatch(/^HTTP 200/);
    const [answer] = await outputs();
    expect(answer.result.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(answer.result.task.artifacts.at(-1).parts).toEqual([expect.objectContaining({ data: { sum: 5 } })]);
  });

  it('SendStreamingMessage over JSON-RPC: each event a StreamResponse', async () => {
    await page.selectOption('#try-skill', 'script');
    await page.selectOption('#try-method', 'SendStreamingMessage');
    expect((await params()).message.metadata).toEqual({ skillId: 'script' });
    expect(await send((p) => (p.message.parts = [{ text: 'events 2' }]))).toMatch(/^HTTP 200 .*text\/event-stream · \d+ events, stream ended$/);
    const events = (await outputs()).map((e) => e.result);
    expect(events.filter((e) => e.statusUpdate?.status.state === 'TASK_STATE_WORKING').length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1).statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('SendMessage and SendStreamingMessage over HTTP+JSON', async () => {
    await page.selectOption('#try-binding', 'rest');
    await page.selectOption('#try-skill', 'add');
    await page.selectOption('#try-method', 'SendMessage');
    expect(await send((p) => (p.message.parts = [{ data: { a: 20, b: 22 } }]))).toMatch(/^HTTP 200/);
    const [answer] = await outputs();
    expect(answer.task.artifacts.at(-1).parts).toEqual([expect.objectContaining({ data: { sum: 42 } })]);
    expect(new URL(sent.at(-1)!.url).pathname).toBe('/a2a/rest/message:send');

    await page.selectOption('#try-skill', 'script');
    await page.selectOption('#try-method', 'SendStreamingMessage');
    expect(await send((p) => (p.message.parts = [{ text: 'events 2' }]))).toMatch(/^HTTP 200 .*text\/event-stream · \d+ events, stream ended$/);
    const events = await outputs();
    expect(events.at(-1)!.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    expect(new URL(sent.at(-1)!.url).pathname).toBe('/a2a/rest/message:stream');
  });

  it('without credentials the agent answers 401, over HTTP+JSON too', async () => {
    await page.locator('.try-credential[data-kind="authorization"]').fill('');
    await page.selectOption('#try-method', 'SendMessage');
    expect(await send()).toMatch(/^HTTP 401/);
  });

  it('every call named its version, to the agent’s own origin; nothing logged an error', () => {
    expect(sent.length).toBe(5);
    for (const request of sent) {
      expect(new URL(request.url).origin).toBe(agent.origin);
      expect(request.headers['a2a-version']).toBe('1.0');
      expect(request.headers.authorization ?? `Bearer ${TOKEN}`).toBe(`Bearer ${TOKEN}`);
    }
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });

  it('API.md’s curl examples send A2A-Version: 1.0', async () => {
    const api = await readFile(join(project.dir, 'src', 'a2a', 'docs', 'API.md'), 'utf8');
    const curls = [...api.matchAll(/curl [\s\S]*?-d '/g)].map((m) => m[0]);
    expect(curls.length).toBeGreaterThan(3);
    for (const curl of curls) expect(curl).toContain("-H 'A2A-Version: 1.0'");
  });

  it('a v0.3 request naming a v1.0 method is told how to ask for 1.0', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
    });
    const response = await fetch(agent.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body });
    const { error } = await response.json();
    expect(error.code).toBe(-32601);
    expect(error.message).toMatch(/^Method not found: SendMessage .*send "A2A-Version: 1\.0"$/);
  });
});
