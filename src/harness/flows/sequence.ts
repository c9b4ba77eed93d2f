/**
 * The order a flow's deliveries are sent in: the provider's, reversed, or shuffled, with duplicates
 * (extra copies of randomly chosen deliveries) placed after their originals. Seeded: the same seed
 * gives the same sequence.
 */
import { RelayError } from '../../core/index.js';
import { seededRng, shuffle, type Rng } from '../../providers/index.js';

/** How a flow's deliveries are ordered. */
export type FlowOrder = 'provider' | 'shuffled' | 'reversed';

export const FLOW_ORDERS: readonly FlowOrder[] = ['provider', 'shuffled', 'reversed'];

/** One send of the sequence: which delivery (its index in the provider's order), and whether it is a copy. */
export interface PlannedSend {
  readonly index: number;
  /** `original`: its first send; `duplicate`: the provider sending the same event again (same ids, signed anew). */
  readonly copy: 'original' | 'duplicate';
}

/** Checks `order`. */
export function checkOrder(order: unknown): FlowOrder {
  if (order === undefined) return 'provider';
  if (!FLOW_ORDERS.includes(order as FlowOrder)) {
    throw new RelayError('INVALID_OPTION', `order must be one of ${FLOW_ORDERS.join(', ')}, got ${JSON.stringify(order)}.`);
  }
  return order as FlowOrder;
}

/** Checks `duplicates`: a whole number from 0 to 10,000. */
export function checkDuplicates(duplicates: unknown): number {
  if (duplicates === undefined) return 0;
  if (typeof duplicates !== 'number' || !Number.isSafeInteger(duplicates) || duplicates < 0 || duplicates > 10_000) {
    throw new RelayError('INVALID_OPTION', `duplicates must be a whole number from 0 to 10000, got ${String(duplicates)}.`);
  }
  return duplicates;
}

/** Where a copy goes: anywhere after its original. */
function insertAfter(sequence: PlannedSend[], send: PlannedSend, rng: Rng): void {
  const original = sequence.findIndex((s) => s.index === send.index);
  const position = original + 1 + Math.floor(rng() * (sequence.length - original));
  sequence.splice(position, 0, send);
}

/**
 * The sends of a flow of `count` deliveries.
 * @example
 * planSequence(3, { order: 'reversed', duplicates: 1, seed: 7 }); // [{index: 2, …}, {index: 1, …}, {index: 1, copy: 'duplicate'}, {index: 0, …}]
 */
export function planSequence(count: number, options: { order: FlowOrder; duplicates: number; seed: number }): PlannedSend[] {
  // Salted: the sequence does not reuse the stream the flow's ids were drawn from.
  const rng = seededRng(options.seed ^ 0x5eed5);
  const indexes = Array.from({ length: count }, (_, i) => i);
  const ordered = options.order === 'reversed' ? indexes.reverse() : options.order === 'shuffled' ? shuffle(rng, indexes) : indexes;
  const sequence: PlannedSend[] = ordered.map((index) => ({ index, copy: 'original' }));
  for (let i = 0; i < options.duplicates && count > 0; i++) {
    insertAfter(sequence, { index: Math.floor(rng() * count), copy: 'duplicate' }, rng);
  }
  return sequence;
}
