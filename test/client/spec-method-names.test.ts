// The v1.0 client's push-config methods carry the spec's names — createTaskPushNotificationConfig
// (CreateTaskPushNotificationConfig), listTaskPushNotificationConfigs (ListTaskPushNotificationConfigs)
// — and the names it had before (setTaskPushNotificationConfig, listTaskPushNotificationConfig) stay
// as deprecated aliases that do the same call.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, webhookReceiver } from '../helpers/server.js';
import type { AgentProject } from '../helpers/agent-project.js';

type Any = any;

describe('v1.0 client method names', () => {
  let project: AgentProject;
  let client: Any;
  const methods: string[] = [];

  beforeAll(async () => {
    project = await fixtureProject('full-v1.0');
    const agent = await startAgent(project, { push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [20] } });
    const lib = await project.load<Any>('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(agent.origin, { interceptors: [{ before: (call: Any) => void methods.push(call.method) }] });
  });

  it('the spec names and the old ones call the same methods', async () => {
    const hook = await webhookReceiver();
    const { createMessage } = await project.load<Any>('a2a/runtime/objects.js');
    const { task } = await client.sendMessage({ message: createMessage('user', 'reply hi'), configuration: { returnImmediately: true } });
    await client.createTaskPushNotificationConfig({ taskId: task.id, id: 'new', url: hook.url });
    await client.setTaskPushNotificationConfig({ taskId: task.id, id: 'old', url: hook.url });
    expect(methods.slice(-2)).toEqual(['CreateTaskPushNotificationConfig', 'CreateTaskPushNotificationConfig']);
    const listed = await client.listTaskPushNotificationConfigs({ taskId: task.id });
    expect(listed.configs.map((c: Any) => c.id).sort()).toEqual(['new', 'old']);
    expect(await client.listTaskPushNotificationConfig({ taskId: task.id })).toEqual(listed);
    expect(methods.slice(-2)).toEqual(['ListTaskPushNotificationConfigs', 'ListTaskPushNotificationConfigs']);
  });

  it('the old names are marked deprecated in the generated client', async () => {
    const source = await readFile(join(project.dir, 'src', 'a2a', 'client', 'index.ts'), 'utf8');
    expect(source).toMatch(/@deprecated The spec's name is createTaskPushNotificationConfig\(\)[^\n]*\n\s+setTaskPushNotificationConfig\(/);
    expect(source).toMatch(/@deprecated The spec's name is listTaskPushNotificationConfigs\(\)[^\n]*\n\s+listTaskPushNotificationConfig\(/);
  });
});
