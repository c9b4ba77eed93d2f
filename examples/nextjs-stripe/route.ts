/**
 * A Next.js App Router route (`app/api/webhooks/stripe/route.ts`) that verifies Stripe webhooks
 * with the official `stripe` package: the raw body and the Stripe-Signature header.
 */
import Stripe from 'stripe';

const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_placeholder');

export async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, request.headers.get('stripe-signature') ?? '', process.env.STRIPE_WEBHOOK_SECRET!);
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 400 });
  }
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    return Response.json({ paid: intent.id, amount: intent.amount });
  }
  return Response.json({ ignored: event.type });
}
