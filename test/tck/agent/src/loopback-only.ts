// Preloaded into the agent under the TCK (`node --import ./dist/loopback-only.js`) by the test,
// not part of the agent itself: every outgoing TCP connection to anything but a loopback address
// is refused before it is opened. main.ts already makes every webhook host name unresolvable;
// this also covers what a resolver never sees (a webhook written as a public IP literal), so
// the TCK's push configs cannot make this process send a packet off the machine.
import net from 'node:net';

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3}|localhost)$/i;

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  const target = destination(args);
  if (target && !LOOPBACK.test(target.host)) {
    const error = Object.assign(new Error(`loopback-only: refused a connection to ${target.host}:${String(target.port)}`), { code: 'ECONNREFUSED' });
    process.stderr.write(error.message + '\n');
    // Fails the way a refused connection does: asynchronously, through the socket's 'error'.
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof connect;

/** The host and port a connect() call aims at; undefined for a local (Unix) socket. */
function destination(args: unknown[]): { host: string; port: unknown } | undefined {
  // net.connect() hands its normalized arguments over as one array: [options, callback].
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: unknown; host?: unknown; port?: unknown };
    // net's own test for a local socket (node:http passes `path: null` for TCP).
    if (options.path) return undefined;
    return { host: String(options.host ?? 'localhost').replace(/^\[|\]$/g, ''), port: options.port };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined;
  return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: first };
}
