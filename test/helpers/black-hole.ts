// A webhook that never answers: a loopback TCP server that accepts every connection and never
// reads from it or writes to it (push-budget.test.ts, push-fairness.test.ts).
import { createServer, type Server, type Socket } from 'node:net';

export interface BlackHole {
  /** An http:// URL on it, ending in /hook. */
  url: string;
  /** Connections open to it now. */
  connections(): number;
  close(): Promise<void>;
}

export async function blackHole(): Promise<BlackHole> {
  const sockets = new Set<Socket>();
  const server: Server = createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    connections: () => sockets.size,
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
  };
}
