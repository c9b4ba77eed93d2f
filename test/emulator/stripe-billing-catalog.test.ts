/**
 * Products, prices and coupons through the real stripe-node: each write appends Stripe's event for
 * it (updates with `previous_attributes`), later retrievals answer what the event carried, and bad
 * input gets Stripe's 400/404, never a 5xx.
 */
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { type Chain, itChains, types, useBillingWorld } from './stripe-billing-support.js';

const { world, stripe } = useBillingWorld();

describe('stripe billing: the catalog', () => {
  const chains: Chain[] = [
    { name: 'a product', run: () => stripe.products.create({ name: 'Pro' }), events: ['product.created'] },
    {
      name: 'a recurring price with product_data makes the product first',
      run: () => stripe.prices.create({ currency: 'usd', unit_amount: 1500, recurring: { interval: 'month' }, product_data: { name: 'Team' } }),
      events: ['product.created', 'price.created'],
    },
    {
      name: 'a product renamed, then deleted',
      run: async () => {
        const product = await stripe.products.create({ name: 'Old' });
        await stripe.products.update(product.id, { name: 'New', metadata: { tier: 'gold' } });
        await stripe.products.del(product.id);
      },
      events: ['product.created', 'product.updated', 'product.deleted'],
    },
    {
      name: 'a one-time price deactivated',
      run: async () => {
        const product = await stripe.products.create({ name: 'Sticker' });
        const price = await stripe.prices.create({ currency: 'eur', unit_amount: 300, product: product.id });
        await stripe.prices.update(price.id, { active: false });
      },
      events: ['product.created', 'price.created', 'price.updated'],
    },
    {
      name: 'a coupon created, renamed, deleted',
      run: async () => {
        const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'repeating', duration_in_months: 3 });
        await stripe.coupons.update(coupon.id, { name: 'Spring' });
        await stripe.coupons.del(coupon.id);
      },
      events: ['coupon.created', 'coupon.updated', 'coupon.deleted'],
    },
  ];

  itChains(chains, world, stripe);


  it('reports the changed fields of an update, and nothing for an update that changes nothing', async () => {
    const product = await stripe.products.create({ name: 'Basic', description: 'One seat' });
    await stripe.products.update(product.id, { description: 'Two seats' });
    await stripe.products.update(product.id, { description: 'Two seats' });
    const updates = world.outbox.pending().filter((e) => e.type === 'product.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.previous).toEqual({ description: 'One seat', updated: product.updated });
  });

  it('a deleted product or coupon is gone (404) and a price shows its type and interval', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 900, recurring: { interval: 'year', interval_count: 1 }, product_data: { name: 'Yearly' } });
    expect(price).toMatchObject({ type: 'recurring', recurring: { interval: 'year', interval_count: 1 }, unit_amount: 900 });
    const coupon = await stripe.coupons.create({ amount_off: 500, currency: 'usd', duration: 'once' });
    await stripe.coupons.del(coupon.id);
    await expect(stripe.coupons.retrieve(coupon.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  const refusals: { name: string; run: () => Promise<unknown>; status: number; code?: string; param?: string }[] = [
    { name: 'a product without a name', run: () => stripe.products.create({} as Stripe.ProductCreateParams), status: 400, code: 'parameter_missing', param: 'name' },
    { name: 'an unknown parameter', run: () => stripe.products.create({ name: 'x', colour: 'red' } as never), status: 400, code: 'parameter_unknown', param: 'colour' },
    { name: 'a price of an unknown product', run: () => stripe.prices.create({ currency: 'usd', unit_amount: 1, product: 'prod_nope' }), status: 404, code: 'resource_missing', param: 'product' },
    { name: 'a price with a bad interval', run: () => stripe.prices.create({ currency: 'usd', unit_amount: 1, product_data: { name: 'x' }, recurring: { interval: 'fortnight' as never } }), status: 400, param: 'recurring[interval]' },
    { name: 'a coupon with neither amount', run: () => stripe.coupons.create({ duration: 'once' }), status: 400, code: 'parameter_missing' },
    {
      name: 'deleting a product that has prices',
      run: async () => {
        const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product_data: { name: 'Kept' } });
        world.outbox.drain();
        await stripe.products.del(String(price.product));
      },
      status: 400,
      code: 'product_has_prices',
    },
    { name: 'updating a missing coupon', run: () => stripe.coupons.update('NOPE1234', { name: 'x' }), status: 404, code: 'resource_missing' },
  ];

  it.each(refusals)('refuses $name with $status and appends nothing', async ({ run, status, code, param }) => {
    await expect(run()).rejects.toMatchObject({ statusCode: status, ...(code ? { code } : {}), ...(param ? { param } : {}) });
    expect(types(world)).toEqual([]);
  });
});
