// Who listens to a run (streams, a waiting blocking send, other replicas' subscribers) and the
// timer that abandons work whose last listener left without a push webhook to report to.
import type { StreamEvent } from './event-publisher.js';

/**
 * Receives every event of a run; `final` marks the last one of the interaction. When the
 * executor fails before any task exists, the listener gets the error instead (event undefined).
 */
export type RunListener = (event: StreamEvent | undefined, final: boolean, error?: unknown) => void;

export class RunListeners {
  private readonly listeners = new Set<RunListener>();
  /** Set once anyone listened: a run nobody ever listened to (non-blocking send) is never abandoned. */
  private hadListener = false;
  private abandonTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: { log(level: 'error', message: string, error?: unknown): void }) {}

  get size(): number {
    return this.listeners.size;
  }

  add(listener: RunListener): void {
    this.listeners.add(listener);
    this.hadListener = true;
    // A client came back (tasks/resubscribe) in time: the work goes on.
    this.cancelAbandon();
  }

  /** Removes a listener; true when it was the last of those that ever listened. */
  remove(listener: RunListener): boolean {
    return this.listeners.delete(listener) && this.listeners.size === 0 && this.hadListener;
  }

  /** Sends to every listener; one that throws is logged and the others still get the event. */
  emit(event: StreamEvent | undefined, final: boolean, error?: unknown): void {
    for (const listener of this.listeners) {
      try {
        listener(event, final, error);
      } catch (err) {
        this.host.log('error', 'a2a: a stream listener threw', err);
      }
    }
  }

  /** Runs `abandon` after `graceMs` (at once when it is 0) unless a listener comes back first. */
  scheduleAbandon(graceMs: number, abandon: () => void): void {
    const fire = (): void => {
      this.abandonTimer = undefined;
      if (this.listeners.size === 0) abandon();
    };
    this.cancelAbandon();
    if (graceMs <= 0) return fire();
    this.abandonTimer = setTimeout(fire, graceMs);
    (this.abandonTimer as { unref?: () => void }).unref?.();
  }

  cancelAbandon(): void {
    if (this.abandonTimer === undefined) return;
    clearTimeout(this.abandonTimer);
    this.abandonTimer = undefined;
  }
}
