// Headless Chromium (Debian's package, never a downloaded browser) driven by playwright-core,
// and a static server for test pages on its own loopback origin.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), as .ci/run does`);
  // Flags beyond the sandbox ones keep Chromium's own traffic (updates, sync, QUIC probes) out of
  // the requests tests watch.
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
  afterAll(() => browser.close());
  return browser;
}

/** Serves fixed files (path → content) on 127.0.0.1; everything else is 404. */
export async function staticServer(files: Record<string, { type: string; body: string }>): Promise<{ origin: string; close(): Promise<void> }> {
  const all: Record<string, { type: string; body: string }> = { '/favicon.ico': { type: 'image/x-icon', body: '' }, ...files };
  const server: Server = createServer((req, res) => {
    const file = all[req.url ?? '/'];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  afterAll(close);
  return { origin, close };
}
