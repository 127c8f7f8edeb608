// Starts the agent under an A2A TCK. test/tck/tck-v03.test.ts and tck-v1.test.ts copy this file
// over the scaffold's src/main.ts and run it with PORT=0 and HOST=127.0.0.1.
import { createA2AServer, type Resolver } from './a2a/server/index.js';
import { skills } from './a2a/skills.js';

/**
 * The v0.3 TCK sets push notification configs with public-looking webhooks
 * (https://example.com/webhook…), and a test may only send traffic to loopback. This resolver
 * answers every host name the way DNS answers an unknown one, so the server can neither look
 * up nor reach a webhook by name: setting such a config meets the runtime's own handling of an
 * unresolvable host, and a delivery fails before any connection is opened. A resolver never
 * sees a webhook written as an IP literal: for those (and as a second line for names), the test
 * preloads loopback-only.ts, which refuses every connection that is not to loopback.
 */
const refuseEveryName: Resolver = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
};

const server = createA2AServer({
  skills,
  // The v1.0 TCK's webhook receiver listens on 127.0.0.1 (it is run with --webhook-host=127.0.0.1).
  push: { resolve: refuseEveryName, allowPrivateTargets: ['127.0.0.1'] },
});

const { url } = await server.listen();
console.log('TCK Agent listening on ' + url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
