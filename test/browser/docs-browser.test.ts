// index.html opened from disk in headless Chromium with the network blocked: every method the
// agent serves and every skill listed, full method names in the sidebar, the search filters, the
// try-it panel says it needs the agent's server, no console errors, no request leaves the page,
// and an XSS probe in the manifest stays text. A screenshot of each page is kept under
// test/.output/. The panel against a running agent: docs-try-it.test.ts.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { launchChromium } from '../helpers/browser.js';
import { exampleText } from '../helpers/examples.js';

const OUTPUT = join(import.meta.dirname, '..', '.output');
type Browser = Awaited<ReturnType<typeof launchChromium>>;

async function openDocs(browser: Browser, name: string, manifest: string) {
  const project = await agentProject(`browser-docs-${name}`, manifest);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  // Nothing may go out: every non-file request is refused (and recorded above).
  await page.route(/^(?!file:)/, (route) => route.abort());
  const url = pathToFileURL(join(project.dir, 'src/a2a/docs/index.html')).href;
  await page.goto(url);
  const served = JSON.parse(readFileSync(join(project.dir, 'src/a2a/docs/openrpc.json'), 'utf8')).methods.map((m: { name: string }) => m.name);
  return { page, problems, requests: () => requests.filter((r) => r !== url), url, served };
}

describe('generated docs in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    browser = await launchChromium();
  });

  it.each(['georoute', 'hello', 'currency', 'legacy-v0.1'])('%s: lists everything, searches, makes no request, logs no error', async (example) => {
    const { page, problems, requests, served } = await openDocs(browser, example, exampleText(example));
    const methods = await page.locator('#methods article').count();
    const skills = await page.locator('#skills article').count();
    expect(methods).toBe(served.length);
    expect(methods).toBeGreaterThanOrEqual(5);
    expect(skills).toBe((exampleText(example).match(/^ {2}- id: /gm) ?? []).length);
    // The sidebar shows every method name whole: it wraps (after a slash), never cuts.
    const links = page.locator('nav a[data-target^="method-"]');
    expect(await links.allTextContents()).toEqual(served);
    for (const overflow of await links.evaluateAll((as) => as.map((a) => a.scrollWidth - a.clientWidth))) expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.locator('#try-method option').count()).toBe(methods);
    expect(await page.locator('#try-offline').isVisible()).toBe(true);
    expect(await page.locator('#try-send').isDisabled()).toBe(true);
    const searchFor = example === 'legacy-v0.1' ? 'tasks/get' : 'message/send';
    await page.fill('#search', searchFor);
    expect(await page.locator('#methods article:not(.hidden)').count()).toBe(1);
    expect(await page.locator('#skills').isHidden()).toBe(true);
    await page.fill('#search', 'no such thing anywhere');
    expect(await page.locator('#nothing').isVisible()).toBe(true);
    await page.fill('#search', '');
    expect(await page.locator('#methods article:not(.hidden)').count()).toBe(methods);
    await page.click('#theme');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toMatch(/^(light|dark)$/);
    await page.screenshot({ path: join(OUTPUT, `docs-${example}.png`), fullPage: false });
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(OUTPUT, `docs-${example}-phone.png`) });
    expect(problems).toEqual([]);
    expect(requests()).toEqual([]);
    await page.close();
  });

  it('an XSS probe in manifest strings renders as text and never runs', async () => {
    const probe = `<img src=x onerror="window.__xss='img'"><script>window.__xss='script'</script>`;
    const manifest = exampleText('hello')
      .replace("description: Returns the user's text unchanged.", `description: ${JSON.stringify(probe)}`)
      .replace('name: Hello Agent', `name: ${JSON.stringify('Hello <svg onload="window.__xss=1">')}`)
      .replace('examples: ["hello there"]', `examples: [${JSON.stringify('"><script>window.__xss=2</script>')}]`);
    const { page, problems, requests } = await openDocs(browser, 'xss', manifest);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('#skills article .desc').first().textContent()).toBe(probe);
    expect(await page.locator('header h1').textContent()).toContain('<svg onload=');
    await page.screenshot({ path: join(OUTPUT, 'docs-xss-probe.png') });
    expect(problems).toEqual([]);
    expect(requests()).toEqual([]);
    await page.close();
  });
});
