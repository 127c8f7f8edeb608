// The official @a2a-js/sdk 0.3.14 client — a v0.3.0 client that sends no A2A-Version — against a
// generated v1.0 agent with `compat: [0.3.0]`, over each of v0.3.0's bindings: JSON-RPC,
// HTTP+JSON and gRPC (v0.3.0's own A2AService, served beside v1.0's). The agent serves it through its translation layer from the same executor and task
// store its v1.0 clients use; a task the SDK made is then read over v1.0.
import { randomUUID } from 'node:crypto';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory, type Client } from 'a2a-sdk-03/client';
import { GrpcTransportFactory } from 'a2a-sdk-03/client/grpc';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentProject } from '../helpers/agent-project.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../helpers/http.js';
import { sdk03TaskChecks } from '../helpers/sdk03-client-checks.js';
import { FIXTURES, fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

type Any = any;
const message = (text: string) => ({ kind: 'message' as const, messageId: randomUUID(), role: 'user' as const, parts: [{ kind: 'text' as const, text }] });

describe.each([
  { binding: 'JSONRPC', path: '/a2a', factory: (fetchImpl: typeof fetch) => new JsonRpcTransportFactory({ fetchImpl }) },
  { binding: 'HTTP+JSON', path: '/a2a/rest/v1/message:send', factory: (fetchImpl: typeof fetch) => new RestTransportFactory({ fetchImpl }) },
  { binding: 'GRPC', path: undefined, factory: () => new GrpcTransportFactory() },
])('@a2a-js/sdk 0.3.14 client over $binding → generated v1.0 agent with compat: [0.3.0]', ({ binding, path, factory }) => {
  let agent: RunningAgent;
  let client: Client;
  const seen: { url: string; version: string | null }[] = [];

  beforeAll(async () => {
    // For gRPC the agent serves it too (a free port); the SDK's card resolver then finds v0.3's GRPC interface.
    const project =
      binding === 'GRPC'
        ? await agentProject(
            'compat-v1.0-grpc',
            readFileSync(join(FIXTURES, 'compat-v1.0.a2a.yaml'), 'utf8').replace(/^server:$/m, 'server:\n  bindings: [jsonrpc, rest, grpc]\n  grpcPort: 0'),
          )
        : await fixtureProject('compat-v1.0');
    agent = await startAgent(project, { push: { deliver: async () => ({ status: 200 }) } });
    const watched: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      seen.push({
        url: `${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`,
        version: headers.get('a2a-version'),
      });
      return fetch(input, init);
    };
    const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [factory(watched)],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: watched }),
      preferredTransports: [binding],
    });
    client = await new ClientFactory(options).createFromUrl(agent.origin);
  });

  it('reads the v0.3.0 card and sends, without A2A-Version, to the v0.3 interface', async () => {
    const reply = (await client.sendMessage({ message: message('reply hello') })) as Any;
    expect(reply).toMatchObject({ kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'hello' }] });
    // Over gRPC nothing but the card went over HTTP.
    expect(seen.at(-1)).toEqual(path ? { url: `POST ${path}`, version: null } : { url: 'GET /.well-known/agent-card.json', version: null });
  });

  it('sendMessage: a completed v0.3.0 task with its artifact and history', async () => {
    const task = (await client.sendMessage({ message: message('task'), configuration: { blocking: true } })) as Any;
    expect(task).toMatchObject({
      kind: 'task',
      status: { state: 'completed' },
      artifacts: [{ name: 'result', parts: [{ kind: 'text', text: 'result text' }] }],
    });
    expect(task.history[0]).toMatchObject({ role: 'user', parts: [{ kind: 'text', text: 'task' }] });
  });

  it('sendMessageStream: task, artifact chunks, the final status update', async () => {
    const events: Any[] = [];
    for await (const event of client.sendMessageStream({ message: message('chunks 2') })) events.push(event);
    expect(events.map((e) => e.kind)).toEqual(['task', 'artifact-update', 'artifact-update', 'status-update']);
    // Over its proto (HTTP+JSON, gRPC) the SDK's FromProto drops `append` (the wire has it: test/runtime/proto-json-v03.test.ts, test/grpc/server-v03.test.ts).
    expect(events[2]).toMatchObject(binding === 'JSONRPC' ? { append: true, lastChunk: true } : { lastChunk: true });
    expect(events.at(-1)).toMatchObject({ final: true, status: { state: 'completed' } });
  });

  sdk03TaskChecks(() => client);

  it('a task the SDK made reads the same over v1.0 JSON-RPC', async () => {
    const made = (await client.sendMessage({ message: message('task'), configuration: { blocking: true } })) as Any;
    const read = (await rpc(agent.url, 'GetTask', { id: made.id }, { 'a2a-version': '1.0' })).body.result;
    expect(read).toMatchObject({ id: made.id, contextId: made.contextId, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(read.artifacts).toEqual([{ artifactId: made.artifacts[0].artifactId, name: 'result', parts: [{ text: 'result text' }] }]);
    expect(read.history.map((m: Any) => m.messageId)).toEqual(made.history.map((m: Any) => m.messageId));
  });
});
