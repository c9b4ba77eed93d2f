/**
 * Resources without a hand-built recipe (`issuing_card.created`, `treasury.outbound_payment.posted`,
 * …): the shape stripe-node types the event's `data.object` with (`generated/shapes.ts`), walked with
 * the scene's values. Ids carry the prefix Stripe's fixtures show for the resource, expandable keys
 * (`customer`, `latest_charge`) the id of the resource they name, times sit just before the event,
 * money is one amount in the scene's currency, and the status is the one the verb names when the
 * resource has it.
 */
import type { JsonValue } from '../../core/index.js';
import { resolve, walkShape, type Shape, type ShapePath } from '../shared/shape.js';
import { drawText, textKind } from '../shared/text.js';
import { DECIMAL_FIELDS, EXPANDABLE, EXPANDABLE_FIELDS, ID_PREFIXES, SHORT_IDS } from './generated/ids.js';
import { defs, events } from './generated/shapes.js';
import { WHOLE_AMOUNTS } from './mirrors.js';
import { references } from './references.js';
import { DAY, type Obj, type Scene } from './scene.js';

type Node = Exclude<Shape, { ref: string }>;
type ObjectNode = Extract<Node, { props: unknown }>;

/** Prefixes of resources whose fixture has a placeholder id (`obj_123`) or none. */
const FALLBACK_PREFIXES: Readonly<Record<string, string>> = {
  application: 'ca',
  'apps.install': 'appinst',
  'billing.alert': 'alrt',
  'billing.credit_balance_transaction': 'cbtxn',
  'billing.credit_grant': 'credgr',
  'billing.meter': 'mtr',
  'climate.product': 'climsku',
  'financial_connections.authorization': 'fcauth',
  invoice_payment: 'inpay',
  'reserve.hold': 'rsvhld',
  'reserve.plan': 'rsvpln',
  'reserve.release': 'rsvrel',
  'three_d_secure.authentication': 'threeds',
};

/** Resources whose ids are names rather than random. */
const NAMED_RESOURCE_IDS: Readonly<Record<string, readonly string[]>> = {
  capability: ['card_payments', 'transfers', 'us_bank_account_ach_payments', 'link_payments'],
  'reporting.report_type': ['balance.summary.1', 'payouts.itemized.3', 'balance_change_from_activity.itemized.3'],
};

/** The status a verb names: `*.succeeded` → `succeeded`, `*.activated` → `active`. */
const VERB_STATUS: Readonly<Record<string, readonly string[]>> = {
  activated: ['active'],
  canceled: ['canceled'],
  closed: ['closed', 'won', 'lost'],
  completed: ['completed', 'succeeded'],
  created: ['pending', 'open', 'draft', 'active', 'requires_action', 'processing', 'not_started', 'submitted', 'unsubmitted', 'inactive'],
  deactivated: ['inactive', 'deactivated'],
  delayed: ['confirmed', 'open'],
  delivered: ['delivered'],
  disabled: ['disabled'],
  disconnected: ['disconnected'],
  errored: ['errored', 'failed'],
  expired: ['expired'],
  failed: ['failed'],
  finalized: ['open'],
  paid: ['paid'],
  posted: ['posted'],
  processing: ['processing'],
  reactivated: ['active'],
  ready: ['ready'],
  redacted: ['canceled'],
  rejected: ['rejected'],
  requires_input: ['requires_input'],
  returned: ['returned'],
  reversed: ['reversed'],
  submitted: ['submitted'],
  succeeded: ['succeeded'],
  verified: ['verified'],
  voided: ['void'],
  advancing: ['advancing'],
  internal_failure: ['internal_failure'],
  accepted: ['accepted'],
};

/** Keys whose id is usually absent (null) in a delivery when the type allows null. */
const USUALLY_NULL = new Set(['application', 'on_behalf_of', 'review', 'source', 'test_clock', 'customer_account', 'application_fee', 'payment_record', 'transfer', 'failure_balance_transaction', 'default_source', 'latest_fraud_warning', 'replaced_by', 'replacement_for']);

/** The end of a period, drawn after its start. */
const PERIOD_END = /(^|_)end$/;
const TIME_KEY = /(_at|^created|^date|_date|^expires|^expires_after|^start|^end|_start|_end|^arrival_date|_until|^frozen_time|^eta|deadline|^updated)$/;

/** Keys of a state the verb must name to be set (`failure_code` on a `*.failed`): null otherwise. */
const STATE_KEY: readonly (readonly [RegExp, RegExp])[] = [
  [/fail|error|decline/, /fail|error|decline|reject/],
  [/cancel/, /cancel/],
  [/revers/, /revers|return/],
  [/return/, /return/],
];

/** Plain id fields named after a resource (`financial_account`, `credit_reversal`): its `object` name. */
const NAMED_IDS = new Map<string, string>();
for (const object of [...Object.keys(ID_PREFIXES), ...Object.keys(FALLBACK_PREFIXES)]) {
  NAMED_IDS.set(object.replaceAll('.', '_'), object);
  const last = object.slice(object.lastIndexOf('.') + 1);
  if (!NAMED_IDS.has(last)) NAMED_IDS.set(last, object);
}

/** Each def's name, by its node, so that a leaf knows which def it is a field of. */
const DEF_NAMES = new Map<Shape, string>(Object.entries(defs).map(([name, def]) => [def, name]));

/** Lists of an account's or person's requirements (`requirements.currently_due`). */
const REQUIREMENT_LISTS = /_due$|^pending_verification$|^original_fields_due$/;

/** Requirements Stripe names in those lists and in `errors[].requirement`. */
const REQUIREMENTS = [
  'external_account',
  'business_profile.url',
  'business_profile.mcc',
  'tos_acceptance.date',
  'tos_acceptance.ip',
  'individual.verification.document',
  'individual.id_number',
  'individual.dob.day',
  'representative.first_name',
  'company.tax_id',
];

/** Resources named after a person (a card's holder) rather than the business. */
const PEOPLE = new Set(['card', 'person', 'customer', 'issuing.cardholder', 'bank_account']);

/** Address fields by their key in flat forms (`address_zip`) and nested ones. */
const ADDRESS_PARTS: Readonly<Record<string, 'city' | 'line1' | 'postal_code' | 'state'>> = {
  city: 'city',
  line1: 'line1',
  postal_code: 'postal_code',
  zip: 'postal_code',
  state: 'state',
};

const ADDRESS_KEYS = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'];

/** A plain postal address (the scene's), not one with extra keys (`town`, kana and kanji forms). */
function isAddress(shape: ObjectNode): boolean {
  const keys = Object.keys(shape.props);
  return keys.length === ADDRESS_KEYS.length && ADDRESS_KEYS.every((key) => key in shape.props);
}

/** Whether `type` has a generated shape: whether it is one of stripe-node's event types. */
export function hasShape(type: string): boolean {
  return Object.hasOwn(events, type);
}

/**
 * An id of the resource named `object`, minted at `created`: the scene's customer and account, a
 * name for resources named so (`card_payments`), else the fixture's prefix.
 */
export function resourceId(s: Scene, object: string, created: number): string {
  if (object === 'customer') return s.customerId;
  if (object === 'account') return s.accountId;
  const named = NAMED_RESOURCE_IDS[object];
  if (named !== undefined) return s.pick(named);
  const prefix = ID_PREFIXES[object] ?? FALLBACK_PREFIXES[object] ?? object.split('.').pop()!.slice(0, 4);
  return SHORT_IDS.has(object) ? s.shortId(prefix) : s.id(prefix, created);
}

/**
 * `data.object` for `type`, from its generated shape.
 * @example
 * walkedObject(new Scene(seededFaker(1), Date.now()), 'topup.succeeded'); // { id: 'tu_1…', object: 'topup', status: 'succeeded', … }
 */
export function walkedObject(s: Scene, type: string): Obj {
  const verb = type.slice(type.lastIndexOf('.') + 1);
  const created = verb === 'created' ? s.now : s.now - s.int(60, 30 * DAY);
  const amount = s.amount();
  // The object node each depth of the walk is in, so that a leaf knows its resource.
  const owners: OwnerInfo[] = [];
  const statuses = VERB_STATUS[verb] ?? [];
  const unset = STATE_KEY.filter(([, verbs]) => !verbs.test(verb)).map(([field]) => field);
  const stem = verb.replace(/ed$/, '');
  // The status the walk gives the resource, so that its time (`confirmed_at` of a confirmed order) is set.
  const status = topStatus(type, statuses);

  // The id drawn for the object at each depth, for the values that repeat it (`client_secret`).
  const ids: (string | undefined)[] = [];
  /** A string in a list: an id of the resource the list names (`discounts`), a requirement, else by the list's key. */
  const listItem = (path: ShapePath): JsonValue | undefined => {
    const list = path[path.length - 2];
    if (typeof list !== 'string') return undefined;
    const target = owners[path.length - 2]?.targets.get(list);
    if (target !== undefined) return resourceId(s, target, created);
    if (REQUIREMENT_LISTS.test(list)) return s.pick(REQUIREMENTS);
    return undefined;
  };

  const fill = (path: ShapePath, shape: Node): JsonValue | undefined => {
    const depth = path.length;
    if (typeof shape === 'object' && 'props' in shape) {
      const owner = ownerInfo(shape);
      if (owner.address) return { ...s.person.address };
      owners[depth] = owner;
      ids[depth] = undefined;
      return undefined;
    }
    const key = path[depth - 1];
    if (typeof key !== 'string') return typeof key === 'number' && shape === 'string' ? listItem(path) : undefined;
    const owner = owners[depth - 1]!;
    const inner = typeof shape === 'object' && 'nullable' in shape ? resolve(shape.nullable, defs) : shape;
    const nullable = inner !== shape;
    if (key === 'id' && inner === 'string') return (ids[depth - 1] = owner.object === undefined ? s.id('obj', created) : resourceId(s, owner.object, created));
    if (key === 'livemode') return false;
    if (key === 'metadata') return {};
    if (nullable && unset.some((field) => field.test(key))) return null;
    if (inner === 'string') {
      const target = owner.targets.get(key);
      if (target !== undefined) return nullable && USUALLY_NULL.has(key) ? null : resourceId(s, target, created);
      if (owner.decimals.has(key)) {
        // `amount_decimal` is `amount` as a decimal string; other decimals (tons, rates) are drawn.
        return key.endsWith('_decimal') && WHOLE_AMOUNTS.has(key.slice(0, -8)) ? String(amount) : `${s.int(1, 400)}.${s.int(0, 99)}`;
      }
      const kind = stringKind(key);
      switch (kind) {
        case 'currency':
          return s.currency;
        case 'email':
          return s.person.email;
        case 'name':
          return depth === 1 && !PEOPLE.has(owner.object ?? '') ? s.business : s.person.name;
        case 'check':
          return 'pass';
        case 'funding':
          return s.card.funding;
        case 'fingerprint':
          return s.card.fingerprint;
        case 'city':
        case 'line1':
        case 'postal_code':
        case 'state':
          return s.person.address[kind];
        case 'line2':
          return s.person.address.line2;
        case 'country':
          return 'US';
        case 'url':
          return drawText('url', s.faker);
        case 'last4':
          return s.card.last4;
        case 'brand':
          return s.card.brand;
        case 'phone':
          return s.person.phone ?? `+1415555${s.digits(4)}`;
        case 'description':
          if (nullable) return null;
          break;
        case 'status':
          // A status the types leave a plain string is still the one the verb names.
          if (depth === 1 && statuses.length > 0) return statuses[0]!;
          break;
        case 'client_secret':
          // `<id>_secret_<…>`: the secret of the object that carries it.
          return `${ids[depth - 1] ?? resourceId(s, owner.object ?? 'payment_intent', created)}_secret_${drawText('token', s.faker)}`;
        case 'requirement':
          return s.pick(REQUIREMENTS);
      }
      return drawText(textKind(key), s.faker);
    }
    if (inner === 'integer') {
      switch (integerKind(key)) {
        case 'created':
          return depth === 1 ? created : created - s.int(0, 3600);
        case 'time':
          if (nullable && !key.startsWith(stem) && key !== `${status}_at`) return null;
          // A period's end comes after its start (`period.end`, `current_period_end`): ahead, where the rest is past.
          return PERIOD_END.test(key) ? s.now + s.int(DAY, 30 * DAY) : s.now - s.int(0, 3600);
        case 'amount':
          return amount;
        case 'zero':
          return 0;
        case 'year':
          return new Date(s.now * 1000).getUTCFullYear() + s.int(0, 3);
        case 'exp_month':
          return s.card.expMonth;
        case 'exp_year':
          return s.card.expYear;
        default:
          return undefined;
      }
    }
    if (typeof inner === 'object' && 'enum' in inner) {
      if (key === 'status' && depth === 1) {
        const named = statuses.find((status) => inner.enum.includes(status));
        if (named !== undefined) return named;
      }
      if (key === 'currency') return inner.enum.includes(s.currency) ? s.currency : undefined;
      return undefined;
    }
    // Lists of whole resources inside another (an authorization's transactions) start empty.
    if (typeof inner === 'object' && 'items' in inner && key !== 'data' && isResourceList(inner)) return [];
    // Deeper optional state (errors, next actions, nested details) is null until something sets it.
    if (nullable && depth > 1 && typeof inner === 'object' && ('props' in inner || 'items' in inner)) return null;
    return undefined;
  };

  const object = agreeing(walkShape(rootShape(type), { faker: s.faker, defs, time: String(s.now), fill }) as Obj);
  // A status drawn from its enum (no verb names one) comes with its time: a canceled order's `canceled_at`.
  const at = `${String(object.status)}_at`;
  if (typeof object.status === 'string' && object[at] === null) object[at] = s.now - s.int(0, 3600);
  return object;
}

/** The status `walkedObject` gives a `type`'s resource at its top: the first of the verb's `statuses` its enum lists. */
function topStatus(type: string, statuses: readonly string[]): string | undefined {
  const node = resolve(rootShape(type), defs);
  const field = typeof node === 'object' && 'props' in node ? node.props.status : undefined;
  const status = field === undefined ? undefined : resolve(field, defs);
  return typeof status === 'object' && 'enum' in status ? statuses.find((value) => status.enum.includes(value)) : undefined;
}

/**
 * `object` with every resource it names deeper down (an authorization's `card.cardholder`) the one
 * it names at its top (its `cardholder`), so that the walk's independent draws do not contradict
 * each other.
 */
function agreeing(object: Obj): Obj {
  const top = new Map<string, string>();
  const found = references(object);
  for (const ref of found) if (ref.depth === 0 && !ref.expanded && !top.has(ref.kind)) top.set(ref.kind, ref.id);
  for (const ref of found) {
    const id = top.get(ref.kind);
    if (ref.depth === 0 || id === undefined || id === ref.id) continue;
    if (ref.expanded) (ref.holder[ref.key] as Obj).id = id;
    else ref.holder[ref.key] = id;
  }
  return object;
}

/** The resource a union-typed event sends most (a customer's source is usually a card), by resource. */
const PREFERRED_OBJECT: Readonly<Record<string, string>> = { 'customer.source': 'card' };

/** The shape to walk for `type`: its event shape, or the preferred branch of a union of resources. */
function rootShape(type: string): Shape {
  const shape = events[type]!;
  const preferred = PREFERRED_OBJECT[type.slice(0, type.lastIndexOf('.'))];
  const node = resolve(shape, defs);
  if (preferred === undefined || typeof node !== 'object' || !('anyOf' in node)) return shape;
  return (
    node.anyOf.find((branch) => {
      const resolved = resolve(branch, defs);
      return typeof resolved === 'object' && 'props' in resolved && JSON.stringify(resolved.props.object) === JSON.stringify({ const: preferred });
    }) ?? shape
  );
}

/** What the walk needs to know of an object node, worked out once per node. */
interface OwnerInfo {
  /** The resource's `object` name, if the node is a resource. */
  readonly object: string | undefined;
  readonly address: boolean;
  /** Keys holding another resource's id, with that resource's `object` name. */
  readonly targets: ReadonlyMap<string, string>;
  /** Keys stripe-node types as its `Decimal`. */
  readonly decimals: ReadonlySet<string>;
}

const OWNERS = new WeakMap<ObjectNode, OwnerInfo>();

function ownerInfo(node: ObjectNode): OwnerInfo {
  let info = OWNERS.get(node);
  if (info === undefined) {
    const name = DEF_NAMES.get(node) ?? '*';
    const object = node.props.object;
    const targets = new Map<string, string>();
    const decimals = new Set<string>();
    for (const key of Object.keys(node.props)) {
      const target = EXPANDABLE_FIELDS[`${name}.${key}`] ?? EXPANDABLE[key] ?? NAMED_IDS.get(key);
      if (target !== undefined) targets.set(key, target);
      if (DECIMAL_FIELDS.has(`${name}.${key}`)) decimals.add(key);
    }
    info = {
      object: object !== undefined && typeof object === 'object' && 'const' in object ? String(object.const) : undefined,
      address: isAddress(node),
      targets,
      decimals,
    };
    OWNERS.set(node, info);
  }
  return info;
}

const RESOURCE_LISTS = new WeakMap<object, boolean>();

/** An array of whole resources (items with an `id` and an `object` name). */
function isResourceList(node: Extract<Node, { items: unknown }>): boolean {
  let known = RESOURCE_LISTS.get(node);
  if (known === undefined) {
    const item = resolve(node.items, defs);
    known = typeof item === 'object' && 'props' in item && 'id' in item.props && typeof item.props.object === 'object';
    RESOURCE_LISTS.set(node, known);
  }
  return known;
}

/** `classify(key)`, worked out once per key. */
function cached(cache: Map<string, string>, key: string, classify: (key: string) => string): string {
  let kind = cache.get(key);
  if (kind === undefined) {
    kind = classify(key);
    cache.set(key, kind);
  }
  return kind;
}

const STRING_KINDS = new Map<string, string>();

/** What a plain string field holds, by its key: `currency`, `email`, `url`, `phone`, else the key itself. */
function stringKind(key: string): string {
  return cached(STRING_KINDS, key, (k) => {
    if (k === 'currency' || k.endsWith('_currency')) return 'currency';
    if (k === 'email' || k.endsWith('_email')) return 'email';
    if (k === 'url' || k.endsWith('_url')) return 'url';
    if (k.endsWith('_check')) return 'check';
    const part = k.replace(/^address_/, '');
    if (part in ADDRESS_PARTS || part === 'line2' || part === 'country') return ADDRESS_PARTS[part] ?? part;
    if (k === 'requirement') return k;
    return k === 'phone_number' ? 'phone' : k;
  });
}

const INTEGER_KINDS = new Map<string, string>();

/** What an integer field holds, by its key: a time, the amount, a zero amount, a year, a card expiry. */
function integerKind(key: string): string {
  return cached(INTEGER_KINDS, key, (k) => {
    if (k === 'created' || k === 'exp_month' || k === 'exp_year') return k;
    if (k.endsWith('year')) return 'year';
    if (TIME_KEY.test(k)) return 'time';
    if (WHOLE_AMOUNTS.has(k)) return 'amount';
    return /amount|total|balance|fee/.test(k) ? 'zero' : 'other';
  });
}

/**
 * `previous_attributes` for a walked `*.updated` event: the former status when the resource has
 * another, else the metadata before a key was added (which `object` then carries).
 */
export function walkedPrevious(s: Scene, type: string, object: Obj): Obj {
  if (typeof object.status === 'string') {
    const shape = events[type];
    const node = shape === undefined ? undefined : resolve(shape, defs);
    const field = node !== undefined && typeof node === 'object' && 'props' in node ? node.props.status : undefined;
    const status = field === undefined ? undefined : resolve(field, defs);
    const values = status !== undefined && typeof status === 'object' && 'enum' in status ? status.enum : [];
    const other = values.find((value) => value !== object.status);
    if (typeof other === 'string') return { status: other };
  }
  if ('metadata' in object) {
    object.metadata = { relaykit_note: drawText('key', s.faker) };
    return { metadata: {} };
  }
  // Else a time, count or flag that moved, at the top level or inside one of its objects.
  for (const key of Object.keys(object)) {
    if (key === 'id' || key === 'object' || key === 'created') continue;
    const before = moved(object[key], key);
    if (before !== undefined) return { [key]: before };
  }
  return {};
}

/** `value` with one number (an hour or one less) or boolean (flipped) changed, or undefined if it has none. */
function moved(value: unknown, key: string): unknown {
  if (typeof value === 'number') return value - (TIME_KEY.test(key) ? 3600 : 1);
  if (typeof value === 'boolean') return !value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const [inner, child] of Object.entries(value)) {
    const before = moved(child, inner);
    if (before !== undefined) return { ...value, [inner]: before };
  }
  return undefined;
}
