/**
 * Every event type of every provider's catalog: the resource its payload reports can be fetched
 * back from the mocked API (or is gone, for deletions), with the same id. Stripe's snapshot
 * resources are read with stripe-node itself (the methods a handler calls), compared whole with
 * the delivered object, and found in their collection's list. GitHub's are read with Octokit at the
 * route GitHub documents for them and at the API `url` the payload gives (`github-probes.ts`).
 */
import { isDeepStrictEqual } from 'node:util';
import { Octokit } from '@octokit/rest';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { listEventTypes } from '../../src/harness/build-delivery.js';
import { resetProviderWorld } from '../../src/msw/index.js';
import { githubProbe, ownUrl } from './github-probes.js';
import { stripeResource as readStripeResource } from './stripe-reads.js';
import { deliver, useProviderServer } from './support.js';

const server = useProviderServer();
const stripe = new Stripe('sk_test_catalog', { maxNetworkRetries: 0 });
/** The url of the last request the mock saw: where stripe-node went for a read. */
let lastUrl = '';
server.events.on('request:start', ({ request }) => {
  lastUrl = request.url;
});

const AUTH: Record<string, Record<string, string>> = {
  stripe: { Authorization: 'Bearer sk_test_catalog' },
  github: { Authorization: 'Bearer ghs_catalog' },
  clerk: { Authorization: 'Bearer sk_test_catalog' },
  shopify: { 'X-Shopify-Access-Token': 'shpat_catalog' },
  resend: { Authorization: 'Bearer re_catalog' },
};

/** What to fetch for a delivery: a URL, and either the id the answer must hold or `'gone'`. */
type Probe = { url: string; expect: (body: any) => unknown } | { url: string; gone: true } | { skip: string };

/** An event notification: the object it points at (else the full event) is served. */
function stripeThinProbe(type: string, p: any): Probe {
  const r = p.related_object;
  if (!r) return { url: `https://api.stripe.com/v2/core/events/${p.id}`, expect: (b) => b.id === p.id && b.type === type };
  return { url: `https://api.stripe.com${r.url}`, expect: (b) => b.object === r.type && (r.id === undefined || b.id === r.id) };
}

const stripeResource = (tag: string) => readStripeResource(stripe, tag);

/** Resources stripe-node reads through their parent (what a handler would call). */
const STRIPE_NESTED: Record<string, (o: any) => Promise<any>> = {
  person: (o) => stripe.accounts.retrievePerson(o.account, o.id),
  capability: (o) => stripe.accounts.retrieveCapability(o.account, o.id),
  fee_refund: (o) => stripe.applicationFees.retrieveRefund(o.fee, o.id),
  customer_cash_balance_transaction: (o) => stripe.customers.retrieveCashBalanceTransaction(o.customer, o.id),
  cash_balance: (o) => stripe.customers.retrieveCashBalance(o.customer),
  card: (o) => (o.customer ? stripe.customers.retrieveSource(o.customer, o.id) : stripe.accounts.retrieveExternalAccount(o.account, o.id)),
  bank_account: (o) => (o.customer ? stripe.customers.retrieveSource(o.customer, o.id) : stripe.accounts.retrieveExternalAccount(o.account, o.id)),
  // Only listed, under its source.
  source_transaction: async (o) => (await stripe.sources.listSourceTransactions(o.source)).data.find((t) => t.id === o.id),
};

/** Kinds a snapshot event carries that the Stripe API has no read for (stripe-node 23.1 has no method). */
const STRIPE_UNREAD: Record<string, string> = {
  application: 'an OAuth application is only embedded in events',
  'billing.alert_triggered': 'a triggered alert exists only in its event',
  'billing_portal.session': 'portal sessions are created, never retrieved',
  discount: 'a discount is read through its customer or subscription',
  'entitlements.active_entitlement_summary': 'the summary exists only in its event',
  'financial_connections.authorization': 'stripe-node has no authorizations resource',
  'reserve.hold': 'stripe-node 23.1 types reserves but has no methods for them',
  'reserve.plan': 'stripe-node 23.1 types reserves but has no methods for them',
  'reserve.release': 'stripe-node 23.1 types reserves but has no methods for them',
  source_mandate_notification: 'mandate notifications exist only in their events',
};

/** A deletion that leaves the object retrievable: a deleted subscription is a canceled one. */
const isGone = (type: string) => type.endsWith('.deleted') && type !== 'customer.subscription.deleted';

/**
 * A snapshot event's resource, read back with stripe-node as a handler would: the same object
 * (compared whole), a deleted stub or a 404 for a deletion. Returns what is wrong, if anything.
 */
async function checkStripeSnapshot(type: string, p: any): Promise<string | undefined> {
  const object = p.data.object;
  const tag: string = object.object;
  const resource = stripeResource(tag);
  const read = STRIPE_NESTED[tag] ?? (resource && ((o: any) => (o.id === undefined ? resource.retrieve() : resource.retrieve(o.id))));
  if (!read) return STRIPE_UNREAD[tag] ? undefined : `${type}: no stripe-node read for ${tag}`;
  if (STRIPE_UNREAD[tag]) return `${type}: ${tag} is listed as unread but stripe-node reads it`;
  let answer: any;
  try {
    answer = await read(object);
  } catch (error: any) {
    if (isGone(type) && error.statusCode === 404) return undefined;
    // stripe-node takes any answer with an `error` string for an OAuth error: a failed report run's (its reason) too.
    if (!(error.statusCode === 200 && typeof object.error === 'string')) return `${type}: ${error.statusCode ?? ''} ${error.message}`;
  }
  if (isGone(type)) return answer.deleted === true && answer.id === object.id ? undefined : `${type}: a deleted ${tag} was served`;
  if (answer?.id !== object.id && !(answer === undefined && typeof object.error === 'string')) return `${type}: stripe-node read ${answer.id}, not ${object.id}`;
  // The body as sent (stripe-node turns decimal strings into its Decimal, "1.50" into 1.5).
  const raw = (await (await fetch(lastUrl, { headers: AUTH.stripe })).json()) as any;
  const sent = raw.object === 'list' ? raw.data.find((o: any) => o.id === object.id) : raw;
  if (!isDeepStrictEqual(sent, object)) return `${type}: the ${tag} served at ${lastUrl} differs from the delivered one`;
  // A top-level collection lists it too.
  if (!STRIPE_NESTED[tag] && object.id !== undefined && typeof resource?.list === 'function') {
    // Canceled subscriptions are listed only when asked for (`status: 'all'`), as by Stripe.
    const page = await resource.list({ limit: 100, ...(tag === 'subscription' ? { status: 'all' } : {}) });
    if (!page.data.some((o: any) => o.id === object.id)) return `${type}: ${tag} ${object.id} is not listed`;
  }
  return undefined;
}

const CLERK_PATHS: Record<string, (d: any) => string> = {
  user: (d) => `/users/${d.id}`,
  session: (d) => `/sessions/${d.id}`,
  email: (d) => `/email/${d.id}`,
  organization: (d) => `/organizations/${d.id}`,
  organization_invitation: (d) => `/organizations/${d.organization_id}/invitations/${d.id}`,
  role: (d) => `/organization_roles/${d.id}`,
  permission: (d) => `/organization_permissions/${d.id}`,
};

function clerkProbe(type: string, p: any): Probe {
  const d = p.data;
  const base = 'https://api.clerk.com/v1';
  const inList = (b: any) => b.data.some((x: any) => x.id === d.id);
  if (d.object === 'organization_membership') return { url: `${base}/organizations/${d.organization.id}/memberships`, expect: inList };
  if (d.object === 'organization_domain') {
    if (type.endsWith('.deleted')) return { skip: 'a deleted domain names no organization' };
    return { url: `${base}/organizations/${d.organization_id}/domains`, expect: inList };
  }
  if (d.object === 'waitlist_entry') return { url: `${base}/waitlist_entries`, expect: inList };
  if (d.object === 'commerce_subscription') {
    const payer = d.payer.user_id ? `users/${d.payer.user_id}` : `organizations/${d.payer.organization_id}`;
    return { url: `${base}/${payer}/billing/subscription`, expect: (b) => b.id === d.id };
  }
  const path = CLERK_PATHS[d.object];
  if (!path) return { skip: `the Backend API has no read for ${d.object}` };
  const url = `${base}${path(d)}`;
  return d.deleted === true ? { url, gone: true } : { url, expect: (b) => b.id === d.id };
}

const SHOPIFY_PATHS: Record<string, (b: any) => string> = {
  orders: (b) => `/orders/${b.id}.json`,
  customers: (b) => `/customers/${b.id}.json`,
  products: (b) => `/products/${b.id}.json`,
  collections: (b) => `/collections/${b.id}.json`,
  draft_orders: (b) => `/draft_orders/${b.id}.json`,
  fulfillments: (b) => `/orders/${b.order_id}/fulfillments/${b.id}.json`,
  inventory_items: (b) => `/inventory_items/${b.id}.json`,
  locations: (b) => `/locations/${b.id}.json`,
  order_transactions: (b) => `/orders/${b.order_id}/transactions/${b.id}.json`,
  refunds: (b) => `/orders/${b.order_id}/refunds/${b.id}.json`,
  themes: (b) => `/themes/${b.id}.json`,
  variants: (b) => `/variants/${b.id}.json`,
  disputes: (b) => `/shopify_payments/disputes/${b.id}.json`,
  fulfillment_events: (b) => `/orders/${b.order_id}/fulfillments/${b.fulfillment_id}/events/${b.id}.json`,
  customers_marketing_consent: (b) => `/customers/${b.id}.json`,
  checkouts: () => '/checkouts.json',
};

/** Topics whose body is not the resource itself but names one (an order, a customer, fulfillment orders, listings, app charges). */
function shopifyAbout(type: string, body: any, base: string, numeric: (id: unknown) => number): Probe | undefined {
  const [resource, action] = type.split('/');
  const has = (id: number) => (b: any) => Object.values(b as Record<string, any>)[0].id === id;
  const fulfillmentOrder = body.fulfillment_order ?? body.original_fulfillment_order ?? body.moved_fulfillment_order;
  if ((resource === 'fulfillment_orders' || resource === 'fulfillment_holds') && fulfillmentOrder) {
    const id = numeric(fulfillmentOrder.id);
    return { url: `${base}/fulfillment_orders/${id}.json`, expect: (b) => b.fulfillment_order.id === id && b.fulfillment_order.status === fulfillmentOrder.status };
  }
  if (resource === 'product_listings' || resource === 'collection_listings') {
    const listing = body[resource.slice(0, -1)];
    const id = resource === 'product_listings' ? listing.product_id : listing.collection_id;
    const url = `${base}/${resource}/${id}.json`;
    return action === 'remove' ? { url, gone: true } : { url, expect: (b) => JSON.stringify(Object.values(b)[0]) === JSON.stringify(listing) };
  }
  if (resource === 'app_subscriptions') return { url: `${base}/recurring_application_charges/${numeric(body.app_subscription.admin_graphql_api_id)}.json`, expect: (b) => b.recurring_application_charge.name === body.app_subscription.name };
  if (resource === 'app_purchases_one_time') return { url: `${base}/application_charges/${numeric(body.app_purchase_one_time.admin_graphql_api_id)}.json`, expect: (b) => b.application_charge.name === body.app_purchase_one_time.name };
  if (resource === 'customers_email_marketing_consent') {
    return { url: `${base}/customers/${body.customer_id}.json`, expect: (b) => JSON.stringify(b.customer.email_marketing_consent) === JSON.stringify(body.email_marketing_consent) };
  }
  const orderId = body.order_edit?.order_id ?? (body.id === undefined ? body.order_id : undefined);
  if (resource === 'orders' && orderId !== undefined) return { url: `${base}/orders/${numeric(orderId)}.json`, expect: has(numeric(orderId)) };
  const customerId = body.customerId ?? body.admin_graphql_api_customer_kept_id ?? (body.id === undefined ? body.customer_id : undefined);
  if (customerId !== undefined) return { url: `${base}/customers/${numeric(customerId)}.json`, expect: has(numeric(customerId)) };
  if (resource === 'tender_transactions') return { url: `${base}/tender_transactions.json`, expect: (b) => b.tender_transactions.some((t: any) => t.id === body.id) };
  return undefined;
}

function shopifyProbe(type: string, body: any, shop: string): Probe {
  const [resource, action] = type.split('/');
  const base = `https://${shop}/admin/api/2025-10`;
  if (resource === 'shop' && action === 'update') return { url: `${base}/shop.json`, expect: (b) => b.shop.id === body.id };
  if (resource === 'app' && action === 'uninstalled') return { url: `${base}/shop.json`, expect: (b) => b.shop.id === body.id };
  if (resource === 'inventory_levels') {
    return { url: `${base}/inventory_levels.json?inventory_item_ids=${body.inventory_item_id}`, expect: (b) => b.inventory_levels[0].location_id === body.location_id };
  }
  const numeric = (id: unknown) => Number(String(id).replace(/^gid:\/\/shopify\/\w+\//, ''));
  const about = shopifyAbout(type, body, base, numeric);
  if (about) return about;
  const path = SHOPIFY_PATHS[resource!];
  if (body.id === undefined) return { skip: `${type}'s body names no resource the Admin REST API reads (GraphQL only)` };
  if (action === 'data_request' || action === 'redact') return { skip: `${type}: a compliance request, not a resource` };
  if (!path) return { skip: `${type}: its resource is read through the GraphQL Admin API only` };
  if (resource === 'checkouts') return action === 'delete' ? { skip: 'abandoned checkouts are listed only' } : { url: `${base}/checkouts.json`, expect: (b) => b.checkouts.some((c: any) => c.id === body.id) };
  const url = `${base}${path(body)}`;
  if (action === 'delete') return { url, gone: true };
  return { url, expect: (b) => Object.values(b as Record<string, any>)[0].id === body.id };
}

function resendProbe(type: string, p: any): Probe {
  const d = p.data;
  const base = 'https://api.resend.com';
  if (type.startsWith('suppression.')) {
    const url = `${base}/suppressions/${d.id}`;
    return type === 'suppression.removed' ? { url, gone: true } : { url, expect: (b) => b.id === d.id && b.email === d.email && b.origin === d.origin };
  }
  if (type.startsWith('topic.')) {
    const url = `${base}/topics/${d.id}`;
    return type === 'topic.deleted' ? { url, gone: true } : { url, expect: (b) => b.id === d.id && b.name === d.name && b.default_subscription === d.default_subscription };
  }
  if (type.startsWith('inbox.')) {
    const inbox = `${base}/inboxes/${d.inbox_id}`;
    if (type === 'inbox.deleted') return { url: inbox, gone: true };
    if (type.startsWith('inbox.draft.')) {
      const url = `${inbox}/drafts/${d.draft_id}`;
      return type === 'inbox.draft.deleted' ? { url, gone: true } : { url, expect: (b) => b.id === d.draft_id && b.thread_id === d.draft.thread_id };
    }
    if (d.thread) return { url: `${inbox}/threads/${d.thread_id}`, expect: (b) => b.id === d.thread_id && b.folder === d.thread.folder };
    return { url: inbox, expect: (b) => b.id === d.inbox_id && b.email_address === d.inbox.email_address };
  }
  if (type === 'email.received') return { url: `${base}/emails/receiving/${d.email_id}`, expect: (b) => b.id === d.email_id };
  if (type.startsWith('email.')) return { url: `${base}/emails/${d.email_id}`, expect: (b) => b.id === d.email_id && b.last_event === type.slice(6) };
  if (type === 'contact.topics.updated') return { url: `${base}/contacts/${d.email}/topics`, expect: (b) => b.data.length === d.topics.length };
  const url = `${base}/${type.startsWith('contact.') ? 'contacts' : 'domains'}/${d.id}`;
  return type.endsWith('.deleted') ? { url, gone: true } : { url, expect: (b) => b.id === d.id };
}

/** The probe of a delivery; Stripe's snapshot events and GitHub's are checked by `checkStripeSnapshot` and `checkGithub` instead. */
function probeOf(provider: string, type: string, delivery: { headers: Record<string, string> }, payload: any): Probe {
  if (provider === 'stripe') return stripeThinProbe(type, payload);
  if (provider === 'clerk') return clerkProbe(type, payload);
  if (provider === 'shopify') return shopifyProbe(type, payload, delivery.headers['X-Shopify-Shop-Domain'] ?? '');
  return resendProbe(type, payload);
}

const octokit = new Octokit({ auth: 'ghs_catalog', log: { debug() {}, info() {}, warn() {}, error() {} } });

/** A GitHub read with the real Octokit, as a handler would make it: its status and body, whatever the status. */
async function githubGet(url: string): Promise<{ status: number; data: any }> {
  try {
    const { status, data } = await octokit.request(`GET ${url}`);
    return { status, data };
  } catch (error: any) {
    return { status: error.status ?? 0, data: error.response?.data };
  }
}

/**
 * A GitHub delivery's resource, read back with Octokit at the route GitHub documents for it, and at
 * the API `url` the payload gives it when that differs (the same object).
 */
async function checkGithub(type: string, payload: any): Promise<string | undefined> {
  const probe = githubProbe(type, payload);
  if ('skip' in probe) return probe.skip ? undefined : `${type}: a skip needs a reason`;
  const { status, data } = await githubGet(probe.url);
  if ('gone' in probe) return status === 404 ? undefined : `${type}: ${probe.url} answered ${status}, not 404`;
  if (status !== (probe.status ?? 200)) return `${type}: ${probe.url} answered ${status}`;
  if (!probe.expect(data)) return `${type}: ${probe.url} served another object`;
  const own = ownUrl(type, payload, probe);
  if (own === undefined) return undefined;
  const again = await githubGet(own);
  return again.status === 200 && isDeepStrictEqual(again.data, data) ? undefined : `${type}: its own url ${own} answered ${again.status} with another object`;
}

/** What is wrong with one type's read back, if anything (one fresh world per type). */
async function checkType(provider: string, type: string): Promise<string | undefined> {
  resetProviderWorld();
  const { delivery, payload } = await deliver(provider, type, { seed: 7 });
  if (provider === 'stripe' && payload.object === 'event') return checkStripeSnapshot(type, payload);
  if (provider === 'github') return checkGithub(type, payload);
  const probe = probeOf(provider, type, delivery, payload);
  if ('skip' in probe) return probe.skip ? undefined : `${type}: a skip needs a reason`;
  const response = await fetch(probe.url, { headers: AUTH[provider] });
  if ('gone' in probe) return response.status === 404 ? undefined : `${type}: ${probe.url} answered ${response.status}, not 404`;
  if (response.status !== 200) return `${type}: ${probe.url} answered ${response.status}`;
  return probe.expect(await response.json()) === true ? undefined : `${type}: ${probe.url} served another object`;
}


describe('relaykit/msw: every catalog type', () => {
  it.each(['stripe', 'github', 'clerk', 'shopify', 'resend'])("%s: each type's resource is served by the mock", async (provider) => {
    const types = listEventTypes(provider);
    expect(types.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const type of types) {
      const problem = await checkType(provider, type);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });
});
