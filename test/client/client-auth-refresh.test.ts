// The generated client's refreshable credentials against the generated server, which answers
// HTTP 401 to a token it does not know: `onUnauthorized` refreshes, the call is sent once more
// (unary calls, streams before they start, the extended card), and never more than once.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, startAgent, TOKEN, type RunningAgent } from '../helpers/server.js';
import { textMessage } from '../helpers/http.js';

type Any = any;

/** Credentials that start stale; each refresh takes the next token of `refreshes`. */
function rotating(refreshes: string[], answer = true) {
  const state = { token: 'stale-token', asked: 0, statuses: [] as number[], challenges: [] as (string | null)[] };
  const handler = {
    headers: () => ({ authorization: `Bearer ${state.token}` }),
    async onUnauthorized(response: Response) {
      state.asked++;
      state.statuses.push(response.status);
      state.challenges.push(response.headers.get('www-authenticate'));
      await response.text(); // the handler may read the body: the caller's error has its own copy
      state.token = refreshes.shift() ?? state.token;
      // Gives up after a few: a client that loops fails the assertions instead of hanging.
      return answer && state.asked <= 3;
    },
  };
  return { handler, state };
}

/** A fetch that counts the requests it sends and the Authorization each carried. */
function counting(): { fetch: typeof fetch; sent: (string | null)[] } {
  const sent: (string | null)[] = [];
  return {
    sent,
    fetch: (url, init) => {
      sent.push(new Headers(init?.headers).get('authorization'));
      return fetch(url, init);
    },
  };
}

describe.each(['0.3.0', '0.2.5'])('auth refresh after HTTP 401, A2A v%s', (version) => {
  let agent: RunningAgent;
  let lib: Any;

  beforeAll(async () => {
    const project = await fixtureProject(`full-v${version}`);
    agent = await startAgent(project);
    lib = await project.load('a2a/client/index.js');
  });

  it('message/send: 401, refresh, then success with the fresh token', async () => {
    const { handler, state } = rotating([TOKEN]);
    const requests = counting();
    const client = new lib.A2AClient({ url: agent.url, auth: handler, fetch: requests.fetch });
    expect(await client.sendMessage({ message: textMessage('reply fresh') })).toMatchObject({ parts: [{ text: 'fresh' }] });
    expect(requests.sent).toEqual(['Bearer stale-token', `Bearer ${TOKEN}`]);
    expect(state.asked).toBe(1);
    expect(state.statuses).toEqual([401]);
    expect(state.challenges[0]).toContain('Bearer');
    // Later calls use the refreshed token from the start.
    await client.sendMessage({ message: textMessage('reply again') });
    expect(requests.sent).toHaveLength(3);
  });

  it('a stream is retried before it starts, and its events arrive', async () => {
    const { handler, state } = rotating([TOKEN]);
    const requests = counting();
    const client = new lib.A2AClient({ url: agent.url, auth: [handler], fetch: requests.fetch });
    const events: Any[] = [];
    for await (const e of client.sendMessageStream({ message: textMessage('events 2') })) events.push(e);
    expect(events.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
    expect(requests.sent).toEqual(['Bearer stale-token', `Bearer ${TOKEN}`]);
    expect(state.asked).toBe(1);
  });

  it('no loop: a refresh that keeps failing is asked once, the caller gets the 401', async () => {
    const { handler, state } = rotating(['still-bad', 'worse', 'worst']);
    const requests = counting();
    const client = new lib.A2AClient({ url: agent.url, auth: handler, fetch: requests.fetch });
    const err = await client.sendMessage({ message: textMessage('reply x') }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'A2AHttpError', status: 401, wwwAuthenticate: expect.stringContaining('Bearer') });
    expect(requests.sent).toEqual(['Bearer stale-token', 'Bearer still-bad']);
    expect(state.asked).toBe(1);
    const stream = client.sendMessageStream({ message: textMessage('events 1') })[Symbol.asyncIterator]();
    await expect(stream.next()).rejects.toMatchObject({ status: 401 });
    expect(requests.sent).toHaveLength(4);
    expect(state.asked).toBe(2);
  });

  it('onUnauthorized answering false: no retry, the 401 with its body', async () => {
    const { handler, state } = rotating([TOKEN], false);
    const requests = counting();
    const client = new lib.A2AClient({ url: agent.url, auth: handler, fetch: requests.fetch });
    const err = await client.getTask({ id: 'x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'A2AHttpError', status: 401 });
    expect(err.body).not.toBe('');
    expect(requests.sent).toHaveLength(1);
    expect(state.asked).toBe(1);
  });

  it('hooks without onUnauthorized are never retried', async () => {
    const requests = counting();
    const client = new lib.A2AClient({ url: agent.url, auth: lib.bearer('stale-token'), fetch: requests.fetch });
    await expect(client.getTask({ id: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(requests.sent).toHaveLength(1);
  });

  it('the authenticated extended card refreshes too', async () => {
    const { handler, state } = rotating([TOKEN]);
    const client = await lib.A2AClient.fromCardUrl(agent.origin, { auth: handler });
    const card = await client.getAuthenticatedExtendedCard();
    expect(card.skills.map((s: Any) => s.id)).toContain('secret-skill');
    expect(state.asked).toBe(1);
  });
});
