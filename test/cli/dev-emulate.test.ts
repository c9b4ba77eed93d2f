/**
 * `relay dev --emulate`: Stripe's API beside the reference service, its webhooks delivered to the
 * service's own mount and accepted there (signed with the secret the service verifies with, fresh for
 * the run when STRIPE_WEBHOOK_SECRET is unset), stored as executions.
 */
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, project, relay, startDev, until } from './bin.js';

afterEach(cleanUp);

interface Listed {
  items: { id: string; eventType: string; status: string }[];
}

describe('relay dev --emulate', () => {
  it.each([
    ['with STRIPE_WEBHOOK_SECRET set', { STRIPE_WEBHOOK_SECRET: 'whsec_devemulate' }],
    ['with no secret set (a fresh one for the run)', {}],
  ])('delivers a Stripe API write back to the service as an accepted execution, %s', async (_, env) => {
    const dev = await startDev(project(), env, ['--emulate', '--emulate-port', '0']);
    const printed = /emulator: (http:\/\/\S+)/.exec(dev.stdout())![1]!;
    expect(dev.stdout()).toContain(`webhooks → ${dev.url}/api/webhook/stripe`);
    expect(dev.stdout()).toContain(`POST ${dev.url}/api/webhook/stripe  STRIPE_WEBHOOK_SECRET set`);
    expect(dev.stdout().includes('STRIPE_WEBHOOK_SECRET not set: the service and the emulator use a fresh secret for this run')).toBe(!('STRIPE_WEBHOOK_SECRET' in env));

    const port = Number(new URL(printed).port);
    const stripe = new Stripe('sk_test_dev', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    const customer = await stripe.customers.create({ email: 'dev@example.com' });
    const listed = await until(async () => {
      const page = (await (await fetch(`${dev.url}/api/executions?type=stripe.*`)).json()) as Listed;
      return page.items.length > 0 ? page : undefined;
    }, 'the execution');
    expect(listed.items.map((e) => e.eventType)).toEqual(['stripe.customer.created']);
    const execution = (await (await fetch(`${dev.url}/api/executions/${listed.items[0]!.id}`)).json()) as { event: unknown };
    expect(JSON.stringify(execution)).toContain(customer.id);
    dev.child.kill('SIGTERM');
    expect(await dev.exit).toBe(0);
  });

  it('refuses a bad --emulate-port in one line, exit 2', async () => {
    const result = await relay(['dev', '--dir', project(), '--port', '0', '--emulate', '--emulate-port', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('relay: --emulate-port must be a whole number from 0 to 65535, got "x".\n');
  });
});
