/**
 * Every event type of every provider's catalog: the resource its payload reports can be fetched
 * back from the mocked API (or is gone, for deletions), with the same id.
 */
import { describe, expect, it } from 'vitest';
import { listEventTypes } from '../../src/harness/build-delivery.js';
import { handBuiltEventTypes } from '../../src/providers/github/catalog.js';
import { deliver, useProviderServer } from './support.js';

useProviderServer();

const AUTH: Record<string, Record<string, string>> = {
  stripe: { Authorization: 'Bearer sk_test_catalog' },
  github: { Authorization: 'Bearer ghs_catalog' },
  clerk: { Authorization: 'Bearer sk_test_catalog' },
  shopify: { 'X-Shopify-Access-Token': 'shpat_catalog' },
  resend: { Authorization: 'Bearer re_catalog' },
};

/** What to fetch for a delivery: a URL, and either the id the answer must hold or `'gone'`. */
type Probe = { url: string; expect: (body: any) => unknown } | { url: string; gone: true } | { skip: string };

const STRIPE_PATHS: Record<string, string> = {
  account: 'accounts', charge: 'charges', dispute: 'disputes', 'checkout.session': 'checkout/sessions', coupon: 'coupons',
  customer: 'customers', subscription: 'subscriptions', invoice: 'invoices', payment_intent: 'payment_intents',
  payment_method: 'payment_methods', payout: 'payouts', price: 'prices', product: 'products', refund: 'refunds',
  setup_intent: 'setup_intents', subscription_schedule: 'subscription_schedules',
};

function stripeProbe(type: string, p: any): Probe {
  if (p.object === 'v2.core.event') {
    // An event notification: the object it points at (else the full event) is served.
    const r = p.related_object;
    if (!r) return { url: `https://api.stripe.com/v2/core/events/${p.id}`, expect: (b) => b.id === p.id && b.type === type };
    return { url: `https://api.stripe.com${r.url}`, expect: (b) => b.object === r.type && (r.id === undefined || b.id === r.id) };
  }
  const object = p.data.object;
  if (object.object === 'balance') return { url: 'https://api.stripe.com/v1/balance', expect: (b) => b.object === 'balance' };
  const path = STRIPE_PATHS[object.object];
  if (!path) throw new Error(`no Stripe path for ${object.object}`);
  const url = `https://api.stripe.com/v1/${path}/${object.id}`;
  if (type === 'customer.deleted') return { url, expect: (b) => b.deleted === true && b.id === object.id };
  if (type.endsWith('.deleted') && object.object !== 'subscription') return { url, gone: true };
  return { url, expect: (b) => b.id === object.id };
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

/**
 * The types whose resources the mock world records: every catalog type, except for GitHub, where
 * the world records the resources of the hand-built types (the schema-drawn ones are not served yet).
 */
const served = (provider: string): readonly string[] => (provider === 'github' ? handBuiltEventTypes : listEventTypes(provider));

describe.each(['stripe', 'github', 'clerk', 'shopify', 'resend'])('every %s catalog type', (provider) => {
  it.each(served(provider))('%s: its resource is served by the mock', async (type) => {
    const { delivery, payload } = await deliver(provider, type, { seed: 7 });
    const shop = delivery.headers['X-Shopify-Shop-Domain'] ?? '';
    const probe =
      provider === 'stripe' ? stripeProbe(type, payload)
      : provider === 'github' ? githubProbe(type, payload)
      : provider === 'clerk' ? clerkProbe(type, payload)
      : provider === 'shopify' ? shopifyProbe(type, payload, shop)
      : resendProbe(type, payload);
    if ('skip' in probe) {
      expect(probe.skip).toBeTruthy();
      return;
    }
    const response = await fetch(probe.url, { headers: AUTH[provider] });
    if ('gone' in probe) {
      expect(response.status, probe.url).toBe(404);
      return;
    }
    expect(response.status, probe.url).toBe(200);
    expect(probe.expect(await response.json()), probe.url).toBe(true);
  });
});
