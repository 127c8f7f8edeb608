// Express / Connect middleware (and Fastify, through its raw request and reply): requests for
// the A2A routes are answered, everything else goes to `next()`. The protocol lives in the
// core; this only decides which requests are ours.
//
//   app.use(server.middleware)                                  // Express, Connect
//
// Fastify parses bodies before route handlers run, so the raw request is handed over in an
// `onRequest` hook, before that:
//
//   fastify.addHook('onRequest', (request, reply, done) => {
//     if (!server.handles(request.url)) return done();
//     reply.hijack();
//     server.handler(request.raw, reply.raw);
//   });
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeHandler } from './node.js';

export function toMiddleware(handler: NodeHandler, handles: (url: string) => boolean): NodeHandler {
  return (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    if (!next || handles(url)) handler(req, res);
    else next();
  };
}
