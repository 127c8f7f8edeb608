// Push notifications a receiver can trust (issue 29; an a2a-gen feature): an agent that signs its
// cards signs each webhook delivery too — a detached JWS of the exact body, with kid, jku, iat and
// jti — and the generated client's receiver helper checks the token, the signature with the keys
// of the agent's JWK Set, the age, the task id and replays. v1.0 and (through compat) v0.3
// deliveries alike.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';

type Loose = Record<string, any>;

const MANIFEST = `spec: '1.0'
compat: [0.3.0]
agent:
  name: Pushing Agent
  description: Signs its notifications.
  version: 1.0.0
  url: http://127.0.0.1:41395/
  capabilities:
    streaming: true
    pushNotifications: true
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: echo
    name: Echo
    description: Echoes.
    tags: [test]
server:
  cardSigning: true
`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let base: string;
let client: { createPushReceiver(options: Loose): { receive(request: { headers: unknown; body: string }): Promise<Loose> } };
const hook: { url: string; received: Received[]; close?: () => Promise<void> } = { url: '', received: [] };
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const project = await agentProject('push-signing', MANIFEST);
  const server = await project.load<any>('a2a/server/index.js');
  client = await project.load<any>('a2a/client/index.js');
  const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const agent = server.createA2AServer({
    // The first turn asks for more (so a push config can be set on a task still running), the second completes it.
    skills: {
      echo: (context: { text: string }, events: { inputRequired(m: string): void; complete(m: string): void }) =>
        context.text === 'again' ? events.complete('done') : events.inputRequired('and?'),
    },
    logger: false,
    cardSigningKey: key,
    push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] },
  });
  base = (await agent.listen({ port: 0, host: '127.0.0.1' })).url.replace(/\/$/, '');
  closers.push(() => agent.close());
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      hook.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`;
  closers.push(
    () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  );
}, 60_000);
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

const rpc = async (method: string, params: unknown, v1 = true): Promise<Loose> =>
  (
    await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(v1 ? { 'a2a-version': '1.0' } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json();

/** Waits for a delivery whose body satisfies `done`. */
async function delivery(done: (body: Loose) => boolean): Promise<Received> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const found = hook.received.find((r) => done(JSON.parse(r.body)));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no delivery');
}

/** A task waiting for input, with a push config on it, then completed: its deliveries. */
async function pushedTask(v1: boolean): Promise<{ taskId: string; received: Received }> {
  const message = (text: string, extra: Loose = {}) =>
    v1
      ? { message: { messageId: `m-${Math.random()}`, role: 'ROLE_USER', parts: [{ text }], ...extra }, configuration: { returnImmediately: true } }
      : {
          message: { kind: 'message', messageId: `m-${Math.random()}`, role: 'user', parts: [{ kind: 'text', text }], ...extra },
          configuration: { blocking: false },
        };
  const sent = await rpc(v1 ? 'SendMessage' : 'message/send', message('hi'), v1);
  const task = v1 ? sent.result.task : sent.result;
  const config = v1
    ? await rpc('CreateTaskPushNotificationConfig', { taskId: task.id, url: hook.url, token: 'tok' })
    : await rpc('tasks/pushNotificationConfig/set', { taskId: task.id, pushNotificationConfig: { url: hook.url, token: 'tok' } }, false);
  expect(config.error).toBeUndefined();
  await rpc(v1 ? 'SendMessage' : 'message/send', message('again', { taskId: task.id, contextId: task.contextId }), v1);
  const received = await delivery((body) => (body.task?.id ?? body.id) === task.id);
  return { taskId: task.id, received };
}

describe('signed push deliveries', () => {
  for (const v1 of [true, false]) {
    it(`${v1 ? 'v1.0' : 'v0.3'}: the receiver helper takes a delivery with the agent's JWK Set, and refuses a changed body, a wrong token or task, and sees a replay`, async () => {
      const { taskId, received } = await pushedTask(v1);
      expect(received.headers['x-a2a-notification-signature']).toMatch(/^[\w-]+\.\.[\w-]+$/);
      const receiver = client.createPushReceiver({ jwksUrl: `${base}/.well-known/jwks.json`, token: 'tok', taskIds: new Set([taskId]) });
      const taken = await receiver.receive(received);
      expect(taken).toMatchObject({ ok: true, taskId, signed: true });
      expect(taken.task.id).toBe(taskId);
      expect(await receiver.receive(received)).toMatchObject({ ok: false, status: 409, duplicate: true, reason: expect.stringMatching(/replay/) });

      const changed = { ...received, body: received.body.replace(taskId, `${taskId.slice(0, -1)}x`) };
      expect(await receiver.receive(changed)).toMatchObject({ ok: false, status: 401, reason: expect.stringMatching(/does not verify/) });
      expect(await receiver.receive({ ...received, headers: { ...received.headers, 'x-a2a-notification-token': 'other' } })).toMatchObject({
        ok: false,
        status: 401,
      });
      const unsigned = { ...received.headers };
      delete unsigned['x-a2a-notification-signature'];
      expect(await receiver.receive({ ...received, headers: unsigned })).toMatchObject({ ok: false, status: 401, reason: expect.stringMatching(/missing/) });
      const elsewhere = client.createPushReceiver({ jwksUrl: `${base}/.well-known/jwks.json`, token: 'tok', taskIds: new Set(['another-task']) });
      expect(await elsewhere.receive(received)).toMatchObject({ ok: false, status: 403 });
      const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
      const { kid } = JSON.parse(Buffer.from(String(received.headers['x-a2a-notification-signature']).split('.')[0], 'base64url').toString());
      const wrongKeys = client.createPushReceiver({ keys: [{ ...stranger, kid }] });
      expect(await wrongKeys.receive(received)).toMatchObject({ ok: false, status: 401 });
    });
  }

  it('an old signature is refused (maxAgeSeconds), and an unsigned delivery passes only when signatures are not required', async () => {
    const { received } = await pushedTask(true);
    const strict = client.createPushReceiver({ jwksUrl: `${base}/.well-known/jwks.json`, maxAgeSeconds: -120 });
    expect(await strict.receive(received)).toMatchObject({ ok: false, status: 401, reason: expect.stringMatching(/older than/) });
    const headers = { ...received.headers };
    delete headers['x-a2a-notification-signature'];
    expect(await client.createPushReceiver({ token: 'tok' }).receive({ ...received, headers })).toMatchObject({ ok: true, signed: false });
  });
});
