/**
 * Mirrored fields: what a Shopify body says twice, kept in agreement after a `data` override. The
 * builder calls {@link mirror} after the deep merge, only when there is `data`; a key the override sets
 * itself is never rewritten, so an override can still break a mirror on purpose.
 *
 * - `id` ↔ `admin_graphql_api_id` (`gid://shopify/<Type>/<id>`) of every object the override touches:
 *   set one and the other follows.
 * - A money scalar ↔ its money bag: `total_price` ↔ `total_price_set` (`shop_money` and
 *   `presentment_money` amounts), for every `<x>` / `<x>_set` pair of a touched object.
 * - Orders and checkouts (`line_items` beside `total_line_items_price`): when the override touches
 *   `line_items` or `shipping_lines`, every line's `price_set`, `line_price` (checkouts: price ×
 *   quantity), `current_quantity` (0 once cancelled),
 *   `fulfillable_quantity` (unfulfilled lines), `attributed_staffs[].quantity` and `tax_lines[].price`
 *   (the line's `rate` × its price × quantity less its discount allocations) follow; then
 *   `total_line_items_price` (Σ price × quantity), `total_discounts` (Σ discount allocations, and the
 *   discount code's `amount`), `subtotal_price`, `tax_lines` (the lines' taxes by title and rate),
 *   `total_tax`, `total_shipping_price_set` (Σ shipping lines), `total_price`, `total_weight`
 *   (Σ grams × quantity), `total_outstanding` (pending orders) and their `_set`s.
 * - Orders: the `current_*` totals follow the totals unless the order is cancelled (`cancelled_at`),
 *   where they stay zero: `current_subtotal_price`, `current_total_discounts`, `current_total_tax`,
 *   `current_total_price`, `current_shipping_price_set`.
 */
import { isPlainObject, type JsonObject, type JsonValue } from '../../core/index.js';
import { money } from './scene.js';

type Obj = JsonObject;

const GID = /^(gid:\/\/shopify\/[A-Za-z]+\/)(\d+)$/;
const MONEY = /^-?\d+(\.\d+)?$/;

/** Cents of a money string, or 0. */
const cents = (value: JsonValue | undefined): number => (typeof value === 'string' && MONEY.test(value) ? Math.round(Number(value) * 100) : 0);

/** A money bag of `amount`, in the currency of `like` (a bag it replaces) or USD. */
function bag(amount: number, like: JsonValue | undefined): Obj {
  const shop = isPlainObject(like) && isPlainObject(like.shop_money) ? like.shop_money : undefined;
  const presentment = isPlainObject(like) && isPlainObject(like.presentment_money) ? like.presentment_money : undefined;
  const shopCurrency = typeof shop?.currency_code === 'string' ? shop.currency_code : 'USD';
  const presentmentCurrency = typeof presentment?.currency_code === 'string' ? presentment.currency_code : shopCurrency;
  return {
    shop_money: { amount: money(amount), currency_code: shopCurrency },
    presentment_money: { amount: money(amount), currency_code: presentmentCurrency },
  };
}

/** Sets `key` of `target` unless the override set it. */
function put(target: Obj, given: Obj | undefined, key: string, value: JsonValue): void {
  if (given !== undefined && key in given) return;
  if (key in target) target[key] = value;
}

/** Sets `key` (a money string) and `key_set` from `amount` cents, unless the override set either. */
function putMoney(target: Obj, given: Obj | undefined, key: string, amount: number): void {
  // The override set one of the pair: the other follows it (syncObject), not the derived amount.
  if (given !== undefined && (key in given || `${key}_set` in given)) return;
  put(target, given, key, money(amount));
  put(target, given, `${key}_set`, bag(amount, target[`${key}_set`]));
}

/**
 * `id` ↔ gid and scalar ↔ bag for `target`, the merged object the override `given` touched, and the
 * objects under it the override touched. Arrays replace whole, so what an override's array holds is
 * all given (order lines excepted: {@link syncOrder}).
 */
function syncObject(target: Obj, given: Obj): void {
  // The override's own object (nothing under it in the built body): all of it is given.
  if (target === given) return;
  const gid = target.admin_graphql_api_id;
  if ('id' in given && !('admin_graphql_api_id' in given) && typeof gid === 'string' && typeof target.id === 'number') {
    const m = GID.exec(gid);
    if (m) target.admin_graphql_api_id = `${m[1]}${target.id}`;
  } else if ('admin_graphql_api_id' in given && !('id' in given) && typeof gid === 'string' && typeof target.id === 'number') {
    const m = GID.exec(gid);
    if (m) target.id = Number(m[2]);
  }
  for (const key of Object.keys(given)) {
    const value = target[key];
    if (key.endsWith('_set')) {
      const scalar = key.slice(0, -4);
      const amount = isPlainObject(value) && isPlainObject(value.shop_money) ? value.shop_money.amount : undefined;
      if (!(scalar in given) && typeof target[scalar] === 'string' && typeof amount === 'string') target[scalar] = money(cents(amount));
    } else if (typeof value === 'string' && MONEY.test(value) && isPlainObject(target[`${key}_set`]) && !(`${key}_set` in given)) {
      target[`${key}_set`] = bag(cents(value), target[`${key}_set`]);
    }
    const inner = given[key];
    if (isPlainObject(value) && isPlainObject(inner)) syncObject(value, inner as Obj);
  }
}

/** Objects of a list (non-objects dropped). */
const objects = (value: JsonValue | undefined): Obj[] => (Array.isArray(value) ? (value.filter(isPlainObject) as Obj[]) : []);

/** Re-derives a line's mirrors; returns its price × quantity, discount, tax and weight. */
function syncLine(line: Obj, cancelled: boolean): { gross: number; discount: number; tax: number; weight: number; taxes: Obj[] } {
  const quantity = typeof line.quantity === 'number' ? line.quantity : 0;
  const gross = cents(line.price) * quantity;
  if (typeof line.price === 'string' && 'price_set' in line) line.price_set = bag(cents(line.price), line.price_set);
  if ('line_price' in line) line.line_price = money(gross);
  if ('current_quantity' in line) line.current_quantity = cancelled ? 0 : quantity;
  if ('fulfillable_quantity' in line) line.fulfillable_quantity = cancelled || line.fulfillment_status === 'fulfilled' ? 0 : quantity;
  if (Array.isArray(line.attributed_staffs)) line.attributed_staffs = objects(line.attributed_staffs).map((staff) => ({ ...staff, quantity }));
  const allocations = objects(line.discount_allocations).map((a): Obj => ({ ...a, amount_set: bag(cents(a.amount), a.amount_set) }));
  if (Array.isArray(line.discount_allocations)) line.discount_allocations = allocations;
  const discount = allocations.reduce((sum, a) => sum + cents(a.amount), 0);
  const taxes = objects(line.tax_lines).map((t) => {
    const tax = Math.round((gross - discount) * (typeof t.rate === 'number' ? t.rate : 0));
    return { ...t, price: money(tax), price_set: bag(tax, t.price_set) };
  });
  if (Array.isArray(line.tax_lines)) line.tax_lines = taxes;
  const weight = (typeof line.grams === 'number' ? line.grams : 0) * quantity;
  return { gross, discount, tax: taxes.reduce((sum, t) => sum + cents(t.price), 0), weight, taxes };
}

/** An order's totals from its lines and shipping lines. */
function syncOrder(order: Obj, given: Obj): void {
  const cancelled = order.cancelled_at !== null && order.cancelled_at !== undefined;
  if ('line_items' in given || 'shipping_lines' in given) {
    const lines = objects(order.line_items).map((line) => ({ ...line }));
    order.line_items = lines;
    let gross = 0;
    let discounts = 0;
    let tax = 0;
    let weight = 0;
    const byRate = new Map<string, Obj>();
    for (const line of lines) {
      const sums = syncLine(line, cancelled);
      gross += sums.gross;
      discounts += sums.discount;
      tax += sums.tax;
      weight += sums.weight;
      for (const t of sums.taxes) {
        const key = `${String(t.title)}|${String(t.rate)}`;
        const seen = byRate.get(key);
        byRate.set(key, seen ? { ...seen, price: money(cents(seen.price) + cents(t.price)) } : { ...t });
      }
    }
    const shipping = Array.isArray(order.shipping_lines) ? objects(order.shipping_lines).reduce((sum, s) => sum + cents(s.price), 0) : cents(shopAmount(order.total_shipping_price_set));
    const subtotal = gross - discounts;
    const total = subtotal + shipping + tax;
    putMoney(order, given, 'total_line_items_price', gross);
    putMoney(order, given, 'total_discounts', discounts);
    putMoney(order, given, 'subtotal_price', subtotal);
    putMoney(order, given, 'total_tax', tax);
    putMoney(order, given, 'total_price', total);
    put(order, given, 'total_shipping_price_set', bag(shipping, order.total_shipping_price_set));
    put(order, given, 'total_weight', weight);
    put(order, given, 'tax_lines', [...byRate.values()].map((t) => ({ ...t, price_set: bag(cents(t.price), t.price_set) })));
    if (order.financial_status === 'pending') putMoney(order, given, 'total_outstanding', total);
    const codes = objects(order.discount_codes);
    if (codes.length > 0 && !('discount_codes' in given)) order.discount_codes = [{ ...codes[0]!, amount: money(discounts) }, ...codes.slice(1)];
  }
  if (cancelled) return;
  for (const key of ['subtotal_price', 'total_discounts', 'total_tax', 'total_price']) {
    if (typeof order[key] === 'string') putMoney(order, given, `current_${key}`, cents(order[key]));
  }
  put(order, given, 'current_shipping_price_set', bag(cents(shopAmount(order.total_shipping_price_set)), order.current_shipping_price_set));
}

const shopAmount = (set: JsonValue | undefined): JsonValue | undefined => (isPlainObject(set) && isPlainObject(set.shop_money) ? set.shop_money.amount : undefined);

/**
 * Moves the mirrors of what `data` set in `body` (the merged body, a fresh object from the deep merge).
 * @example
 * const body = mirror(deepMerge(order, { line_items: [{ ...line, quantity: 3 }] }), data);
 * body.total_line_items_price; // price × 3 of that line
 */
export function mirror(body: Obj, data: Obj): Obj {
  syncObject(body, data);
  if (Array.isArray(body.line_items) && typeof body.total_line_items_price === 'string') syncOrder(body, data);
  return body;
}
