// A client generated with gRPC, bundled for the browser: the bundle holds nothing of gRPC (the
// transport is loaded by a specifier bundlers do not follow), and in headless Chromium the client
// passes over the card's preferred gRPC interface — which a browser cannot speak — for JSON-RPC.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { launchChromium, staticServer } from '../helpers/browser.js';
import { FIXTURES, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

describe('a client generated with gRPC, in a browser', () => {
  let page: Awaited<ReturnType<Awaited<ReturnType<typeof launchChromium>>['newPage']>>;
  let agent: RunningAgent;
  let bundle: string;

  beforeAll(async () => {
    // gRPC first in server.bindings: the card prefers it.
    const manifest = readFileSync(join(FIXTURES, 'grpc-v1.0.a2a.yaml'), 'utf8').replace('bindings: [jsonrpc, rest, grpc]', 'bindings: [grpc, jsonrpc, rest]');
    const project = await agentProject('grpc-first-v1.0', manifest);
    const built = await build({
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
    bundle = built.outputFiles[0].text;
    const site = await staticServer({
      '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>client test</title><script src="/client.js"></script>' },
      '/client.js': { type: 'text/javascript', body: bundle },
    });
    agent = await startAgent(project, { cors: { origins: [site.origin] } });
    const browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(site.origin + '/');
  }, 120_000);

  it('bundles without gRPC: no @grpc/grpc-js, no codec', () => {
    expect(bundle).not.toMatch(/grpc-js|http2|ProtoEncoder|makeUnaryRequest/);
  });

  it('skips the preferred gRPC interface for JSON-RPC, and says why when gRPC is asked for', async () => {
    expect((agent.server.card.supportedInterfaces as { protocolBinding: string }[])[0].protocolBinding).toBe('GRPC');
    const result = await page.evaluate(
      async ({ origin, token }) => {
        const { A2AClient, bearer } = (globalThis as any).a2a;
        const client = await A2AClient.fromCardUrl(origin, { auth: bearer(token) });
        const reply = await client.sendMessage({ message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'reply from the browser' }] } });
        const forced = new A2AClient({ url: '127.0.0.1:1', binding: 'GRPC' });
        const refused = await forced.getTask({ id: 'x' }).then(
          () => 'reached',
          (e: any) => `${e.name}: ${e.message}`,
        );
        return { binding: client.transport.options.binding, reply: reply.message.parts[0].text, refused };
      },
      { origin: agent.origin, token: TOKEN },
    );
    expect(result).toEqual({
      binding: 'JSONRPC',
      reply: 'from the browser',
      refused: 'A2ATransportError: gRPC needs Node: in a browser use JSON-RPC or HTTP+JSON',
    });
  });
});
