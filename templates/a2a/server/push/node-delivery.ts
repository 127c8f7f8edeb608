// Where webhooks may go and how they are sent: the SSRF checks of ssrf.ts on a webhook's host
// when its config is set, and the default request, a POST over node:http(s), with the same
// checks on the connection itself (see push-notifier.ts for the queue that calls it).
import { isIpLiteral, refusal } from './ssrf.js';

export interface PushRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  timeoutMs: number;
}

/** Sends one webhook request; resolves with the HTTP status. The default uses node:http(s). */
export type PushDelivery = (request: PushRequest) => Promise<{ status: number }>;

/** Every address a host name resolves to (as `dns.lookup(name, { all: true })` answers). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = async (hostname) => (await import('node:dns')).promises.lookup(hostname, { all: true });

/**
 * Refuses a webhook URL whose host is, or resolves to, a private address (`resolve` undefined:
 * a literal address only). A name that does not resolve now (no DNS on this host, a passing
 * resolver failure) is not proof of a private target: it is accepted, and the check on every
 * connection decides.
 */
export async function checkWebhookHost(
  url: URL,
  allow: readonly string[],
  resolve: Resolver | undefined,
  log?: (level: 'warn', message: string) => void,
): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIpLiteral(host)) {
    const why = refusal(host, host, allow);
    if (why) throw new Error(why);
    return;
  }
  if (!resolve) return;
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    log?.('warn', `a2a: push notification host ${host} does not resolve now (${reason}); accepted, and checked again on every delivery`);
    return;
  }
  for (const { address } of addresses) {
    const why = refusal(address, host, allow);
    if (why) throw new Error(why);
  }
}

/** Delivery over node:http(s). DNS answers are checked on the connection itself, so a name
 * cannot resolve to a public address when checked and a private one when used. */
export async function nodeDelivery(request: PushRequest, allow: readonly string[], resolve: Resolver): Promise<{ status: number }> {
  const host = request.url.hostname.replace(/^\[|\]$/g, '');
  if (isIpLiteral(host)) {
    const why = refusal(host, host, allow);
    if (why) throw Object.assign(new Error(why), { refused: true });
  }
  const [{ request: httpRequest }, { request: httpsRequest }] = await Promise.all([import('node:http'), import('node:https')]);
  const send = request.url.protocol === 'https:' ? httpsRequest : httpRequest;
  type LookupCallback = (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
  const lookup = (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (all) => {
        const addresses = options.family ? all.filter((a) => a.family === options.family) : all;
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        for (const { address } of addresses) {
          const why = refusal(address, hostname, allow);
          if (why) return callback(Object.assign(new Error(why), { refused: true }), '');
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: Error) => callback(err, ''),
    );
  };
  return new Promise((resolve, reject) => {
    const req = send(
      request.url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        signal: request.signal,
        timeout: request.timeoutMs,
        lookup: lookup as never,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}
