/** Carts and (abandoned) checkouts: the storefront side, before an order exists. */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { basket, lineName, type Basket } from './orders.js';
import { customer, orderAddress, person } from './people.js';
import { CURRENCY, money, type Scene } from './scene.js';

export type CheckoutStage = 'create' | 'update' | 'delete';

function checkoutTaxLine(b: Basket, cents: number): JsonValue[] {
  if (b.taxRate === 0) return [];
  const price = money(cents);
  return [
    {
      price,
      position: 1,
      rate: b.taxRate,
      title: b.taxTitle,
      source: 'Shopify',
      zone: 'province',
      jurisdiction_id: null,
      jurisdiction_type: null,
      jurisdiction_source: null,
      reporting_taxable_amount: null,
      reporting_non_taxable_amount: null,
      reporting_exempt_amount: null,
      reporting_jurisdiction_name: null,
      reporting_jurisdiction_type: null,
      reporting_jurisdiction_code: null,
      tax_api_client_id: null,
      tax_calculation_price: price,
      tax_registration_id: null,
      compare_at: b.taxRate,
      channel_liable: false,
    },
  ];
}

/** The totals both forms of a checkout carry, in Shopify's key order. */
function checkoutTotals(b: Basket, total: number): JsonObject {
  return {
    presentment_currency: CURRENCY,
    buyer_accepts_sms_marketing: false,
    sms_marketing_phone: null,
    total_discounts: money(b.discounts),
    total_line_items_price: money(b.lineItemsTotal),
    total_price: money(total),
    total_tax: money(b.tax),
    subtotal_price: money(b.subtotal),
  };
}

/**
 * A checkout. Shipping is chosen on the way: `create` has no shipping line yet, `update` has one.
 * `delete` sends Shopify's short form (id, totals, tokens).
 */
export function checkout(scene: Scene, stage: CheckoutStage): JsonObject {
  const id = scene.id(14);
  const buyer = person(scene);
  const b = basket(scene, buyer);
  const withShipping = stage !== 'create';
  const shipping = withShipping ? b.shipping.price : 0;
  const total = b.subtotal + shipping + b.tax;
  const cartToken = `c1-${scene.hex(32)}`;
  if (stage === 'delete') {
    return {
      id,
      ...checkoutTotals(b, total),
      cart_token: cartToken,
      total_duties: null,
      reservation_token: null,
    };
  }
  const createdAt = stage === 'create' ? scene.nowSec : scene.before(0.001, 0.1);
  const token = scene.hex(32);
  const originLocation = scene.id(11);
  const destinationLocation = scene.id(11);
  return {
    id,
    token,
    cart_token: cartToken,
    email: buyer.email,
    gateway: null,
    buyer_accepts_marketing: buyer.acceptsMarketing,
    created_at: scene.time(createdAt),
    updated_at: scene.time(scene.nowSec),
    landing_site: '/',
    note: null,
    note_attributes: [],
    referring_site: null,
    shipping_lines: withShipping
      ? [
          {
            code: b.shipping.title,
            price: money(b.shipping.price),
            original_shop_price: money(b.shipping.price),
            presentment_title: b.shipping.title,
            phone: null,
            tax_lines: [],
            custom_tax_lines: null,
            markup: '0.00',
            original_shop_markup: '0.00',
            original_rate_price: money(b.shipping.price),
            carrier_identifier: null,
            carrier_service_id: null,
            api_client_id: null,
            delivery_option_group: { token: scene.hex(32), type: 'one_time_purchase' },
            delivery_expectation_range: null,
            delivery_expectation_type: null,
            id: `shopify-${b.shipping.title.replace(/ /g, '%20')}-${money(b.shipping.price)}`,
            requested_fulfillment_service_id: null,
            delivery_category: null,
            validation_context: null,
            applied_discounts: [],
            source: 'shopify',
            title: b.shipping.title,
          },
        ]
      : [],
    taxes_included: false,
    total_weight: b.weight,
    currency: CURRENCY,
    completed_at: null,
    closed_at: null,
    user_id: null,
    location_id: null,
    source_identifier: null,
    source_url: null,
    device_id: null,
    phone: buyer.phone,
    customer_locale: 'en-US',
    line_items: b.lines.map((line) => ({
      applied_discounts: [],
      discount_allocations:
        line.discount === 0
          ? []
          : [{ id: null, amount: money(line.discount), description: b.discount!.code, created_at: null, application_type: 'discount_code', discount_class: 'ORDER' }],
      key: String(line.variantId),
      destination_location_id: destinationLocation,
      fulfillment_service: 'manual',
      gift_card: false,
      grams: line.grams,
      origin_location_id: originLocation,
      presentment_title: line.productTitle,
      presentment_variant_title: line.variantTitle ?? '',
      product_id: line.productId,
      properties: null,
      quantity: line.quantity,
      requires_shipping: true,
      sku: line.sku,
      tax_lines: checkoutTaxLine(b, line.tax),
      taxable: true,
      title: line.productTitle,
      variant_id: line.variantId,
      variant_title: line.variantTitle ?? '',
      variant_price: money(line.price),
      vendor: line.vendor,
      user_id: null,
      unit_price_measurement: { measured_type: null, quantity_value: null, quantity_unit: null, reference_value: null, reference_unit: null },
      rank: null,
      compare_at_price: null,
      line_price: money(line.price * line.quantity),
      price: money(line.price),
    })),
    name: `#${id}`,
    source: null,
    abandoned_checkout_url: `https://${scene.shop.domain}/${scene.shop.id}/checkouts/ac/${cartToken}/recover?key=${scene.hex(32)}`,
    discount_codes: b.discount ? [{ code: b.discount.code, amount: money(b.discounts), type: 'percentage' }] : [],
    tax_lines: b.taxRate === 0 ? [] : [{ price: money(b.tax), rate: b.taxRate, title: b.taxTitle, channel_liable: false }],
    source_name: 'web',
    ...checkoutTotals(b, total),
    total_duties: null,
    reservation_token: null,
    billing_address: orderAddress(buyer),
    shipping_address: orderAddress(buyer),
    customer: customer(scene, buyer, { state: 'disabled', updatedAt: scene.nowSec, full: false }),
  };
}

/** A storefront cart: token id, no discounts yet, times in UTC with milliseconds. */
export function cart(scene: Scene, stage: 'create' | 'update'): JsonObject {
  const token = `c1-${scene.hex(32)}`;
  const buyer = person(scene);
  const b = basket(scene, buyer);
  const createdAt = stage === 'create' ? scene.now : scene.now - scene.int(5_000, 3_600_000);
  return {
    id: token,
    token,
    line_items: b.lines.map((line) => {
      const linePrice = line.price * line.quantity;
      const price = money(line.price);
      const total = money(linePrice);
      return {
        id: line.variantId,
        properties: {},
        quantity: line.quantity,
        variant_id: line.variantId,
        key: `${line.variantId}:${scene.hex(32)}`,
        discounted_price: price,
        discounts: [],
        gift_card: false,
        grams: line.grams,
        line_price: total,
        original_line_price: total,
        original_price: price,
        price,
        product_id: line.productId,
        sku: line.sku,
        taxable: true,
        title: lineName(line),
        total_discount: '0.00',
        vendor: line.vendor,
        discounted_price_set: scene.set(line.price),
        line_price_set: scene.set(linePrice),
        original_line_price_set: scene.set(linePrice),
        price_set: scene.set(line.price),
        total_discount_set: scene.set(0),
      };
    }),
    note: null,
    updated_at: scene.utc(scene.now),
    created_at: scene.utc(createdAt),
  };
}
