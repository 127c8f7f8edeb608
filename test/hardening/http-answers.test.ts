// What the generated server answers at the edges of HTTP (a v1.0 agent answering v0.3.0 clients):
// - a full task budget over HTTP+JSON is 503 with Retry-After (it was 500), gRPC-style UNAVAILABLE;
// - a body in a charset other than UTF-8 is 415 (it was read as UTF-8), and so is any media type
//   but application/json and, for HTTP+JSON, the spec's application/a2a+json (any `+json` passed);
// - a file part whose inline content is not base64 is -32602 at its path (it was accepted);
// - an error echoing a 12 KB id sends 64 characters of it and "…" (it echoed it whole);
// - the v0.3 card of an agent whose interfaces all carry a tenant lists each interface once;
// - `/v1/tasks/{id}` asked for in 1.0 is v1.0's `/{tenant}/tasks/{id}` (docs/VERSIONS.md);
// - during shutdown the card is served on new connections and A2A requests get 503 (DEPLOYING.md).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { post, rpc, textMessage } from '../helpers/http.js';
import { rest } from '../helpers/rest.js';
import { fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

const V1 = { 'a2a-version': '1.0' };
const message = (parts: unknown[], extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts, ...extra });

describe('a v1.0 agent with compat 0.3.0', () => {
  let agent: RunningAgent;
  let base: string;
  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('compat-v1.0'));
    base = `${agent.origin}/a2a/rest`;
  });

  it('a full task budget is 503 with Retry-After over HTTP+JSON, and "try again later" over JSON-RPC', async () => {
    const agent = await startAgent(await fixtureProject('compat-v1.0'), { limits: { memoryBytes: 40_000 } });
    const base = `${agent.origin}/a2a/rest`;
    // Tasks that keep working hold their bytes: 8 KB each fill a 40 KB budget within a few.
    let refused: Awaited<ReturnType<typeof rest>> | undefined;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await rest(
        base,
        'POST',
        '/message:send',
        { message: message([{ text: `slow ${'x'.repeat(8000)}` }]), configuration: { returnImmediately: true } },
        V1,
      );
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(refused?.body.error).toMatchObject({ code: 503, status: 'UNAVAILABLE' });
    expect(refused?.body.error.message).toMatch(/server\.tasks\.memoryBytes.*try again later/);
    const jsonRpc = await rpc(agent.url, 'SendMessage', { message: message([{ text: `slow ${'x'.repeat(8000)}` }]) }, V1);
    expect(jsonRpc.body.error.code).toBe(-32603);
    expect(jsonRpc.body.error.message).toMatch(/try again later/);
  });

  it.each([
    ['JSON-RPC', 'application/json; charset=utf-16'],
    ['JSON-RPC', 'application/json;charset="UTF-16LE"'],
    ['JSON-RPC', 'application/vnd.evil+json'],
    ['JSON-RPC', 'application/a2a+json'],
    ['HTTP+JSON', 'application/a2a+json; charset=iso-8859-1'],
    ['HTTP+JSON', 'application/problem+json'],
  ])('%s refuses Content-Type %s with 415', async (binding, type) => {
    const body = JSON.stringify(
      binding === 'JSON-RPC'
        ? { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: message([{ text: 'reply hi' }]) } }
        : { message: message([{ text: 'reply hi' }]) },
    );
    const res = await post(binding === 'JSON-RPC' ? agent.url : `${base}/message:send`, body, { ...V1, 'content-type': type });
    expect(res.status).toBe(415);
    expect(JSON.stringify(res.body)).toMatch(/Content-Type must be|must be UTF-8/);
  });

  it.each([
    ['JSON-RPC', 'application/json; charset=utf-8'],
    ['JSON-RPC', 'Application/JSON;Charset="UTF-8"'],
    ['HTTP+JSON', 'application/a2a+json'],
    ['HTTP+JSON', 'application/json; charset=UTF-8'],
  ])('%s takes Content-Type %s', async (binding, type) => {
    const body = JSON.stringify(
      binding === 'JSON-RPC'
        ? { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: message([{ text: 'reply hi' }]) } }
        : { message: message([{ text: 'reply hi' }]) },
    );
    const res = await post(binding === 'JSON-RPC' ? agent.url : `${base}/message:send`, body, { ...V1, 'content-type': type });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('"hi"');
  });

  it('a file part whose content is not base64 is -32602 at its path, in v1.0 and v0.3; base64 of either alphabet is taken', async () => {
    for (const raw of ['not base64!', 'QUJD\u00e9', 'QUJDR', 'QQ=Q']) {
      const res = await rpc(agent.url, 'SendMessage', { message: message([{ raw, mediaType: 'text/plain' }]) }, V1);
      expect(res.body.error, raw).toMatchObject({ code: -32602 });
      expect(res.body.error.message).toContain('(at /message/parts/0/raw)');
    }
    const v03 = await rpc(agent.url, 'message/send', {
      message: textMessage('x', { parts: [{ kind: 'file', file: { bytes: '%%%', mimeType: 'text/plain' } }] }),
    });
    expect(v03.body.error).toMatchObject({ code: -32602 });
    expect(v03.body.error.message).toMatch(/not base64/);
    for (const raw of ['QUJD', 'QUI=', 'QUI', 'A-_z']) {
      const res = await rpc(agent.url, 'SendMessage', { message: message([{ raw, mediaType: 'text/plain' }]) }, V1);
      expect(res.body.error?.message ?? '', raw).not.toMatch(/base64/);
    }
  });

  it('an error about a 12 KB id echoes its first 64 characters and "…"', async () => {
    const id = 'i'.repeat(12_000);
    for (const res of [await rpc(agent.url, 'GetTask', { id }, V1), await rpc(agent.url, 'tasks/get', { id })]) {
      expect(res.body.error.code).toBe(-32001);
      const text = JSON.stringify(res.body);
      expect(text.length).toBeLessThan(1000);
      expect(text).toContain(`${'i'.repeat(64)}…`);
    }
    const viaRest = await rest(base, 'GET', `/tasks/${id}`, undefined, V1);
    expect(viaRest.status).toBe(404);
    expect(JSON.stringify(viaRest.body).length).toBeLessThan(1000);
  });

  it('GET /v1/tasks/{id} in A2A-Version 1.0 is v1.0\'s /{tenant}/tasks/{id} with tenant "v1", served by an agent with no tenant (VERSIONS.md)', async () => {
    const task = (await rpc(agent.url, 'SendMessage', { message: message([{ text: 'task' }]) }, V1)).body.result.task;
    const asV1 = await rest(base, 'GET', `/v1/tasks/${task.id}`, undefined, V1);
    expect(asV1.status).toBe(200);
    expect(asV1.body.status.state).toBe('TASK_STATE_COMPLETED');
    const asV03 = await rest(base, 'GET', `/v1/tasks/${task.id}`);
    expect(asV03.body.status.state).toBe('TASK_STATE_COMPLETED'); // v0.3's proto JSON names states so too
    expect((await rest(base, 'GET', `/tasks/${task.id}`)).status).toBe(404);
  });
});

describe('an agent whose every interface has a tenant, answering v0.3.0 clients', () => {
  const MANIFEST = `spec: '1.0'
compat: [0.3.0]
agent:
  name: Tenant Agent
  description: Serves the "acme" tenant.
  version: 1.0.0
  url: http://127.0.0.1:41004/a2a
  capabilities: { streaming: false, pushNotifications: false }
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: script
    name: Script
    description: Follows the instructions in its text.
    tags: [test]
server:
  tenant: acme
`;
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startAgent(await agentProject('tenant-compat', MANIFEST));
  });

  it('its v0.3 card lists each interface once', async () => {
    const card = await (await fetch(`${agent.origin}/.well-known/agent-card.json`)).json();
    expect(card.protocolVersion).toBe('0.3.0');
    const listed = card.additionalInterfaces.map((i: { url: string; transport: string }) => `${i.transport} ${i.url}`);
    expect(listed).toEqual([...new Set(listed)]);
    expect(listed.sort()).toEqual([`HTTP+JSON ${agent.origin}/a2a/rest`, `JSONRPC ${agent.origin}/a2a`]);
  });

  it("refuses GET /v1/tasks/{id} in 1.0 as another tenant's", async () => {
    const res = await rest(`${agent.origin}/a2a/rest`, 'GET', `/v1/tasks/${randomUUID()}`, undefined, V1);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/tenant "v1" is not served here/);
  });
});

describe('shutdown', () => {
  it('while running work finishes, new connections get the card and 503 for A2A requests; then the port is closed', async () => {
    const agent = await startAgent(await fixtureProject('compat-v1.0'), { shutdownGraceMs: 1500 });
    const running = await rpc(agent.url, 'SendMessage', { message: message([{ text: 'slow' }]), configuration: { returnImmediately: true } }, V1);
    expect(running.body.result.task).toBeDefined();
    const closing = agent.server.close();
    await new Promise((r) => setTimeout(r, 100));
    // fetch's own pool would reuse a kept-alive socket: `connection: close` makes each request a new connection.
    const fresh = { connection: 'close' };
    const card = await fetch(`${agent.origin}/.well-known/agent-card.json`, { headers: fresh });
    expect(card.status).toBe(200);
    await card.body?.cancel();
    const refused = await post(
      agent.url,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: message([{ text: 'reply hi' }]) } }),
      { ...V1, ...fresh },
    );
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    const refusedRest = await rest(`${agent.origin}/a2a/rest`, 'POST', '/message:send', { message: message([{ text: 'reply hi' }]) }, { ...V1, ...fresh });
    expect(refusedRest.status).toBe(503);
    await closing;
    await expect(fetch(`${agent.origin}/.well-known/agent-card.json`, { headers: fresh })).rejects.toThrow();
  });
});
