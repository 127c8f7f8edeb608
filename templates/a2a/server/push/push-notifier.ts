// Push notifications delivered: always off the request path, in order per webhook, retried
// with backoff, bounded in flight and in bytes, fair between the tasks' owners (delivery-slots.ts),
// cheaper each time for a webhook origin that keeps failing (origin-breaker.ts), and never to a
// private address unless allow-listed (see ssrf.ts). Each notification POSTs the whole Task, with
// the client's token in `X-A2A-Notification-Token` (the header the official SDKs use).
import type { PushConfig } from './push-config.js';
import { writingOf, type PushWriting } from './push-writing.js';
import { NOTIFICATION_SIGNATURE_HEADER } from '../signing/push-signature.js';
import { ownerOf } from '../tasks/task-owner.js';
import { heldBody, PushBudget, type HeldBody } from './push-budget.js';
import { DeliverySlots } from './delivery-slots.js';
import { checkWebhookHost, nodeDelivery, systemResolver, type PushDelivery, type Resolver } from './node-delivery.js';
import { OriginBreakers, type BreakerOptions } from './origin-breaker.js';

export type { PushDelivery, PushRequest, Resolver } from './node-delivery.js';

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
  /** How long a webhook has to answer, ms (shorter for an origin that keeps failing: `circuitBreaker`). Default 10000. */
  timeoutMs?: number;
  /**
   * Most webhook requests open at once in this process; the rest wait their turn, owner by owner
   * (then task by task), and one owner holds at most three quarters of them. Default 16.
   */
  maxInFlight?: number;
  /** When a webhook origin that keeps failing is skipped for a while (origin-breaker.ts). */
  circuitBreaker?: BreakerOptions;
  /**
   * Most bytes the notification bodies waiting or being sent may hold together (task-size.ts
   * units: a body counts its length, once however many webhooks of its task take it). Past it
   * deliveries are dropped, each with a warning: the oldest of the owner holding the most first. Default: the server's task memory
   * budget (`server.tasks.memoryBytes`), else 32 MiB.
   */
  maxQueuedBytes?: number;
  tokenHeader?: string;
  /** Signs each body sent (signing/push-signature.ts, when the agent signs its cards): the value of `X-A2A-Notification-Signature`. */
  sign?: (body: string) => string;
  log?: (level: 'warn' | 'error', message: string, error?: unknown) => void;
}

/** One webhook of one task: its deliveries go one at a time, the newest state winning. */
interface Queue {
  readonly key: string;
  readonly taskId: string;
  /** Whose turn its deliveries take: the task's owner, or for a task nobody owns the task itself. */
  readonly owner: string;
  config: PushConfig;
  contentType: string;
  /** The newest body not yet sent: each carries the whole task, so an older one is superseded. */
  pending?: HeldBody;
  /** The body being sent, waiting for a place, or waiting to be sent again. */
  current?: HeldBody;
  /** The signature of `current` when signing: a retry of a body keeps its signature. */
  signed?: { body: HeldBody; signature: string };
  /** Whether its drain loop runs, and whether a request of it is open now. */
  running: boolean;
  sending: boolean;
  /** Set once the budget dropped it: its drain stops at its next step. */
  dropped: boolean;
  controller?: AbortController;
  /** Ends the wait it is in (for a place, before a retry) at once: it was dropped or the server closes. */
  wait?: () => void;
}

export class PushNotifier {
  /** Every webhook with a delivery to make, the one whose newest body is oldest first. */
  private readonly queues = new Map<string, Queue>();
  private readonly allow: readonly string[];
  private readonly delays: readonly number[];
  private readonly tokenHeader: string;
  private readonly deliver: PushDelivery;
  private readonly resolve: Resolver;
  private readonly slots: DeliverySlots;
  private readonly budget: PushBudget;
  private readonly breakers: OriginBreakers;
  private closed = false;

  constructor(private readonly options: PushOptions = {}) {
    this.allow = options.allowPrivateTargets ?? [];
    this.delays = options.retryDelaysMs ?? [500, 2000, 8000];
    this.breakers = new OriginBreakers(options.timeoutMs ?? 10_000, options.circuitBreaker);
    this.tokenHeader = options.tokenHeader ?? 'X-A2A-Notification-Token';
    this.resolve = options.resolve ?? systemResolver;
    this.slots = new DeliverySlots(options.maxInFlight ?? 16);
    this.budget = new PushBudget(options.maxQueuedBytes ?? 32 * 1024 * 1024);
    this.deliver = options.deliver ?? ((request) => nodeDelivery(request, this.allow, this.resolve));
  }

  /** Bytes the bodies waiting or being sent hold now, and how many deliveries the budget dropped. */
  get queued(): { bytes: number; maxBytes: number; dropped: number } {
    return { bytes: this.budget.bytes, maxBytes: this.budget.maxBytes, dropped: this.budget.dropped };
  }

  /**
   * Refuses a webhook URL whose host is, or resolves to, a private address. Called on set (see
   * checkWebhookHost). A custom delivery does its own resolution and checks.
   */
  async checkTarget(url: URL, log?: PushOptions['log']): Promise<void> {
    await checkWebhookHost(url, this.allow, this.options.deliver ? undefined : this.resolve, log ?? this.options.log);
  }

  /** Queues the task for every config; returns at once. */
  notify(taskId: string, task: unknown, configs: readonly PushConfig[]): void {
    if (this.closed || configs.length === 0) return;
    // Each version's body is written once, however many configs want it, and counted once.
    const bodies = new Map<PushWriting, HeldBody>();
    const owner = ownerOf(task as object) ?? `\u0000task ${taskId}`;
    for (const config of configs) {
      const writing = writingOf(config);
      let body = bodies.get(writing);
      if (body === undefined) bodies.set(writing, (body = heldBody(writing.body(task), owner)));
      const key = `${taskId}\u0000${config.id ?? ''}\u0000${config.url}`;
      const queue = this.queues.get(key) ?? { key, taskId, owner, config, contentType: writing.contentType, running: false, sending: false, dropped: false };
      // Last in the map: the webhook with the newest body is the last the budget drops.
      this.queues.delete(key);
      this.queues.set(key, queue);
      queue.config = config;
      queue.contentType = writing.contentType;
      this.budget.release(queue.pending);
      queue.pending = this.budget.take(body);
      if (!queue.running) void this.drain(queue);
    }
    if (this.budget.over) this.makeRoom();
  }

  /** Stops every delivery and retry timer (server shutdown). */
  close(): void {
    this.closed = true;
    this.slots.close();
    for (const queue of this.queues.values()) {
      queue.wait?.();
      queue.controller?.abort(new Error('server closed'));
    }
    this.queues.clear();
  }

  /**
   * Past the budget, drops deliveries until what is left fits: of the owner holding the most, the
   * one whose newest body is oldest, waiting ones before open requests (PushBudget.nextToDrop). A
   * body bigger than the whole budget is dropped too: it could never be held.
   */
  private makeRoom(): void {
    let queue: Queue | undefined;
    while (this.budget.over && (queue = this.budget.nextToDrop(this.queues.values()))) this.drop(queue);
  }

  private drop(queue: Queue): void {
    queue.dropped = true;
    queue.pending = this.budget.release(queue.pending);
    queue.current = this.budget.release(queue.current);
    queue.signed = undefined;
    queue.controller?.abort(new Error('dropped: the push queue is over its byte budget'));
    queue.wait?.();
    if (this.queues.get(queue.key) === queue) this.queues.delete(queue.key);
    const dropped = this.budget.countDrop();
    this.options.log?.(
      'warn',
      `a2a: push notification of task ${queue.taskId} to ${originOf(queue.config.url)} dropped: the deliveries waiting hold more than ` +
        `${this.budget.maxBytes} bytes (push.maxQueuedBytes); ${dropped} dropped so far`,
    );
  }

  private async drain(queue: Queue): Promise<void> {
    queue.running = true;
    while (queue.pending !== undefined && !queue.dropped && !this.closed) {
      queue.current = queue.pending;
      queue.pending = undefined;
      await this.sendWithRetries(queue);
      queue.current = this.budget.release(queue.current);
    }
    queue.running = false;
    if (this.queues.get(queue.key) === queue && queue.pending === undefined) this.queues.delete(queue.key);
  }

  private async sendWithRetries(queue: Queue): Promise<void> {
    let url: URL;
    try {
      url = new URL(queue.config.url);
    } catch {
      return;
    }
    for (let attempt = 0; ; attempt++) {
      const failure = await this.attempt(queue, url);
      if (failure === undefined || queue.dropped || this.closed) return;
      if (!failure.retry || attempt >= this.delays.length) {
        this.options.log?.('warn', `a2a: push notification to ${url.origin} not delivered: ${failure.reason}`);
        return;
      }
      if (!(await this.pause(queue, this.delays[attempt]))) return;
    }
  }

  /** One try: undefined when nothing is left to do (delivered, dropped, closing), else why it failed and whether to try again. */
  private async attempt(queue: Queue, url: URL): Promise<{ retry: boolean; reason: string } | undefined> {
    const origin = url.origin;
    // An origin whose circuit is open is not waited for: the try fails at once.
    const skipped = this.breakers.blocked(origin);
    if (skipped) return { retry: true, reason: skipped };
    if (!(await this.place(queue))) return undefined;
    const opened = this.breakers.blocked(origin); // while this waited for a place
    if (opened) {
      this.slots.release(queue.owner);
      return { retry: true, reason: opened };
    }
    // A newer state that arrived while this one waited for a place supersedes it.
    if (queue.pending !== undefined) {
      this.budget.release(queue.current);
      queue.current = queue.pending;
      queue.pending = undefined;
    }
    const body = queue.current!;
    queue.controller = new AbortController();
    queue.sending = true;
    const controller = queue.controller;
    const done = this.slots.use(queue.owner, () => controller.abort(new Error('cut short: other deliveries were waiting for its place (retried later)')));
    try {
      const request = { url, headers: this.headersFor(queue, body), body: body.text, signal: queue.controller.signal, timeoutMs: this.breakers.admit(origin) };
      const { status } = await this.deliver(request);
      const retry = status === 408 || status === 425 || status === 429 || status >= 500;
      // Any other answer, even a refusal, shows the origin answers.
      if (retry) this.breakers.failed(origin);
      else this.breakers.succeeded(origin);
      return status >= 200 && status < 300 ? undefined : { retry, reason: `HTTP ${status}` };
    } catch (err) {
      const refused = (err as { refused?: boolean }).refused === true;
      if (refused || queue.dropped || this.closed) this.breakers.settled(origin);
      else this.breakers.failed(origin);
      return { retry: !refused, reason: (err as Error).message };
    } finally {
      done();
      queue.sending = false;
      queue.controller = undefined;
      this.slots.release(queue.owner);
    }
  }

  /** Waits for a place among the requests in flight; false when the delivery was dropped meanwhile. */
  private async place(queue: Queue): Promise<boolean> {
    if (queue.dropped || this.closed) return false;
    const ticket = this.slots.take(queue.owner, queue.taskId);
    queue.wait = ticket.cancel;
    const granted = await ticket.granted;
    queue.wait = undefined;
    if (granted && (queue.dropped || this.closed)) {
      this.slots.release(queue.owner);
      return false;
    }
    return granted;
  }

  /** Waits `ms` before a retry; false when the delivery was dropped meanwhile. */
  private pause(queue: Queue, ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => ((queue.wait = undefined), resolve(true)), ms);
      (timer as { unref?: () => void }).unref?.();
      queue.wait = () => (clearTimeout(timer), (queue.wait = undefined), resolve(false));
    });
  }

  private headersFor(queue: Queue, body: HeldBody): Record<string, string> {
    const { config } = queue;
    const headers: Record<string, string> = { 'content-type': queue.contentType, 'user-agent': 'a2a-gen-agent' };
    if (this.options.sign) {
      if (queue.signed?.body !== body) queue.signed = { body, signature: this.options.sign(body.text) };
      headers[NOTIFICATION_SIGNATURE_HEADER] = queue.signed.signature;
    }
    if (typeof config.token === 'string' && config.token) headers[this.tokenHeader.toLowerCase()] = config.token;
    const auth = config.authentication;
    const scheme = auth?.scheme ?? auth?.schemes?.[0];
    if (auth?.credentials && scheme) headers.authorization = `${scheme} ${auth.credentials}`;
    return headers;
  }
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid URL';
  }
};
