/**
 * A test worker in a process of its own that uses the run's emulator: it learns it from the context
 * file only, pays through stripe-node at the emulator's client options, sends an email through the
 * Resend SDK with no option at all (RESEND_BASE_URL), waits until the emulator has settled, and prints
 * what the run's service stored and what the emulator says it sent, as JSON.
 */
import { Resend } from 'resend';
import Stripe from 'stripe';
import { createRelayFixture, readTestContext } from '../../../src/testing/index.js';

const context = readTestContext();
if (!context) throw new Error('no RELAYKIT_CONTEXT_FILE in the worker env');
const relay = createRelayFixture(context);
const stripe = new Stripe('sk_test_123', relay.emulator.clientOptions('stripe'));
const intent = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd', confirm: true, payment_method: 'pm_card_visa' });
const email = await new Resend('re_123456789').emails.send({ from: 'Acme <billing@acme.dev>', to: ['delivered@resend.dev'], subject: 'Receipt', text: 'Paid.' });
await relay.emulator.settled();
const stored = await relay.executions();
const sent = await relay.emulator.deliveries();
process.stdout.write(
  JSON.stringify({
    intent: intent.id,
    email: email.data?.id ?? email.error,
    stored: stored.map((execution) => `${execution.eventType} ${execution.status}`).sort(),
    sent: sent.map((delivery) => `${delivery.type} ${delivery.status} ${delivery.endpoint.url.replace(context.url, '<service>')}`),
  }),
);
