/**
 * A billing webhook handler that keeps subscriptions and counts paid invoices, verified with the
 * official `stripe` package. `createBilling({ dedupe, ordered })` builds it with or without its two
 * defences: `dedupe` remembers the event ids it has applied (Stripe may send an event more than once),
 * `ordered` keeps a subscription's newest state by the event's `created` time (Stripe does not
 * guarantee order). Without either, a duplicate counts an invoice twice, or a late
 * `customer.subscription.created` overwrites the `active` status its later update set.
 */
import Stripe from 'stripe';

export interface BillingState {
  subscriptions: Record<string, string>;
  paidInvoices: number;
}

export function createBilling({ dedupe, ordered }: { dedupe: boolean; ordered: boolean }) {
  const applied = new Set<string>();
  const subscriptions = new Map<string, { status: string; at: number }>();
  let paidInvoices = 0;

  async function POST(request: Request): Promise<Response> {
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(await request.text(), request.headers.get('stripe-signature') ?? '', process.env.STRIPE_WEBHOOK_SECRET!);
    } catch (error) {
      return Response.json({ error: (error as Error).message }, { status: 400 });
    }
    if (dedupe && applied.has(event.id)) return Response.json({ duplicate: event.id });
    applied.add(event.id);
    if (event.type === 'invoice.paid') paidInvoices += 1;
    if (event.type.startsWith('customer.subscription.')) {
      const subscription = event.data.object as Stripe.Subscription;
      const known = subscriptions.get(subscription.id);
      if (!ordered || known === undefined || event.created >= known.at) subscriptions.set(subscription.id, { status: subscription.status, at: event.created });
    }
    return Response.json({ received: event.id });
  }

  return {
    POST,
    state: (): BillingState => ({ subscriptions: Object.fromEntries([...subscriptions].map(([id, s]) => [id, s.status])), paidInvoices }),
    reset: () => {
      applied.clear();
      subscriptions.clear();
      paidInvoices = 0;
    },
  };
}
