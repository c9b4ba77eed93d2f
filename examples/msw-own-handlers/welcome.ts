/**
 * A Stripe webhook route that calls Stripe back: on `customer.created` it reads the customer and
 * gives a new customer a welcome credit on their balance. Reading the customer is answered by
 * `relaykit/msw`; the balance transaction is an endpoint relaykit does not mock, so the tests add
 * a handler of their own for it, with their own msw.
 */
import Stripe from 'stripe';

const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_placeholder', { maxNetworkRetries: 0 });

/** The welcome credit, in cents (a negative balance is a credit). */
export const WELCOME_CREDIT = -500;

export async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, request.headers.get('stripe-signature') ?? '', process.env.STRIPE_WEBHOOK_SECRET!);
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 400 });
  }
  if (event.type !== 'customer.created') return Response.json({ ignored: event.type });
  const customer = await stripe.customers.retrieve(event.data.object.id);
  if (customer.deleted) return Response.json({ credited: false, reason: 'customer deleted' });
  const credit = await stripe.customers.createBalanceTransaction(customer.id, {
    amount: WELCOME_CREDIT,
    currency: 'usd',
    description: `Welcome credit for ${customer.email}`,
  });
  return Response.json({ credited: true, transaction: credit.id, balance: credit.ending_balance });
}
