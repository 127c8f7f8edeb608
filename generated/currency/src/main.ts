// Starts the agent. This file is yours: a2a-gen created it once and never overwrites it.
// PORT and HOST choose where it listens (default: the manifest's port on 127.0.0.1).
import { acceptSecrets, createA2AServer, secretsFromEnv } from './a2a/server/index.js';
import { skills } from './a2a/skills.js';

const server = createA2AServer({
  skills,
  // Accepted credentials come from the environment (comma-separated). Replace these
  // verifiers with your identity provider's checks as soon as you have one.
  auth: {
    apiKey: acceptSecrets(secretsFromEnv("A2A_APIKEY_SECRETS")),
  },
});

const { url } = await server.listen();
console.log("Currency Agent" + ' listening on ' + url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
