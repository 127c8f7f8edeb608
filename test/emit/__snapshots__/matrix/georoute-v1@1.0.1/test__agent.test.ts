// Tests the agent through the generated client, on a free loopback port.
// This file is yours: a2a-gen created it once and never overwrites it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AClient } from '../src/a2a/client/index.js';
import { acceptSecrets, acceptUsers, createA2AServer } from '../src/a2a/server/index.js';
import { skills } from '../src/a2a/skills.js';

const server = createA2AServer({
  skills,
  logger: false,
  auth: {
    bearer: acceptSecrets(['test-secret']),
    basic: acceptUsers({ test: 'test-secret' }),
    apiKey: acceptSecrets(['test-secret']),
    oauth2: acceptSecrets(['test-secret']),
    oidc: acceptSecrets(['test-secret']),
  },
});
let client: A2AClient;

beforeAll(async () => {
  const { port } = await server.listen({ port: 0, host: '127.0.0.1' });
  client = await A2AClient.fromCardUrl(`http://127.0.0.1:${port}`, { credentials: { bearer: 'test-secret' } });
});
afterAll(() => server.close());

describe("GeoSpatial Route Planner Agent", () => {
  it('serves its Agent Card', () => {
    expect(client.card?.name).toBe("GeoSpatial Route Planner Agent");
  });

  it("skill route-optimizer-traffic answers", async () => {
    const output = await client.skills.routeOptimizerTraffic({ origin: { lat: 1, lng: 1 }, destination: { lat: 1, lng: 1 } });
    expect(output).toBeTypeOf('object');
  });

  it("skill custom-map-generator answers", async () => {
    const result = await client.skills.customMapGenerator({ points: [{ lat: 1, lng: 1 }] });
    // A direct reply (a Message), or a finished task.
    expect('parts' in result || 'status' in result).toBe(true);
  });
});
