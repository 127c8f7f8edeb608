// Starts the agent. This file is yours: a2a-gen created it once and never overwrites it.
// PORT and HOST choose where it listens (default: the manifest's port on 127.0.0.1), GRPC_PORT
// where gRPC does.
import { acceptSecrets, createA2AServer, secretsFromEnv } from './a2a/server/index.js';
import { skills } from './a2a/skills.js';
import { connectPostgres } from './a2a/postgres/postgres.js';

// Tasks, push configs and live streams are shared through PostgreSQL (manifest server.store), so
// several replicas can serve this agent (see the README). The URL comes from the environment only.
const databaseUrl = process.env["DATABASE_URL"];
if (!databaseUrl) {
  console.error("DATABASE_URL" + ' is not set: this agent keeps its tasks in PostgreSQL (server.store: postgres). Set it, e.g. ' + "DATABASE_URL" + '=postgres://user:password@127.0.0.1:5432/agent');
  process.exit(1);
}
const stores = await connectPostgres({ url: databaseUrl }).catch((err: Error) => {
  // Unreachable, refused, bad credentials: one clear line, not a stack trace.
  console.error(err.message);
  process.exit(1);
});

const server = createA2AServer({
  skills,
  taskStore: stores.taskStore,
  pushConfigStore: stores.pushConfigStore,
  eventBus: stores.eventBus,
  // Accepted credentials come from the environment (comma-separated). Replace these
  // verifiers with your identity provider's checks as soon as you have one.
  auth: {
    bearer: acceptSecrets(secretsFromEnv("A2A_BEARER_SECRETS")),
  },
});

const { url, grpc } = await server.listen().catch((err: Error & { code?: string }) => {
  // A port in use is one clear line (which PORT to set), not a stack trace.
  if (err.code !== 'EADDRINUSE') throw err;
  console.error(err.message);
  process.exit(1);
});
console.log("Relay Agent" + ' listening on ' + url + (grpc ? ' and gRPC on ' + grpc.address : ''));

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
