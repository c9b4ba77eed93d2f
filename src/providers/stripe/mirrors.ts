/**
 * Mirrored fields: values Stripe derives from one another, which a `data` override of one must move
 * with it (applied after the override is merged into `data.object`). A field the override sets itself
 * is never moved.
 *
 * - PaymentIntent: `amount_received` is `amount` when `status` is `succeeded` (else 0) and
 *   `amount_capturable` is `amount` when `status` is `requires_capture` (else 0); overriding `amount`
 *   or `status` moves both. The latest charge of that payment carries the same amount.
 * - Charge: `amount_captured` is `amount` when `captured` (else 0); `amount_refunded` is `amount`
 *   when `refunded` (a full refund), else at most `amount`.
 * - Invoice: `subtotal`, `subtotal_excluding_tax`, `total`, `total_excluding_tax`, `amount_due`,
 *   `amount_paid` / `amount_remaining` (by status) and the amount and subtotal of a single line are
 *   one figure: overriding any of them moves the others that held it; overriding `lines.data`
 *   makes the totals the sum of the new lines' amounts.
 * - Checkout Session: `amount_total` and `amount_subtotal` (no discounts, shipping or tax in the
 *   built sessions) move together. `mode` decides the session's whole shape, so the recipe reads it
 *   before building (`events.ts`): `subscription` completes with a `customer`, a `subscription`
 *   (`sub_`) and its first `invoice` (`in_`) and no `payment_intent`; `setup` with a `setup_intent`
 *   (`seti_`), no amounts, currency or intent and `payment_status: 'no_payment_required'`; `payment`
 *   with a `payment_intent` and no subscription or invoice. An expired session names none of them.
 * - Every other resource (built from its generated shape, `walked.ts`): its top-level money fields
 *   that are the payment's amount itself (`WHOLE_AMOUNTS`: `amount`, `amount_total`, `net`, …) are
 *   one figure and move together.
 * - Price and Plan: `unit_amount_decimal` / `amount_decimal` are `unit_amount` / `amount` as decimal strings.
 * - Currency: overriding the object's `currency` moves every nested `currency` that held the same value
 *   (lines, prices, plans, balance transactions).
 *
 * @example
 * mirrored(built, deepMerge(built, { amount: 2000 }), { amount: 2000 }); // a succeeded PaymentIntent: amount_received 2000
 */
import type { Obj } from './scene.js';

type Key = string | number;

/** Figures that are one amount, by `object`: paths from the object, `*` for every array item. */
const SAME_AMOUNT: Readonly<Record<string, readonly (readonly string[])[]>> = {
  invoice: [
    ['total'],
    ['subtotal'],
    ['subtotal_excluding_tax'],
    ['total_excluding_tax'],
    ['amount_due'],
    ['amount_paid'],
    ['amount_remaining'],
    ['lines', 'data', '*', 'amount'],
    ['lines', 'data', '*', 'subtotal'],
  ],
  'checkout.session': [['amount_total'], ['amount_subtotal']],
};

/** Money fields that are the payment's amount itself; a walked resource's other money fields start at zero. */
export const WHOLE_AMOUNTS: ReadonlySet<string> = new Set([
  'amount',
  'amount_total',
  'amount_subtotal',
  'subtotal',
  'total',
  'amount_due',
  'amount_paid',
  'amount_received',
  'amount_captured',
  'amount_authorized',
  'amount_requested',
  'unit_amount',
  'gross',
  'net',
]);

/** The same-amount group of a resource built from its shape: its top-level whole amounts. */
const WALKED_AMOUNTS = [...WHOLE_AMOUNTS].map((key) => [key]);

/** Where an invoice's line amounts are, and the figure they sum to. */
const LINES = ['lines', 'data'];

/** `after` (the built object with `data` merged in) with the mirrors of what `data` set moved. */
export function mirrored(before: Obj, after: Obj, data: Obj | undefined): Obj {
  if (data === undefined) return after;
  const object = after.object;
  if (object === 'payment_intent') paymentIntent(after, data);
  else if (object === 'charge') charge(before, after, data);
  const handled = object === 'payment_intent' || object === 'charge';
  const group = typeof object === 'string' ? (SAME_AMOUNT[object] ?? (handled ? undefined : WALKED_AMOUNTS)) : undefined;
  if (group !== undefined) sameAmount(group, before, after, data);
  for (const key of ['amount', 'unit_amount']) {
    const decimal = `${key}_decimal`;
    if (typeof data[key] === 'number' && !(decimal in data) && typeof after[decimal] === 'string') after[decimal] = String(data[key]);
  }
  if (typeof data.currency === 'string' && typeof before.currency === 'string' && before.currency !== data.currency) {
    moveCurrency(after, before.currency, data.currency, data, true);
  }
  return after;
}

function paymentIntent(after: Obj, data: Obj): void {
  if (!('amount' in data) && !('status' in data)) return;
  const amount = typeof after.amount === 'number' ? after.amount : 0;
  if (!('amount_received' in data)) after.amount_received = after.status === 'succeeded' ? amount : 0;
  if (!('amount_capturable' in data)) after.amount_capturable = after.status === 'requires_capture' ? amount : 0;
}

function charge(before: Obj, after: Obj, data: Obj): void {
  if (!('amount' in data) && !('captured' in data) && !('refunded' in data)) return;
  const amount = typeof after.amount === 'number' ? after.amount : 0;
  if (!('amount_captured' in data)) after.amount_captured = after.captured === true ? amount : 0;
  if (!('amount_refunded' in data)) {
    const refunded = typeof before.amount_refunded === 'number' ? before.amount_refunded : 0;
    after.amount_refunded = after.refunded === true ? amount : Math.min(refunded, amount);
  }
}

function sameAmount(group: readonly (readonly string[])[], before: Obj, after: Obj, data: Obj): void {
  let from: number | undefined;
  let to: number | undefined;
  const lines = get(data, LINES);
  const setByData = group.find((path) => !path.includes('*') && typeof get(data, path) === 'number');
  if (setByData !== undefined) {
    from = get(before, setByData) as number;
    to = get(data, setByData) as number;
  } else if (Array.isArray(lines) && group.some((path) => path[0] === LINES[0])) {
    from = get(before, ['total']) as number;
    to = lines.reduce((sum: number, line) => sum + (typeof (line as Obj)?.amount === 'number' ? ((line as Obj).amount as number) : 0), 0);
  }
  if (typeof from !== 'number' || to === undefined || from === to) return;
  // Collect first, then write: untouched branches of `after` are shared with `before`.
  const moves = group.flatMap((path) => expand(before, path)).filter((path) => get(before, path) === from && get(data, path) === undefined);
  for (const path of moves) {
    if (path[0] === LINES[0] && Array.isArray(lines)) continue; // the caller's own lines
    set(after, path, to);
  }
}

/** Every nested `currency` equal to `from` becomes `to`, except where `data` set one. */
function moveCurrency(node: unknown, from: string, to: string, data: unknown, top = false): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => moveCurrency(item, from, to, Array.isArray(data) ? data[i] : undefined));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const obj = node as Obj;
  const patch = data !== null && typeof data === 'object' ? (data as Obj) : undefined;
  for (const key of Object.keys(obj)) {
    if (key === 'currency' && !top && obj[key] === from && patch?.[key] === undefined) obj[key] = to;
    else if (typeof obj[key] === 'object') moveCurrency(obj[key], from, to, patch?.[key]);
  }
}

/** `path` with each `*` expanded over the items of the array there in `root`. */
function expand(root: unknown, path: readonly string[]): Key[][] {
  let out: Key[][] = [[]];
  for (const part of path) {
    if (part !== '*') {
      out = out.map((prefix) => [...prefix, part]);
      continue;
    }
    out = out.flatMap((prefix) => {
      const list = get(root, prefix);
      return Array.isArray(list) ? list.map((_, i) => [...prefix, i]) : [];
    });
  }
  return out;
}

function get(root: unknown, path: readonly Key[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<Key, unknown>)[key];
  }
  return node;
}

/** Sets `value` at `path`, copying each object and array on the way so that `before` is left as built. */
function set(root: Obj, path: readonly Key[], value: unknown): void {
  let node = root as Record<Key, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const child = node[path[i]!];
    const copy = (Array.isArray(child) ? [...child] : { ...(child as Obj) }) as Record<Key, unknown>;
    node[path[i]!] = copy;
    node = copy;
  }
  node[path[path.length - 1]!] = value;
}
