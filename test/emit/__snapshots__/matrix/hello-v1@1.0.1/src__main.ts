// Starts the agent. This file is yours: a2a-gen created it once and never overwrites it.
// PORT and HOST choose where it listens (default: the manifest's port on 127.0.0.1).
import { createA2AServer } from './a2a/server/index.js';
import { skills } from './a2a/skills.js';

const server = createA2AServer({
  skills,
});

const { url } = await server.listen().catch((err: Error & { code?: string }) => {
  // A port in use is one clear line (which PORT to set), not a stack trace.
  if (err.code !== 'EADDRINUSE') throw err;
  console.error(err.message);
  process.exit(1);
});
console.log("Hello Agent" + ' listening on ' + url);

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
