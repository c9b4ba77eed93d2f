/**
 * Orders and what hangs off them (fulfillments, refunds, transactions, edits, draft orders). Amounts are
 * kept in integer cents and written once, so every total is the sum of its parts:
 * `total_line_items_price - total_discounts = subtotal_price` and
 * `subtotal_price + shipping + total_tax = total_price`.
 */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { ADJECTIVES, CANCEL_REASONS, CARRIERS, DISCOUNT_CODES, MERCH, REFERRERS, REFUND_NOTES, SHIPPING_RATES, USER_AGENTS } from './data.js';
import { customer, orderAddress, person, type Person } from './people.js';
import { CURRENCY, money, type Scene } from './scene.js';

/** One line of a basket. */
export interface Line {
  readonly id: number;
  readonly productId: number;
  readonly variantId: number;
  readonly inventoryItemId: number;
  readonly productTitle: string;
  readonly variantTitle: string | null;
  readonly sku: string;
  readonly vendor: string;
  readonly productType: string;
  /** Unit price, cents. */
  readonly price: number;
  readonly quantity: number;
  readonly grams: number;
  /** Discount allocated to the line, cents. */
  readonly discount: number;
  /** Tax on the discounted line, cents. */
  readonly tax: number;
}

export interface Basket {
  readonly lines: readonly Line[];
  readonly taxRate: number;
  readonly taxTitle: string;
  readonly discount: { readonly code: string; readonly percent: number } | null;
  readonly shipping: { readonly id: number; readonly title: string; readonly price: number; readonly carrier: string };
  /** Σ price × quantity. */
  readonly lineItemsTotal: number;
  readonly discounts: number;
  /** Line items after discounts. */
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
  readonly weight: number;
}

function abbreviation(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '').slice(0, 3).toUpperCase();
}

const PRICE_ENDINGS = [0, 1, 5] as const;

/**
 * The Online Store's carrier identifier, the same on every shipping line priced by Shopify's own
 * rates (seen in captured orders).
 */
const SHOPIFY_CARRIER_ID = '650f1a14fa979ec5c74d063e968411d4';

/** A basket shipped to `shipTo`, with state sales tax, maybe a discount code, and a shipping rate. */
export function basket(scene: Scene, shipTo: Person, minLines = 1): Basket {
  const count = scene.int(minLines, Math.max(minLines, 3));
  const discount = scene.chance(0.25) ? scene.pick(DISCOUNT_CODES) : null;
  const rate = shipTo.place.taxRate;
  const vendor = scene.shop.name;
  const lines: Line[] = [];
  let lineItemsTotal = 0;
  let discounts = 0;
  let tax = 0;
  let weight = 0;
  for (let i = 0; i < count; i++) {
    // Merchandise from the tables, priced to end in .00, .99 or .95.
    const merch = scene.pick(MERCH);
    const variantTitle = merch.option ? scene.pick(merch.option.values) : null;
    const price = scene.int(merch.min / 100, merch.max / 100) * 100 - scene.pick(PRICE_ENDINGS);
    const quantity = scene.chance(0.75) ? 1 : scene.int(2, 3);
    const gross = price * quantity;
    const lineDiscount = discount ? Math.round((gross * discount[1]) / 100) : 0;
    const lineTax = Math.round((gross - lineDiscount) * rate);
    lines.push({
      id: scene.id(14),
      productId: scene.id(13),
      variantId: scene.id(14),
      inventoryItemId: scene.id(14),
      productTitle: `${scene.pick(ADJECTIVES)} ${merch.noun}`,
      variantTitle,
      sku: `${abbreviation(merch.noun)}-${scene.int(100, 999)}${variantTitle ? `-${abbreviation(variantTitle)}` : ''}`,
      vendor,
      productType: merch.productType,
      price,
      quantity,
      grams: merch.grams,
      discount: lineDiscount,
      tax: lineTax,
    });
    lineItemsTotal += gross;
    discounts += lineDiscount;
    tax += lineTax;
    weight += merch.grams * quantity;
  }
  const subtotal = lineItemsTotal - discounts;
  const [title, listed] = scene.pick(SHIPPING_RATES);
  const shippingPrice = subtotal >= 7500 && title === 'Standard' ? 0 : listed;
  return {
    lines,
    taxRate: rate,
    taxTitle: `${shipTo.place.provinceCode} State Tax`,
    discount: discount ? { code: discount[0], percent: discount[1] } : null,
    shipping: { id: scene.id(13), title, price: shippingPrice, carrier: SHOPIFY_CARRIER_ID },
    lineItemsTotal,
    discounts,
    subtotal,
    tax,
    total: subtotal + shippingPrice + tax,
    weight,
  };
}

export function lineName(line: Line): string {
  return line.variantTitle ? `${line.productTitle} - ${line.variantTitle}` : line.productTitle;
}

function taxLines(scene: Scene, basket: Basket, cents: number): JsonValue[] {
  if (basket.taxRate === 0) return [];
  return [{ channel_liable: false, price: money(cents), price_set: scene.set(cents), rate: basket.taxRate, title: basket.taxTitle }];
}

function discountAllocations(scene: Scene, line: Line): JsonValue[] {
  if (line.discount === 0) return [];
  return [{ amount: money(line.discount), amount_set: scene.set(line.discount), discount_application_index: 0 }];
}

/** A paid-for order: who bought what, how it was paid. */
export interface Sale {
  readonly orderId: number;
  readonly number: number;
  readonly orderNumber: number;
  readonly name: string;
  readonly token: string;
  readonly checkoutId: number;
  readonly checkoutToken: string;
  readonly cartToken: string;
  /** The storefront's reference for the checkout (`reference`, `source_identifier`). */
  readonly reference: string;
  /** When payment was processed: a few seconds before the order record was created. */
  readonly processedAt: number;
  readonly createdAt: number;
  readonly buyer: Person;
  readonly billTo: Person;
  readonly basket: Basket;
  /** `manual` for pay-later orders (bank deposit, cash on delivery). */
  readonly gateway: 'shopify_payments' | 'manual';
  /** The staff member the sale is attributed to (`attributed_staffs`), or null for most online sales. */
  readonly staffId: number | null;
}

export function sale(scene: Scene, createdAt: number, minLines = 1): Sale {
  const buyer = person(scene);
  const billTo = scene.chance(0.85) ? buyer : { ...person(scene), first: buyer.first, last: buyer.last, email: buyer.email };
  const number = scene.int(1, 48_000);
  return {
    orderId: scene.id(13),
    number,
    orderNumber: number + 1000,
    name: `#${number + 1000}`,
    token: scene.hex(32),
    checkoutId: scene.id(14),
    checkoutToken: scene.hex(32),
    cartToken: `c1-${scene.hex(32)}`,
    reference: scene.hex(32),
    processedAt: createdAt - scene.int(1, 4) * 1000,
    createdAt,
    buyer,
    billTo,
    basket: basket(scene, buyer, minLines),
    gateway: scene.chance(0.9) ? 'shopify_payments' : 'manual',
    staffId: scene.chance(0.3) ? scene.id(12) : null,
  };
}

export type OrderStage = 'created' | 'paid' | 'updated' | 'fulfilled' | 'partially_fulfilled' | 'cancelled';

/** A line item. `inOrder` adds the fields only the order resource carries (current quantity, staff). */
function lineItem(scene: Scene, basket: Basket, line: Line, state: { fulfilled: boolean; cancelled: boolean }, inOrder: boolean, staffId: number | null = null): JsonObject {
  const open = state.fulfilled || state.cancelled ? 0 : line.quantity;
  const item: JsonObject = { id: line.id, admin_graphql_api_id: scene.gid('LineItem', line.id) };
  if (inOrder) {
    item.attributed_staffs = staffId === null ? [] : [{ id: scene.gid('StaffMember', staffId), quantity: line.quantity }];
    item.current_quantity = state.cancelled ? 0 : line.quantity;
  }
  item.fulfillable_quantity = open;
  item.fulfillment_service = 'manual';
  item.fulfillment_status = state.fulfilled ? 'fulfilled' : null;
  item.gift_card = false;
  item.grams = line.grams;
  item.name = lineName(line);
  item.price = money(line.price);
  item.price_set = scene.set(line.price);
  item.product_exists = true;
  item.product_id = line.productId;
  item.properties = [];
  item.quantity = line.quantity;
  item.requires_shipping = true;
  if (inOrder) item.sales_line_item_group_id = null;
  item.sku = line.sku;
  item.taxable = true;
  item.title = line.productTitle;
  item.total_discount = '0.00';
  item.total_discount_set = scene.set(0);
  item.variant_id = line.variantId;
  item.variant_inventory_management = 'shopify';
  item.variant_title = line.variantTitle;
  item.vendor = line.vendor;
  item.tax_lines = taxLines(scene, basket, line.tax);
  item.duties = [];
  item.discount_allocations = discountAllocations(scene, line);
  return item;
}

function tracking(scene: Scene): { company: string; number: string; url: string } {
  const carrier = scene.pick(CARRIERS);
  const number = carrier.name === 'UPS' ? `1Z${scene.code(16)}` : `${carrier.prefix}${scene.digits(carrier.digits)}`;
  return { company: carrier.name, number, url: carrier.url + number };
}

export interface FulfillmentOptions {
  readonly id: number;
  readonly index: number;
  readonly lines: readonly Line[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly shipmentStatus: string | null;
  /** `null` in `fulfillments/*` bodies, `{}` in an order's `fulfillments[]`. */
  readonly originAddress?: JsonObject | null;
}

/** A fulfillment of some of a sale's lines, as `fulfillments/*` send it and `order.fulfillments[]` holds it. */
export function fulfillment(scene: Scene, s: Sale, options: FulfillmentOptions): JsonObject {
  const track = tracking(scene);
  return {
    id: options.id,
    order_id: s.orderId,
    status: 'success',
    created_at: scene.time(options.createdAt),
    service: 'manual',
    updated_at: scene.time(options.updatedAt),
    tracking_company: track.company,
    shipment_status: options.shipmentStatus,
    location_id: scene.shop.primaryLocationId,
    origin_address: options.originAddress ?? null,
    email: s.buyer.email,
    destination: orderAddress(s.buyer),
    line_items: options.lines.map((line) => lineItem(scene, s.basket, line, { fulfilled: true, cancelled: false }, false)),
    tracking_number: track.number,
    tracking_numbers: [track.number],
    tracking_url: track.url,
    tracking_urls: [track.url],
    receipt: {},
    name: `${s.name}.${options.index}`,
    admin_graphql_api_id: scene.gid('Fulfillment', options.id),
  };
}

/** The order resource at `stage`. */
export function order(scene: Scene, s: Sale, stage: OrderStage, updatedAt: number): JsonObject {
  const b = s.basket;
  const cancelled = stage === 'cancelled';
  const paid = stage !== 'created' && stage !== 'cancelled' ? true : stage === 'created' && s.gateway === 'shopify_payments';
  const financialStatus = cancelled ? 'voided' : paid ? 'paid' : 'pending';
  const fulfilledCount = stage === 'fulfilled' ? b.lines.length : stage === 'partially_fulfilled' ? Math.max(1, b.lines.length - 1) : 0;
  const fulfilledLines = b.lines.slice(0, fulfilledCount);
  const fulfillments =
    fulfilledCount > 0
      ? [fulfillment(scene, s, { id: scene.id(13), index: 1, lines: fulfilledLines, createdAt: updatedAt, updatedAt, shipmentStatus: null, originAddress: {} })]
      : [];
  const current = cancelled ? { subtotal: 0, discounts: 0, tax: 0, total: 0, shipping: 0 } : { subtotal: b.subtotal, discounts: b.discounts, tax: b.tax, total: b.total, shipping: b.shipping.price };
  const cancelledAt = cancelled ? scene.time(updatedAt) : null;
  const created = scene.time(s.createdAt);
  const buyer = s.buyer;
  const browserIp = `${scene.int(23, 223)}.${scene.int(0, 255)}.${scene.int(0, 255)}.${scene.int(1, 254)}`;
  const gatewayNames = s.gateway === 'manual' ? ['manual'] : ['shopify_payments'];
  const discountCode = b.discount;
  return {
    id: s.orderId,
    admin_graphql_api_id: scene.gid('Order', s.orderId),
    app_id: 580111,
    browser_ip: browserIp,
    buyer_accepts_marketing: buyer.acceptsMarketing,
    cancel_reason: cancelled ? scene.pick(CANCEL_REASONS) : null,
    cancelled_at: cancelledAt,
    cart_token: s.cartToken,
    checkout_id: s.checkoutId,
    checkout_token: s.checkoutToken,
    client_details: {
      accept_language: 'en-US,en;q=0.9',
      browser_height: null,
      browser_ip: browserIp,
      browser_width: null,
      session_hash: null,
      user_agent: scene.pick(USER_AGENTS),
    },
    closed_at: cancelledAt,
    company: null,
    confirmation_number: scene.upper(9),
    confirmed: true,
    contact_email: buyer.email,
    created_at: created,
    currency: CURRENCY,
    current_shipping_price_set: scene.set(current.shipping),
    current_subtotal_price: money(current.subtotal),
    current_subtotal_price_set: scene.set(current.subtotal),
    current_total_additional_fees_set: null,
    current_total_discounts: money(current.discounts),
    current_total_discounts_set: scene.set(current.discounts),
    current_total_duties_set: null,
    current_total_price: money(current.total),
    current_total_price_set: scene.set(current.total),
    current_total_tax: money(current.tax),
    current_total_tax_set: scene.set(current.tax),
    customer_locale: 'en-US',
    device_id: null,
    discount_codes: discountCode ? [{ code: discountCode.code, amount: money(b.discounts), type: 'percentage' }] : [],
    duties_included: false,
    email: buyer.email,
    estimated_taxes: false,
    financial_status: financialStatus,
    fulfillment_status: stage === 'fulfilled' ? 'fulfilled' : stage === 'partially_fulfilled' ? 'partial' : null,
    landing_site: '/',
    landing_site_ref: null,
    location_id: null,
    merchant_business_entity_id: Buffer.from(String(scene.shop.id)).toString('base64').replace(/=+$/, ''),
    merchant_of_record_app_id: null,
    name: s.name,
    note: null,
    note_attributes: [],
    number: s.number,
    order_number: s.orderNumber,
    order_status_url: `https://${scene.shop.domain}/${scene.shop.id}/orders/${s.token}/authenticate?key=${scene.hex(32)}`,
    original_total_additional_fees_set: null,
    original_total_duties_set: null,
    payment_gateway_names: gatewayNames,
    phone: null,
    po_number: null,
    presentment_currency: CURRENCY,
    processed_at: scene.time(s.processedAt),
    reference: s.reference,
    referring_site: scene.pick(REFERRERS),
    source_identifier: s.reference,
    source_name: 'web',
    source_url: null,
    subtotal_price: money(b.subtotal),
    subtotal_price_set: scene.set(b.subtotal),
    tags: '',
    tax_exempt: false,
    tax_lines: taxLines(scene, b, b.tax),
    taxes_included: false,
    test: false,
    token: s.token,
    total_cash_rounding_payment_adjustment_set: scene.set(0),
    total_cash_rounding_refund_adjustment_set: scene.set(0),
    total_discounts: money(b.discounts),
    total_discounts_set: scene.set(b.discounts),
    total_line_items_price: money(b.lineItemsTotal),
    total_line_items_price_set: scene.set(b.lineItemsTotal),
    total_outstanding: financialStatus === 'pending' ? money(b.total) : '0.00',
    total_price: money(b.total),
    total_price_set: scene.set(b.total),
    total_shipping_price_set: scene.set(b.shipping.price),
    total_tax: money(b.tax),
    total_tax_set: scene.set(b.tax),
    total_tip_received: '0.00',
    total_weight: b.weight,
    updated_at: scene.time(updatedAt),
    user_id: null,
    billing_address: orderAddress(s.billTo),
    customer: customer(scene, buyer, { state: 'disabled', updatedAt, full: false }),
    discount_applications: discountCode
      ? [
          {
            target_type: 'line_item',
            type: 'discount_code',
            value: `${discountCode.percent}.0`,
            value_type: 'percentage',
            allocation_method: 'across',
            target_selection: 'all',
            code: discountCode.code,
          },
        ]
      : [],
    fulfillments,
    line_items: b.lines.map((line, i) => lineItem(scene, b, line, { fulfilled: i < fulfilledCount, cancelled }, true, s.staffId)),
    payment_terms: null,
    refunds: [],
    shipping_address: orderAddress(buyer),
    shipping_lines: [
      {
        id: b.shipping.id,
        carrier_identifier: b.shipping.carrier,
        code: b.shipping.title,
        current_discounted_price_set: scene.set(current.shipping),
        discounted_price: money(b.shipping.price),
        discounted_price_set: scene.set(b.shipping.price),
        is_removed: false,
        phone: null,
        price: money(b.shipping.price),
        price_set: scene.set(b.shipping.price),
        requested_fulfillment_service_id: null,
        source: 'shopify',
        title: b.shipping.title,
        tax_lines: [],
        discount_allocations: [],
      },
    ],
    returns: [],
    line_item_groups: [],
  };
}

/** `orders/edited`: the committed edit, not the order. */
export function orderEdit(scene: Scene, s: Sale): JsonObject {
  const mode = scene.int(0, 2);
  const removed = s.basket.lines[0]!;
  const additions = mode === 1 ? [] : [{ id: scene.id(14), delta: 1 }];
  const removals = mode === 0 ? [] : [{ id: removed.id, delta: removed.quantity }];
  const committed = scene.nowSec;
  return {
    order_edit: {
      id: scene.id(13),
      app_id: null,
      created_at: scene.time(committed - scene.int(20, 600) * 1000),
      committed_at: scene.time(committed),
      notify_customer: scene.chance(0.5),
      order_id: s.orderId,
      staff_note: '',
      user_id: scene.id(11),
      line_items: { additions, removals },
      discounts: { line_item: { additions: [], removals: [] } },
      shipping_lines: { additions: [], removals: [] },
    },
  };
}

interface Card {
  readonly company: string;
  readonly method: string;
  readonly masked: string;
  readonly bin: string;
}

function card(scene: Scene): Card {
  const last4 = scene.digits(4);
  const brand = scene.int(0, 5);
  if (brand === 5) return { company: 'American Express', method: 'american_express', masked: `•••• •••••• •${last4}`, bin: `37${scene.digits(4)}` };
  if (brand >= 3) return { company: 'Mastercard', method: 'master', masked: `•••• •••• •••• ${last4}`, bin: `5${scene.int(1, 5)}${scene.digits(4)}` };
  return { company: 'Visa', method: 'visa', masked: `•••• •••• •••• ${last4}`, bin: `4${scene.digits(5)}` };
}

export interface TransactionOptions {
  readonly id: number;
  readonly kind: 'authorization' | 'capture' | 'sale' | 'refund' | 'void';
  readonly amount: number;
  readonly parentId: number | null;
  readonly createdAt: number;
}

/** An order transaction; card details only for Shopify Payments. */
export function transaction(scene: Scene, s: Sale, options: TransactionOptions): JsonObject {
  const manual = s.gateway === 'manual';
  const at = scene.time(options.createdAt);
  const paymentCard = manual ? null : card(scene);
  const unsettled = options.kind === 'authorization' ? options.amount : 0;
  const body: JsonObject = {
    id: options.id,
    order_id: s.orderId,
    kind: options.kind,
    gateway: s.gateway,
    status: 'success',
    message: manual ? 'Marked the manual payment as received' : 'Transaction approved',
    created_at: at,
    test: false,
    authorization: manual ? null : scene.code(14),
    location_id: null,
    user_id: null,
    parent_id: options.parentId,
    processed_at: at,
    device_id: null,
    error_code: null,
    source_name: 'web',
  };
  if (paymentCard) {
    body.payment_details = {
      credit_card_bin: paymentCard.bin,
      avs_result_code: 'Y',
      cvv_result_code: 'M',
      credit_card_number: paymentCard.masked,
      credit_card_company: paymentCard.company,
      buyer_action_info: null,
      credit_card_name: `${s.billTo.first} ${s.billTo.last}`,
      credit_card_wallet: null,
      credit_card_expiration_month: scene.int(1, 12),
      credit_card_expiration_year: new Date(scene.now).getUTCFullYear() + scene.int(1, 5),
      payment_method_name: paymentCard.method,
    };
  }
  body.receipt = {};
  body.amount = money(options.amount);
  body.currency = CURRENCY;
  body.payment_id = `c${s.checkoutId}.1`;
  body.total_unsettled_set = {
    presentment_money: { amount: money(unsettled), currency: CURRENCY },
    shop_money: { amount: money(unsettled), currency: CURRENCY },
  };
  body.manual_payment_gateway = manual;
  body.amount_rounding = null;
  body.admin_graphql_api_id = scene.gid('OrderTransaction', options.id);
  return body;
}

/** `refunds/create`: some lines refunded, the money sent back in one refund transaction. */
export function refund(scene: Scene, s: Sale): JsonObject {
  const id = scene.id(12);
  const restock = scene.chance(0.5);
  const refunded = s.basket.lines.slice(0, scene.int(1, s.basket.lines.length));
  let amount = 0;
  const refundLineItems = refunded.map((line) => {
    const subtotal = line.price * line.quantity - line.discount;
    amount += subtotal + line.tax;
    return {
      id: scene.id(12),
      quantity: line.quantity,
      line_item_id: line.id,
      location_id: restock ? scene.shop.primaryLocationId : null,
      restock_type: restock ? 'return' : 'no_restock',
      subtotal: subtotal / 100,
      total_tax: line.tax / 100,
      subtotal_set: scene.set(subtotal),
      total_tax_set: scene.set(line.tax),
      line_item: lineItem(scene, s.basket, line, { fulfilled: true, cancelled: false }, false),
    };
  });
  const at = scene.time(scene.nowSec);
  return {
    id,
    order_id: s.orderId,
    created_at: at,
    note: scene.pick(REFUND_NOTES),
    user_id: scene.id(11),
    processed_at: at,
    duties: [],
    total_duties_set: scene.set(0),
    return: null,
    restock,
    refund_shipping_lines: [],
    admin_graphql_api_id: scene.gid('Refund', id),
    order_adjustments: [],
    refund_line_items: refundLineItems,
    transactions: [transaction(scene, s, { id: scene.id(13), kind: 'refund', amount, parentId: scene.id(13), createdAt: scene.nowSec })],
  };
}

/** A draft order: `#D12`, open or with its invoice sent. */
export function draftOrder(scene: Scene, createdAt: number, updatedAt: number, invoiceSent: boolean): JsonObject {
  const id = scene.id(13);
  const buyer = person(scene);
  const b = basket(scene, buyer);
  const updated = scene.time(updatedAt);
  return {
    id,
    note: null,
    email: buyer.email,
    taxes_included: false,
    currency: CURRENCY,
    invoice_sent_at: invoiceSent ? updated : null,
    created_at: scene.time(createdAt),
    updated_at: updated,
    tax_exempt: false,
    completed_at: null,
    name: `#D${scene.int(1, 480)}`,
    'allow_discount_codes_in_checkout?': false,
    'b2b?': false,
    status: invoiceSent ? 'invoice_sent' : 'open',
    line_items: b.lines.map((line) => {
      const lineId = scene.id(14);
      return {
        id: lineId,
        variant_id: line.variantId,
        product_id: line.productId,
        title: line.productTitle,
        variant_title: line.variantTitle,
        sku: line.sku,
        vendor: line.vendor,
        quantity: line.quantity,
        requires_shipping: true,
        taxable: true,
        gift_card: false,
        fulfillment_service: 'manual',
        grams: line.grams,
        tax_lines: b.taxRate === 0 ? [] : [{ rate: b.taxRate, title: b.taxTitle, price: money(line.tax) }],
        applied_discount:
          line.discount === 0
            ? null
            : { description: b.discount!.code, value: `${b.discount!.percent}.0`, title: b.discount!.code, amount: money(line.discount), value_type: 'percentage' },
        name: lineName(line),
        properties: [],
        custom: false,
        price: money(line.price),
        admin_graphql_api_id: scene.gid('DraftOrderLineItem', lineId),
      };
    }),
    api_client_id: null,
    shipping_address: orderAddress(buyer),
    billing_address: orderAddress(buyer),
    invoice_url: `https://${scene.shop.domain}/${scene.shop.id}/invoices/${scene.hex(32)}`,
    created_on_api_version_handle: null,
    applied_discount: null,
    order_id: null,
    shipping_line: { title: b.shipping.title, custom: false, handle: `shopify-${b.shipping.title.replace(/ /g, '%20')}-${money(b.shipping.price)}`, price: money(b.shipping.price) },
    tax_lines: b.taxRate === 0 ? [] : [{ rate: b.taxRate, title: b.taxTitle, price: money(b.tax) }],
    tags: '',
    note_attributes: [],
    total_price: money(b.total),
    subtotal_price: money(b.subtotal),
    total_tax: money(b.tax),
    payment_terms: null,
    admin_graphql_api_id: scene.gid('DraftOrder', id),
    customer: customer(scene, buyer, { state: 'disabled', updatedAt, full: false }),
  };
}
