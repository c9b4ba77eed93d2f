/**
 * The catalog's checks (test/support/shopify-checks.ts) applied to what the emulated Shopify sends:
 * every key of Shopify's sample payload for the topic with the same JSON type, and the topic's relaxed
 * JSON Schema. An object the emulator makes may lack what the API call did not give, as Shopify's own
 * do: an empty list (a product without images), a `null` for the keys {@link EMPTY_HERE} names, and items
 * in a list the schema saw only empty (an order's refunds).
 * @example
 * expect(shopifyBodyProblems('orders/paid', body)).toEqual([]);
 */
import { schemaForWebhook } from 'shopify-webhook-schemas';
import { API_VERSION } from '../../src/providers/shopify/scene.js';
import { ajv, errorsOf, relax, sampleProblems, withoutArtifacts, type Json, type Schema } from '../support/shopify-checks.js';

/** Keys an emulated object holds as `null` when the API call gave nothing for them, and why. */
const EMPTY_HERE: Readonly<Record<string, string>> = {
  image: 'a product created without images',
  default_address: 'a customer created without an address',
  customer: 'an order or draft order without a customer',
  closed_at: 'an order still open',
  tracking_company: 'a fulfillment created without tracking',
  tracking_number: 'a fulfillment created without tracking',
  tracking_url: 'a fulfillment created without tracking',
  destination: 'an order shipped nowhere (created through the API without an address)',
  shipping_line: 'a draft order without shipping',
  order_id: 'a draft order not yet completed',
  completed_at: 'a draft order not yet completed',
  parent_id: 'a sale transaction',
  user_id: 'a change made by an app, not staff',
  location_id: 'a refund line not restocked',
  sku: 'a variant without a SKU',
  avs_result_code: "Shopify's test gateway (Bogus), which checks no address",
  cvv_result_code: "Shopify's test gateway (Bogus), which checks no CVV",
  first_name: 'a customer who gave no name',
  last_name: 'a customer who gave no name',
};
const NULL_OK: ReadonlySet<string> = new Set(Object.keys(EMPTY_HERE));

/**
 * `schema` with every `false` subschema opened: the inferred schemas say `items: false` of a list every
 * sample showed empty (an order's `refunds`), which says nothing of what a refund looks like.
 */
function openUnseen(schema: unknown): unknown {
  if (schema === false) return true;
  if (Array.isArray(schema)) return schema.map(openUnseen);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, openUnseen(v)]));
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** What the catalog's checks find wrong with `body` as a `topic` delivery; empty when nothing. */
export function shopifyBodyProblems(topic: string, body: unknown): string[] {
  let validate = validators.get(topic);
  if (!validate) validators.set(topic, (validate = ajv.compile(openUnseen(relax(withoutArtifacts(schemaForWebhook(API_VERSION, topic)))) as Schema)));
  return [...sampleProblems(topic, [body as Json], { emptyAllowed: true, nullable: NULL_OK }), ...errorsOf(validate, [body as Json])];
}
