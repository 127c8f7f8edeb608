// Push notifications delivered: always off the request path, in order per webhook, retried
// with backoff, bounded in flight, and never to a private address unless allow-listed (see
// ssrf.ts). Each notification POSTs the whole Task, with the client's token in
// `X-A2A-Notification-Token` (the header the official SDKs use).
import type { PushConfig } from './push-config.js';
import { writingOf, type PushWriting } from './push-writing.js';
import { isIpLiteral, refusal } from './ssrf.js';
import { NOTIFICATION_SIGNATURE_HEADER } from '../signing/push-signature.js';

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

export interface PushOptions {
  /** Hosts, IPs or CIDR ranges allowed although loopback/private/link-local. Default: none. */
  allowPrivateTargets?: readonly string[];
  deliver?: PushDelivery;
  /**
   * Name resolution for webhook hosts, checked when a config is set and again on every
   * connection (so a name cannot answer a public address first and a private one later).
   * Default: the system resolver (node:dns lookup).
   */
  resolve?: Resolver;
  /** Delays (ms) before each retry. Default: 500, 2000, 8000. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Most webhook requests open at once in this process; the rest wait their turn. Default 16. */
  maxInFlight?: number;
  tokenHeader?: string;
  /** Signs each body sent (signing/push-signature.ts, when the agent signs its cards): the value of `X-A2A-Notification-Signature`. */
  sign?: (body: string) => string;
  log?: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

interface Queue {
  config: PushConfig;
  inFlight: boolean;
  /** The latest body not yet sent: each carries the whole task, so older ones are superseded. */
  pending?: string;
  contentType: string;
  timer?: ReturnType<typeof setTimeout>;
  controller?: AbortController;
}

export class PushNotifier {
  private readonly queues = new Map<string, Queue>();
  private readonly allow: readonly string[];
  private readonly delays: readonly number[];
  private readonly timeoutMs: number;
  private readonly tokenHeader: string;
  private readonly deliver: PushDelivery;
  private readonly resolve: Resolver;
  private closed = false;
  /** Deliveries open now, and the ones waiting for a place (first come, first served). */
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: PushOptions = {}) {
    this.allow = options.allowPrivateTargets ?? [];
    this.delays = options.retryDelaysMs ?? [500, 2000, 8000];
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.tokenHeader = options.tokenHeader ?? 'X-A2A-Notification-Token';
    this.resolve = options.resolve ?? systemResolver;
    this.maxInFlight = options.maxInFlight ?? 16;
    this.deliver = options.deliver ?? ((request) => nodeDelivery(request, this.allow, this.resolve));
  }

  /**
   * Refuses a webhook URL whose host is, or resolves to, a private address. Called on set. A
   * name that does not resolve now (no DNS on this host, a passing resolver failure) is not
   * proof of a private target: it is accepted, and the check on every connection decides.
   */
  async checkTarget(url: URL, log?: PushOptions['log']): Promise<void> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIpLiteral(host)) {
      const why = refusal(host, host, this.allow);
      if (why) throw new Error(why);
      return;
    }
    if (this.options.deliver) return; // a custom delivery does its own resolution and checks
    let addresses: { address: string }[];
    try {
      addresses = await this.resolve(host);
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      (log ?? this.options.log)?.(
        'warn',
        `a2a: push notification host ${host} does not resolve now (${reason}); accepted, and checked again on every delivery`,
      );
      return;
    }
    for (const { address } of addresses) {
      const why = refusal(address, host, this.allow);
      if (why) throw new Error(why);
    }
  }

  /** Queues the task for every config; returns at once. */
  notify(taskId: string, task: unknown, configs: readonly PushConfig[]): void {
    if (this.closed || configs.length === 0) return;
    // Each version's body is written once, however many configs want it.
    const bodies = new Map<PushWriting, string>();
    for (const config of configs) {
      const writing = writingOf(config);
      let body = bodies.get(writing);
      if (body === undefined) bodies.set(writing, (body = writing.body(task)));
      const key = `${taskId}\u0000${config.id ?? ''}\u0000${config.url}`;
      let queue = this.queues.get(key);
      if (!queue) this.queues.set(key, (queue = { config, inFlight: false, contentType: writing.contentType }));
      queue.config = config;
      queue.contentType = writing.contentType;
      queue.pending = body;
      if (!queue.inFlight) void this.drain(key, queue);
    }
  }

  /** Stops every delivery and retry timer (server shutdown). */
  close(): void {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    for (const queue of this.queues.values()) {
      clearTimeout(queue.timer);
      queue.controller?.abort(new Error('server closed'));
    }
    this.queues.clear();
  }

  private async drain(key: string, queue: Queue): Promise<void> {
    queue.inFlight = true;
    while (queue.pending !== undefined && !this.closed) {
      const body = queue.pending;
      queue.pending = undefined;
      await this.sendWithRetries(queue, body);
    }
    queue.inFlight = false;
    if (this.queues.get(key) === queue && queue.pending === undefined) this.queues.delete(key);
  }

  private async sendWithRetries(queue: Queue, latest: string): Promise<void> {
    const { config } = queue;
    let body = latest;
    let url: URL;
    try {
      url = new URL(config.url);
    } catch {
      return;
    }
    const headers: Record<string, string> = { 'content-type': queue.contentType, 'user-agent': 'a2a-gen-agent' };
    const signed = (): void => {
      if (this.options.sign) headers[NOTIFICATION_SIGNATURE_HEADER] = this.options.sign(body);
    };
    signed();
    if (typeof config.token === 'string' && config.token) headers[this.tokenHeader.toLowerCase()] = config.token;
    const auth = config.authentication;
    const scheme = auth?.scheme ?? auth?.schemes?.[0];
    if (auth?.credentials && scheme) headers.authorization = `${scheme} ${auth.credentials}`;
    for (let attempt = 0; ; attempt++) {
      if (this.closed) return;
      await this.acquire();
      if (this.closed) return;
      // A newer state that arrived while this one waited for a place supersedes it.
      if (queue.pending !== undefined) {
        body = queue.pending;
        queue.pending = undefined;
        signed();
      }
      queue.controller = new AbortController();
      let retry: boolean;
      let reason: string;
      try {
        const { status } = await this.deliver({ url, headers, body, signal: queue.controller.signal, timeoutMs: this.timeoutMs });
        if (status >= 200 && status < 300) return;
        retry = status === 408 || status === 425 || status === 429 || status >= 500;
        reason = `HTTP ${status}`;
      } catch (err) {
        const refused = (err as { refused?: boolean }).refused === true;
        retry = !refused;
        reason = (err as Error).message;
      } finally {
        this.releaseSlot();
      }
      if (!retry || attempt >= this.delays.length) {
        this.options.log?.('warn', `a2a: push notification to ${url.origin} not delivered: ${reason}`);
        return;
      }
      await new Promise<void>((resolve) => {
        queue.timer = setTimeout(resolve, this.delays[attempt]);
        (queue.timer as { unref?: () => void }).unref?.();
      });
    }
  }

  /** Waits for a place among the deliveries in flight (sockets are bounded; the queue is not sockets). */
  private acquire(): Promise<void> | void {
    if (this.inFlight < this.maxInFlight) {
      this.inFlight++;
      return;
    }
    return new Promise<void>((resolve) => this.waiting.push(() => (this.inFlight++, resolve())));
  }

  private releaseSlot(): void {
    this.inFlight--;
    this.waiting.shift()?.();
  }
}

const systemResolver: Resolver = async (hostname) => (await import('node:dns')).promises.lookup(hostname, { all: true });

/** Delivery over node:http(s). DNS answers are checked on the connection itself, so a name
 * cannot resolve to a public address when checked and a private one when used. */

async function nodeDelivery(request: PushRequest, allow: readonly string[], resolve: Resolver): Promise<{ status: number }> {
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
