/**
 * Clerk's mirrored fields: values a payload states twice, which a `data` override of one must move
 * in the other so that the delivery stays consistent. Applied after the override is merged; a field
 * the override sets itself is never changed.
 *
 * - Ids stated twice: `user_id` ↔ `user.id` (sessions), `payer_id` ↔ `payer.id` (subscriptions),
 *   `plan_id` ↔ `plan.id` (subscription items; an override replaces arrays such as `items` whole,
 *   so the items it gives are its own),
 *   `organization_id` ↔ `public_organization_data.id` / `data.public_organization_data.id`
 *   (domains, invitations), `inviter_id` ↔ `public_inviter_data.user_id` (invitations),
 *   `payee.gateway_external_id` ↔ `payment_source.gateway_external_account_id` (payment attempts).
 * - A user (`user.*` data, a session's `user`): `primary_email_address_id` renames the primary entry
 *   of `email_addresses` (the default `image_url` names no one, so a new name moves nothing there).
 * - `role` → `role_name` (memberships, invitations).
 * - Money: every `{ amount, amount_formatted, currency, currency_symbol }` whose `amount` is
 *   overridden gets the matching `amount_formatted` (`$20.00`); a payment's `totals.grand_total`
 *   follows an overridden `subtotal` or `tax_total` (`grand_total = subtotal + tax_total`); a
 *   subscription item's `next_payment_amount` follows its overridden `amount.amount`.
 *
 * @example
 * // buildDelivery('clerk', 'session.created', { data: { user_id: 'user_123' } }) → data.user.id === 'user_123'
 */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { usd } from './billing.js';
import { roleName } from './organizations.js';

type Path = readonly string[];

const PAIRS: readonly (readonly [Path, Path])[] = [
  [['user_id'], ['user', 'id']],
  [['payer_id'], ['payer', 'id']],
  [['plan_id'], ['plan', 'id']],
  [['organization_id'], ['public_organization_data', 'id']],
  [['organization_id'], ['data', 'public_organization_data', 'id']],
  [['inviter_id'], ['public_inviter_data', 'user_id']],
  [['payee', 'gateway_external_id'], ['payment_source', 'gateway_external_account_id']],
];

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

function get(root: unknown, path: Path): JsonValue | undefined {
  let node: unknown = root;
  for (const key of path) {
    if (!isObject(node) || !(key in node)) return undefined;
    node = node[key];
  }
  return node as JsonValue;
}

/** Sets `path` in `root` where its parent object exists (never creates one). */
function set(root: JsonObject, path: Path, value: JsonValue): void {
  const parent = get(root, path.slice(0, -1));
  if (isObject(parent) && path[path.length - 1]! in parent) parent[path[path.length - 1]!] = value;
}

/**
 * Moves the mirrors of what `override` sets, in `data` (the built payload with `override` merged in,
 * freshly built, so changed in place). `built` is the payload before the merge.
 */
export function applyMirrors(data: JsonObject, override: JsonObject, built: JsonObject): JsonObject {
  mirrorObject(data, override, built);
  if (isObject(data.user) && isObject(override.user) && isObject(built.user)) mirrorUser(data.user, override.user, built.user);
  return data;
}

function mirrorObject(data: JsonObject, override: JsonObject, built: JsonObject): void {
  for (const [a, b] of PAIRS) {
    const hasA = get(override, a) !== undefined;
    const hasB = get(override, b) !== undefined;
    if (hasA && !hasB && get(data, b) !== undefined) set(data, b, get(data, a)!);
    else if (hasB && !hasA && get(data, a) !== undefined) set(data, a, get(data, b)!);
  }
  if (typeof override.role === 'string' && !('role_name' in override) && 'role_name' in data) data.role_name = roleName(override.role);
  if (data.object === 'user') mirrorUser(data, override, built);
  const amount = get(override, ['amount', 'amount']);
  if (typeof amount === 'number' && !('next_payment_amount' in override) && typeof data.next_payment_amount === 'number') data.next_payment_amount = amount;
  mirrorMoney(data, override);
  const totals = data.totals;
  const patch = override.totals;
  if (isObject(totals) && isObject(patch) && !isObject(patch.grand_total)) {
    const sub = get(totals, ['subtotal', 'amount']);
    const tax = get(totals, ['tax_total', 'amount']);
    if (typeof sub === 'number' && typeof tax === 'number') totals.grand_total = { ...(totals.grand_total as JsonObject), ...usd(sub + tax) };
  }
}

function mirrorUser(user: JsonObject, override: JsonObject, built: JsonObject): void {
  if (typeof override.primary_email_address_id === 'string' && !('email_addresses' in override) && Array.isArray(user.email_addresses)) {
    const entry = user.email_addresses.find((e) => isObject(e) && e.id === built.primary_email_address_id);
    if (isObject(entry)) entry.id = override.primary_email_address_id;
  }
}

/** Every money object under `override` whose `amount` it sets (and not `amount_formatted`) gets the formatted amount. */
function mirrorMoney(data: JsonValue | undefined, override: JsonValue | undefined): void {
  if (!isObject(data) || !isObject(override)) return;
  if (typeof override.amount === 'number' && !('amount_formatted' in override) && typeof data.amount_formatted === 'string' && data.currency === 'USD') {
    data.amount_formatted = usd(override.amount).amount_formatted!;
  }
  for (const key of Object.keys(override)) if (isObject(override[key])) mirrorMoney(data[key], override[key]);
}
