/**
 * A subscription business on Express: `POST /checkout` opens a Stripe Checkout Session for a plan, and
 * the webhook route (verified with the official `stripe` package) fulfils it. A completed checkout
 * grants access until the period's end, a paid renewal extends it, a failed one marks the account past
 * due, and a deleted subscription revokes it.
 */
import express from 'express';
import Stripe from 'stripe';

/** What a customer may use, by Stripe customer id. */
export interface Access {
  subscription: string;
  status: 'active' | 'past_due';
  /** The end of the paid period, epoch seconds. */
  until: number;
}

export function createApp(stripe: Stripe, webhookSecret: string): { app: express.Express; access: Map<string, Access> } {
  const access = new Map<string, Access>();
  const app = express();

  app.post('/checkout', express.json(), async (req, res) => {
    const { customer, price } = req.body as { customer: string; price: string };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      success_url: 'https://example.com/thanks',
    });
    res.json({ id: session.id, url: session.url });
  });

  app.post('/webhooks/stripe', express.raw({ type: 'application/json' }), async (req, res) => {
    let event: Stripe.Event;
    try {
      // express.raw() leaves the bytes as they came, which is what the signature covers.
      const body: unknown = req.body;
      event = stripe.webhooks.constructEvent(Buffer.isBuffer(body) ? body : '', req.get('stripe-signature') ?? '', webhookSecret);
    } catch {
      res.status(400).json({ error: 'invalid signature' });
      return;
    }
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription') break;
        // The session names the subscription; its period comes from Stripe, as production code reads it.
        const subscription = await stripe.subscriptions.retrieve(String(session.subscription));
        access.set(String(session.customer), { subscription: subscription.id, status: 'active', until: subscription.items.data[0]!.current_period_end });
        break;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const current = access.get(String(invoice.customer));
        if (current) access.set(String(invoice.customer), { ...current, status: 'active', until: invoice.lines.data[0]!.period.end });
        break;
      }
      case 'invoice.payment_failed': {
        const current = access.get(String(event.data.object.customer));
        if (current) current.status = 'past_due';
        break;
      }
      case 'customer.subscription.deleted':
        access.delete(String(event.data.object.customer));
        break;
    }
    res.json({ received: true });
  });

  return { app, access };
}
