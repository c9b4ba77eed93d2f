/**
 * What a buyer does on the hosted Checkout page, for tests: pay an open session with a payment
 * method. The chain, appended in one step: `customer.created` when the session makes a customer
 * (always in subscription mode; in payment mode only with `customer_creation=always`, else the
 * buyer is a guest), then the payment (payment mode: the payment intent's events through
 * `attemptPayment`) or, in subscription mode, the card saved to the customer
 * (`payment_method.attached`) and the subscription paying with it (exactly `POST /v1/subscriptions`'
 * chain), then
 * `checkout.session.completed` naming them. A declined card leaves the session open, as the page
 * does (the failed charge's events are still sent). Card payments settle at once, so no
 * `checkout.session.async_payment_*` event is sent.
 */
import { RelayError } from '../../../../core/index.js';
import type { Obj, World } from '../../../shared/api/index.js';
import { LINE_ITEMS_KIND } from '../resources.js';
import { attemptPayment, resolvePaymentMethod } from '../payments/attempt.js';
import { attachTo } from '../payments/methods.js';
import { createCustomer } from '../write.js';
import { Chain } from './chain.js';
import { SESSION_TRIAL_KIND } from './checkout-session.js';
import { nowFor, saveAndEmit } from './params.js';
import { createSubscription } from './subscriptions.js';

/** What the buyer enters. */
export interface CompleteCheckoutOptions {
  /** The payment method paid with: `pm_card_visa`, `pm_card_chargeDeclined`, or one created earlier. */
  readonly paymentMethod: string;
  /** The email typed on the page. Default: the session's `customer_email`, else `buyer@example.com`. */
  readonly email?: string;
  /** The cardholder's name. Default: null. */
  readonly name?: string | null;
}

/** How the buyer's attempt ended. */
export interface CheckoutResult {
  /** The session as stored after the attempt (`complete`, or still `open` after a decline). */
  readonly session: Obj;
  /** Stripe's card error when the payment was declined, else null. */
  readonly error: Obj | null;
}

/** Calls one of the API's handlers with a form body, in-process (the same code the route runs). */
async function call(handler: ReturnType<typeof createSubscription>, world: World, path: string, form: Record<string, string>): Promise<Obj> {
  const request = new Request(`https://api.stripe.com${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  const answer = await handler(request, {}, world);
  const body = (await answer!.json()) as Obj;
  if (!answer!.ok) throw new RelayError('INVALID_DATA', `completeCheckout: ${path} answered ${answer!.status}: ${JSON.stringify(body.error)}`);
  return body;
}

/**
 * Completes an open Checkout Session as the buyer would, appending the events Stripe sends.
 * @example
 * const { session } = await completeCheckout(world, 'cs_test_a1…', { paymentMethod: 'pm_card_visa' });
 * session.status; // 'complete'
 */
export async function completeCheckout(world: World, sessionId: string, options: CompleteCheckoutOptions): Promise<CheckoutResult> {
  const session = world.get('stripe', 'checkout.session', sessionId);
  if (!session) throw new RelayError('NOT_FOUND', `completeCheckout: no Checkout Session ${sessionId} in this world. Create one with stripe.checkout.sessions.create first.`);
  if (session.status !== 'open') throw new RelayError('CONFLICT', `completeCheckout: the Checkout Session ${sessionId} is ${String(session.status)}; only an open session can be completed.`);
  if (typeof options?.paymentMethod !== 'string' || options.paymentMethod === '') {
    throw new RelayError('INVALID_OPTION', `completeCheckout: paymentMethod must be a payment method id such as "pm_card_visa", got ${JSON.stringify(options?.paymentMethod)}.`);
  }
  const chain = new Chain(world);
  const email = options.email ?? (session.customer_email as string | null) ?? 'buyer@example.com';
  const name = options.name ?? null;
  let customer = session.customer as string | null;
  if (!customer && (session.mode === 'subscription' || session.customer_creation === 'always')) {
    const form: Record<string, string> = { email };
    if (name) form.name = name;
    customer = String((await call(createCustomer(), chain.world, '/v1/customers', form)).id);
  }
  const at = nowFor(world, customer);
  const details = { address: null, business_name: null, email, individual_name: null, name, phone: null, tax_exempt: 'none', tax_ids: [] };
  let done: Obj | null = null;
  let error: Obj | null = null;
  if (session.mode === 'subscription') {
    const lines = (world.get('stripe', LINE_ITEMS_KIND, sessionId)?.data as Obj[] | undefined) ?? [];
    const method = resolvePaymentMethod(world, options.paymentMethod);
    if (!method) throw new RelayError('INVALID_OPTION', `completeCheckout: no payment method ${options.paymentMethod}; use a test one such as "pm_card_visa".`);
    const attached = attachTo(chain.world, method, customer!, at * 1000);
    if ('error' in attached) {
      // The card is refused when saved: the page shows the error and the session stays open.
      chain.commit();
      return { session, error: attached.error as Obj };
    }
    const form: Record<string, string> = { customer: customer!, default_payment_method: String(attached.id) };
    lines.forEach((line, i) => {
      form[`items[${i}][price]`] = String((line.price as Obj).id);
      form[`items[${i}][quantity]`] = String(line.quantity);
    });
    const trial = world.get('stripe', SESSION_TRIAL_KIND, sessionId)?.trial_period_days;
    if (typeof trial === 'number') form.trial_period_days = String(trial);
    for (const [k, v] of Object.entries((session.metadata as Obj) ?? {})) form[`metadata[${k}]`] = String(v);
    const subscription = await call(createSubscription(), chain.world, '/v1/subscriptions', form);
    if (subscription.status === 'incomplete') {
      const invoice = world.get('stripe', 'invoice', String(subscription.latest_invoice));
      error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', invoice: invoice?.id ?? null };
    } else {
      const paid = subscription.status === 'trialing' ? 'no_payment_required' : 'paid';
      done = { customer, subscription: subscription.id, invoice: subscription.latest_invoice, payment_status: paid };
    }
  } else {
    const attempt = attemptPayment(chain.world, {
      amount: Number(session.amount_total),
      currency: String(session.currency),
      customer,
      paymentMethod: options.paymentMethod,
      metadata: {},
      at: at * 1000,
    });
    if (attempt.outcome === 'succeeded') done = { customer, payment_intent: attempt.paymentIntent.id, payment_status: 'paid' };
    else error = attempt.error ?? { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
  }
  let stored = session;
  if (done) {
    const completed = { ...session, ...done, status: 'complete', customer_details: details, collected_information: { business_name: null, individual_name: null, shipping_details: null }, url: null };
    stored = saveAndEmit(chain.world, 'checkout.session', completed, [['checkout.session.completed']], { at: at * 1000 });
  }
  chain.commit();
  return { session: stored, error };
}
