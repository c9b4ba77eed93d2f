/**
 * Shopify's webhook subscriptions, as the emulator delivers to them: app-level ones (the emulator's
 * `webhooks` option, as an app's `shopify.app.toml` subscribes for every shop) and per-shop ones made
 * with `webhookSubscriptionCreate` / `Update` / `Delete`. A subscription's `filter` (Shopify's search
 * syntax over the webhook body: `status:active`, `variants.price:>=10.00`, `AND` / `OR`, `NOT`) decides
 * whether an event is sent to it, and its `includeFields` cut the body to those fields
 * (shopify.dev/docs/apps/build/webhooks/customize/filters and …/modify-payloads). Every delivery is
 * signed with the app's client secret.
 */
import { isPlainObject, RelayError } from '../../../core/index.js';
import type { EmulatedDelivery, EmulatedEndpoint, Obj, OutboxEvent, World } from '../../shared/api/index.js';
import { catalog } from '../catalog.js';
import { findByGid } from './catalog-ops.js';
import { FieldError, requiredString, userError, type Resolver } from './graphql/execute.js';
import { gid, numericId, WEBHOOK_API_VERSION, worldTime, worldUuid } from './objects.js';

const KIND = 'webhook_subscription';
const SECRET = 'app_client_secret';

/**
 * The app's client secret, which signs every delivery to a subscription made through the API: the
 * first secret the `webhooks` option gave, else one drawn for this world.
 */
export function clientSecret(world: World, given?: string): string {
  const kept = world.get('shopify', SECRET, 'app');
  if (kept) return String(kept.secret);
  return String(world.put('shopify', SECRET, { id: 'app', secret: given ?? `shpss_${world.id('s', 32).slice(2)}` }, { id: 'app' }).secret);
}

/** `ORDERS_CREATE` (or `orders/create`) as the topic it names, or `undefined`. */
function topicOf(value: unknown): string | undefined {
  return typeof value === 'string' ? catalog.resolve(value) : undefined;
}

const enumOf = (topic: string): string => topic.replace(/[/.]/g, '_').toUpperCase();

/** A term of a filter: `path:value`, `path:>=value`, `path:*`, maybe negated. */
interface Term {
  readonly path: readonly string[];
  readonly op: '=' | '>' | '>=' | '<' | '<=' | '*';
  readonly value: string;
  readonly negated: boolean;
}

/** A filter as OR of ANDs of terms, or the reason it is not one. */
export function parseFilter(filter: string): Term[][] | string {
  const words = filter.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  const groups: Term[][] = [[]];
  let not = false;
  for (const word of words) {
    if (word === 'AND') continue;
    if (word === 'NOT') {
      not = true;
      continue;
    }
    if (word === 'OR') {
      groups.push([]);
      continue;
    }
    const match = /^-?([\w.]+):(>=|<=|>|<)?(.+)$/.exec(word);
    if (!match) return `"${word}" is not a field:value term`;
    const raw = match[3]!.replace(/^"|"$/g, '');
    const op = raw === '*' ? '*' : ((match[2] ?? '=') as Term['op']);
    groups[groups.length - 1]!.push({ path: match[1]!.split('.'), op, value: raw, negated: not || word.startsWith('-') });
    not = false;
  }
  return groups.filter((g) => g.length > 0);
}

/** The values at `path` in `value`, through arrays. */
function valuesAt(value: unknown, path: readonly string[]): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (path.length === 0) return [value];
  return isPlainObject(value) && path[0]! in value ? valuesAt(value[path[0]!], path.slice(1)) : [];
}

function termHolds(term: Term, body: Obj): boolean {
  const values = valuesAt(body, term.path).filter((v) => v !== null && v !== undefined);
  const holds = values.some((v) => {
    if (term.op === '*') return true;
    const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (term.op === '=') return text.toLowerCase() === term.value.toLowerCase();
    const [a, b] = [Number(text), Number(term.value)];
    const numeric = Number.isFinite(a) && Number.isFinite(b);
    const cmp = numeric ? a - b : text.localeCompare(term.value);
    return term.op === '>' ? cmp > 0 : term.op === '>=' ? cmp >= 0 : term.op === '<' ? cmp < 0 : cmp <= 0;
  });
  return term.negated ? !holds : holds;
}

/**
 * Whether `body` passes `filter` (an empty filter passes everything).
 * @example
 * filterMatches('status:active AND variants.price:>=10', product); // true for an active product with a variant at 10 or more
 */
export function filterMatches(filter: string, body: Obj): boolean {
  const groups = parseFilter(filter);
  if (typeof groups === 'string') return false;
  return groups.length === 0 || groups.some((group) => group.every((term) => termHolds(term, body)));
}

/** `value` cut to the paths of `fields` (`id`, `line_items.price`), through arrays. */
export function includeFields(value: unknown, fields: readonly (readonly string[])[]): unknown {
  if (Array.isArray(value)) return value.map((item) => includeFields(item, fields));
  if (!isPlainObject(value)) return value;
  const out: Obj = {};
  for (const key of Object.keys(value)) {
    const under = fields.filter((f) => f[0] === key);
    if (under.length === 0) continue;
    out[key] = under.some((f) => f.length === 1) ? value[key] : includeFields(value[key], under.map((f) => f.slice(1)));
  }
  return out;
}

/** A subscription as GraphQL shows it. */
function subscriptionNode(sub: Obj): Obj {
  return {
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', Number(sub.id)),
    legacyResourceId: String(sub.id),
    topic: enumOf(String(sub.topic)),
    format: 'JSON',
    includeFields: sub.include_fields,
    filter: sub.filter === '' ? null : sub.filter,
    metafieldNamespaces: sub.metafield_namespaces,
    apiVersion: { handle: sub.api_version, displayName: sub.api_version, supported: true },
    createdAt: sub.created_at,
    updatedAt: sub.updated_at,
    callbackUrl: sub.callback_url,
    uri: sub.callback_url,
    endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: sub.callback_url },
  };
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The fields a subscription input sets, or its userErrors. */
function subscriptionFields(input: Obj, current: Obj | undefined): Obj | Obj[] {
  const out: Obj = {};
  const address = input.callbackUrl ?? input.uri;
  if (address !== undefined || !current) {
    const url = httpUrl(address);
    if (!url) return [userError(['webhookSubscription', 'callbackUrl'], `Address is invalid: give an http(s) URL, got ${JSON.stringify(address ?? null)}`)];
    out.callback_url = url;
  }
  if (input.format !== undefined && input.format !== 'JSON') return [userError(['webhookSubscription', 'format'], 'The relaykit emulator sends JSON webhooks only')];
  if (input.includeFields !== undefined) out.include_fields = Array.isArray(input.includeFields) ? input.includeFields.map(String) : [];
  if (input.metafieldNamespaces !== undefined) out.metafield_namespaces = Array.isArray(input.metafieldNamespaces) ? input.metafieldNamespaces.map(String) : [];
  if (input.filter !== undefined) {
    const filter = input.filter === null ? '' : String(input.filter);
    const parsed = parseFilter(filter);
    if (typeof parsed === 'string') return [userError(['webhookSubscription', 'filter'], `The specified filter is invalid: ${parsed}`)];
    out.filter = filter;
  }
  return out;
}

const webhookSubscriptionCreate: Resolver = (args, { world, shop, version }) => {
  const topic = topicOf(args.topic);
  if (!topic) throw new FieldError(`Argument 'topic' on Field 'webhookSubscriptionCreate' has an invalid value (${JSON.stringify(args.topic ?? null)}). Expected type 'WebhookSubscriptionTopic!'.`, 'argumentLiteralsIncompatible');
  const input = isPlainObject(args.webhookSubscription) ? args.webhookSubscription : {};
  const fields = subscriptionFields(input, undefined);
  if (Array.isArray(fields)) return { webhookSubscription: null, userErrors: fields };
  if (world.list('shopify', KIND, { shop }).some((s) => s.topic === topic && s.callback_url === fields.callback_url)) {
    return { webhookSubscription: null, userErrors: [userError(['webhookSubscription', 'callbackUrl'], 'Address for this topic has already been taken')] };
  }
  const now = worldTime(world);
  const sub = world.put('shopify', KIND, { id: numericId(world, 10), topic, include_fields: [], filter: '', metafield_namespaces: [], api_version: version, created_at: now, updated_at: now, ...fields }, { shop });
  clientSecret(world);
  return { webhookSubscription: subscriptionNode(sub), userErrors: [] };
};

const webhookSubscriptionUpdate: Resolver = (args, context) => {
  const current = findByGid(context, KIND, 'WebhookSubscription', requiredString(args, 'webhookSubscriptionUpdate', 'id'));
  if (!current) return { webhookSubscription: null, userErrors: [userError(['id'], 'Webhook subscription does not exist')] };
  const fields = subscriptionFields(isPlainObject(args.webhookSubscription) ? args.webhookSubscription : {}, current);
  if (Array.isArray(fields)) return { webhookSubscription: null, userErrors: fields };
  const sub = context.world.put('shopify', KIND, { ...current, ...fields, updated_at: worldTime(context.world) }, { shop: context.shop });
  return { webhookSubscription: subscriptionNode(sub), userErrors: [] };
};

const webhookSubscriptionDelete: Resolver = (args, context) => {
  const current = findByGid(context, KIND, 'WebhookSubscription', requiredString(args, 'webhookSubscriptionDelete', 'id'));
  if (!current) return { deletedWebhookSubscriptionId: null, userErrors: [userError(['id'], 'Webhook subscription does not exist')] };
  context.world.delete('shopify', KIND, String(current.id), { shop: context.shop });
  return { deletedWebhookSubscriptionId: gid('WebhookSubscription', Number(current.id)), userErrors: [] };
};

/** The resolvers of this module, by root field. */
export const subscriptionMutations: Readonly<Record<string, Resolver>> = { webhookSubscriptionCreate, webhookSubscriptionUpdate, webhookSubscriptionDelete };

/** Reads: `webhookSubscription(id)`, `webhookSubscriptions(first, topics)`. */
export const subscriptionQueries: Readonly<Record<string, Resolver>> = {
  webhookSubscription: (args, context) => {
    const sub = findByGid(context, KIND, 'WebhookSubscription', args.id);
    return sub ? subscriptionNode(sub) : null;
  },
  webhookSubscriptions: (args, { world, shop }) => {
    const topics = Array.isArray(args.topics) ? new Set(args.topics.map((t) => topicOf(t))) : undefined;
    return world
      .list('shopify', KIND, { shop })
      .filter((s) => !topics || topics.has(String(s.topic)))
      .map(subscriptionNode);
  },
};

/**
 * Registers an app-level subscription (the emulator's `webhooks` option): every shop's events of
 * `events` (topics in any of Shopify's spellings; default all), signed with `secret` (default the app's client secret).
 */
export function addAppSubscription(world: World, endpoint: { readonly url: string; readonly secret?: string; readonly events?: readonly string[] }): Obj {
  const topics = (endpoint.events ?? ['*']).map((event) => {
    const topic = event === '*' ? '*' : topicOf(event);
    if (!topic) throw new RelayError('UNKNOWN_EVENT_TYPE', `webhooks.shopify.events: "${event}" is no Shopify topic (orders/create, ORDERS_CREATE, …). See relay events shopify.`);
    return topic;
  });
  const secret = endpoint.secret ?? clientSecret(world);
  if (endpoint.secret) clientSecret(world, endpoint.secret);
  const now = worldTime(world);
  return world.put('shopify', KIND, { id: numericId(world, 10), topic: topics.length === 1 ? topics[0] : '*', topics, include_fields: [], filter: '', metafield_namespaces: [], api_version: WEBHOOK_API_VERSION, created_at: now, updated_at: now, callback_url: endpoint.url, secret });
}

/** What a subscription is sent of a delivery: its own webhook id, and only its `includeFields`. */
function deliverTo(world: World, sub: Obj): (delivery: EmulatedDelivery, event: OutboxEvent) => EmulatedDelivery {
  const fields = (sub.include_fields as string[]).map((f) => f.split('.'));
  return (delivery) => {
    const webhookId = worldUuid(world);
    const body = fields.length > 0 ? JSON.stringify(includeFields(JSON.parse(delivery.body), fields)) : delivery.body;
    return { body, deliveryId: webhookId, headers: { ...delivery.headers, 'X-Shopify-Webhook-Id': webhookId, 'X-Shopify-API-Version': String(sub.api_version) } };
  };
}

/** Every subscription of `world` (app-level first, then each shop's), as endpoints. */
export function subscriptionEndpoints(world: World): EmulatedEndpoint[] {
  const out: EmulatedEndpoint[] = [];
  for (const sub of world.list('shopify', KIND)) {
    const topics = new Set(sub.topics as string[]);
    out.push({ id: `whs_${String(sub.id)}`, url: String(sub.callback_url), secret: String(sub.secret), accepts: (type) => topics.has('*') || topics.has(type), deliver: deliverTo(world, sub) });
  }
  for (const shop of world.shops()) {
    for (const sub of world.list('shopify', KIND, { shop })) {
      out.push({
        id: `whs_${String(sub.id)}`,
        url: String(sub.callback_url),
        secret: clientSecret(world),
        accepts: (type, event) => event.scope?.shop === shop && sub.topic === type && filterMatches(String(sub.filter), event.data),
        deliver: deliverTo(world, sub),
      });
    }
  }
  return out;
}
