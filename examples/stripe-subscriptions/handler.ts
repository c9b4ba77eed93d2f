/**
 * Subscription fulfilment with Stripe Checkout: a webhook route that verifies the delivery with the
 * official `stripe` package, then calls Stripe back for the subscription and the customer and grants
 * access to what the customer pays for. Renewals (`invoice.paid`) extend it; a canceled subscription
 * (`customer.subscription.deleted`) ends it.
 */
import Stripe from 'stripe';

const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_placeholder');

export interface Entitlement {
  subscription: string;
  price: string;
  email: string | null;
  /** Unix seconds: the end of the paid period. */
  until: number;
}

/** Access by Stripe customer id (your database in a real app). */
export const entitlements = new Map<string, Entitlement>();

const idOf = (value: string | { id: string }): string => (typeof value === 'string' ? value : value.id);

async function provision(subscriptionId: string, customerId: string): Promise<void> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const customer = await stripe.customers.retrieve(customerId);
  if (customer.deleted || subscription.status !== 'active') return;
  const item = subscription.items.data[0]!;
  entitlements.set(customer.id, { subscription: subscription.id, price: item.price.id, email: customer.email, until: item.current_period_end });
}

export async function POST(request: Request): Promise<Response> {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(await request.text(), request.headers.get('stripe-signature') ?? '', process.env.STRIPE_WEBHOOK_SECRET!);
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 400 });
  }
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription' && session.payment_status === 'paid') await provision(idOf(session.subscription!), idOf(session.customer!));
      break;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscription = invoice.parent?.subscription_details?.subscription;
      if (subscription) await provision(idOf(subscription), idOf(invoice.customer!));
      break;
    }
    case 'customer.subscription.deleted':
      entitlements.delete(idOf(event.data.object.customer));
      break;
  }
  return Response.json({ received: event.type });
}
