// The generated A2A v1.0 client against the official @a2a-js/sdk 1.3.0 server (Express
// jsonRpcHandler, restHandler, agentCardHandler; its gRPC service on @grpc/grpc-js) on loopback,
// over each binding: discovery through supportedInterfaces, every method the server implements,
// typed errors. (The client is generated with gRPC, which only agents serving it are.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdk10Server, type Sdk10Server } from '../helpers/sdk10-server.js';
import { fixtureProject, webhookReceiver } from '../helpers/server.js';

type Any = any;
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });

describe.each(['JSONRPC', 'HTTP+JSON', 'GRPC'] as const)('generated A2A v1.0 client (%s) → @a2a-js/sdk 1.3.0 server', (binding) => {
  let server: Sdk10Server;
  let client: Any;
  let lib: Any;
  let errors: Any;

  beforeAll(async () => {
    server = await startSdk10Server({ grpc: true });
    const project = await fixtureProject('grpc-v1.0');
    lib = await project.load('a2a/client/index.js');
    errors = await project.load('a2a/errors.js');
    client = await lib.A2AClient.fromCardUrl(server.url, { binding });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`fromCardUrl picks the card’s ${binding} 1.0 interface and sends A2A-Version: 1.0`, async () => {
    const grpcAddress = server.card.supportedInterfaces.find((i) => i.protocolBinding === 'GRPC')!.url;
    expect(client.transport.options).toMatchObject({
      binding,
      url: binding === 'JSONRPC' ? server.url : binding === 'GRPC' ? grpcAddress : `${server.url}rest`,
    });
    const seen: string[] = [];
    const watched = await lib.A2AClient.fromCardUrl(server.url, {
      binding,
      fetch: (input: Any, init: Any) => (
        seen.push(`${new Headers(init?.headers).get('a2a-version') ?? 'none'} ${new URL(String(input)).pathname}`),
        fetch(input, init)
      ),
    });
    await watched.sendMessage({ message: message('reply:ok') });
    // The card, then the call (over gRPC, not through fetch).
    expect(seen).toEqual(['1.0 /.well-known/agent-card.json', ...(binding === 'GRPC' ? [] : [binding === 'JSONRPC' ? '1.0 /' : '1.0 /rest/message:send'])]);
  });

  it('SendMessage: {task} with TASK_STATE_COMPLETED, and a {message} direct reply', async () => {
    const result = await client.sendMessage({ message: message('hello') });
    expect(result.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(result.task.artifacts[0].parts[0]).toMatchObject({ text: 'hello' });
    const reply = await client.sendMessage({ message: message('reply:hi') });
    expect(reply.message).toMatchObject({ role: 'ROLE_AGENT', parts: [{ text: 'hi' }] });
  });

  it('SendStreamingMessage: StreamResponse members to the end of the stream', async () => {
    const members: string[] = [];
    let last: Any;
    for await (const event of client.sendMessageStream({ message: message('stream me') })) {
      members.push(Object.keys(event)[0]);
      last = event;
    }
    expect(members).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    expect(last.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('GetTask, ListTasks and a typed TaskNotFoundError', async () => {
    const { task } = await client.sendMessage({ message: message('to get') });
    expect((await client.getTask({ id: task.id, historyLength: 1 })).history).toHaveLength(1);
    const listed = await client.listTasks({ contextId: task.contextId, pageSize: 10 });
    expect(listed.tasks.map((t: Any) => t.id)).toEqual([task.id]);
    const failure = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(errors.TaskNotFoundError);
    expect(failure.data[0]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' });
  });

  it('CancelTask and SubscribeToTask', async () => {
    const { task } = await client.sendMessage({ message: message('slow work'), configuration: { returnImmediately: true } });
    const events: Any[] = [];
    for await (const event of client.resubscribeTask({ id: task.id })) {
      events.push(event);
      if (events.length === 1) expect((await client.cancelTask({ id: task.id })).status.state).toBe('TASK_STATE_CANCELED');
    }
    expect(events[0].task.id).toBe(task.id);
    expect(events.at(-1).statusUpdate.status.state).toBe('TASK_STATE_CANCELED');
  });

  it('push notification configs: create, get, list, delete', async () => {
    const hook = await webhookReceiver();
    const { task } = await client.sendMessage({ message: message('push target') });
    const created = await client.setTaskPushNotificationConfig({ taskId: task.id, id: 'cfg-1', url: hook.url, token: 't' });
    expect(created).toMatchObject({ id: 'cfg-1', taskId: task.id, url: hook.url });
    expect(await client.getTaskPushNotificationConfig({ taskId: task.id, id: 'cfg-1' })).toMatchObject({ id: 'cfg-1' });
    expect((await client.listTaskPushNotificationConfig({ taskId: task.id })).configs.map((c: Any) => c.id)).toEqual(['cfg-1']);
    await client.deleteTaskPushNotificationConfig({ taskId: task.id, id: 'cfg-1' });
    // ProtoJSON leaves out an empty repeated field: no `configs` at all.
    expect((await client.listTaskPushNotificationConfig({ taskId: task.id })).configs ?? []).toEqual([]);
  });
});
