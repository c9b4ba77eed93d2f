/**
 * The outbox: an API write appends the events it causes, in the same step as it changes the world
 * (the transactional-outbox pattern); the emulator's dispatcher (dispatcher.ts) turns them into signed
 * deliveries after the API has answered, as the provider does.
 */
import { copyData, RelayError } from '../core/index.js';
import type { OutboxAppend, OutboxEvent, OutboxWriter } from './types.js';

/** An outbox in memory: appended events wait, in order, until drained. */
export class Outbox implements OutboxWriter {
  readonly #events: OutboxEvent[] = [];
  readonly #now: () => number;

  /** `now` is the clock events are stamped with (milliseconds since the epoch). */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /**
   * Appends an event a write causes and returns it as stored.
   * @example
   * world.outbox.append({ provider: 'resend', type: 'email.sent', data: email });
   */
  append(event: OutboxAppend): OutboxEvent {
    if (typeof event?.provider !== 'string' || event.provider === '' || typeof event.type !== 'string' || event.type === '') {
      throw new RelayError('INVALID_DATA', `An outbox event needs a provider and a type, got ${JSON.stringify(event)}.`);
    }
    const stored: OutboxEvent = Object.freeze({
      provider: event.provider,
      type: event.type,
      data: event.adopt === true ? event.data : copyData(event.data),
      at: event.at ?? this.#now(),
      ...(event.scope ? { scope: { ...event.scope } } : {}),
      ...(event.previous ? { previous: copyData(event.previous) } : {}),
      ...(event.request ? { request: { ...event.request } } : {}),
      ...(event.resend !== undefined ? { resend: event.resend } : {}),
    });
    this.#events.push(stored);
    return stored;
  }

  /**
   * The events waiting, oldest first (copies: a reader cannot change what will be sent).
   * @example
   * world.outbox.pending().map((e) => e.type); // ['email.sent']
   */
  pending(): OutboxEvent[] {
    return this.#events.map((e) => ({ ...e, data: copyData(e.data) }));
  }

  /**
   * Takes every waiting event out of the outbox, oldest first: what a dispatcher sends.
   * @example
   * await dispatcher.dispatch(world.outbox.drain());
   */
  drain(): OutboxEvent[] {
    return this.#events.splice(0, this.#events.length);
  }

  /** Drops every waiting event (done by `world.reset()`). */
  clear(): void {
    this.#events.length = 0;
  }
}
