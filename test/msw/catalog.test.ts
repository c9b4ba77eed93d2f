/**
 * Every event type of every provider's catalog: the resource its payload reports can be fetched
 * back from the mocked API (or is gone, for deletions), with the same id. Stripe's snapshot
 * resources are read with stripe-node itself (the methods a handler calls), compared whole with
 * the delivered object, and found in their collection's list.
 */
import { isDeepStrictEqual } from 'node:util';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { listEventTypes } from '../../src/harness/build-delivery.js';
import { handBuiltEventTypes } from '../../src/providers/github/catalog.js';
import { resetProviderWorld } from '../../src/msw/index.js';
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

function githubProbe(type: string, p: any): Probe {
  const [event, action] = type.split('.');
  const sameId = (id: unknown) => (b: any) => b.id === id;
  switch (event) {
    case 'issue_comment':
    case 'pull_request_review_comment':
      return { url: p.comment.url, expect: sameId(p.comment.id) };
    case 'issues':
      return { url: p.issue.url, expect: sameId(p.issue.id) };
    case 'pull_request_review':
      return { url: `${p.pull_request.url}/reviews/${p.review.id}`, expect: sameId(p.review.id) };
    case 'fork':
      return { url: p.forkee.url, expect: sameId(p.forkee.id) };
    case 'ping':
      return { url: p.hook.url, expect: sameId(p.hook.id) };
    case 'status':
      return { url: `${p.repository.url}/commits/${p.sha}/statuses`, expect: (b) => b[0].id === p.id && b[0].state === p.state };
    case 'installation':
    case 'installation_repositories': {
      const url = `https://api.github.com/app/installations/${p.installation.id}`;
      return action === 'deleted' ? { url, gone: true } : { url, expect: sameId(p.installation.id) };
    }
    case 'create':
    case 'delete':
    case 'push':
    case 'star':
      return { url: p.repository.url, expect: sameId(p.repository.id) };
    default:
      return { url: p[event!].url, expect: sameId(p[event!].id) };
  }
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
  checkouts: () => '/checkouts.json',
};

function shopifyProbe(type: string, body: any, shop: string): Probe {
  const [resource, action] = type.split('/');
  const base = `https://${shop}/admin/api/2025-10`;
  if (resource === 'shop' && action === 'update') return { url: `${base}/shop.json`, expect: (b) => b.shop.id === body.id };
  if (resource === 'app' && action === 'uninstalled') return { url: `${base}/shop.json`, expect: (b) => b.shop.id === body.id };
  if (resource === 'inventory_levels') {
    return { url: `${base}/inventory_levels.json?inventory_item_ids=${body.inventory_item_id}`, expect: (b) => b.inventory_levels[0].location_id === body.location_id };
  }
  const path = SHOPIFY_PATHS[resource!];
  // customers/merge, orders/risk_assessment_changed, …: about a resource (its `order_id`), not the resource itself.
  if (body.id === undefined) return { skip: `${type}'s body is not the resource itself` };
  if (!path || action === 'edited' || action === 'data_request' || action === 'redact') return { skip: `${type} reports nothing the Admin REST API reads back` };
  if (resource === 'checkouts') return action === 'delete' ? { skip: 'abandoned checkouts are listed only' } : { url: `${base}/checkouts.json`, expect: (b) => b.checkouts.some((c: any) => c.id === body.id) };
  const url = `${base}${path(body)}`;
  if (action === 'delete') return { url, gone: true };
  return { url, expect: (b) => Object.values(b as Record<string, any>)[0].id === body.id };
}

function resendProbe(type: string, p: any): Probe {
  const d = p.data;
  const base = 'https://api.resend.com';
  if (/^(suppression|topic|inbox)\./.test(type)) return { skip: `${type}: the mock serves no suppressions, topics or inboxes yet` };
  if (type === 'email.received') return { url: `${base}/emails/receiving/${d.email_id}`, expect: (b) => b.id === d.email_id };
  if (type.startsWith('email.')) return { url: `${base}/emails/${d.email_id}`, expect: (b) => b.id === d.email_id && b.last_event === type.slice(6) };
  if (type === 'contact.topics.updated') return { url: `${base}/contacts/${d.email}/topics`, expect: (b) => b.data.length === d.topics.length };
  const url = `${base}/${type.startsWith('contact.') ? 'contacts' : 'domains'}/${d.id}`;
  return type.endsWith('.deleted') ? { url, gone: true } : { url, expect: (b) => b.id === d.id };
}

/** The probe of a delivery; Stripe's snapshot events are checked by `checkStripeSnapshot` instead. */
function probeOf(provider: string, type: string, delivery: { headers: Record<string, string> }, payload: any): Probe {
  if (provider === 'stripe') return stripeThinProbe(type, payload);
  if (provider === 'github') return githubProbe(type, payload);
  if (provider === 'clerk') return clerkProbe(type, payload);
  if (provider === 'shopify') return shopifyProbe(type, payload, delivery.headers['X-Shopify-Shop-Domain'] ?? '');
  return resendProbe(type, payload);
}

/** What is wrong with one type's read back, if anything (one fresh world per type). */
async function checkType(provider: string, type: string): Promise<string | undefined> {
  resetProviderWorld();
  const { delivery, payload } = await deliver(provider, type, { seed: 7 });
  if (provider === 'stripe' && payload.object === 'event') return checkStripeSnapshot(type, payload);
  const probe = probeOf(provider, type, delivery, payload);
  if ('skip' in probe) return probe.skip ? undefined : `${type}: a skip needs a reason`;
  const response = await fetch(probe.url, { headers: AUTH[provider] });
  if ('gone' in probe) return response.status === 404 ? undefined : `${type}: ${probe.url} answered ${response.status}, not 404`;
  if (response.status !== 200) return `${type}: ${probe.url} answered ${response.status}`;
  return probe.expect(await response.json()) === true ? undefined : `${type}: ${probe.url} served another object`;
}

/**
 * The types whose resources the mock world records: every catalog type, except for GitHub, where
 * the world records the resources of the hand-built types (the schema-drawn ones are not served yet).
 */
const served = (provider: string): readonly string[] => (provider === 'github' ? handBuiltEventTypes : listEventTypes(provider));

describe('relaykit/msw: every catalog type', () => {
  it.each(['stripe', 'github', 'clerk', 'shopify', 'resend'])("%s: each type's resource is served by the mock", async (provider) => {
    const types = served(provider);
    expect(types.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const type of types) {
      const problem = await checkType(provider, type);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });
});
