/**
 * One account, and one object behind each id, across a Stripe flow. The payload builder draws each
 * event on an account of its own and mints the nested objects it needs: an invoice's lines name an
 * invoice and a subscription, a subscription's items their subscription, a dispute's balance
 * transactions their dispute. A flow's `data` sets the main resource's ids but cannot reach into those
 * arrays (arrays replace). So each built event is walked once before it is signed:
 *
 * - an id of a kind the flow owns (`cus`, `pm`, `sub`, `in`, `pi`, `ch`, `cs_test`, `re`, `dp`) becomes the
 *   flow's object of that kind (of two charges, the one the event delivers, else the first);
 * - an object the flow does not own keeps the id the first event gave it: one subscription item, price,
 *   product and payment method configuration per flow; a balance transaction or an invoice line per
 *   object holding it (a charge's and its refund's differ);
 * - every id minted on the event's account (the event's own included) moves to the flow's account.
 *
 * Ids inside strings move too (a PaymentIntent's `client_secret`, the account in `hosted_invoice_url`),
 * and a flow object's own links (`hosted_invoice_url`, `invoice_pdf`, `receipt_url`) are the first event's,
 * as are the customer's email, name, phone and address and the account's name and statement descriptor
 * wherever an event states them.
 * A value the caller's `data` gave the event is left as given.
 */
import type { FlowIdentity } from '../flow.js';

/** What a Stripe flow owns: its account (the ten characters every id minted on it embeds) and its objects' ids. */
export interface StripeFlowObjects {
  readonly account: string;
  readonly objects: readonly string[];
}

/** A Stripe id inside a string: a Checkout Session's, or a prefix and a body of 14 (short), 16 (account) or 24 characters. */
const ID_TOKEN = /(?<![0-9A-Za-z_])(?:cs_test_[abc]1[0-9A-Za-z]{56}|[a-z]+(?:_[a-z]+)*_(?:[0-9A-Za-z]{24}|[0-9A-Za-z]{16}|[0-9A-Za-z]{14}))(?![0-9A-Za-z])/g;
/** A string that is one Stripe id. */
const ID = /^(?:cs_test_[abc]1[0-9A-Za-z]{56}|[a-z]+(?:_[a-z]+)*_(?:[0-9A-Za-z]{24}|[0-9A-Za-z]{16}|[0-9A-Za-z]{14}))$/;
/** Kinds whose objects belong to the object holding them. */
const PER_OWNER = new Set(['txn', 'il']);
/** Fields that state the customer's details outside a customer or its billing or checkout details, and what they are. */
const PERSON: ReadonlyMap<string, string> = new Map([
  ['customer_email', 'email'],
  ['customer_email_address', 'email'],
  ['receipt_email', 'email'],
  ['customer_name', 'name'],
  ['customer_phone', 'phone'],
  ['customer_address', 'address'],
]);
/** Fields that state the account's details, the same for every object of the flow's one account. */
const ACCOUNT: ReadonlyMap<string, string> = new Map([
  ['account_name', 'account name'],
  ['account_country', 'account country'],
  ['calculated_statement_descriptor', 'statement descriptor'],
]);
/** The customer's fields in a customer and in its billing or checkout details (`billing_details`, `customer_details`). */
const OWN_DETAILS: ReadonlySet<string> = new Set(['email', 'name', 'phone']);

/** The keys of an object's links to itself. */
const LINK = /^(.+_url|url|invoice_pdf)$/;
/** Kinds each event has its own of. */
const PER_EVENT = new Set(['evt', 'req']);

/** The prefix of an id token (`cs_test` for a session), or `undefined` for an enum value such as `charge_automatically` or `requested_by_customer`. */
function prefixOf(token: string): string | undefined {
  if (token.startsWith('cs_test_')) return 'cs_test';
  const cut = token.lastIndexOf('_');
  // A drawn body has a digit or a capital; a lower-case word after the last underscore is not an id.
  return /[0-9A-Z]/.test(token.slice(cut + 1)) ? token.slice(0, cut) : undefined;
}

/**
 * The identity of a Stripe flow's events (see the module's comment): a function of each built event,
 * made once per built flow.
 * @example
 * const settle = stripeIdentity({ account: 'LkdIwHu7ix', objects: [ids.customer, ids.subscription, ids.invoice] });
 * const { body, deliveryId } = settle(built);
 */
export function stripeIdentity({ account, objects }: StripeFlowObjects): FlowIdentity {
  const owned = new Map<string, string[]>();
  for (const id of objects) {
    const prefix = prefixOf(id);
    if (prefix !== undefined) owned.set(prefix, [...(owned.get(prefix) ?? []), id]);
  }
  const ownedIds = new Set(objects);
  // What the flow's earlier events named the objects it does not own: by kind, or by holder and place.
  const kept = new Map<string, string>();
  // The customer's and the account's details as the first event that stated each gave them (serialized per event, never changed).
  const stated = new Map<string, unknown>();

  return ({ body, given }) => {
    const event = JSON.parse(body) as Record<string, unknown> & { data?: { object?: Record<string, unknown>; previous_attributes?: unknown } };
    const drawn = typeof event.id === 'string' && /^evt_[0-9A-Za-z]{24}$/.test(event.id) ? event.id.slice(10, 20) : undefined;
    const onAccount = (id: string) => (drawn === undefined ? id : id.replace(drawn, account));
    const delivered = event.data?.object?.id;
    // What the caller's data gave stays as given (most flows are built without any).
    const isGiven = given.size === 0 ? () => false : (value: unknown): boolean => (value !== null && typeof value === 'object' ? Object.values(value).some(isGiven) : given.has(JSON.stringify(value)));

    // Where the walk is, from the event down (keys and indexes), and how deep the flow object holding it starts.
    const trail: (string | number)[] = [];
    let ownerDepth = 0;
    let owner = '';
    /** The place of the value being walked: the flow object holding it and the path from there (`re_… .balance_transaction`). */
    const place = () => `${owner} ${trail.slice(ownerDepth).join('.')}`;

    /** The flow's id for `token`. */
    const rename = (token: string): string => {
      const prefix = prefixOf(token);
      if (prefix === undefined || ownedIds.has(token)) return token;
      const flows = owned.get(prefix);
      if (flows !== undefined) return typeof delivered === 'string' && flows.includes(delivered) ? delivered : flows[0]!;
      if (PER_EVENT.has(prefix)) return onAccount(token);
      const key = PER_OWNER.has(prefix) ? place() : prefix;
      const id = kept.get(key) ?? onAccount(token);
      kept.set(key, id);
      return id;
    };
    const renameAll = (text: string): string => {
      // The shortest id is 17 characters (`si_` and 14); most strings are an id whole or hold none.
      if (text.length < 17 || isGiven(text)) return text;
      if (ID.test(text)) return rename(text);
      // Ids inside a string: URLs, client secrets, a balance transaction's "Chargeback withdrawal for ch_…".
      return text.includes('_') ? text.replace(ID_TOKEN, rename) : text;
    };

    /** Renames the ids inside `node` in place; `parent` is the key holding it. */
    const walk = (node: Record<string, unknown> | unknown[], parent: string | number): void => {
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
          const item: unknown = node[i];
          trail.push(i);
          if (typeof item === 'string') node[i] = renameAll(item);
          else if (item !== null && typeof item === 'object') walk(item as Record<string, unknown>, i);
          trail.pop();
        }
        return;
      }
      const [outerOwner, outerDepth] = [owner, ownerDepth];
      if (typeof node.id === 'string') {
        trail.push('id');
        const id = renameAll(node.id);
        trail.pop();
        node.id = id;
        if (ownedIds.has(id)) [owner, ownerDepth] = [id, trail.length];
      }
      const own = owner !== '' && ownerDepth === trail.length;
      const customer = node.object === 'customer';
      const details = customer || parent === 'billing_details' || parent === 'customer_details';
      for (const key in node) {
        const value = node[key];
        if (key === 'id' || value === null) continue;
        trail.push(key);
        // One customer and one account per flow: the builder draws them per event (an invoice's customer_email and account_name).
        const role = PERSON.get(key) ?? ACCOUNT.get(key) ?? (details && OWN_DETAILS.has(key) ? key : customer && key === 'address' ? key : undefined);
        if (role !== undefined && !isGiven(value)) {
          if (stated.has(role)) node[key] = stated.get(role);
          else stated.set(role, value);
        } else if (typeof value === 'string' && own && LINK.test(key) && !isGiven(value)) {
          // A flow object's own links (an invoice's hosted page and PDF, a charge's receipt) are drawn per event.
          const link = kept.get(place()) ?? renameAll(value);
          kept.set(place(), link);
          node[key] = link;
        } else if (typeof value === 'string') node[key] = renameAll(value);
        else if (typeof value === 'object') {
          // What an update changed is the delivered object's own fields as they were.
          if (key === 'previous_attributes' && node === event.data) [owner, ownerDepth] = [String(event.data.object?.id), trail.length];
          walk(value as Record<string, unknown>, key);
          if (key === 'previous_attributes' && node === event.data) [owner, ownerDepth] = [outerOwner, outerDepth];
        }
        trail.pop();
      }
      [owner, ownerDepth] = [outerOwner, outerDepth];
    };
    walk(event, '');
    return { body: JSON.stringify(event, null, 2), deliveryId: String(event.id) };
  };
}
