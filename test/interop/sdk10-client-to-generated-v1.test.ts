// The official @a2a-js/sdk 1.3.0 client (ClientFactory) against a generated A2A v1.0 agent on
// loopback, over each binding (its JSON-RPC, HTTP+JSON and gRPC transports): every method it
// offers, as its own types read them — against a plain v1.0 agent and one that answers v0.3.0 clients too.
import { randomUUID } from 'node:crypto';
import type { Message, StreamResponse, Task } from 'a2a-sdk-10';
import { Role, TaskState } from 'a2a-sdk-10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGate } from '../helpers/script-executor.js';
import { config, isTask, send } from '../helpers/sdk10-requests.js';
import { sdk10Client, type Sdk10Client } from '../helpers/sdk10-client.js';
import { FIXTURES, fixtureProject, startAgent, TOKEN, webhookReceiver, type RunningAgent } from '../helpers/server.js';
import { agentProject } from '../helpers/agent-project.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const textOf = (parts: { content?: { $case: string; value?: unknown } }[] | undefined) =>
  (parts ?? []).map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

// The agent with `compat: [0.3.0]` too: its card lists v0.3 interfaces beside the v1.0 ones, and a v1.0 client must be served as before.
const COMBOS = (['full-v1.0', 'compat-v1.0'] as const).flatMap((fixture) =>
  (['JSONRPC', 'HTTP+JSON', 'GRPC'] as const).map((binding) => ({ fixture, binding })),
);

/** The fixture's agent; for gRPC with `grpc` in its bindings (on a free port). */
const projectFor = (fixture: string, binding: string) =>
  binding === 'GRPC'
    ? agentProject(
        `${fixture}-grpc`,
        readFileSync(join(FIXTURES, `${fixture}.a2a.yaml`), 'utf8').replace(/^server:$/m, 'server:\n  bindings: [jsonrpc, rest, grpc]\n  grpcPort: 0'),
      )
    : fixtureProject(fixture);

describe.each(COMBOS)('@a2a-js/sdk 1.3.0 client ($binding) → generated A2A v1.0 agent ($fixture)', ({ fixture, binding }) => {
  let agent: RunningAgent;
  let sdk: Sdk10Client;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    hook = await webhookReceiver();
    agent = await startAgent(await projectFor(fixture, binding), { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
    sdk = await sdk10Client(agent.origin + '/', undefined, binding);
  });
  afterAll(async () => {
    await sdk?.close();
  });

  it(`finds the ${binding} interface in the card and speaks 1.0`, async () => {
    expect(sdk.client.protocolVersion).toBe('1.0');
    expect(sdk.wire[0]).toMatchObject({ method: 'GET', status: 200 });
    await sdk.client.sendMessage(send('reply hi'));
    if (binding === 'GRPC') {
      // No HTTP after the card: the call went over gRPC, to the address the card lists.
      expect(sdk.wire).toHaveLength(1);
      expect(sdk.client.transport.protocolName).toBe('GRPC');
      return;
    }
    expect(sdk.wire.at(-1)!.url).toBe(binding === 'JSONRPC' ? `${agent.origin}/a2a` : `${agent.origin}/a2a/rest/message:send`);
  });

  it('SendMessage: a task, and a direct reply', async () => {
    const task = await sdk.client.sendMessage(send('task', config()));
    expect(isTask(task)).toBe(true);
    if (!isTask(task)) return;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(task.artifacts[0]?.parts)).toBe('result text');
    expect(textOf(task.status?.message?.parts)).toBe('done');
    const reply = await sdk.client.sendMessage(send('reply hi there'));
    expect(isTask(reply)).toBe(false);
    expect((reply as Message).role).toBe(Role.ROLE_AGENT);
    expect(textOf((reply as Message).parts)).toBe('hi there');
  });

  it('SendStreamingMessage: task, artifact chunks, completed; the stream ends', async () => {
    const events: StreamResponse[] = [];
    for await (const event of sdk.client.sendMessageStream(send('chunks 2', config()))) events.push(event);
    expect(events.map((e) => e.payload?.$case)).toEqual(['task', 'artifactUpdate', 'artifactUpdate', 'statusUpdate']);
    const second = events[2].payload;
    expect(second?.$case === 'artifactUpdate' && second.value.append).toBe(true);
    const last = events.at(-1)!.payload;
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('GetTask with historyLength', async () => {
    const task = (await sdk.client.sendMessage(send('task', config()))) as Task;
    const got = await sdk.client.getTask({ tenant: '', id: task.id, historyLength: 1 });
    expect(got).toMatchObject({ id: task.id, contextId: task.contextId, status: { state: TaskState.TASK_STATE_COMPLETED } });
    expect(got.history).toHaveLength(1);
    await expect(sdk.client.getTask({ tenant: '', id: 'no-such-task' })).rejects.toMatchObject({ name: 'TaskNotFoundError' });
  });

  it('ListTasks: a filter, then the second page through nextPageToken', async () => {
    const contextId = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(((await sdk.client.sendMessage(send('task', config(), { contextId }))) as Task).id);
      await new Promise((r) => setTimeout(r, 3));
    }
    const query = { tenant: '', contextId, status: TaskState.TASK_STATE_COMPLETED, pageSize: 2, pageToken: '', statusTimestampAfter: undefined };
    const first = await sdk.client.listTasks(query);
    expect(first.tasks.map((t) => t.id)).toEqual([ids[2], ids[1]]);
    expect(first).toMatchObject({ pageSize: 2, totalSize: 3 });
    const second = await sdk.client.listTasks({ ...query, pageToken: first.nextPageToken });
    expect(second.tasks.map((t) => t.id)).toEqual([ids[0]]);
    expect(second.nextPageToken).toBe('');
  });

  it('CancelTask on a running task; a finished one is refused', async () => {
    const started = (await sdk.client.sendMessage(send('slow', config({ returnImmediately: true })))) as Task;
    expect(started.status?.state).not.toBe(TaskState.TASK_STATE_COMPLETED);
    const canceled = await sdk.client.cancelTask({ tenant: '', id: started.id, metadata: undefined });
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await expect(sdk.client.cancelTask({ tenant: '', id: started.id, metadata: undefined })).rejects.toMatchObject({ name: 'TaskNotCancelableError' });
  });

  it('SubscribeToTask: the task first, then its events to the end', async () => {
    const started = (await sdk.client.sendMessage(send('gated 2', config({ returnImmediately: true })))) as Task;
    const events: StreamResponse[] = [];
    for await (const event of sdk.client.resubscribeTask({ tenant: '', id: started.id })) {
      events.push(event);
      if (events.length === 1) openGate();
    }
    expect(events[0].payload?.$case).toBe('task');
    const last = events.at(-1)!.payload;
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(events.some((e) => e.payload?.$case === 'artifactUpdate')).toBe(true);
  });

  it('push notification configs: create, get, list, delete', async () => {
    const task = (await sdk.client.sendMessage(send('ask', config()))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const created = await sdk.client.createTaskPushNotificationConfig({
      tenant: '',
      id: 'cfg-1',
      taskId: task.id,
      url: hook.url,
      token: 'secret-token',
      authentication: undefined,
    });
    expect(created).toMatchObject({ id: 'cfg-1', taskId: task.id, url: hook.url, token: 'secret-token' });
    expect(await sdk.client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'cfg-1' })).toMatchObject({ id: 'cfg-1', url: hook.url });
    const list = await sdk.client.listTaskPushNotificationConfig({ tenant: '', taskId: task.id, pageSize: 0, pageToken: '' });
    expect(list.configs.map((c) => c.id)).toEqual(['cfg-1']);
    // The next turn completes the task: the webhook gets it as a StreamResponse.
    await sdk.client.sendMessage(send('blue', config(), { taskId: task.id, contextId: task.contextId }));
    let delivery = await hook.next();
    while (delivery.body.task?.status?.state !== 'TASK_STATE_COMPLETED') delivery = await hook.next();
    expect(delivery.headers['x-a2a-notification-token']).toBe('secret-token');
    expect(delivery.headers['content-type']).toBe('application/a2a+json');
    await sdk.client.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'cfg-1' });
    expect((await sdk.client.listTaskPushNotificationConfig({ tenant: '', taskId: task.id, pageSize: 0, pageToken: '' })).configs).toEqual([]);
  });
});

describe('@a2a-js/sdk 1.3.0 client (GRPC) → generated A2A v1.0 agent with bearer auth', () => {
  let sdk: Sdk10Client;
  const bearer = { serviceParameters: { authorization: `Bearer ${TOKEN}` } };

  beforeAll(async () => {
    const agent = await startAgent(await fixtureProject('grpc-v1.0'));
    sdk = await sdk10Client(agent.origin + '/', undefined, 'GRPC');
  });
  afterAll(async () => {
    await sdk?.close();
  });

  it('credentials as metadata (serviceParameters): accepted, and a call without them is refused', async () => {
    const task = (await sdk.client.sendMessage(send('task', config()), bearer)) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    await expect(sdk.client.getTask({ tenant: '', id: task.id })).rejects.toThrow(/UNAUTHENTICATED|Unauthenticated|credentials/i);
  });

  it('GetExtendedAgentCard: the card with its extended skills', async () => {
    // The card declares an extended card: the SDK fetches it through GetExtendedAgentCard.
    const card = await sdk.client.getAgentCard(bearer);
    expect(card.skills.map((s) => s.id)).toContain('secret-skill');
  });
});
