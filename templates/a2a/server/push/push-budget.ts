// The bytes push notifications hold while they wait for delivery or are being sent. Each body
// is a whole task written as JSON, and a webhook that never answers would keep it for a timeout
// per attempt plus its wait for a place: without a bound, a flood of big tasks to such webhooks
// outgrew the heap although the tasks themselves were evicted long before. A body is counted
// once however many webhooks hold it (a task's configs share the text of each version).
//
// Past the bound, what is dropped is fair between the tasks' owners, as the places in flight
// are (delivery-slots.ts): the owner whose bodies hold the most bytes loses its oldest delivery
// first. Oldest-first alone let one principal's flood drop everyone else's deliveries that were
// waiting for a retry or a slow receiver.

/** One notification body, shared by the webhooks of a task that take that version. */
export interface HeldBody {
  readonly text: string;
  /** Whose it is: its task's owner (delivery-slots.ts's turns). */
  readonly owner: string;
  /** Its size in task-size.ts units: strings count by length. */
  readonly bytes: number;
  /** How many deliveries hold it now; its bytes count while this is above 0. */
  holders: number;
}

export const heldBody = (text: string, owner: string): HeldBody => ({ text, owner, bytes: text.length, holders: 0 });

/** A delivery the budget may drop: whose it is, and whether its request is open. */
export interface Droppable {
  readonly owner: string;
  readonly sending: boolean;
}

export class PushBudget {
  private held = 0;
  /** Bytes held per owner (owners holding none are left out). */
  private readonly byOwner = new Map<string, number>();
  private droppedCount = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held by bodies waiting or in flight. */
  get bytes(): number {
    return this.held;
  }

  /** Deliveries dropped so far because the budget was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  get over(): boolean {
    return this.held > this.maxBytes;
  }

  take(body: HeldBody): HeldBody {
    if (body.holders++ === 0) this.count(body, body.bytes);
    return body;
  }

  release(body: HeldBody | undefined): undefined {
    if (body && --body.holders === 0) this.count(body, -body.bytes);
    return undefined;
  }

  /**
   * The delivery to drop next (`deliveries` oldest first): the oldest of the owner holding the
   * most bytes — one waiting (for a place or a retry) before one whose request is open.
   */
  nextToDrop<D extends Droppable>(deliveries: Iterable<D>): D | undefined {
    let owner: string | undefined;
    let most = -1;
    for (const [o, bytes] of this.byOwner) if (bytes > most) [owner, most] = [o, bytes];
    let open: D | undefined;
    let other: D | undefined;
    for (const d of deliveries) {
      if (d.owner === owner && !d.sending) return d;
      if (d.owner === owner) open ??= d;
      else other ??= d;
    }
    return open ?? other;
  }

  private count(body: HeldBody, bytes: number): void {
    this.held += bytes;
    const now = (this.byOwner.get(body.owner) ?? 0) + bytes;
    if (now > 0) this.byOwner.set(body.owner, now);
    else this.byOwner.delete(body.owner);
  }

  countDrop(): number {
    return ++this.droppedCount;
  }
}
