// The generated A2A v0.3.0 client — which sends no A2A-Version — against the official
// @a2a-js/sdk 1.3.0 server with `legacyCompat` (its v1.0 agent answering v0.3 clients), over both
// bindings: discovery through the v0.3 card the SDK serves, then the v0.3.0 methods as a2a.json
// objects, and typed errors.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdk10Server, type Sdk10Server } from '../helpers/sdk10-server.js';
import { fixtureProject } from '../helpers/server.js';

type Any = any;
const message = (text: string) => ({ kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text }] });

describe.each(['JSONRPC', 'HTTP+JSON'] as const)('generated A2A v0.3.0 client (%s) → @a2a-js/sdk 1.3.0 server with legacyCompat', (binding) => {
  let server: Sdk10Server;
  let client: Any;
  let lib: Any;
  const seen: string[] = [];

  beforeAll(async () => {
    server = await startSdk10Server({ legacyCompat: true });
    const project = await fixtureProject('full-v0.3.0');
    lib = await project.load('a2a/client/index.js');
    const watched = (input: Any, init: Any) => (
      seen.push(`${new Headers(init?.headers).get('a2a-version') ?? 'none'} ${new URL(String(input)).pathname}`),
      fetch(input, init)
    );
    client = await lib.A2AClient.fromCardUrl(server.url, { binding, validateResponses: true, fetch: watched });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`reads the SDK's v0.3 card and calls its ${binding} interface without A2A-Version`, async () => {
    expect(client.transport.options).toMatchObject({ binding, url: binding === 'JSONRPC' ? server.url : `${server.url}rest` });
    await client.sendMessage({ message: message('reply:ok') });
    expect(seen).toEqual(['none /.well-known/agent-card.json', binding === 'JSONRPC' ? 'none /' : 'none /rest/v1/message:send']);
  });

  it('sendMessage: a v0.3.0 task, and a direct reply', async () => {
    const task = await client.sendMessage({ message: message('hello') });
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' }, artifacts: [{ parts: [{ kind: 'text', text: 'hello' }] }] });
    expect(await client.sendMessage({ message: message('reply:hi') })).toMatchObject({ kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'hi' }] });
  });

  it('sendMessageStream to the final status update', async () => {
    const events: Any[] = [];
    for await (const event of client.sendMessageStream({ message: message('streamed') })) events.push(event);
    expect(events[0].kind).toBe('task');
    expect(events.at(-1)).toMatchObject({ kind: 'status-update', final: true, status: { state: 'completed' } });
  });

  it('getTask, cancelTask, and a typed TaskNotFoundError', async () => {
    const task = await client.sendMessage({ message: message('to get') });
    expect((await client.getTask({ id: task.id })).artifacts[0].parts[0].text).toBe('to get');
    const slow = await client.sendMessage({ message: message('slow work'), configuration: { blocking: false } });
    expect((await client.cancelTask({ id: slow.id })).status.state).toBe('canceled');
    await expect(client.getTask({ id: 'missing' })).rejects.toBeInstanceOf(lib.TaskNotFoundError);
  });
});
