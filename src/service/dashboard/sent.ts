/**
 * The "Sent by the emulator" view's server side: what an emulator beside the service sent (`relay dev
 * --emulate`), through a provider-neutral source the shell adapts its emulator to (the service never
 * imports the emulator), each delivery the service accepted linked to its execution by delivery id.
 */
import { RelayError } from '../../core/index.js';
import type { Store } from '../store/types.js';
import type { LiveHub } from './live.js';
import type { SentAnswer, SentDelivery, SentItem } from './wire.js';

/**
 * Where the sent deliveries come from: `relay dev --emulate` adapts its emulator to it
 * (`createRelay({ dashboard: { sent: source } })`).
 * @example
 * const source: SentSource = { list: () => [], subscribe: () => () => {} };
 * createRelay({ dashboard: { sent: source } });
 */
export interface SentSource {
  /** Every delivery sent so far, oldest first. */
  list(): readonly SentDelivery[];
  /** Calls `listener` with a delivery's latest state each time an attempt of it is answered; returns the function that stops it. */
  subscribe(listener: (delivery: SentDelivery) => void): () => void;
}

/** How many deliveries `GET /_dashboard/api/sent` answers with by default, and at most. */
export const SENT_LIMIT = { default: 200, max: 1000 } as const;

/** Throws unless `source` has the two methods of a `SentSource`. */
export function checkSentSource(source: unknown): asserts source is SentSource {
  const given = source as Partial<SentSource> | null;
  if (typeof given !== 'object' || given === null || typeof given.list !== 'function' || typeof given.subscribe !== 'function') {
    throw new RelayError('INVALID_OPTION', 'dashboard.sent must be an object with list() and subscribe(listener) (a SentSource).');
  }
}

/** The sent deliveries of one dashboard: the list, and each change sent to the open pages in order. */
export class SentFeed {
  readonly #source: SentSource;
  readonly #store: () => Store;
  readonly #stop: () => void;
  /** Changes are looked up one after another, so that a page gets each delivery's states in order. */
  #chain: Promise<void> = Promise.resolve();

  constructor(source: SentSource, store: () => Store, hub: LiveHub) {
    checkSentSource(source);
    this.#source = source;
    this.#store = store;
    this.#stop = source.subscribe((delivery) => {
      if (hub.size === 0) return;
      this.#chain = this.#chain.then(async () => hub.sent(await this.#item(delivery)));
    });
  }

  /** The newest `limit` deliveries, newest first, with their executions. */
  async list(limit: number): Promise<SentAnswer> {
    const all = this.#source.list();
    const newest = all.slice(Math.max(0, all.length - limit)).reverse();
    return { items: await Promise.all(newest.map((delivery) => this.#item(delivery))), total: all.length };
  }

  /** Stops listening to the source. */
  close(): void {
    this.#stop();
  }

  /** The delivery with the execution the service stored it as (only a delivered one was accepted). */
  async #item(delivery: SentDelivery): Promise<SentItem> {
    let executionId: string | null = null;
    if (delivery.status === 'delivered') {
      try {
        const store = this.#store();
        executionId = (await store.getExecutionByDeliveryId?.(delivery.provider, delivery.deliveryId))?.id ?? null;
      } catch {
        // A store that cannot answer now: shown without the link rather than not at all.
      }
    }
    return { ...delivery, executionId };
  }
}

/** `limit`, checked: a whole number from 1 to SENT_LIMIT.max; the default when absent. */
export function sentLimit(value: string | null): number {
  if (value === null || value === '') return SENT_LIMIT.default;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > SENT_LIMIT.max) {
    throw new RelayError('INVALID_FILTER', `limit must be a whole number from 1 to ${SENT_LIMIT.max}, got "${value}".`);
  }
  return limit;
}
