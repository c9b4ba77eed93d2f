/**
 * Checkout Sessions as Stripe test mode makes them: `POST /v1/checkout/sessions` in payment or
 * subscription mode with `line_items[n][price]`/`[quantity]` (no event: Stripe has no
 * `checkout.session.created`), and `POST /v1/checkout/sessions/:id/expire`
 * (`checkout.session.expired`, the stripe-cli fixture of that name). Retrieve and the line items
 * are served from the world by the generic reads (`LINE_ITEMS_KIND`).
 */
import type { Obj, RouteHandler } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { LINE_ITEMS_KIND } from '../resources.js';
import { formBody } from '../write.js';
import { badParam, badState, integer, metadata, missingParam, ordered, refuseUnknown, save, seconds, text } from './params.js';
import { intervalOf } from './periods.js';
import { itemPrices } from './subscriptions.js';

const CREATE = [
  'mode', 'line_items', 'success_url', 'cancel_url', 'customer', 'customer_email', 'client_reference_id', 'metadata', 'expires_at',
  'subscription_data', 'payment_method_types', 'customer_creation', 'ui_mode', 'allow_promotion_codes', 'submit_type', 'locale', 'return_url',
];
const DAY = 86_400;

/** The line item Checkout shows for a price × quantity. */
function sessionLine(id: string, price: Obj, quantity: number, description: string): Obj {
  const amount = Number(price.unit_amount) * quantity;
  return {
    id,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description,
    metadata: {},
    price,
    quantity,
  };
}

/** `POST /v1/checkout/sessions`. */
export function createSession(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, CREATE);
    if (refused) return refused;
    const mode = text(body, 'mode');
    if (!mode) return missingParam('mode');
    if (!['payment', 'subscription'].includes(mode)) return badParam('mode', 'Invalid mode: the emulated Checkout takes payment or subscription.');
    const items = itemPrices(world, body.line_items, 'line_items');
    if (items instanceof Response) return items;
    for (const [index, { price }] of items.entries()) {
      const recurring = intervalOf(price) !== undefined;
      if (mode === 'payment' && recurring) return badParam(`line_items[${index}][price]`, 'You must specify `mode=subscription` to use recurring prices in Checkout.');
      if (mode === 'subscription' && !recurring && index === 0) return badParam(`line_items[${index}][price]`, 'You must provide at least one recurring price in `subscription` mode when using prices.');
    }
    const customerId = text(body, 'customer');
    if (customerId) {
      const customer = world.get('stripe', 'customer', customerId);
      if (!customer || customer.deleted === true) return resourceMissing('customer', customerId, 'customer');
    }
    const created = seconds(world.now());
    const expiresAt = integer(body, 'expires_at');
    if (expiresAt instanceof Response) return expiresAt;
    if (expiresAt !== undefined && (expiresAt < created + 1800 || expiresAt > created + DAY)) {
      return badParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'parameter_invalid_integer');
    }
    const subscriptionData = (body.subscription_data ?? {}) as Obj;
    const trialDays = integer(subscriptionData, 'trial_period_days', { min: 1 });
    if (trialDays instanceof Response) return trialDays;
    const id = `cs_test_a1${world.id('', 56)}`;
    const lines = items.map(({ price, quantity }) => {
      const product = world.get('stripe', 'product', String(price.product));
      return sessionLine(world.id('li', 24), price, quantity, String(product?.name ?? price.product));
    });
    const total = lines.reduce((sum, l) => sum + Number(l.amount_total), 0);
    const session: Obj = {
      id,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: text(body, 'cancel_url') ?? null,
      client_reference_id: text(body, 'client_reference_id') ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created,
      currency: items[0]!.price.currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customerId ?? null,
      customer_account: null,
      customer_creation: mode === 'payment' && !customerId ? (text(body, 'customer_creation') ?? 'if_required') : null,
      customer_details: null,
      customer_email: text(body, 'customer_email') ?? null,
      discounts: [],
      expires_at: expiresAt ?? created + DAY,
      integration_identifier: null,
      invoice: null,
      invoice_creation: mode === 'payment' ? { enabled: false, invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null } } : null,
      livemode: false,
      locale: text(body, 'locale') ?? null,
      managed_payments: null,
      metadata: metadata({}, body.metadata),
      mode,
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: mode === 'subscription' ? 'always' : 'if_required',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      phone_number_collection: { enabled: false },
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: text(body, 'success_url') ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      wallet_options: null,
    };
    // What the buyer's completion needs and the session does not show: the trial asked for.
    if (trialDays !== undefined) world.put('stripe', SESSION_TRIAL_KIND, { id, trial_period_days: trialDays });
    world.put('stripe', LINE_ITEMS_KIND, { id, data: ordered(lines) });
    const stored = save(world, 'checkout.session', session);
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

/** Where a session's `subscription_data[trial_period_days]` is kept for its completion. */
export const SESSION_TRIAL_KIND = 'relaykit.checkout.trial';

/** `POST /v1/checkout/sessions/:id/expire`: open sessions only; `checkout.session.expired`. */
export function expireSession(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const session = world.get('stripe', 'checkout.session', id);
    if (!session) return resourceMissing('checkout.session', id);
    if (session.status !== 'open') return badState(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`);
    const expired = save(world, 'checkout.session', { ...session, status: 'expired', url: null });
    emit(world, ['checkout.session.expired'], expired);
    return stripeJson(expired);
  };
}
