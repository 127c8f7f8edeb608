// A loopback port nothing listens on right now, for a process a test starts that must be told its
// port up front (PostgreSQL, an agent run by a script): the OS picks it, so a port someone else
// holds (a developer's agent on 41241) is never chosen.
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
