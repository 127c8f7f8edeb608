// Push notifications: per-task webhook configs, and their delivery — always off the request
// path, in order per webhook, retried with backoff, and never to a private address unless
// allow-listed (see ssrf.ts). Each notification POSTs the whole Task as JSON, with the
// client's token in `X-A2A-Notification-Token` (the header the official SDKs use).
import { protocol } from '../../protocol.js';
import { wrapResult } from '../../runtime/result-members.js';
import { versionAdapters } from '../../version-adapters.js';
import { invalidParams } from '../roles/rules.js';
import { isIpLiteral, refusal } from './ssrf.js';

/**
 * On a config set by a client of another version the agent answers (compat): that version
 * (`0.3`), so its notifications are written in it. A symbol, never on the wire; a store that
 * serializes configs keeps it beside them (postgres-push.ts).
 */
export const PUSH_VERSION: unique symbol = Symbol('a2a.pushVersion');

/** A PushNotificationConfig as the client sent it (v0.1.0 and v0.2+ share these fields). */
export interface PushConfig {
  url: string;
  id?: string;
  token?: string;
  /** v0.x: `schemes` (the first is used); v1.0: one `scheme`. */
  authentication?: { schemes?: string[]; scheme?: string; credentials?: string };
  [PUSH_VERSION]?: string;
  [field: string]: unknown;
}

/** How a notification is written for a config: the agent's own version, or the one the config was set in. */
interface PushWriting {
  contentType: string;
  body(task: unknown): string;
}
const OWN_WRITING: PushWriting = {
  contentType: protocol.pushContentType,
  // v1.0 posts a StreamResponse (`{ "task": … }`, spec §4.3.3); before, the task itself.
  body: (task) => JSON.stringify(wrapResult(task)),
};
let writings: Map<string, PushWriting> | undefined;
/** Built on first use: the adapters import this module, so they are not there yet while it loads. */
function writingOf(config: PushConfig): PushWriting {
  const version = config[PUSH_VERSION];
  if (version === undefined) return OWN_WRITING;
  writings ??= new Map(
    versionAdapters.flatMap((a) =>
      a.push ? [[a.version, { contentType: a.push.contentType, body: (task: unknown) => JSON.stringify(a.push!.body(task)) }]] : [],
    ),
  );
  return writings.get(version) ?? OWN_WRITING;
}

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
  log?: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

/**
 * Where push configs live. `has` and `list` are asked on every task event, so they stay
 * synchronous: a shared store answers them from a cache it keeps current (postgres-push.ts).
 * Writes may be asynchronous; the server awaits them before it answers.
 */
export interface PushConfigs {
  /** Adds or replaces a config; a new one past `max` configs for the task is refused (-32602). */
  set(taskId: string, config: PushConfig, max?: number): PushConfig | Promise<PushConfig>;
  get(taskId: string, id?: string): PushConfig | undefined | Promise<PushConfig | undefined>;
  list(taskId: string): PushConfig[];
  delete(taskId: string, id: string): boolean | Promise<boolean>;
  has(taskId: string): boolean;
  /** The task is gone (evicted): its configs go too. */
  drop(taskId: string): void;
}

/** Configs by task; a config without an id gets the task id (as the official SDK does). */
export class PushConfigStore implements PushConfigs {
  private readonly byTask = new Map<string, Map<string, PushConfig>>();

  constructor(private readonly ids: boolean) {}

  /** Adds or replaces a config; a new one past `max` configs for the task is refused (-32602). */
  set(taskId: string, config: PushConfig, max = Infinity): PushConfig {
    const stored: PushConfig = { ...config };
    if (this.ids) stored.id = typeof config.id === 'string' && config.id ? config.id : taskId;
    // Without config ids (v0.1.0 – v0.2.4) a task has one config, replaced on each set.
    const key = this.ids ? stored.id! : 'default';
    const configs = this.byTask.get(taskId);
    if (configs && !configs.has(key) && configs.size >= max) {
      throw invalidParams(
        '/pushNotificationConfig',
        `task ${taskId} has ${configs.size} push notification configs, the most it may have (limit server.push.maxConfigsPerTask); delete one first`,
        {
          limit: 'maxConfigsPerTask',
          max,
        },
      );
    }
    if (configs) configs.set(key, stored);
    else this.byTask.set(taskId, new Map([[key, stored]]));
    return stored;
  }

  get(taskId: string, id?: string): PushConfig | undefined {
    const configs = this.byTask.get(taskId);
    if (!configs) return undefined;
    if (id !== undefined) return configs.get(id);
    return configs.get(this.ids ? taskId : 'default') ?? configs.values().next().value;
  }

  list(taskId: string): PushConfig[] {
    return [...(this.byTask.get(taskId)?.values() ?? [])];
  }

  delete(taskId: string, id: string): boolean {
    const configs = this.byTask.get(taskId);
    const deleted = configs?.delete(id) ?? false;
    if (configs && configs.size === 0) this.byTask.delete(taskId);
    return deleted;
  }

  has(taskId: string): boolean {
    return this.byTask.has(taskId);
  }

  drop(taskId: string): void {
    this.byTask.delete(taskId);
  }
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
