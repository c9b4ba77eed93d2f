/**
 * `ShopifyEventData` (generated/data-types.ts): every topic built from its generated shape is assignable
 * to its topic's type, and a deep partial of it refuses a misspelt key and a wrong type.
 */
import { describe, expect, it } from 'vitest';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder, handwrittenTopics } from '../../src/providers/shopify/build.js';
import { shopifyTopics } from '../../src/providers/shopify/catalog.js';
import { typecheck } from '../support/typecheck.js';

const T = Date.UTC(2025, 10, 21, 16, 29, 56, 123);
const header =
  "import type { ShopifyEventData } from '../../src/providers/shopify/generated/data-types.js';\n" +
  'type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;\n';

describe('ShopifyEventData', () => {
  it('types every topic walked from its shape (two seeds), and refuses a misspelt key and a wrong type in a deep partial', () => {
    const walked = shopifyTopics.filter((topic) => !handwrittenTopics.has(topic));
    const lines = walked.flatMap((topic, i) =>
      [1, 2].map((seed) => {
        const body = builder.build({ eventType: topic, faker: seededFaker(seed), now: T, data: undefined }).body;
        return `export const e${i}_${seed}: ShopifyEventData[${JSON.stringify(topic)}] = ${body};`;
      }),
    );
    const good = `${header}${lines.join('\n')}\nexport const p: DeepPartial<ShopifyEventData['orders/create']> = { line_items: [{ quantity: 2, price: '5.00' }], customer: { first_name: 'Ada' } };\n`;
    const bad =
      `${header}export const a: DeepPartial<ShopifyEventData['orders/create']> = { totl_price: '1.00' };\n` +
      `export const b: DeepPartial<ShopifyEventData['orders/create']> = { total_price: 1 };\n` +
      `export const c: DeepPartial<ShopifyEventData['returns/approve']> = { order: { id: 'x' } };\n`;
    const diagnostics = typecheck({ 'test/.generated/shopify-data.ts': good, 'test/.generated/shopify-data-bad.ts': bad });
    expect(diagnostics.filter((d) => d.includes('shopify-data.ts'))).toEqual([]);
    const errors = diagnostics.filter((d) => d.includes('shopify-data-bad.ts')).join('\n');
    expect(errors).toMatch(/shopify-data-bad\.ts:3:\d+ .*totl_price/);
    expect(errors).toMatch(/shopify-data-bad\.ts:4:\d+ .*number.*string/);
    expect(errors).toMatch(/shopify-data-bad\.ts:5:\d+ .*string.*number/);
  }, 60_000);
});
