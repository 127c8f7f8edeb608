// Tests the agent through the generated client, on a free loopback port.
// This file is yours: a2a-gen created it once and never overwrites it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AClient } from '../src/a2a/client/index.js';
import { createA2AServer } from '../src/a2a/server/index.js';
import { skills } from '../src/a2a/skills.js';

const server = createA2AServer({
  skills,
  logger: false,
});
let client: A2AClient;

beforeAll(async () => {
  const { port } = await server.listen({ port: 0, host: '127.0.0.1' });
  client = await A2AClient.fromCardUrl(`http://127.0.0.1:${port}`);
});
afterAll(() => server.close());

describe("Hello Agent", () => {
  it('serves its Agent Card', () => {
    expect(client.card?.name).toBe("Hello Agent");
  });

  it("skill echo answers", async () => {
    const result = await client.skills.echo("hello");
    // A direct reply (a Message), or a finished task.
    expect('parts' in result || 'status' in result).toBe(true);
  });
});
