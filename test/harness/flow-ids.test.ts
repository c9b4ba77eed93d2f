/**
 * Flow payloads agree with themselves: every id that names an object of a flow names the flow's object,
 * in every event of the flow, and an object that appears in several events keeps its id (regression:
 * issue 26, `checkout-subscription` seed 7 named three other subscriptions and a new invoice in each
 * invoice event's lines). Stripe ids are shaped as single triggers make them: version, creation time,
 * the flow's one account, random. Table-driven over every flow of the flows registry, a few seeds each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../src/harness/build-delivery.js';
import { buildFlow } from '../../src/harness/flows/index.js';
import { flowDefinitions } from '../../src/harness/flows/registry.js';
import { getProvider } from '../../src/providers/index.js';
import { ID_PREFIXES } from '../../src/providers/stripe/generated/ids.js';
import { timeCode } from '../../src/providers/stripe/scene.js';
import { secrets, type ProviderId } from '../service/official.js';

const T = Date.UTC(2026, 10, 1, 12);
const SEEDS = [1, 2, 7];
type Json = Record<string, unknown>;

/** An object that holds a scalar, and its path. */
interface Holder {
  readonly node: Json;
  readonly path: string;
}

/** Calls `visit` on every scalar inside `value`, with its path and the objects holding it, outermost first. */
function scalars(value: unknown, visit: (scalar: unknown, path: string, holders: readonly Holder[]) => void, path = '', holders: readonly Holder[] = []): void {
  if (Array.isArray(value)) value.forEach((item, i) => scalars(item, visit, `${path}[${i}]`, holders));
  else if (value !== null && typeof value === 'object') {
    const inside = [...holders, { node: value as Json, path }];
    for (const [key, child] of Object.entries(value)) scalars(child, visit, path === '' ? key : `${path}.${key}`, inside);
  } else visit(value, path, holders);
}

// --- Stripe ------------------------------------------------------------------------------------

const PREFIXES = new Set([...Object.values(ID_PREFIXES), 'il', 'req', 'evt']);
/** Ids whose body is 24 characters: version, five of time, ten of the account, eight random. */
const LONG = /^([a-z]+(?:_[a-z]+)*)_([13][0-9A-Za-z]{23})$/;
const SHORT = /^(cus|si|prod|req)_[0-9A-Za-z]{14}$/;
const SESSION = /^cs_test_[abc]1[0-9A-Za-z]{56}$/;
/** Kinds an object has several of in one flow: balance transactions and invoice lines belong to the object that holds them; events and requests to their event. */
const PER_OWNER = new Set(['txn', 'il']);
const PER_EVENT = new Set(['evt', 'req']);
/** Fields that state the account's details: one account per flow. */
const ACCOUNT: Record<string, string> = { account_name: 'account name', account_country: 'account country', calculated_statement_descriptor: 'statement descriptor' };
/** Fields that state the customer's details outside a customer or its billing or checkout details. */
const PERSON: Record<string, string> = { customer_email: 'email', customer_email_address: 'email', receipt_email: 'email', customer_name: 'name', customer_phone: 'phone', customer_address: 'address' };

/** Stripe ids inside a string (a `client_secret` starts with its PaymentIntent's, a hosted invoice URL holds the account's). */
const ID_TOKEN = /(?<![0-9A-Za-z_])(?:cs_test_[abc]1[0-9A-Za-z]{56}|[a-z]+(?:_[a-z]+)*_(?:[0-9A-Za-z]{24}|[0-9A-Za-z]{16}|[0-9A-Za-z]{14}))(?![0-9A-Za-z])/g;

/** The prefix of a Stripe id (`cs_test` for a Checkout Session), or `undefined` for any other string. */
function stripePrefix(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (SESSION.test(value)) return 'cs_test';
  const match = /^([a-z]+(?:_[a-z]+)*)_([0-9A-Za-z]{14}|[0-9A-Za-z]{16}|[0-9A-Za-z]{24})$/.exec(value);
  return match && PREFIXES.has(match[1]!) && /[0-9A-Z]/.test(match[2]!) ? match[1] : undefined;
}

/** The Stripe ids in a scalar: itself, or those inside it. */
const idsIn = (value: unknown): string[] => (typeof value === 'string' ? [...value.matchAll(ID_TOKEN)].map((m) => m[0]).filter((id) => stripePrefix(id) !== undefined) : []);

function stripeProblems(deliveries: readonly Delivery[]): string[] {
  const problems: string[] = [];
  const events = deliveries.map((d) => JSON.parse(d.body) as Json & { id: string; type: string; created: number; data: { object: Json } });
  const account = events[0]!.id.slice(10, 20);
  // The flow's objects: the resources its events deliver.
  const objects = new Map<string, Set<string>>();
  for (const { data } of events) {
    const prefix = stripePrefix(data.object.id);
    if (prefix !== undefined) (objects.get(prefix) ?? objects.set(prefix, new Set()).get(prefix)!).add(data.object.id as string);
  }
  const byKind = new Map<string, Set<string>>();
  const byPlace = new Map<string, string>();
  const links = new Map<string, string>();
  // The flow's one customer: the same email, name, phone (and address) wherever an event states them.
  const person = new Map<string, Set<string>>();
  for (const [index, event] of events.entries()) {
    const visit = (node: unknown, parent: string): void => {
      if (Array.isArray(node)) node.forEach((item) => visit(item, parent));
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      const personal = (node as Json).object === 'customer' || parent === 'billing_details' || parent === 'customer_details';
      for (const [key, value] of Object.entries(node)) {
        // A card's billing address is often a postal code alone: addresses are compared where they are the customer's own.
        const own = (node as Json).object === 'customer' ? ['email', 'name', 'phone', 'address'] : ['email', 'name', 'phone'];
        const role = PERSON[key] ?? ACCOUNT[key] ?? (personal && own.includes(key) ? key : undefined);
        if (role !== undefined && value !== null) {
          const seen = person.get(role) ?? person.set(role, new Set()).get(role)!;
          seen.add(JSON.stringify(value));
          if (seen.size > 1) problems.push(`event ${index} ${event.type} ${parent}.${key}: ${JSON.stringify(value)} is a second ${ACCOUNT[key] === undefined ? 'customer ' : ''}${role} (${[...seen][0]})`);
        } else visit(value, key);
      }
    };
    visit(event.data.object, 'data.object');
  }
  for (const [index, event] of events.entries()) {
    const where = (path: string) => `event ${index} ${event.type} ${path}`;
    if (event.id.slice(5, 10) !== timeCode(event.created)) problems.push(`${where('id')}: ${event.id} does not carry the event's time`);
    const main = event.data.object;
    // An object's links to itself (an invoice's hosted page and PDF, a charge's receipt) are the same in every event.
    for (const [key, value] of Object.entries(main)) {
      if (typeof value !== 'string' || !/^(.+_url|url|invoice_pdf)$/.test(key)) continue;
      const before = links.get(`${String(main.id)} ${key}`);
      if (before !== undefined && before !== value) problems.push(`${where(`data.object.${key}`)}: ${value}, where an earlier event had ${before}`);
      links.set(`${String(main.id)} ${key}`, value);
    }
    const minted = LONG.exec(String(main.id))?.[2]?.slice(1, 6);
    if (typeof main.created === 'number' && minted !== undefined && minted !== timeCode(main.created)) {
      problems.push(`${where('data.object.id')}: ${String(main.id)} was not minted at its created time`);
    }
    scalars(event, (value, path, holders) => {
      for (const id of idsIn(value)) check(id, stripePrefix(id)!, path, holders);
    });
    function check(id: string, prefix: string, path: string, holders: readonly Holder[]): void {
      // Shape: as `Scene.id` makes them, on the flow's one account, minted before their event.
      if (LONG.test(id) || prefix === 'acct') {
        if (!id.includes(account)) problems.push(`${where(path)}: ${id} is not an id of the flow's account ${account}`);
        const time = id.slice(prefix.length + 2, prefix.length + 7);
        // A payment method configuration's id carries the account, not a time.
        if (prefix !== 'pmc' && (time > timeCode(event.created) || time < timeCode(event.created - 5 * 365 * 86_400))) {
          problems.push(`${where(path)}: ${id} was minted after its event or years before`);
        }
      } else if (!SHORT.test(id) && !SESSION.test(id)) problems.push(`${where(path)}: ${id} is not shaped as Stripe's ids`);
      if (PER_EVENT.has(prefix)) return;
      // References: an id of a kind the flow delivers names one of the flow's objects.
      const own = objects.get(prefix);
      if (own !== undefined && !own.has(id)) problems.push(`${where(path)}: ${id} is none of the flow's ${prefix} objects (${[...own].join(', ')})`);
      // An object keeps its id: one per kind in the flow, or per holder for the kinds that belong to one.
      if (PER_OWNER.has(prefix)) {
        const owner = [...holders].reverse().find(({ node }) => node.id !== id && objects.get(stripePrefix(node.id) ?? '')?.has(node.id as string));
        const key = owner === undefined ? path : `${owner.node.id as string} ${path.slice(owner.path.length)}`;
        const before = byPlace.get(key);
        if (before !== undefined && before !== id) problems.push(`${where(path)}: ${id}, where an earlier event had ${before}`);
        byPlace.set(key, id);
      } else if (own === undefined) {
        const seen = byKind.get(prefix) ?? byKind.set(prefix, new Set()).get(prefix)!;
        seen.add(id);
        if (seen.size > 1) problems.push(`${where(path)}: ${id} is a second ${prefix} object of a flow that has one (${[...seen][0]})`);
      }
    }
  }
  return problems;
}

// --- GitHub, Clerk, Shopify, Resend -------------------------------------------------------------

/**
 * Places that name one object, by provider and flow (`*`: every flow of the provider): in a flow, each
 * group has one value; a `list` group one list (an order's line items, in every event that lists them);
 * an `of` group's values are among its `in` group's (a refund's line item is one of the order's). A place is a dot path (`[]`: every item), optionally after `<type>:`, `<prefix/>:` or `<prefix.>:`
 * (types starting with it) or `#<index>:` (one event of the flow).
 */
type Group = readonly string[] | { readonly list: readonly string[] } | { readonly of: readonly string[]; readonly in: readonly string[] };
const SAME: Record<string, Record<string, readonly Group[]>> = {
  github: {
    '*': [
      ['repository.id', 'pull_request.head.repo.id', 'pull_request.base.repo.id', 'workflow_run.repository.id', 'workflow_run.head_repository.id'],
      ['repository.full_name', 'pull_request.head.repo.full_name', 'pull_request.base.repo.full_name', 'workflow_run.repository.full_name', 'workflow_run.head_repository.full_name'],
      ['repository.owner.id', 'pull_request.head.repo.owner.id', 'pull_request.base.repo.owner.id', 'workflow_run.repository.owner.id', 'workflow_run.head_repository.owner.id'],
      ['installation.id'],
      ['organization.id'],
      ['sender.id'],
      ['number', 'pull_request.number', 'check_suite.pull_requests[].number', 'check_run.pull_requests[].number', 'check_run.check_suite.pull_requests[].number', 'workflow_run.pull_requests[].number', 'issue.number'],
      ['pull_request.id', 'check_suite.pull_requests[].id', 'check_run.pull_requests[].id', 'check_run.check_suite.pull_requests[].id', 'workflow_run.pull_requests[].id'],
      ['pull_request.node_id'],
      ['pull_request.url', 'check_suite.pull_requests[].url', 'check_run.pull_requests[].url', 'check_run.check_suite.pull_requests[].url', 'workflow_run.pull_requests[].url'],
      ['pull_request.user.id'],
      ['issue.id'],
      ['issue.node_id'],
      ['issue.url', 'comment.issue_url'],
      ['issue.reactions.url'],
      ['issue.user.id'],
      ['check_suite.id', 'check_run.check_suite.id', 'workflow_run.check_suite_id'],
      ['check_suite.node_id', 'check_run.check_suite.node_id', 'workflow_run.check_suite_node_id'],
      ['check_suite.url', 'check_run.check_suite.url', 'workflow_run.check_suite_url'],
      ['check_suite.head_sha', 'check_run.head_sha', 'check_run.check_suite.head_sha', 'workflow_run.head_sha', 'workflow_job.head_sha', 'pull_request.head.sha', 'check_suite.head_commit.id', 'workflow_run.head_commit.id', 'push:after', 'push:head_commit.id'],
      ['check_run.id'],
      ['check_run.node_id'],
      ['check_run.url'],
      ['workflow_run.id', 'workflow_job.run_id'],
      ['workflow_run.node_id'],
      ['workflow_run.url', 'workflow_job.run_url'],
      ['workflow_run.workflow_id', 'workflow.id'],
      ['workflow_job.id'],
      ['workflow_job.node_id'],
      ['workflow_job.url'],
      ['workflow_job.runner_id'],
      ['repository.license.spdx_id', 'pull_request.head.repo.license.spdx_id', 'pull_request.base.repo.license.spdx_id'],
      ['head_commit.tree_id', 'check_suite.head_commit.tree_id', 'workflow_run.head_commit.tree_id'],
      ['head_commit.author.email', 'check_suite.head_commit.author.email', 'workflow_run.head_commit.author.email'],
      ['head_commit.message', 'check_suite.head_commit.message', 'workflow_run.head_commit.message'],
    ],
    // The job's check run is the job: same id, node id and page.
    push: [
      ['workflow_job.node_id', 'check_run.node_id'],
      ['workflow_job.html_url', 'check_run.html_url', 'check_run.details_url'],
      ['workflow_job.name', 'check_run.name'],
      ['workflow_run.name', 'workflow.name', 'workflow_job.workflow_name'],
      ['workflow_job.runner_name'],
    ],
  },
  clerk: {
    '*': [['instance_id']],
    'sign-up': [
      ['user.created:data.id', 'data.user_id', 'data.user.id'],
      ['data.email_address_id', 'user.created:data.primary_email_address_id', 'user.created:data.email_addresses[].id', 'data.user.primary_email_address_id', 'data.user.email_addresses[].id'],
      ['session.created:data.id'],
      ['user.created:data.first_name', 'data.user.first_name'],
      ['user.created:data.last_name', 'data.user.last_name'],
      ['user.created:data.email_addresses[].email_address', 'data.user.email_addresses[].email_address', 'email.created:data.to_email_address'],
    ],
    'organization-invite': [
      ['organization.created:data.id', 'data.organization.id', 'data.organization_id', 'data.public_organization_data.id'],
      ['organization.created:data.created_by', 'data.inviter_id', 'data.public_inviter_data.user_id', '#1:data.public_user_data.user_id'],
      ['organizationInvitation.accepted:data.user_id', '#4:data.public_user_data.user_id'],
      ['organizationInvitation.:data.id'],
      ['organizationInvitation.:data.email_address'],
      ['organizationInvitation.:data.public_inviter_data.identifier'],
      ['organizationInvitation.:data.public_inviter_data.first_name'],
      ['organizationInvitation.:data.url'],
      ['organizationInvitation.:data.role'],
      ['organizationInvitation.:data.role_name'],
      ['organization.created:data.name', 'data.organization.name', 'data.public_organization_data.name'],
      ['organization.created:data.slug', 'data.organization.slug', 'data.public_organization_data.slug'],
    ],
  },
  shopify: {
    '*': [
      ['orders/:id', 'order_id', 'transactions[].order_id'],
      ['orders/:customer.id', 'checkouts/:customer.id', 'customers/create:id', 'customer.default_address.customer_id', 'customers/create:default_address.customer_id', 'customers/create:addresses[].customer_id'],
      ['checkout_id', 'checkouts/:id'],
      ['checkout_token', 'checkouts/:token'],
      ['cart_token', 'carts/:token'],
      { list: ['orders/:line_items[].id', 'fulfillments/create:line_items[].id'] },
      { of: ['refund_line_items[].line_item_id', 'refund_line_items[].line_item.id'], in: ['orders/:line_items[].id'] },
    ],
    // The shopper is one person from the checkout to the order.
    'checkout-to-order': [
      ['checkouts/:email', 'checkouts/:customer.email', 'customers/create:email', 'orders/create:email', 'orders/create:customer.email'],
      ['checkouts/:customer.first_name', 'customers/create:first_name', 'orders/create:customer.first_name'],
      ['checkouts/:customer.last_name', 'customers/create:last_name', 'orders/create:customer.last_name'],
      ['checkouts/:name'],
      ['checkouts/:abandoned_checkout_url'],
    ],
  },
  resend: {
    '*': [['data.email_id'], ['data.message_id'], ['data.template_id'], ['data.broadcast_id'], ['data.from'], ['data.subject'], ['data.created_at']],
  },
};

/**
 * GitHub URLs that name an object by a number: where the object is, the URL inside it, the path segment
 * before the number and the object's field the number must be.
 */
const GITHUB_URLS: readonly (readonly [string, string, string, string])[] = [
  ['pull_request', 'url', 'pulls', 'number'],
  ['pull_request', 'html_url', 'pull', 'number'],
  ['check_suite.pull_requests[]', 'url', 'pulls', 'number'],
  ['workflow_run.pull_requests[]', 'url', 'pulls', 'number'],
  ['issue', 'url', 'issues', 'number'],
  ['issue', 'reactions.url', 'issues', 'number'],
  ['check_suite', 'url', 'check-suites', 'id'],
  ['check_run.check_suite', 'url', 'check-suites', 'id'],
  ['check_run', 'url', 'check-runs', 'id'],
  ['workflow_run', 'url', 'runs', 'id'],
  ['workflow_run', 'html_url', 'runs', 'id'],
  ['workflow_run', 'check_suite_url', 'check-suites', 'check_suite_id'],
  ['workflow_job', 'url', 'jobs', 'id'],
  ['workflow_job', 'run_url', 'runs', 'run_id'],
];

/** Where a GitHub URL names another object than the one holding it. */
function githubUrlProblems(deliveries: readonly Delivery[]): string[] {
  const problems: string[] = [];
  deliveries.forEach((delivery, index) => {
    const body = JSON.parse(delivery.body) as unknown;
    for (const [place, url, segment, field] of GITHUB_URLS) {
      for (const object of valuesAt(body, place.split('.'))) {
        const [link] = valuesAt(object, url.split('.'));
        const named = typeof link === 'string' ? new RegExp(`/${segment}/(\\d+)(?:$|[/?#])`).exec(link)?.[1] : undefined;
        const own = (object as Json)[field];
        if (named !== undefined && own !== null && named !== String(own)) problems.push(`event ${index} ${delivery.eventType} ${place}.${url}: ${String(link)} names ${segment} ${named}, the object is ${String(own)}`);
      }
    }
  });
  return problems;
}

/**
 * Clerk's default avatars (`https://img.clerk.com/<base64url JSON>`) name their instance (`iid`) and the
 * user or organization they picture (`rid`): the event's instance, and the object holding the URL (its
 * `id`, or the `user_id` of public user data).
 */
function clerkAvatarProblems(deliveries: readonly Delivery[]): string[] {
  const problems: string[] = [];
  deliveries.forEach((delivery, index) => {
    const event = JSON.parse(delivery.body) as Json;
    scalars(event, (value, path, holders) => {
      if (typeof value !== 'string' || !value.startsWith('https://img.clerk.com/')) return;
      let token: { iid?: unknown; rid?: unknown };
      try {
        token = JSON.parse(Buffer.from(value.slice('https://img.clerk.com/'.length), 'base64url').toString('utf8')) as typeof token;
      } catch {
        return;
      }
      if (typeof token.rid !== 'string') return;
      const holder = holders.at(-1)!.node;
      const prefix = token.rid.slice(0, token.rid.indexOf('_') + 1);
      const owner = [holder.id, holder.user_id].find((id) => typeof id === 'string' && id.startsWith(prefix));
      const where = `event ${index} ${delivery.eventType} ${path}`;
      if (token.iid !== event.instance_id) problems.push(`${where}: the avatar names instance ${String(token.iid)}, the event's is ${String(event.instance_id)}`);
      if (owner !== undefined && token.rid !== owner) problems.push(`${where}: the avatar pictures ${token.rid}, its holder is ${String(owner)}`);
    });
  });
  return problems;
}

/** Shopify URLs on a shop's domain (`https://<shop>.myshopify.com/…`) name the shop the delivery comes from (`X-Shopify-Shop-Domain`). */
function shopifyShopProblems(deliveries: readonly Delivery[]): string[] {
  const problems: string[] = [];
  deliveries.forEach((delivery, index) => {
    const shop = Object.entries(delivery.headers).find(([name]) => name.toLowerCase() === 'x-shopify-shop-domain')?.[1];
    scalars(JSON.parse(delivery.body), (value, path) => {
      const named = typeof value === 'string' ? /^https:\/\/([a-z0-9-]+\.myshopify\.com)\//.exec(value)?.[1] : undefined;
      if (named !== undefined && named !== shop) problems.push(`event ${index} ${delivery.eventType} ${path}: ${String(value)} is on ${named}, the delivery comes from ${String(shop)}`);
    });
  });
  return problems;
}

/** The values at `keys` inside `node` (`x[]`: every item of `x`), nulls left out. */
function valuesAt(node: unknown, keys: readonly string[]): unknown[] {
  if (keys.length === 0) return node === null || node === undefined ? [] : [node];
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  const [first, ...rest] = keys as [string, ...string[]];
  const child = (node as Json)[first.replace(/\[\]$/, '')];
  if (first.endsWith('[]')) return Array.isArray(child) ? child.flatMap((item) => valuesAt(item, rest)) : [];
  return valuesAt(child, rest);
}

/** Each event's values at `places`, with where they were found. */
function found(deliveries: readonly Delivery[], places: readonly string[]): { values: unknown[]; where: string }[] {
  const out: { values: unknown[]; where: string }[] = [];
  deliveries.forEach((delivery, index) => {
    const body = JSON.parse(delivery.body) as unknown;
    for (const place of places) {
      const colon = place.indexOf(':');
      const only = colon < 0 ? undefined : place.slice(0, colon);
      if (only !== undefined && !(only.startsWith('#') ? Number(only.slice(1)) === index : /[/.]$/.test(only) ? delivery.eventType.startsWith(only) : delivery.eventType === only)) continue;
      const values = valuesAt(body, place.slice(colon + 1).split('.'));
      if (values.length > 0) out.push({ values, where: `event ${index} ${delivery.eventType} ${place}` });
    }
  });
  return out;
}

/** The group problems of one built flow of `provider` named `name`. */
function sameProblems(provider: string, name: string, deliveries: readonly Delivery[]): string[] {
  const groups = [...(SAME[provider]?.['*'] ?? []), ...(SAME[provider]?.[name] ?? [])];
  const problems: string[] = [];
  for (const group of groups) {
    if ('of' in group) {
      const known = new Set(found(deliveries, group.in).flatMap(({ values }) => values.map((v) => JSON.stringify(v))));
      for (const { values, where } of found(deliveries, group.of)) {
        for (const value of values) if (!known.has(JSON.stringify(value))) problems.push(`${where}: ${JSON.stringify(value)} is none of ${group.in.join(', ')} (${[...known].join(', ')})`);
      }
      continue;
    }
    const seen = new Map<string, string>();
    const list = 'list' in group;
    for (const { values, where } of found(deliveries, list ? group.list : group)) {
      for (const value of list ? [values] : values) seen.set(JSON.stringify(value), where);
    }
    if (seen.size > 1) problems.push(`${list ? group.list[0] : group[0]}: ${[...seen].map(([value, where]) => `${value} (${where})`).join(' / ')}`);
  }
  return problems;
}

// --- the table ---------------------------------------------------------------------------------

const CHECKS: Partial<Record<string, (deliveries: readonly Delivery[], name: string) => string[]>> = {
  stripe: stripeProblems,
  github: (deliveries, name) => [...sameProblems('github', name, deliveries), ...githubUrlProblems(deliveries)],
  clerk: (deliveries, name) => [...sameProblems('clerk', name, deliveries), ...clerkAvatarProblems(deliveries)],
  shopify: (deliveries, name) => [...sameProblems('shopify', name, deliveries), ...shopifyShopProblems(deliveries)],
  resend: (deliveries, name) => sameProblems('resend', name, deliveries),
};

describe('every flow of every provider names its own objects in every event', () => {
  const built = new Map<string, Delivery[]>();
  beforeAll(async () => {
    for (const flow of flowDefinitions) {
      for (const seed of SEEDS) {
        built.set(`${flow.provider}/${flow.name}/${seed}`, await buildFlow(flow.provider, flow.name, { secret: secrets[flow.provider as ProviderId], seed, timestamp: T }));
      }
    }
  });

  it.each(flowDefinitions.map((flow) => [flow.provider, flow.name]))('%s %s', (provider, name) => {
    const check = CHECKS[provider];
    expect(check, `no check for ${provider}`).toBeDefined();
    const problems = SEEDS.flatMap((seed) => check!(built.get(`${provider}/${name}/${seed}`)!, name).map((problem) => `seed ${seed} ${problem}`));
    expect(problems).toEqual([]);
  });

  it('signs every event as it was sent, after its ids were made the flow’s', async () => {
    for (const [key, deliveries] of built) {
      for (const delivery of deliveries) {
        const secret = secrets[delivery.provider as ProviderId];
        const result = await getProvider(delivery.provider).verify({ headers: delivery.headers, body: delivery.body, secrets: [secret], now: delivery.timestamp });
        expect(result.ok, `${key} ${delivery.eventType}`).toBe(true);
      }
    }
  });
});

describe("the caller's data stays as given", () => {
  it('an id or a value given for one event is not made the flow’s', async () => {
    const stripe = await buildFlow('stripe', 'checkout-subscription', { secret: secrets.stripe, seed: 7, timestamp: T, data: { 'invoice.paid': { customer: 'cus_Caller00000000' } } });
    const customers = stripe.map((d) => (JSON.parse(d.body) as { type: string; data: { object: { customer?: string } } })).map((e) => `${e.type} ${e.data.object.customer ?? '-'}`);
    expect(customers.filter((c) => c.includes('cus_Caller00000000'))).toEqual(['invoice.paid cus_Caller00000000']);
    const github = await buildFlow('github', 'pull-request', { secret: secrets.github, seed: 7, timestamp: T, data: { 'pull_request.closed': { pull_request: { user: { login: 'octocat' } } } } });
    const logins = github.map((d) => (JSON.parse(d.body) as { pull_request?: { user: { login: string } } }).pull_request?.user.login).filter((login) => login !== undefined);
    expect(logins.at(-1)).toBe('octocat');
    expect(new Set(logins.slice(0, -1)).size).toBe(1);
    expect(logins[0]).not.toBe('octocat');
  });
});
