// Starts the agent. This file is yours: a2a-gen created it once and never overwrites it.
// PORT and HOST choose where it listens (default: the manifest's port on 127.0.0.1).
import { createA2AServer } from './a2a/server/index.js';
import { skills } from './a2a/skills.js';

const server = createA2AServer({
  skills,
});

const { url } = await server.listen();
console.log("Hello Agent" + ' listening on ' + url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
