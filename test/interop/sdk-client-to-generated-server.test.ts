// The official @a2a-js/sdk clients against the generated servers: 0.3.x ↔ v0.3.0, 0.2.x ↔ v0.2.5.
// send, stream, get, cancel and the push notification config calls.
import { randomUUID } from 'node:crypto';
import { A2AClient as SdkClient03 } from 'a2a-sdk-03/client';
import { A2AClient as SdkClient02 } from 'a2a-sdk-02/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  kind: 'message' as const,
  messageId: randomUUID(),
  role: 'user' as const,
  parts: [{ kind: 'text' as const, text }],
  ...extra,
});
const pushUrl = 'https://hooks.example.com/a2a';
// Push targets are checked when set; a custom delivery skips DNS (there is no network here) and records instead.
const recordedPushes: string[] = [];
const pushOptions = { push: { deliver: async (r: { url: URL }) => (recordedPushes.push(r.url.href), { status: 200 }) } };

describe('@a2a-js/sdk 0.3.x client → generated v0.3.0 server', () => {
  let agent: RunningAgent;
  let client: SdkClient03;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('full-v0.3.0'), pushOptions);
    const authed: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${TOKEN}` } });
    client = await SdkClient03.fromCardUrl(`${agent.origin}/.well-known/agent-card.json`, { fetchImpl: authed });
  });

  it('sendMessage: a direct reply and a task', async () => {
    const reply = await client.sendMessage({ message: message('reply hello') });
    expect('result' in reply && reply.result).toMatchObject({ kind: 'message', parts: [{ kind: 'text', text: 'hello' }] });
    const task = await client.sendMessage({ message: message('task') });
    expect('result' in task && task.result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
  });

  it('sendMessageStream: every event, in order, ending with the final status', async () => {
    const events = [];
    for await (const event of client.sendMessageStream({ message: message('events 3') })) events.push(event);
    expect(events.map((e) => e.kind)).toEqual(['task', 'status-update', 'status-update', 'status-update', 'status-update']);
    expect(events.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
  });

  it('getTask and cancelTask', async () => {
    const started = await client.sendMessage({ message: message('slow'), configuration: { blocking: false, acceptedOutputModes: ['text/plain'] } });
    const taskId = ('result' in started && started.result.kind === 'task' && started.result.id) as string;
    const got = await client.getTask({ id: taskId });
    expect('result' in got && got.result.id).toBe(taskId);
    const canceled = await client.cancelTask({ id: taskId });
    expect('result' in canceled && canceled.result.status.state).toBe('canceled');
    const missing = await client.getTask({ id: 'missing' });
    expect('error' in missing && missing.error.code).toBe(-32001);
  });

  it('push notification configs: set, get, list, delete', async () => {
    const asked = await client.sendMessage({ message: message('ask') });
    const taskId = ('result' in asked && asked.result.kind === 'task' && asked.result.id) as string;
    const set = await client.setTaskPushNotificationConfig({ taskId, pushNotificationConfig: { url: pushUrl, token: 't', id: 'c1' } });
    expect('result' in set && set.result.pushNotificationConfig).toMatchObject({ url: pushUrl, id: 'c1' });
    const got = await client.getTaskPushNotificationConfig({ id: taskId, pushNotificationConfigId: 'c1' } as never);
    expect('result' in got && got.result.pushNotificationConfig.url).toBe(pushUrl);
    const list = await client.listTaskPushNotificationConfig({ id: taskId });
    expect('result' in list && list.result).toHaveLength(1);
    const del = await client.deleteTaskPushNotificationConfig({ id: taskId, pushNotificationConfigId: 'c1' });
    expect('result' in del && del.result).toBeNull();
  });
});

describe('@a2a-js/sdk 0.2.x client → generated v0.2.5 server', () => {
  let agent: RunningAgent;
  let client: SdkClient02;

  beforeAll(async () => {
    agent = await startAgent(await fixtureProject('open-v0.2.5'), pushOptions);
    client = new SdkClient02(agent.origin);
  });

  it('sendMessage, getTask, cancelTask', async () => {
    const task = await client.sendMessage({ message: message('task') });
    expect('result' in task && task.result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    const id = ('result' in task && task.result.kind === 'task' && task.result.id) as string;
    const got = await client.getTask({ id });
    expect('result' in got && got.result.artifacts?.[0].parts[0]).toEqual({ kind: 'text', text: 'result text' });
    const started = await client.sendMessage({ message: message('slow'), configuration: { blocking: false, acceptedOutputModes: ['text/plain'] } });
    const slowId = ('result' in started && started.result.kind === 'task' && started.result.id) as string;
    const canceled = await client.cancelTask({ id: slowId });
    expect('result' in canceled && canceled.result.status.state).toBe('canceled');
  });

  it('sendMessageStream', async () => {
    const events = [];
    for await (const event of client.sendMessageStream({ message: message('events 2') })) events.push(event);
    expect(events.map((e) => e.kind)).toEqual(['task', 'status-update', 'status-update', 'status-update']);
  });

  it('push notification config set and get', async () => {
    const asked = await client.sendMessage({ message: message('ask') });
    const taskId = ('result' in asked && asked.result.kind === 'task' && asked.result.id) as string;
    const set = await client.setTaskPushNotificationConfig({ taskId, pushNotificationConfig: { url: pushUrl, token: 't' } });
    expect('result' in set && set.result).toMatchObject({ taskId, pushNotificationConfig: { url: pushUrl } });
    const got = await client.getTaskPushNotificationConfig({ id: taskId });
    expect('result' in got && got.result.pushNotificationConfig.url).toBe(pushUrl);
  });
});
