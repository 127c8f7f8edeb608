// What a client is told while PostgreSQL is down, against what is stored once it is back (a v1.0
// agent with compat 0.3.0, one replica). A send and a stream that start during the outage run on:
// their answers end with -32603 after writeTimeoutMs, and their changes are kept and written when
// the database returns — so the error must say exactly that (the task's id, "do not send again,
// get the task"), not "try again" (which repeated work whose outcome was later stored COMPLETED).
// A read, which did nothing, does say "try again": over HTTP+JSON 503 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, rpc, textMessage, type SseEvent } from '../helpers/http.js';
import { rest } from '../helpers/rest.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { pgAgentProjectV1, startReplica, type Replica } from '../helpers/replicas.js';

let cluster: PgCluster;
let agent: Replica;

beforeAll(async () => {
  cluster = await startCluster();
  const url = await cluster.createDatabase('outage');
  agent = await startReplica(await pgAgentProjectV1(), 'outage', url, { writeTimeoutMs: 1000 });
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await cluster?.remove();
});

async function collect(events: AsyncGenerator<SseEvent>): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('a PostgreSQL outage', () => {
  it('sends and streams are told their task is kept and not to send again, and the task is then stored as it ended; reads are told to try again', async () => {
    await cluster.kill();
    let down = true;
    try {
      const sent = await rpc(agent.url, 'message/send', { message: textMessage('ticks 1 0') });
      expect(sent.body.error.code).toBe(-32603);
      expect(sent.body.error.message).toMatch(/unavailable .*the changes of task \S+ are kept and written once it is back — do not send them again/);
      const sentTask: string = sent.body.error.data.taskId;
      expect(sent.body.error.data).not.toHaveProperty('retryAfterSeconds');

      const stream = await openStream(agent.url, 'message/stream', { message: textMessage('ticks 3 50') });
      const events = await collect(stream.events());
      const error = events.at(-1)!.data.error;
      expect(error.code).toBe(-32603);
      expect(error.message).toMatch(/are kept and written once it is back/);
      const streamedTask: string = error.data.taskId;

      // Another task's id: the sent one is held in memory and would be answered from there.
      const unknownId = sentTask.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
      const read = await rpc(agent.url, 'tasks/get', { id: unknownId });
      expect(read.body.error.message).toMatch(/nothing was read — try again shortly/);
      const listed = await rest(`${agent.url.replace(/\/$/, '')}/rest`, 'GET', '/tasks', undefined, { 'a2a-version': '1.0' });
      expect(listed.status).toBe(503);
      expect(listed.headers.get('retry-after')).toBe('1');
      expect(listed.body.error.message).toMatch(/nothing was read — try again shortly/);

      await cluster.start();
      down = false;
      // What they were told: kept and written once the database is back — and so it is, completed.
      for (const id of [sentTask, streamedTask]) {
        let state: string | undefined;
        for (let i = 0; i < 100 && state !== 'completed'; i++) {
          state = (await rpc(agent.url, 'tasks/get', { id })).body.result?.status.state;
          if (state !== 'completed') await new Promise((r) => setTimeout(r, 100));
        }
        expect(state, id).toBe('completed');
      }
    } finally {
      if (down) await cluster.start();
    }
  }, 60_000);
});
