// client.skills.x.stream(…) against the generated server: the version's streaming send with
// metadata.skillId (and the typed input as a data part), yielding the task's events; the
// plain call client.skills.x(…) keeps working beside it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN } from '../helpers/server.js';

type Any = any;

async function collect(iterable: AsyncIterable<Any>): Promise<Any[]> {
  const out: Any[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** An interceptor that keeps the method and params of every call. */
function recorder(): { calls: { method: string; params: Any }[]; interceptor: Any } {
  const calls: { method: string; params: Any }[] = [];
  return { calls, interceptor: { before: (call: Any) => void calls.push({ method: call.method, params: call.params }) } };
}

describe.each(['0.3.0', '0.2.5'])('skills.x.stream, A2A v%s', (version) => {
  let client: Any;
  let calls: { method: string; params: Any }[];

  beforeAll(async () => {
    const project = await fixtureProject(`full-v${version}`);
    const agent = await startAgent(project);
    const lib = await project.load<Any>('a2a/client/index.js');
    const record = recorder();
    calls = record.calls;
    client = await lib.A2AClient.fromCardUrl(agent.origin, { credentials: { bearer: TOKEN }, validateResponses: true, interceptors: [record.interceptor] });
  });

  it('streams a text skill: message/stream to that skill, the chunks as artifact updates', async () => {
    const events = await collect(client.skills.script.stream('chunks 3'));
    expect(calls.at(-1)).toMatchObject({
      method: 'message/stream',
      params: { message: { metadata: { skillId: 'script' }, parts: [{ kind: 'text', text: 'chunks 3' }] } },
    });
    expect(events[0]).toMatchObject({ kind: 'task' });
    expect(events.filter((e) => e.kind === 'artifact-update').map((e) => e.artifact.parts[0].text)).toEqual(['chunk-0', 'chunk-1', 'chunk-2']);
    expect(events.at(-1)).toMatchObject({ kind: 'status-update', status: { state: 'completed' }, final: true });
  });

  it('sends a typed input as a data part and yields the output artifact', async () => {
    const events = await collect(client.skills.add.stream({ a: 2, b: 3 }));
    expect(calls.at(-1)).toMatchObject({
      method: 'message/stream',
      params: { message: { metadata: { skillId: 'add' }, parts: [{ kind: 'data', data: { a: 2, b: 3 } }] } },
    });
    const output = events.find((e) => e.kind === 'artifact-update');
    expect(output.artifact.parts).toEqual([expect.objectContaining({ kind: 'data', data: { sum: 5 } })]);
    expect(events.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
  });

  it('continues a task that asked for input', async () => {
    const first = await collect(client.skills.script.stream('ask'));
    const task = first[0];
    expect(first.at(-1)).toMatchObject({ status: { state: 'input-required' } });
    const second = await collect(client.skills.script.stream('more', { taskId: task.id, contextId: task.contextId }));
    expect(second.at(-1)).toMatchObject({ taskId: task.id, status: { state: 'completed' }, final: true });
  });

  it('the plain call still works beside .stream', async () => {
    expect(typeof client.skills.add).toBe('function');
    expect(await client.skills.add({ a: 20, b: 22 })).toEqual({ sum: 42 });
    expect(calls.at(-1)?.method).toBe('message/send');
  });
});

describe('skills.x.stream, A2A v0.1.0 (tasks/sendSubscribe, client-chosen task ids)', () => {
  let client: Any;

  beforeAll(async () => {
    const project = await fixtureProject('full-v0.1.0');
    const agent = await startAgent(project);
    const lib = await project.load<Any>('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(agent.origin, { credentials: { Bearer: TOKEN }, validateResponses: true });
  });

  it('streams with tasks/sendSubscribe under a task id it makes (or the one given)', async () => {
    const events = await collect(client.skills.script.stream('events 2'));
    expect(events.map((e) => e.status?.state)).toEqual(['submitted', 'working', 'working', 'completed']);
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    const id = randomUUID();
    const added = await collect(client.skills.add.stream({ a: 1, b: 2 }, { taskId: id }));
    expect(added.every((e) => e.id === id)).toBe(true);
    expect(added.find((e) => e.artifact)?.artifact.parts).toEqual([expect.objectContaining({ type: 'data', data: { sum: 3 } })]);
    expect(await client.skills.add({ a: 1, b: 2 })).toEqual({ sum: 3 });
  });
});
