// The places for webhook requests open at once in this process: sockets are bounded, the queue
// of deliveries waiting for a place is not sockets. A wait can be given up (the delivery was
// dropped, the server closes) without leaving anything behind in the line.

/** A delivery's wait for a place: `granted` is true once it has one, false when given up. */
export interface SlotTicket {
  readonly granted: Promise<boolean>;
  /** Gives the wait up (the delivery was dropped); `granted` then answers false. */
  cancel(): void;
}

interface Waiter {
  grant(granted: boolean): void;
}

export class DeliverySlots {
  private open = 0;
  /** First come, first served; a Set so a wait given up leaves the line at once. */
  private readonly line = new Set<Waiter>();

  constructor(private readonly size: number) {}

  take(): SlotTicket {
    let waiter!: Waiter;
    const granted = new Promise<boolean>((resolve) => (waiter = { grant: resolve }));
    this.line.add(waiter);
    this.dispatch();
    return {
      granted,
      cancel: () => {
        if (this.line.delete(waiter)) waiter.grant(false);
      },
    };
  }

  /** A request ended: its place goes to the next in line. */
  release(): void {
    this.open--;
    this.dispatch();
  }

  /** Every wait ends unanswered (server shutdown). */
  close(): void {
    for (const waiter of this.line) waiter.grant(false);
    this.line.clear();
  }

  private dispatch(): void {
    for (const waiter of this.line) {
      if (this.open >= this.size) return;
      this.line.delete(waiter);
      this.open++;
      waiter.grant(true);
    }
  }
}
