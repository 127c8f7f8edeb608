// Starts a generated agent's server on an ephemeral loopback port with the test skills, and
// a webhook receiver for push notifications. Everything started is closed after the file.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { agentProject, type AgentProject } from './agent-project.js';
import { scriptHandler } from './script-executor.js';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents');
export const fixtureProject = (name: string): Promise<AgentProject> => agentProject(name, readFileSync(join(FIXTURES, `${name}.a2a.yaml`), 'utf8'));

export const TOKEN = 'good-token';
export const API_KEY = 'good-key';
export const FORBIDDEN_TOKEN = 'known-but-forbidden';

export interface RunningAgent {
  url: string;
  origin: string;
  server: { close(options?: { graceMs?: number }): Promise<void>; tasks: { activeRuns: number }; card: Record<string, unknown> };
  errors: Record<string, new (message?: string, data?: unknown) => Error>;
  /** The node:http server listening. */
  http: Server;
  close(): Promise<void>;
}

type AnyOptions = Record<string, unknown>;

export async function startAgent(project: AgentProject, extra: AnyOptions = {}): Promise<RunningAgent> {
  const { createA2AServer, acceptSecrets, forbidden } = await project.load<any>('a2a/server/index.js');
  const errors = await project.load<any>('a2a/errors.js');
  const secrets = acceptSecrets([TOKEN]);
  const keys = acceptSecrets([API_KEY]);
  const bearer = (token: string) => (token === FORBIDDEN_TOKEN ? forbidden('this token may not call the agent') : secrets(token));
  const server = createA2AServer({
    skills: {
      script: scriptHandler(errors),
      add: (ctx: { input?: { a: number; b: number } }) => (ctx.input ? { sum: ctx.input.a + ctx.input.b } : 'send {a, b}'),
      images: () => 'an image',
      'secret-skill': () => 'secret',
      echo: (ctx: { text: string }) => ctx.text,
      // Multi-turn and never the default: a follow-up reaches it only by belonging to its task.
      interview: (ctx: { text: string; task?: unknown; skill?: { reason: string } }, events: { inputRequired(c: string): void; complete(c: string): void }) =>
        ctx.task ? events.complete(`interview got: ${ctx.text} (routed by ${ctx.skill?.reason})`) : events.inputRequired('who are you?'),
    },
    defaultSkill: 'script',
    auth: { bearer, key: keys, Bearer: bearer },
    push: { allowPrivateTargets: [], retryDelaysMs: [50, 100] },
    logger: false,
    cors: { origins: ['http://app.example'] },
    abandonGraceMs: 150,
    // Closing after a file: work still running then (slow tasks) is stopped almost at once.
    shutdownGraceMs: 100,
    ...extra,
  });
  const listening = await server.listen({ port: 0, host: '127.0.0.1' });
  const agent: RunningAgent = {
    url: listening.url,
    origin: `http://127.0.0.1:${listening.port}`,
    server,
    errors,
    http: listening.server,
    close: () => server.close(),
  };
  afterAll(() => agent.close());
  return agent;
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: any;
}

/** A webhook receiver on 127.0.0.1 that records what it receives. */
export async function webhookReceiver(
  status = 200,
  headers: Record<string, string> = {},
): Promise<{ url: string; received: Delivery[]; next(): Promise<Delivery>; close(): Promise<void>; server: Server }> {
  const received: Delivery[] = [];
  const waiters: ((d: Delivery) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') };
      received.push(delivery);
      waiters.shift()?.(delivery);
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  let seen = 0;
  const receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    server,
    next: () => (seen < received.length ? Promise.resolve(received[seen++]) : new Promise<Delivery>((r) => waiters.push((d) => (seen++, r(d))))),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  afterAll(() => receiver.close());
  return receiver;
}
