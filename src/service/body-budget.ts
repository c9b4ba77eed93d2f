/**
 * Bytes of request bodies held in memory across all requests at once. Each request takes a lease and
 * grows it as its body arrives; past the budget's capacity the request is refused (503, Retry-After)
 * instead of buffered, so many large bodies at once cannot exhaust memory.
 */

/** One request's share of the budget. */
export interface BodyLease {
  /** Grows the lease to `total` bytes; `false` (and nothing taken) when the budget cannot hold that many. */
  hold(total: number): boolean;
  /** Gives back everything held; safe to call twice. */
  release(): void;
}

/** A shared cap on body bytes in flight. */
export class BodyBudget {
  #used = 0;

  /** @param capacity the most body bytes held at once, across requests. */
  constructor(readonly capacity: number) {}

  /** Body bytes held right now. */
  get used(): number {
    return this.#used;
  }

  lease(): BodyLease {
    let held = 0;
    return {
      hold: (total) => {
        if (total <= held) return true;
        const extra = total - held;
        if (this.#used + extra > this.capacity) return false;
        this.#used += extra;
        held = total;
        return true;
      },
      release: () => {
        this.#used -= held;
        held = 0;
      },
    };
  }
}
