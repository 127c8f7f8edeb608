// The generated client, bundled with esbuild, in headless Chromium: a page on one loopback
// origin calls the generated server on another, so CORS (preflight included) is exercised.
import { build } from 'esbuild';

import { beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, staticServer } from '../helpers/browser.js';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

describe('generated client in a browser', () => {
  let page: Awaited<ReturnType<Awaited<ReturnType<typeof launchChromium>>['newPage']>>;
  let agent: RunningAgent;
  let consoleErrors: string[];

  beforeAll(async () => {
    const project = await fixtureProject('full-v0.3.0');
    const bundle = await build({
      stdin: {
        contents: `import * as client from './src/a2a/client/index.ts'; globalThis.a2a = client;`,
        resolveDir: project.dir,
        sourcefile: 'entry.ts',
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'chrome120',
      write: false,
      logLevel: 'error',
    });
    const site = await staticServer({
      '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>client test</title><script src="/client.js"></script>' },
      '/client.js': { type: 'text/javascript', body: bundle.outputFiles[0].text },
    });
    agent = await startAgent(project, { cors: { origins: [site.origin] } });
    const browser = await launchChromium();
    page = await browser.newPage();
    consoleErrors = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await page.goto(site.origin + '/');
  }, 120_000);

  it('discovers the agent, sends a message and reads a stream across origins', async () => {
    const result = await page.evaluate(
      async ({ origin, token }) => {
        const { A2AClient, bearer, createMessage } = (globalThis as any).a2a;
        const client = await A2AClient.fromCardUrl(origin, { auth: bearer(token), validateResponses: true });
        const reply = await client.sendMessage({ message: createMessage('user', 'reply from the browser') });
        const kinds: string[] = [];
        for await (const event of client.sendMessageStream({ message: createMessage('user', 'events 3') }))
          kinds.push(event.kind + ':' + (event.status?.state ?? ''));
        const sum = await client.skills.add({ a: 2, b: 40 });
        return { name: client.card.name, reply: reply.parts[0].text, kinds, sum };
      },
      { origin: agent.origin, token: TOKEN },
    );
    expect(result).toEqual({
      name: 'Test Agent',
      reply: 'from the browser',
      kinds: ['task:submitted', 'status-update:working', 'status-update:working', 'status-update:working', 'status-update:completed'],
      sum: { sum: 42 },
    });
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
  });

  it('a 401 surfaces as A2AHttpError with the challenge (exposed through CORS)', async () => {
    const error = await page.evaluate(
      async ({ url }) => {
        const { A2AClient } = (globalThis as any).a2a;
        try {
          await new A2AClient({ url }).getTask({ id: 'x' });
          return null;
        } catch (e: any) {
          return { name: e.name, status: e.status, challenge: e.wwwAuthenticate };
        }
      },
      { url: agent.url },
    );
    expect(error).toEqual({ name: 'A2AHttpError', status: 401, challenge: expect.stringContaining('Bearer realm="a2a"') });
  });

  it('a server without the page origin in its CORS list is unreachable from the page', async () => {
    const closed = await startAgent(await fixtureProject('full-v0.3.0'), { cors: { origins: [] } });
    const outcome = await page.evaluate(
      async ({ url, token }) => {
        const { A2AClient, bearer } = (globalThis as any).a2a;
        try {
          await new A2AClient({ url, auth: bearer(token) }).getTask({ id: 'x' });
          return 'reached';
        } catch (e: any) {
          return e.name + ':' + e.reason;
        }
      },
      { url: closed.url, token: TOKEN },
    );
    expect(outcome).toBe('A2ATransportError:network');
    consoleErrors.length = 0; // Chromium logs the CORS refusal itself
  });
});
