// What the official @a2a-js/sdk 0.3.14 client must be able to do against an agent that answers
// v0.3.0 (a generated v0.3.0 agent, or a v1.0 agent with compat), whatever its transport: the
// task methods, resubscribe and push configs, with the SDK's own typed errors. Registers the
// tests in the calling describe; `client()` gives the client its beforeAll made.
import type { Client } from 'a2a-sdk-03/client';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { openGate } from './script-executor.js';

type Any = any;
export const sdk03Message = (text: string) => ({
  kind: 'message' as const,
  messageId: randomUUID(),
  role: 'user' as const,
  parts: [{ kind: 'text' as const, text }],
});

export function sdk03TaskChecks(client: () => Client): void {
  it('getTask, cancelTask, and TaskNotFound as the SDK’s typed error', async () => {
    const started = (await client().sendMessage({ message: sdk03Message('slow'), configuration: { blocking: false } })) as Any;
    expect((await client().getTask({ id: started.id })).id).toBe(started.id);
    expect((await client().cancelTask({ id: started.id })).status.state).toBe('canceled');
    await expect(client().getTask({ id: 'missing' })).rejects.toMatchObject({ name: 'TaskNotFoundError' });
    await expect(client().cancelTask({ id: started.id })).rejects.toMatchObject({ name: 'TaskNotCancelableError' });
  });

  it('resubscribeTask joins a running task and sees it end', async () => {
    const started = (await client().sendMessage({ message: sdk03Message('gated 1'), configuration: { blocking: false } })) as Any;
    const events: Any[] = [];
    for await (const event of client().resubscribeTask({ id: started.id })) {
      events.push(event);
      if (events.length === 1) openGate();
    }
    expect(events[0]).toMatchObject({ kind: 'task', id: started.id });
    expect(events.at(-1)).toMatchObject({ final: true, status: { state: 'completed' } });
  });

  it('push notification configs: set, get, list, delete', async () => {
    const task = (await client().sendMessage({ message: sdk03Message('ask') })) as Any;
    const config = { id: 'c1', url: 'https://hooks.example.com/a2a', token: 't' };
    expect(await client().setTaskPushNotificationConfig({ taskId: task.id, pushNotificationConfig: config })).toMatchObject({
      taskId: task.id,
      pushNotificationConfig: config,
    });
    // The SDK types the params as TaskIdParams, but its RestTransport reads pushNotificationConfigId.
    expect(await client().getTaskPushNotificationConfig({ id: task.id, pushNotificationConfigId: 'c1' } as Any)).toMatchObject({
      pushNotificationConfig: config,
    });
    expect((await client().listTaskPushNotificationConfig({ id: task.id })).map((c: Any) => c.pushNotificationConfig.id)).toEqual(['c1']);
    await client().deleteTaskPushNotificationConfig({ id: task.id, pushNotificationConfigId: 'c1' });
    expect(await client().listTaskPushNotificationConfig({ id: task.id })).toEqual([]);
  });
}
