/**
 * Stripe webhooks, verified as Stripe documents it: `constructEvent` over the raw body Nest keeps
 * (`rawBody: true`) and the Stripe-Signature header.
 */
import { BadRequestException, Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import Stripe from 'stripe';

@Controller('webhooks/stripe')
export class StripeWebhookController {
  private readonly stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_placeholder');
  /** The amount of each PaymentIntent paid so far, by id: what the app has fulfilled. */
  readonly paid = new Map<string, number>();

  @Post()
  @HttpCode(200)
  receive(@Req() request: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string) {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(request.rawBody ?? '', signature ?? '', process.env.STRIPE_WEBHOOK_SECRET!);
    } catch (error) {
      throw new BadRequestException((error as Error).message);
    }
    if (event.type === 'payment_intent.succeeded') {
      this.paid.set(event.data.object.id, event.data.object.amount);
      return { paid: event.data.object.id, amount: event.data.object.amount };
    }
    return { ignored: event.type };
  }
}
