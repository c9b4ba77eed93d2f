/**
 * A chain of events held back until the write is whole, then appended to the outbox in one step.
 * Billing learns an outcome (a charge declined) only after the objects that announce it were
 * made: the chain lets `customer.subscription.created` be placed before the invoice and payment
 * events while carrying the subscription's final status, and a charge's own events (appended by
 * `attemptPayment` to the world it is given) land where the charge happened.
 */
import { withOutbox, type Obj, type OutboxAppend, type World } from '../../../shared/api/index.js';
import { emit, type EmitOptions } from '../emit.js';

type Pending = OutboxAppend;

/**
 * Events of one write, in Stripe's order, appended by `commit()`.
 * @example
 * const chain = new Chain(world);
 * const mark = chain.mark();
 * attemptPayment(chain.world, input); // its events go into the chain
 * chain.emitAt(mark, ['customer.subscription.created'], subscription);
 * chain.commit();
 */
export class Chain {
  readonly #target: World;
  readonly #events: Pending[] = [];
  /** The world to hand collaborators: objects are the real ones, appended events join the chain. */
  readonly world: World;

  constructor(world: World) {
    this.#target = world;
    const events = this.#events;
    this.world = withOutbox(world, {
      append(event) {
        events.push(event);
        return { ...event, at: event.at ?? world.now() };
      },
    });
  }

  /** The position the next event takes (for `emitAt`). */
  mark(): number {
    return this.#events.length;
  }

  /** Adds the first of `types` Stripe sends, reporting `data`. */
  emit(types: readonly string[], data: Obj, options: EmitOptions = {}): void {
    emit(this.world, types, data, options);
  }

  /** Adds an event at an earlier `mark()`. */
  emitAt(position: number, types: readonly string[], data: Obj, options: EmitOptions = {}): void {
    const before = this.#events.length;
    emit(this.world, types, data, options);
    if (this.#events.length > before) this.#events.splice(position, 0, this.#events.pop()!);
  }

  /** Keeps only the held events `keep` accepts (a write that is undone but whose charge happened). */
  keep(keep: (type: string) => boolean): void {
    const kept = this.#events.filter((e) => keep(e.type));
    this.#events.splice(0, this.#events.length, ...kept);
  }

  /** The types held so far, in order. */
  types(): string[] {
    return this.#events.map((e) => e.type);
  }

  /** Appends every held event to the world's outbox, in order, and empties the chain. */
  commit(): void {
    for (const event of this.#events.splice(0)) this.#target.outbox.append(event);
  }
}
