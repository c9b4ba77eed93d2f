/**
 * An Express app that verifies Stripe webhooks with the official `stripe` package: `constructEvent`
 * over the raw body (`express.raw`) and the Stripe-Signature header.
 */
import express from 'express';
import Stripe from 'stripe';

const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_placeholder');

export function createApp() {
  const app = express();
  /** The amount of each PaymentIntent paid so far, by id: what the app has fulfilled. */
  app.locals.paid = new Map();
  app.post('/webhooks/stripe', express.raw({ type: '*/*' }), (req, res) => {
    let event;
    try {
      event = stripe.webhooks.constructEvent(req.body, req.get('stripe-signature') ?? '', process.env.STRIPE_WEBHOOK_SECRET);
    } catch (error) {
      res.status(400).json({ error: error.message });
      return;
    }
    if (event.type === 'payment_intent.succeeded') {
      app.locals.paid.set(event.data.object.id, event.data.object.amount);
      res.json({ paid: event.data.object.id, amount: event.data.object.amount });
      return;
    }
    res.json({ ignored: event.type });
  });
  return app;
}
