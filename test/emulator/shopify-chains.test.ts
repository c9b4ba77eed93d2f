/**
 * The table of Shopify topic chains, run: each row's operation through `@shopify/shopify-api`'s GraphQL
 * client (unmodified, pointed at a listening emulator) on a reset emulator, whose deliveries the app's
 * receiving handler checks with `shopify.webhooks.validate`. The topics after the row's mark are exactly
 * the row's, in order; every body passes the catalog's checks; the last body of each resource equals
 * what the REST API reads right after. README.md's table between the `shopify-chains`
 * markers is `chainsTable(SHOPIFY_CHAINS)`.
 */
import { Session } from '@shopify/shopify-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTypes, chainsTable, listedTypes, readmeChains } from './stripe-chains.js';
import { SHOPIFY_CHAINS, type ShopifyChainRow } from './shopify-chains.js';
import { shopifyBodyProblems } from './shopify-oracle.js';
import { SHOP, shopifyApp, startShopify, type Received, type ShopifyRig } from './shopify-support.js';

let rig: ShopifyRig;
let restClient: InstanceType<ReturnType<typeof shopifyApp>['clients']['Rest']>;
/** Every topic a row's receiving handler validated. */
const reached = new Set<string>();

beforeAll(async () => {
  rig = await startShopify();
  // The SDK's REST client, made once the SDK points at the emulator.
  restClient = new (shopifyApp().clients.Rest)({ session: new Session({ id: 'offline', shop: SHOP, state: 's', isOnline: false, accessToken: 'shpat_emulated' }) });
});

/** The REST API's answer at `path` (the raw JSON: the SDK's REST client turns numeric ids into strings). */
async function restGet(path: string): Promise<Record<string, unknown>> {
  const answer = await fetch(`${String(rig.emulator.clientOptions('shopify').baseUrl)}/${SHOP}/admin/api/2025-10/${path}.json`, { headers: { 'X-Shopify-Access-Token': 'shpat_emulated' } });
  return (await answer.json()) as Record<string, unknown>;
}
afterAll(() => rig.close());

/** Where the REST API reads the resource a topic reports, and the key it answers under. */
function restPath(topic: string, body: Record<string, unknown>): [string, string] | undefined {
  const id = String(body.id);
  const order = String(body.order_id);
  const paths: Record<string, [string, string]> = {
    products: [`products/${id}`, 'product'],
    customers: [`customers/${id}`, 'customer'],
    orders: [`orders/${id}`, 'order'],
    draft_orders: [`draft_orders/${id}`, 'draft_order'],
    inventory_items: [`inventory_items/${id}`, 'inventory_item'],
    fulfillments: [`orders/${order}/fulfillments/${id}`, 'fulfillment'],
    refunds: [`orders/${order}/refunds/${id}`, 'refund'],
    order_transactions: [`orders/${order}/transactions/${id}`, 'transaction'],
    checkouts: [`checkouts/${id}`, 'checkout'],
  };
  return topic.endsWith('/delete') ? undefined : paths[topic.split('/')[0]!];
}

async function runRow(row: ShopifyChainRow): Promise<Received[]> {
  rig.emulator.reset();
  rig.received.length = 0;
  let from = 0;
  await row.run({
    run: (query, variables) => rig.run(query, variables),
    rest: (method, path, data) => (method === 'get' || method === 'delete' ? restClient[method]({ path }) : restClient[method]({ path, data: data ?? {} })),
    emulator: rig.emulator,
    mark: async () => {
      await rig.emulator.settled();
      from = rig.received.length;
    },
  });
  await rig.emulator.settled();
  return rig.received.slice(from);
}

describe('the Shopify topic chains, through @shopify/shopify-api, as the app validates them', () => {
  it.each(SHOPIFY_CHAINS.map((row) => [row.operation, row] as const))('%s', async (_operation, row) => {
    const got = await runRow(row);
    expect(got.map((r) => r.topic)).toEqual(row.events);
    const last = new Map<string, Received>();
    for (const delivery of got) {
      expect(delivery.valid, `${delivery.topic}: webhooks.validate`).toBe(true);
      expect(shopifyBodyProblems(delivery.topic, delivery.body), delivery.topic).toEqual([]);
      reached.add(delivery.topic);
      const where = restPath(delivery.topic, delivery.body);
      if (where) last.set(where[0], delivery);
    }
    for (const [path, delivery] of last) {
      const read = await restGet(path);
      expect(read[restPath(delivery.topic, delivery.body)![1]], `${delivery.topic} then GET ${path}`).toEqual(delivery.body);
    }
  });

  it("reaches at least 20 distinct topics, the ones README's table lists", () => {
    const types = listedTypes(readmeChains('shopify'));
    expect([...reached].sort()).toEqual(types);
    expect(chainTypes(SHOPIFY_CHAINS)).toEqual(types);
    expect(reached.size).toBeGreaterThanOrEqual(20);
  });
});

describe('README.md', () => {
  it('holds chainsTable(SHOPIFY_CHAINS) between <!-- shopify-chains:start --> and <!-- shopify-chains:end -->', () => {
    const expected = chainsTable(SHOPIFY_CHAINS);
    expect(readmeChains('shopify'), `README.md's Shopify chains differ; paste this between the markers:\n\n${expected}\n`).toBe(expected);
  });
});
