/**
 * An example relay.ts: the service `relay dev` serves. Copy it beside your project's package.json,
 * set the secrets your senders use (STRIPE_WEBHOOK_SECRET, …), and run `npx relay dev`.
 *
 * Each handler does its work in named steps: a retry of a failed execution skips the steps that
 * already completed and hands back their recorded results.
 */
import { createRelay, definePlugin, permissiveVerify } from 'relaykit';

interface StripeEvent {
  data: { object: { id: string; amount: number; currency: string; receipt_email: string | null; metadata: Record<string, string> } };
}

export default createRelay({
  // A custom sender: POST { "type": "order.paid", "data": { … } } to /api/webhook/acme.
  plugins: [definePlugin({ id: 'acme', verify: permissiveVerify() })],
  handlers: {
    'stripe.payment_intent.succeeded': async (event, { step, log }) => {
      const intent = (event.data as StripeEvent).data.object;
      const order = await step.run('mark-order-paid', () => ({
        orderId: intent.metadata.orderId ?? null,
        paid: `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`,
      }));
      await step.run('send-receipt', () => ({ to: intent.receipt_email }));
      log('payment recorded', order);
    },

    'github.pull_request.*': async (event, { step, log }) => {
      const { action, number } = event.data as { action: string; number: number };
      await step.run('label', () => ({ pullRequest: number, label: action === 'opened' ? 'needs-review' : null }));
      log(`pull request #${number} ${action}`);
    },

    'clerk.user.created': async (event, { step }) => {
      const user = (event.data as { data: { id: string } }).data;
      await step.run('create-profile', () => ({ profileFor: user.id }));
    },

    'acme.*': async (event, { log }) => {
      log(`acme sent ${event.type}`, event.data as Record<string, unknown>);
    },

    '*': (event, { log }) => {
      log(`no handler of its own for ${event.type}`);
    },
  },
});
