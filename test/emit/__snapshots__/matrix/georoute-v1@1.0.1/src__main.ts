// Starts the agent. This file is yours: a2a-gen created it once and never overwrites it.
// PORT and HOST choose where it listens (default: the manifest's port on 127.0.0.1).
import { acceptSecrets, acceptUsers, createA2AServer, secretsFromEnv, usersFromEnv } from './a2a/server/index.js';
import { skills } from './a2a/skills.js';

const server = createA2AServer({
  skills,
  // Accepted credentials come from the environment (comma-separated). Replace these
  // verifiers with your identity provider's checks as soon as you have one.
  auth: {
    bearer: acceptSecrets(secretsFromEnv("A2A_BEARER_SECRETS")),
    basic: acceptUsers(usersFromEnv("A2A_BASIC_SECRETS")),
    apiKey: acceptSecrets(secretsFromEnv("A2A_APIKEY_SECRETS")),
    oauth2: acceptSecrets(secretsFromEnv("A2A_OAUTH2_SECRETS")),
    oidc: acceptSecrets(secretsFromEnv("A2A_OIDC_SECRETS")),
  },
});

const { url } = await server.listen().catch((err: Error & { code?: string }) => {
  // A port in use is one clear line (which PORT to set), not a stack trace.
  if (err.code !== 'EADDRINUSE') throw err;
  console.error(err.message);
  process.exit(1);
});
console.log("GeoSpatial Route Planner Agent" + ' listening on ' + url);

// SIGINT / SIGTERM: stop accepting, let running work finish (shutdownGraceMs, 10 s by default),
// end open streams with a final event that says why, then exit. A second signal exits at once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
