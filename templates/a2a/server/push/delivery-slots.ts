// The places for webhook requests open at once in this process (sockets are bounded; the queue
// of deliveries waiting for a place is not sockets), shared fairly. A place that frees goes to
// the owners of waiting deliveries in turn (round robin), within an owner to its tasks in turn,
// within a task first come, first served; and the last quarter of the places goes only to owners
// that hold none, one each, so no owner holds more than three quarters and a few others always
// find a place at once. Before, the line was one FIFO: one principal's 300 webhooks to a host
// that never answers held every place for minutes, and another principal's delivery to a healthy
// receiver waited behind them all.
//
// And a place is not held for long while others wait: when every place is taken and deliveries
// are waiting, a request that has run for `contentionMs` (2 s) is cut short — the owner holding
// the most places loses its oldest first — and retried later like any failure. A healthy
// receiver answers in milliseconds and is never cut; one that does not answer costs the others
// at most those seconds, however many principals point their webhooks at black holes.

/** A delivery's wait for a place: `granted` is true once it has one, false when given up. */
export interface SlotTicket {
  readonly granted: Promise<boolean>;
  /** Gives the wait up (the delivery was dropped); `granted` then answers false. */
  cancel(): void;
}

interface Running {
  readonly owner: string;
  readonly since: number;
  abort(): void;
}

interface Waiter {
  readonly owner: string;
  readonly task: string;
  grant(granted: boolean): void;
}

/** Waiting deliveries by task, the tasks in turn order (Map order: the one served last at the back). */
type OwnerLine = Map<string, Set<Waiter>>;

export class DeliverySlots {
  private open = 0;
  /** Owners with deliveries waiting, in turn order. */
  private readonly owners = new Map<string, OwnerLine>();
  /** Places each owner holds now. */
  private readonly holding = new Map<string, number>();
  /** The places kept for owners that hold none: a quarter (at least one, of two or more). */
  readonly reserve: number;

  private readonly running = new Set<Running>();
  private preemption?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly size: number,
    private readonly contentionMs = 2000,
  ) {
    this.reserve = size >= 2 ? Math.max(1, Math.floor(size / 4)) : 0;
  }

  /** A granted place is in use by a request `abort` can cut short; the returned function says it ended (before `release`). */
  use(owner: string, abort: () => void): () => void {
    const entry: Running = { owner, since: Date.now(), abort };
    this.running.add(entry);
    this.schedulePreemption();
    return () => this.running.delete(entry);
  }

  /** Waits for a place for a delivery of `task`, which belongs to `owner`. */
  take(owner: string, task: string): SlotTicket {
    let waiter!: Waiter;
    const granted = new Promise<boolean>((resolve) => (waiter = { owner, task, grant: resolve }));
    let tasks = this.owners.get(owner);
    if (!tasks) this.owners.set(owner, (tasks = new Map()));
    let line = tasks.get(task);
    if (!line) tasks.set(task, (line = new Set()));
    line.add(waiter);
    this.dispatch();
    return {
      granted,
      cancel: () => {
        if (this.remove(waiter)) waiter.grant(false);
      },
    };
  }

  /** A request of `owner` ended: its place goes to the next in turn. */
  release(owner: string): void {
    this.open--;
    const held = (this.holding.get(owner) ?? 1) - 1;
    if (held > 0) this.holding.set(owner, held);
    else this.holding.delete(owner);
    this.dispatch();
  }

  /** Every wait ends unanswered (server shutdown). */
  close(): void {
    clearTimeout(this.preemption);
    for (const tasks of this.owners.values()) for (const line of tasks.values()) for (const waiter of line) waiter.grant(false);
    this.owners.clear();
  }

  private dispatch(): void {
    while (this.open < this.size) {
      const waiter = this.next();
      if (!waiter) return;
      this.open++;
      this.holding.set(waiter.owner, (this.holding.get(waiter.owner) ?? 0) + 1);
      waiter.grant(true);
    }
    this.schedulePreemption();
  }

  /** While deliveries wait for a full set of places, the request that has run longest is cut short once it has run `contentionMs`. */
  private schedulePreemption(): void {
    if (this.preemption !== undefined || this.owners.size === 0 || this.open < this.size || this.running.size === 0) return;
    let oldest = Infinity;
    for (const entry of this.running) oldest = Math.min(oldest, entry.since);
    this.preemption = setTimeout(() => this.preempt(), Math.max(0, oldest + this.contentionMs - Date.now()));
    (this.preemption as { unref?: () => void }).unref?.();
  }

  private preempt(): void {
    this.preemption = undefined;
    if (this.owners.size === 0 || this.open < this.size) return;
    const now = Date.now();
    let victim: Running | undefined;
    for (const entry of this.running) {
      if (now - entry.since < this.contentionMs) continue;
      const held = (owner: string): number => this.holding.get(owner) ?? 0;
      if (!victim || held(entry.owner) > held(victim.owner) || (held(entry.owner) === held(victim.owner) && entry.since < victim.since)) victim = entry;
    }
    if (victim) {
      this.running.delete(victim);
      victim.abort(); // its request fails, and its release() hands the place on
    }
    this.schedulePreemption();
  }

  /** The oldest wait of the next task in turn of the next owner in turn that may hold one more place. */
  private next(): Waiter | undefined {
    const reserved = this.size - this.open <= this.reserve;
    for (const [owner, tasks] of this.owners) {
      if (reserved && this.holding.has(owner)) continue;
      const [task, line] = tasks.entries().next().value!;
      const waiter = line.values().next().value!;
      this.remove(waiter);
      // Served: the task and the owner go to the back of their turns.
      if (tasks.delete(task)) tasks.set(task, line);
      if (this.owners.delete(owner)) this.owners.set(owner, tasks);
      return waiter;
    }
    return undefined;
  }

  private remove(waiter: Waiter): boolean {
    const tasks = this.owners.get(waiter.owner);
    const line = tasks?.get(waiter.task);
    if (!line?.delete(waiter)) return false;
    if (line.size === 0) tasks!.delete(waiter.task);
    if (tasks!.size === 0) this.owners.delete(waiter.owner);
    return true;
  }
}
