// The generated client over HTTP+JSON against the generated server: the binding comes from the
// card (its preferred interface, or the one asked for), every method goes through its route,
// errors come back as the same typed classes as over JSON-RPC.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { openGate } from '../helpers/script-executor.js';
import { FIXTURES, fixtureProject, startAgent, type RunningAgent } from '../helpers/server.js';

type Any = any;
const message = (text: string, extra: Record<string, unknown> = {}) => ({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('generated client ↔ generated server over HTTP+JSON, A2A v1.0', () => {
  let agent: RunningAgent;
  let lib: Any;
  let client: Any;

  beforeAll(async () => {
    const project = await fixtureProject('full-v1.0');
    agent = await startAgent(project, { push: { allowPrivateTargets: ['127.0.0.1'], deliver: async () => ({ status: 200 }) } });
    lib = await project.load('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(agent.origin, { binding: 'HTTP+JSON', validateResponses: true });
  });

  it("takes the card's preferred interface by default, and the one asked for when the card lists it", async () => {
    const preferred = await lib.A2AClient.fromCardUrl(agent.origin);
    expect([preferred.transport.options.binding, preferred.transport.options.url]).toEqual(['JSONRPC', `${agent.origin}/a2a`]);
    expect([client.transport.options.binding, client.transport.options.url]).toEqual(['HTTP+JSON', `${agent.origin}/a2a/rest`]);
  });

  it('a card that prefers HTTP+JSON gets it without asking', async () => {
    const manifest = readFileSync(join(FIXTURES, 'full-v1.0.a2a.yaml'), 'utf8').replace(/^server:$/m, 'server:\n  bindings: [rest, jsonrpc]');
    const project = await agentProject('rest-first-v1.0', manifest);
    const restFirst = await startAgent(project);
    const card = await (await fetch(`${restFirst.origin}/.well-known/agent-card.json`)).json();
    expect(card.supportedInterfaces.map((i: Any) => i.protocolBinding)).toEqual(['HTTP+JSON', 'JSONRPC']);
    const chosen = await (await project.load<Any>('a2a/client/index.js')).A2AClient.fromCardUrl(restFirst.origin);
    expect(chosen.transport.options.binding).toBe('HTTP+JSON');
    expect((await chosen.sendMessage({ message: message('reply rest') })).message.parts).toEqual([{ text: 'rest' }]);
  });

  it('sendMessage, getTask with historyLength, listTasks with filters', async () => {
    const { task } = await client.sendMessage({ message: message('task') });
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect((await client.getTask({ id: task.id, historyLength: 0 })).history).toBeUndefined();
    const listed = await client.listTasks({ contextId: task.contextId, status: 'TASK_STATE_COMPLETED', pageSize: 5 });
    expect(listed.tasks.map((t: Any) => t.id)).toEqual([task.id]);
  });

  it('sendMessageStream and resubscribeTask yield StreamResponses', async () => {
    const events = await collect(client.sendMessageStream({ message: message('chunks 2') }));
    expect(events.map((e: Any) => Object.keys(e)[0])).toEqual(['task', 'artifactUpdate', 'artifactUpdate', 'statusUpdate']);
    const { task } = await client.sendMessage({ message: message('gated 1'), configuration: { returnImmediately: true } });
    const joined = collect<Any>(client.resubscribeTask({ id: task.id }));
    await new Promise((r) => setTimeout(r, 100));
    openGate();
    expect((await joined).at(-1).statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('cancelTask, then the typed error of a second cancel and of an unknown task', async () => {
    const { task } = await client.sendMessage({ message: message('slow'), configuration: { returnImmediately: true } });
    expect((await client.cancelTask({ id: task.id })).status.state).toBe('TASK_STATE_CANCELED');
    await expect(client.cancelTask({ id: task.id })).rejects.toBeInstanceOf(lib.TaskNotCancelableError);
    const missing = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(lib.TaskNotFoundError);
    expect(missing.code).toBe(-32001);
  });

  it('push notification configs through their routes', async () => {
    const { task } = await client.sendMessage({ message: message('ask') });
    const created = await client.setTaskPushNotificationConfig({ taskId: task.id, url: 'http://127.0.0.1:9/hook', token: 't' });
    expect(await client.getTaskPushNotificationConfig({ taskId: task.id, id: created.id })).toEqual(created);
    expect((await client.listTaskPushNotificationConfig({ taskId: task.id })).configs).toEqual([created]);
    expect(await client.deleteTaskPushNotificationConfig({ taskId: task.id, id: created.id })).toEqual({});
  });

  it('invalid params come back as InvalidParamsError with the field violations', async () => {
    const error = await client.sendMessage({ message: { ...message('hi'), role: 'user' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(lib.InvalidParamsError);
    expect(error.data.find((d: Any) => d['@type'] === 'type.googleapis.com/google.rpc.BadRequest').fieldViolations[0].field).toBe('message.role');
  });
});
