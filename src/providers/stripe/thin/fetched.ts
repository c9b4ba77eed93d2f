/**
 * What a handler fetches after a notification: the full event (`GET /v2/core/events/:id`, with
 * `data` for the types that have it) and the related object (`related_object.url`). Both are drawn
 * from the notification alone, seeded by its id, so any process that has the delivered body gets
 * the same objects: the ids, account, customer and times agree with the notification.
 */
import { isPlainObject, type JsonObject, type JsonValue } from '../../../core/index.js';
import { seededFaker, type Faker } from '../../shared/random.js';
import { walkShape, type ShapePath } from '../../shared/shape.js';
import { isoMillis } from '../../shared/time.js';
import { buildEvent } from '../build.js';
import { defs, eventData, relatedSources } from '../generated/thin-fetch.js';
import { ThinIds } from './ids.js';

/** A related object and the key the API mock stores it under (its id; a singleton's url path). */
export interface RelatedThinObject {
  readonly tag: string;
  readonly key: string;
  readonly object: JsonObject;
}

/** FNV-1a of the notification id: the seed of everything fetched for it. */
function seedOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The ids a url's path holds after each collection: `{ accounts: 'acct_…', persons: 'person_…' }`. */
function pathIds(url: string): Map<string, string> {
  const ids = new Map<string, string>();
  const parts = url.split('?')[0]!.split('/');
  for (let i = 1; i + 1 < parts.length; i += 1) if (/_/.test(parts[i + 1]!) || /^card_payments$/.test(parts[i + 1]!)) ids.set(parts[i]!, parts[i + 1]!);
  return ids;
}

/** The field of an object that names its parent in the url (`accounts` → `account`). */
const PARENT_FIELDS: Readonly<Record<string, string>> = { accounts: 'account', customers: 'customer', application_fees: 'fee' };

interface Scene {
  readonly notification: JsonObject;
  readonly created: number;
  readonly ids: ThinIds;
  readonly parents: Map<string, string>;
}

function sceneOf(notification: JsonObject): Scene {
  const faker = seededFaker(seedOf(String(notification.id)));
  const related = isPlainObject(notification.related_object) ? notification.related_object : undefined;
  const parents = typeof related?.url === 'string' ? pathIds(related.url) : new Map<string, string>();
  if (typeof notification.context === 'string' && !parents.has('accounts')) parents.set('accounts', notification.context);
  const created = Date.parse(String(notification.created));
  return { notification, created: Number.isNaN(created) ? 0 : created, ids: new ThinIds(faker), parents };
}

/** The scene's value for a `data` key: the ids the notification names, times before it. */
function dataFill(scene: Scene): (path: ShapePath) => JsonValue | undefined {
  const account = (): string => {
    const known = scene.parents.get('accounts') ?? (related(scene)?.type === 'v2.core.account' ? String(related(scene)!.id) : undefined);
    if (known) return known;
    const drawn = scene.ids.parent('accounts');
    scene.parents.set('accounts', drawn);
    return drawn;
  };
  // A meter error report's samples say what a meter usage event missed; a no-meter report, the meter.
  const noMeter = scene.notification.type === 'v1.billing.meter.no_meter_found';
  return (path) => {
    const key = path[path.length - 1];
    switch (key) {
      case 'account_id':
        return account();
      case 'customer':
        return scene.parents.get('customers') ?? scene.ids.parent('customers');
      case 'subscription':
        return scene.ids.object('subscription');
      case 'transaction_id':
        return scene.ids.object('v2.money_management.transaction');
      case 'treasury_transaction':
      case 'v1_id':
        return scene.ids.parent('trxn');
      case 'validation_end':
        return isoMillis(Math.floor(scene.created / 1000) * 1000 - 2000);
      case 'validation_start':
        return isoMillis(Math.floor(scene.created / 1000) * 1000 - 62_000);
      case 'identifier':
        return scene.ids.faker.string.uuid();
      case 'code':
        return noMeter ? 'no_meter' : 'meter_event_no_customer_defined';
      case 'error_message':
        return noMeter ? 'No active meter was found with the event name api_requests.' : 'Customer mapping key stripe_customer_id not found in payload.';
      default:
        return undefined;
    }
  };
}

function related(scene: Scene): JsonObject | undefined {
  const r = scene.notification.related_object;
  return isPlainObject(r) ? r : undefined;
}

/** A meter error report's summary and counts agree: "There are 3 invalid events". */
function agreeCounts(data: JsonObject): void {
  const reason = data.reason;
  if (!isPlainObject(reason) || !Array.isArray(reason.error_types) || typeof data.developer_message_summary !== 'string') return;
  const total = reason.error_types.reduce<number>((sum, t) => sum + (isPlainObject(t) && typeof t.error_count === 'number' ? t.error_count : 0), 0);
  reason.error_count = total;
  data.developer_message_summary = `There ${total === 1 ? 'is' : 'are'} ${total} invalid event${total === 1 ? '' : 's'}`;
}

/**
 * The full event `GET /v2/core/events/:id` returns for a delivered notification.
 * @example
 * fetchedThinEvent(JSON.parse(delivery.body)).data; // { developer_message_summary: 'There are 2 invalid events', … }
 */
export function fetchedThinEvent(notification: JsonObject): JsonObject {
  const scene = sceneOf(notification);
  const shape = eventData[String(notification.type)];
  if (shape === undefined) return { ...notification };
  const data = walkShape(shape, { faker: scene.ids.faker, defs, time: isoMillis(scene.created), fill: dataFill(scene) }) as JsonObject;
  agreeCounts(data);
  return { ...notification, data };
}

/** Leaves of v2 objects that read as Stripe's: currencies, countries, names, addresses, contacts. */
function objectFill(faker: Faker): (path: ShapePath) => JsonValue | undefined {
  return (path) => {
    switch (path[path.length - 1]) {
      case 'currency':
        return 'usd';
      case 'country':
        return 'US';
      case 'email':
        return faker.internet.email({ provider: 'example.com' }).toLowerCase();
      case 'display_name':
      case 'name':
        return faker.company.name();
      case 'given_name':
        return faker.person.firstName();
      case 'surname':
        return faker.person.lastName();
      case 'phone':
        return `+1${faker.string.numeric(10)}`;
      case 'city':
      case 'town':
        return faker.location.city();
      case 'line1':
        return faker.location.streetAddress();
      case 'line2':
        return null;
      case 'postal_code':
        return faker.location.zipCode('#####');
      case 'state':
        return faker.location.state({ abbreviated: true });
      case 'url':
        return 'https://example.com';
      default:
        return undefined;
    }
  };
}

/**
 * The object `related_object.url` names, as the API returns it, or `undefined` when the
 * notification points at nothing.
 * @example
 * relatedThinObject(JSON.parse(delivery.body))?.object.id; // the notification's related_object.id
 */
export function relatedThinObject(notification: JsonObject): RelatedThinObject | undefined {
  const scene = sceneOf(notification);
  const pointer = related(scene);
  if (!pointer || typeof pointer.type !== 'string' || typeof pointer.url !== 'string') return undefined;
  const source = relatedSources[pointer.type];
  if (!source) return undefined;
  const id = typeof pointer.id === 'string' ? pointer.id : undefined;
  const time = Math.floor(scene.created / 1000) * 1000;
  let object: JsonObject;
  if ('snap' in source) {
    const event = buildEvent({ eventType: source.snap, faker: scene.ids.faker, now: time, data: undefined });
    object = { ...event.data.object } as JsonObject;
  } else {
    const created = isoMillis(time - 86_400_000);
    object = walkShape({ ref: source.shape }, { faker: scene.ids.faker, defs, time: created, maxDepth: 6, fill: objectFill(scene.ids.faker) }) as JsonObject;
    if ('updated' in object) object.updated = isoMillis(time);
    if ('metadata' in object) object.metadata = {};
  }
  if (id !== undefined && 'id' in object) object.id = id;
  if ('livemode' in object) object.livemode = false;
  for (const [collection, parent] of scene.parents) {
    const field = PARENT_FIELDS[collection];
    if (field !== undefined && field in object) object[field] = parent;
  }
  const path = pointer.url.split('?')[0]!;
  return { tag: pointer.type, key: id ?? (pointer.type === 'balance' ? 'balance' : path), object };
}
