// The bytes push notifications hold while they wait for delivery or are being sent. Each body
// is a whole task written as JSON, and a webhook that never answers would keep it for a timeout
// per attempt plus its wait for a place: without a bound, a flood of big tasks to such webhooks
// outgrew the heap although the tasks themselves were evicted long before. A body is counted
// once however many webhooks hold it (a task's configs share the text of each version).

/** One notification body, shared by the webhooks of a task that take that version. */
export interface HeldBody {
  readonly text: string;
  /** Its size in task-size.ts units: strings count by length. */
  readonly bytes: number;
  /** How many deliveries hold it now; its bytes count while this is above 0. */
  holders: number;
}

export const heldBody = (text: string): HeldBody => ({ text, bytes: text.length, holders: 0 });

export class PushBudget {
  private held = 0;
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
    if (body.holders++ === 0) this.held += body.bytes;
    return body;
  }

  release(body: HeldBody | undefined): undefined {
    if (body && --body.holders === 0) this.held -= body.bytes;
    return undefined;
  }

  countDrop(): number {
    return ++this.droppedCount;
  }
}
