// Express / Connect middleware (and Fastify, through its raw request and reply): requests for
// the A2A routes are answered, everything else goes to `next()`. The protocol lives in the
// core; this only decides which requests are ours.
//
//   app.use(server.middleware)                                  // Express, Connect
//   fastify.all('*', (req, reply) => { reply.hijack(); server.middleware(req.raw, reply.raw) })
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeHandler } from './node.js';

export function toMiddleware(handler: NodeHandler, ownsPath: (path: string, method: string) => boolean): NodeHandler {
  return (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (ownsPath(path, req.method ?? 'GET') || !next) handler(req, res);
    else next();
  };
}
