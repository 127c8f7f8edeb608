// The docs page as the agent serves it (GET /docs), in headless Chromium: the try-it panel sends
// message/send and message/stream with a bearer token or an API key, shows a 401 for a bad
// token, follows the task it made, and shows HTML in an answer as text. Descriptions render
// their Markdown subset; an XSS probe in the manifest stays text; every request the page makes
// goes to the agent's own origin. Screenshots are kept under test/.output/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { scriptHandler } from '../helpers/script-executor.js';
import { API_KEY, fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

const OUTPUT = join(import.meta.dirname, '..', '.output');
type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Loose = Record<string, any>;

describe('the try-it panel of the served docs', () => {
  let browser: Browser;
  let agent: RunningAgent;
  let page: Page;
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    const project = await fixtureProject('docs-v0.3.0');
    const errors = await project.load<any>('a2a/errors.js');
    agent = await startAgent(project, { skills: { script: scriptHandler(errors), echo: (c: { text: string }) => c.text } });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.goto(`${agent.origin}/docs`);
  });

  it('may not be framed by another site: the served page says so in its headers', async () => {
    const res = await fetch(`${agent.origin}/docs`);
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  const credential = (kind: string) => page.locator(`.try-credential[data-kind="${kind}"]`);
  /** Picks a method, optionally rewrites its params, sends, and waits for the answer to end. */
  async function call(method: string, edit?: (params: Loose) => void): Promise<string> {
    await page.selectOption('#try-method', method);
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
  const outputs = (): Promise<string[]> => page.locator('#try-output pre').allTextContents();
  const screenshot = async (name: string): Promise<void> => {
    await page.locator('#try-status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, name) });
  };

  it('offers only the methods the agent serves, with example params, and says where it sends', async () => {
    expect(await page.locator('#try-offline').isHidden()).toBe(true);
    const offered = await page.locator('#try-method option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toEqual(['message/send', 'message/stream', 'tasks/cancel', 'tasks/get', 'tasks/resubscribe']);
    // Push notifications are off and there is no extended card: named once, with the error they get.
    const unserved = await page.locator('#unserved li').allTextContents();
    expect(unserved).toHaveLength(5);
    expect(unserved.join('\n')).toMatch(/agent\/getAuthenticatedExtendedCard: the agent offers no authenticated extended card; answers -32007/);
    expect(unserved.join('\n')).toMatch(/tasks\/pushNotificationConfig\/set: capabilities\.pushNotifications is not true; answers -32003/);
    const methodLinks = await page.locator('nav a[data-target^="method-"]').allTextContents();
    expect(methodLinks).toEqual(offered);
    expect(JSON.parse(await page.inputValue('#try-params')).message.parts[0].text).toBe('reply hello from the docs');
    expect(await credential('authorization').getAttribute('data-param')).toBe('Bearer');
    expect(await credential('header').getAttribute('data-param')).toBe('X-API-Key');
  });

  it('message/send with a bearer token shows the answer', async () => {
    await credential('authorization').fill(TOKEN);
    const status = await call('message/send');
    expect(status).toMatch(/^HTTP 200/);
    expect(await page.getAttribute('#try-status', 'class')).toBe('ok');
    const [answer] = await outputs();
    expect(JSON.parse(answer).result.parts[0].text).toBe('hello from the docs');
    await screenshot('docs-try-it-send.png');
  });

  it('message/stream shows each SSE event as it arrives; tasks/get then starts from that task', async () => {
    const status = await call('message/stream', (p) => (p.message.parts[0].text = 'events 3'));
    expect(status).toMatch(/^HTTP 200 .*text\/event-stream · \d+ events, stream ended$/);
    const events = (await outputs()).map((e) => JSON.parse(e).result);
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(events.filter((e) => e.kind === 'status-update' && e.status.state === 'working')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
    expect(await page.locator('#try-output figcaption').first().textContent()).toBe('event 1');
    await screenshot('docs-try-it-stream.png');

    const taskId = events.at(-1).taskId;
    await page.selectOption('#try-method', 'tasks/get');
    expect(JSON.parse(await page.inputValue('#try-params')).id).toBe(taskId);
    expect(await call('tasks/get')).toMatch(/^HTTP 200/);
    expect(JSON.parse((await outputs())[0]).result).toMatchObject({ id: taskId, status: { state: 'completed' } });
  });

  it('an API key works as well; a bad token is a clear 401', async () => {
    await credential('authorization').fill('');
    await credential('header').fill(API_KEY);
    expect(await call('message/send')).toMatch(/^HTTP 200/);
    await credential('header').fill('');
    await credential('authorization').fill('not-the-token');
    const status = await call('message/send');
    expect(status).toMatch(/^HTTP 401 .*did not accept these credentials \(WWW-Authenticate: Bearer/);
    expect(await page.getAttribute('#try-status', 'class')).toBe('bad');
    expect(JSON.parse((await outputs())[0]).error).toBe('unauthorized');
    await screenshot('docs-try-it-401.png');
  });

  it('HTML in an answer is shown as text', async () => {
    await credential('authorization').fill(TOKEN);
    const html = `<img src=x onerror="window.__xss='answer'"><b>bold</b>`;
    expect(await call('message/send', (p) => (p.message.parts[0].text = `reply ${html}`))).toMatch(/^HTTP 200/);
    expect(JSON.parse((await outputs())[0]).result.parts[0].text).toBe(html);
    expect(await page.locator('#try-output img, #try-output b').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it('params that are not JSON are refused in the page, nothing is sent', async () => {
    const before = requests.length;
    await page.selectOption('#try-method', 'tasks/get');
    await page.fill('#try-params', '{ not json');
    await page.click('#try-send');
    expect(await page.textContent('#try-status')).toMatch(/^The params are not JSON/);
    expect(requests.length).toBe(before);
  });

  it('descriptions render their Markdown; the XSS probe stays text', async () => {
    const script = page.locator('#skills article').first().locator('.desc');
    expect(await script.locator('li code').allTextContents()).toEqual(['reply <text>', 'events <n>']);
    expect(await script.locator('em').textContent()).toBe('n');
    expect(await script.locator('strong').textContent()).toBe('completed');
    const overview = page.locator('#overview .desc');
    expect(await overview.locator('a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual(['https://a2a-protocol.org/']);
    expect(await overview.textContent()).toContain('[this](javascript:alert(1))');
    // The schema's descriptions too: code spans instead of raw backticks.
    expect(await page.locator('#type-TaskResubscriptionRequest .desc code').first().textContent()).toBe('tasks/resubscribe');
    const echo = page.locator('#skills article').nth(1).locator('.desc');
    expect(await echo.textContent()).toBe(`<img src=x onerror="window.__xss='img'"><script>window.__xss='script'</script>`);
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it('every request the page made went to its own origin; nothing logged an error', () => {
    expect(requests.length).toBeGreaterThanOrEqual(7); // the page, then six calls
    expect(requests.filter((url) => new URL(url).origin !== agent.origin)).toEqual([]);
    // The 401 above is logged by Chromium as a failed resource, not by the page.
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });
});
