// Webhook origins that keep failing cost less each time (a circuit breaker per origin). Each
// failure in a row halves the timeout of the next request to the origin (down to an eighth);
// after `failures` in a row its circuit opens: deliveries to it are not sent (each counts as a
// failed attempt, retried or given up as usual) until a cool-down has passed; then one request
// probes it — success closes the circuit, failure opens it again for twice as long (up to
// `maxCoolDownMs`). A host that never answers cannot keep places busy for the timeout of every
// delivery queued for it.

export interface BreakerOptions {
  /** Failures in a row (timeouts, network errors, 408/425/429/5xx) that open an origin's circuit. Default 3. */
  failures?: number;
  /** How long an open circuit keeps its origin skipped before one probe, ms; doubled each time the probe fails. Default 5000. */
  coolDownMs?: number;
  /** The longest cool-down, ms. Default 300000. */
  maxCoolDownMs?: number;
}

interface OriginState {
  failures: number;
  openUntil: number;
  coolDownMs: number;
  /** A probe of the half-open circuit is in flight: nothing else goes meanwhile. */
  probing: boolean;
}

/** Origins remembered at most (only failing ones are kept; the oldest is forgotten past this). */
const MAX_ORIGINS = 10_000;

export class OriginBreakers {
  private readonly states = new Map<string, OriginState>();
  private readonly threshold: number;
  private readonly coolDownMs: number;
  private readonly maxCoolDownMs: number;

  constructor(
    private readonly timeoutMs: number,
    options: BreakerOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.threshold = Math.max(1, options.failures ?? 3);
    this.coolDownMs = options.coolDownMs ?? 5000;
    this.maxCoolDownMs = Math.max(this.coolDownMs, options.maxCoolDownMs ?? 300_000);
  }

  /** Why nothing is sent to `origin` now (its circuit is open), or undefined when a request may go. */
  blocked(origin: string): string | undefined {
    const state = this.states.get(origin);
    if (!state || state.failures < this.threshold) return undefined;
    const wait = state.openUntil - this.now();
    if (state.probing || wait > 0) {
      const next = state.probing ? 'a probe is under way' : `next try in ${Math.ceil(wait / 1000)} s`;
      return `circuit open after ${state.failures} failed requests in a row to this origin; ${next}`;
    }
    return undefined;
  }

  /** A request to `origin` goes now: its timeout (shorter after failures); a half-open circuit's request is its probe. */
  admit(origin: string): number {
    const state = this.states.get(origin);
    if (!state) return this.timeoutMs;
    if (state.failures >= this.threshold) state.probing = true;
    return Math.max(1, Math.floor(this.timeoutMs / 2 ** Math.min(state.failures, 3)));
  }

  /** The origin answered: its circuit closes, its failures are forgotten. */
  succeeded(origin: string): void {
    this.states.delete(origin);
  }

  failed(origin: string): void {
    let state = this.states.get(origin);
    if (!state) {
      if (this.states.size >= MAX_ORIGINS) this.states.delete(this.states.keys().next().value!);
      this.states.set(origin, (state = { failures: 0, openUntil: 0, coolDownMs: this.coolDownMs, probing: false }));
    }
    state.failures++;
    state.probing = false;
    if (state.failures >= this.threshold) {
      state.openUntil = this.now() + state.coolDownMs;
      state.coolDownMs = Math.min(state.coolDownMs * 2, this.maxCoolDownMs);
    }
  }

  /** A request ended without saying anything about the origin (refused by the SSRF checks, dropped, shutdown). */
  settled(origin: string): void {
    const state = this.states.get(origin);
    if (state) state.probing = false;
  }
}
