/**
 * Pins: values a flow's events state the same wherever they state them. Each event's builder draws what
 * the flow does not give (a Svix instance, an email's message id, the repository a pull request's head
 * sits in), so without a pin each event names another one. A pin lists the places of one value; the
 * value is the flow's (`value`), else the first one an event of the flow had at any of those places.
 * Later events get it only where their shape has the place: nothing is added. A value the caller's
 * `data` gave an event stays as given.
 *
 * An object pinned (a repository, a user, a check suite) keeps its identity, not its state: only the
 * keys that name it (`id`, `node_id`, `*_id`, `number`, `login`, names, emails, shas and URLs, and the
 * objects that name its owner, user, license, head commit and repository) are copied, and only those the
 * place has; an object that never changes (`whole`, a commit) is copied whole, into the keys the place has,
 * and a list (`list`, an order's line items) item by item, each into the shape of the place's own items.
 */
import { isPlainObject } from '../../core/index.js';
import type { FlowIdentity } from '../flow.js';

/** One value and where the events state it. */
export interface Pin {
  /**
   * Dot paths from the body (`data.message_id`, `pull_request.head.repo`); `[]` stands for every item of
   * an array (`check_run.pull_requests[].number`). A path may start with `<type>:` to apply to events of
   * that type only, or `<prefix/>:` / `<prefix.>:` to events whose type starts with it (`orders/:id`).
   */
  readonly paths: readonly string[];
  /** The flow's value; without it, the first value an event has at one of `paths`. */
  readonly value?: unknown;
  /** Where the first value is read from, when not from `paths` (which are then only written). */
  readonly from?: readonly string[];
  /** The first value as the other places state it (a push's repository has a web `url` where every other event has the API's). */
  readonly normalize?: (value: unknown) => unknown;
  /** For an object: identity keys never copied (a merge commit sha, which merging changes). */
  readonly skip?: readonly string[];
  /** An object that never changes (a commit): every key is copied, not only those that name it. */
  readonly whole?: boolean;
  /**
   * The value is a list of objects (an order's line items) that each place lists in its own shape (a
   * fulfillment's line items): a place gets one item per item of the list, each with the keys of the
   * place's own items and the list item's values for them.
   */
  readonly list?: boolean;
}

/** Keys that name an object rather than say its state. */
const IDENTITY = /^(id|node_id|number|key|login|name|slug|full_name|first_name|last_name|username|identifier|email|email_address|sha|ref|label|.+_id|.+_sha|.+_url|url|owner|user|license|head_commit|repository|repo|head|base|reactions)$/;
const EVERY_KEY = /^/;

interface Place {
  readonly type?: string;
  readonly keys: readonly string[];
}

function parsePlace(path: string): Place {
  const colon = path.indexOf(':');
  const type = colon < 0 ? undefined : path.slice(0, colon);
  return { type, keys: (colon < 0 ? path : path.slice(colon + 1)).split('.') };
}

function appliesTo(place: Place, eventType: string): boolean {
  if (place.type === undefined) return true;
  return /[/.]$/.test(place.type) ? eventType.startsWith(place.type) : eventType === place.type;
}

/** Calls `visit` with each holder and key where `keys` leads inside `node` (`x[]` goes through every item of `x`). */
function places(node: unknown, keys: readonly string[], visit: (holder: Record<string, unknown>, key: string) => void): void {
  if (!isPlainObject(node) || keys.length === 0) return;
  const [first, ...rest] = keys as [string, ...string[]];
  const many = first.endsWith('[]');
  const key = many ? first.slice(0, -2) : first;
  if (!(key in node)) return;
  if (many) {
    const items = node[key];
    if (!Array.isArray(items)) return;
    // An array is a holder too: its items' keys are their indexes.
    if (rest.length === 0) items.forEach((_, i) => visit(items as unknown as Record<string, unknown>, String(i)));
    else for (const item of items) places(item, rest, visit);
  } else if (rest.length === 0) visit(node, key);
  else places(node[key], rest, visit);
}

/** How one pin copies its value into a place. */
interface Copy {
  readonly keys: RegExp;
  readonly skip: ReadonlySet<string>;
  readonly given: ReadonlySet<string>;
}

/**
 * `target` with the identity of `source` copied into the keys it has (recursively); a scalar is `source`
 * itself. A key `source` has no value for yet (a runner not assigned when a job was queued) is learnt
 * from `target`, so that the events after it agree with it.
 */
function pinnedValue(target: unknown, source: unknown, copy: Copy): unknown {
  if (Array.isArray(target) && Array.isArray(source)) return source;
  // A place of another shape than the value (an object where the value is a scalar) keeps its own.
  if (!isPlainObject(target) || !isPlainObject(source)) return typeof target === 'object' || typeof source === 'object' || copy.given.has(JSON.stringify(target)) ? target : source;
  const out: Record<string, unknown> = { ...target };
  for (const key of Object.keys(target)) {
    if (copy.skip.has(key) || !copy.keys.test(key) || target[key] === null) continue;
    if (source[key] === null || source[key] === undefined) source[key] = structuredClone(target[key]);
    else out[key] = pinnedValue(target[key], source[key], copy);
  }
  return out;
}

/** Whether two JSON values are equal. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** `list`'s items in the shape of `target`'s (its item at the same index, else its first); `target` itself when either is no list or `target` is empty. */
function listed(target: unknown, list: unknown, copy: Copy): unknown {
  if (!Array.isArray(target) || !Array.isArray(list) || target.length === 0) return target;
  return list.map((item, i) => pinnedValue(structuredClone(target[i] ?? target[0]), item, copy));
}

/**
 * The identity that pins `pins` across a flow's events (see the module's comment). Bodies are parsed and
 * serialized again compactly, as every provider but Stripe sends them; key order is kept.
 * @example
 * pinned([{ paths: ['instance_id'] }, { paths: ['data.inviter_id', 'data.public_inviter_data.user_id'], value: ids.user }]);
 */
export function pinned(pins: readonly Pin[]): FlowIdentity {
  const compiled = pins.map((pin) => ({
    places: pin.paths.map(parsePlace),
    sources: (pin.from ?? pin.paths).map(parsePlace),
    normalize: pin.normalize ?? ((value: unknown) => value),
    skip: new Set(pin.skip ?? []),
    keys: pin.whole === true || pin.list === true ? EVERY_KEY : IDENTITY,
    list: pin.list === true,
    value: pin.value,
    known: 'value' in pin,
  }));
  return ({ eventType: type, body, deliveryId, given }) => {
    const json = JSON.parse(body) as Record<string, unknown>;
    let changed = false;
    for (const pin of compiled) {
      for (const place of pin.known ? [] : pin.sources) {
        if (!appliesTo(place, type)) continue;
        places(json, place.keys, (holder, key) => {
          if (pin.known || holder[key] === null || holder[key] === undefined) return;
          pin.value = pin.normalize(structuredClone(holder[key]));
          pin.known = true;
        });
      }
      if (!pin.known) continue;
      for (const place of pin.places) {
        if (!appliesTo(place, type)) continue;
        places(json, place.keys, (holder, key) => {
          const current = holder[key];
          if (current === null || current === undefined) return;
          const copy = { keys: pin.keys, skip: pin.skip, given };
          const next = pin.list ? listed(current, pin.value, copy) : pinnedValue(current, pin.value, copy);
          if (same(next, current)) return;
          holder[key] = next;
          changed = true;
        });
      }
    }
    return changed ? { body: JSON.stringify(json), deliveryId } : { body, deliveryId };
  };
}

/**
 * Identities applied one after the other, each to what the one before made.
 * @example
 * chained(pinned([{ paths: ['instance_id'] }]), oneShop());
 */
export function chained(...identities: readonly FlowIdentity[]): FlowIdentity {
  return (built) => {
    const { body, deliveryId } = identities.reduce((event, identity) => ({ ...event, ...identity(event) }), built);
    return { body, deliveryId };
  };
}
