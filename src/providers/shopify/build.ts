/**
 * The Shopify payload builder: the resource itself as the body (no envelope), REST JSON of
 * {@link API_VERSION}, and the headers Shopify's webhook service sends with it. The signature header is
 * added by the plugin's `sign`.
 */
import { deepMerge, isPlainObject, type JsonObject } from '../../core/index.js';
import type { BuildContext, BuiltPayload, PayloadBuilder } from '../types.js';
import { catalog, type ShopifyTopic } from './catalog.js';
import { cart, checkout } from './checkouts.js';
import { generic, resource } from './generic.js';
import { HANDWRITTEN_TOPICS, type HandwrittenTopic } from './handwritten.js';
import { mirror } from './mirrors.js';
import { draftOrder, fulfillment, order, orderEdit, refund, sale, transaction, type OrderStage } from './orders.js';
import { customer, person, type CustomerState } from './people.js';
import { collection, inventoryItem, inventoryLevel, product } from './products.js';
import { API_VERSION, Scene } from './scene.js';
import { customersDataRequest, customersRedact, location, scopesUpdate, shopRedact, shopResource, theme } from './shop.js';

type BodyBuilder = (scene: Scene) => JsonObject;

/** An order at `stage`, placed between `minDays` and `maxDays` ago. */
function orderAt(stage: OrderStage, minDays: number, maxDays: number, minLines = 1): BodyBuilder {
  return (scene) => order(scene, sale(scene, scene.before(minDays, maxDays), minLines), stage, scene.nowSec);
}

function customerAt(state: CustomerState | 'new'): BodyBuilder {
  return (scene) => {
    const created = state === 'new' ? scene.nowSec : scene.before(1, 700);
    const buyer = person(scene, created);
    const resolved = state === 'new' ? (scene.chance(0.7) ? 'disabled' : 'enabled') : state;
    return customer(scene, buyer, { state: resolved, updatedAt: scene.nowSec, full: true });
  };
}

/** Topics whose body is only the deleted resource's id. */
const idOnly: BodyBuilder = (scene) => ({ id: scene.id(13) });

/**
 * Hand-written bodies: the topics whose resources carry cross-references the schema cannot state
 * (order totals, fulfillments of its lines, refunds of its transactions). Every other topic is its
 * generated shape walked with the scene ({@link generic}).
 */
const bodies: Record<HandwrittenTopic, BodyBuilder> = {
  'app/scopes_update': scopesUpdate,
  'app/uninstalled': (scene) => shopResource(scene, scene.before(1, 120)),
  'carts/create': (scene) => cart(scene, 'create'),
  'carts/update': (scene) => cart(scene, 'update'),
  'checkouts/create': (scene) => checkout(scene, 'create'),
  'checkouts/delete': (scene) => checkout(scene, 'delete'),
  'checkouts/update': (scene) => checkout(scene, 'update'),
  'collections/create': (scene) => collection(scene, 'create'),
  'collections/delete': (scene) => collection(scene, 'delete'),
  'collections/update': (scene) => collection(scene, 'update'),
  'customers/create': customerAt('new'),
  'customers/data_request': customersDataRequest,
  'customers/delete': (scene) => {
    const id = scene.id(13);
    return { id, tax_exemptions: [], admin_graphql_api_id: scene.gid('Customer', id) };
  },
  'customers/disable': customerAt('disabled'),
  'customers/enable': customerAt('enabled'),
  'customers/redact': customersRedact,
  'customers/update': customerAt('enabled'),
  'draft_orders/create': (scene) => draftOrder(scene, scene.nowSec, scene.nowSec, false),
  'draft_orders/delete': idOnly,
  'draft_orders/update': (scene) => draftOrder(scene, scene.before(0.01, 10), scene.nowSec, scene.chance(0.5)),
  'fulfillments/create': (scene) => {
    const s = sale(scene, scene.before(0.2, 5));
    return fulfillment(scene, s, { id: scene.id(13), index: 1, lines: s.basket.lines, createdAt: scene.nowSec, updatedAt: scene.nowSec, shipmentStatus: null });
  },
  'fulfillments/update': (scene) => {
    const s = sale(scene, scene.before(3, 12));
    const shipped = scene.before(0.5, 3);
    const shipmentStatus = scene.pick(['confirmed', 'in_transit', 'out_for_delivery', 'delivered']);
    return fulfillment(scene, s, { id: scene.id(13), index: 1, lines: s.basket.lines, createdAt: shipped, updatedAt: scene.nowSec, shipmentStatus });
  },
  'inventory_items/create': (scene) => inventoryItem(scene, 'create'),
  'inventory_items/delete': (scene) => inventoryItem(scene, 'delete'),
  'inventory_items/update': (scene) => inventoryItem(scene, 'update'),
  'inventory_levels/update': inventoryLevel,
  'locations/create': location,
  'order_transactions/create': (scene) => {
    const kind = scene.pick(['sale', 'sale', 'authorization', 'capture'] as const);
    const s = sale(scene, kind === 'capture' ? scene.before(0.01, 6) : scene.nowSec - scene.int(1, 30) * 1000);
    const parentId = kind === 'capture' ? scene.id(13) : null;
    return transaction(scene, s, { id: scene.id(13), kind, amount: s.basket.total, parentId, createdAt: scene.nowSec });
  },
  'orders/cancelled': orderAt('cancelled', 0.01, 3),
  'orders/create': (scene) => order(scene, sale(scene, scene.nowSec), 'created', scene.nowSec),
  'orders/delete': idOnly,
  'orders/edited': (scene) => orderEdit(scene, sale(scene, scene.before(0.01, 2))),
  'orders/fulfilled': orderAt('fulfilled', 0.2, 10),
  'orders/paid': (scene) => order(scene, sale(scene, scene.nowSec - scene.int(2, 90) * 1000), 'paid', scene.nowSec),
  'orders/partially_fulfilled': orderAt('partially_fulfilled', 0.2, 10, 2),
  'orders/updated': orderAt('updated', 0.01, 20),
  'products/create': (scene) => product(scene, 'create'),
  'products/delete': idOnly,
  'products/update': (scene) => product(scene, 'update'),
  'refunds/create': (scene) => refund(scene, sale(scene, scene.before(1, 30))),
  'shop/redact': shopRedact,
  'shop/update': (scene) => shopResource(scene, scene.nowSec),
  'themes/publish': theme,
};

/** The topics with a hand-written body. */
export const handwrittenTopics: ReadonlySet<string> = new Set(HANDWRITTEN_TOPICS);

/** Topics with a resource-id header, and where the id is. */
const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  orders: 'X-Shopify-Order-Id',
  products: 'X-Shopify-Product-Id',
};

function resourceId(topic: string, body: JsonObject): string | undefined {
  const edit = body.order_edit;
  // Topics about an order that are not the order itself carry its `order_id` (orders/risk_assessment_changed).
  const id = topic === 'orders/edited' && isPlainObject(edit) ? edit.order_id : (body.id ?? body.order_id ?? body.product_id);
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

/** `X-Shopify-Triggered-At`: RFC 3339 in UTC with nanoseconds, `2025-03-29T18:00:27.877041743Z`. */
function triggeredAt(scene: Scene): string {
  return `${new Date(scene.now).toISOString().slice(0, 23)}${String(scene.f.number.int(999_999)).padStart(6, '0')}Z`;
}

/**
 * Builds a Shopify delivery for a catalogued topic.
 * @example
 * const built = builder.build({ eventType: 'orders/create', faker: seededFaker(42), now: Date.now(), data: { note: 'gift' } });
 * built.headers['X-Shopify-Topic']; // 'orders/create'
 */
export const builder: PayloadBuilder = {
  build(context: BuildContext): BuiltPayload {
    // A topic outside the catalog reaches here only when the caller allowed unknown types: it gets the generic resource.
    const topic = (catalog.resolve(context.eventType) as ShopifyTopic | undefined) ?? context.eventType;
    const scene = new Scene(context.faker, context.now);
    const webhookId = scene.uuid();
    const eventId = scene.uuid();
    const triggered = triggeredAt(scene);
    const own = handwrittenTopics.has(topic) ? bodies[topic as HandwrittenTopic] : undefined;
    const drawn = own ? own(scene) : catalog.resolve(topic) ? generic(scene, topic) : resource(scene, topic);
    const body = context.data === undefined ? drawn : mirror(deepMerge(drawn, context.data), context.data);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': topic,
      'X-Shopify-Shop-Domain': scene.shop.domain,
      'X-Shopify-API-Version': API_VERSION,
      'X-Shopify-Webhook-Id': webhookId,
      'X-Shopify-Triggered-At': triggered,
      'X-Shopify-Event-Id': eventId,
    };
    const resourceHeader = RESOURCE_HEADERS[topic.split(/[/.]/)[0]!];
    const id = resourceHeader === undefined ? undefined : resourceId(topic, body);
    if (resourceHeader !== undefined && id !== undefined) headers[resourceHeader] = id;
    return { body: JSON.stringify(body), deliveryId: webhookId, headers };
  },
};
