/**
 * `relay dev --emulate`: Stripe's API beside the reference service, its webhooks delivered to the
 * service's own mount and accepted there (signed with the secret the service verifies with, fresh for
 * the run when STRIPE_WEBHOOK_SECRET is unset), stored as executions; the dashboard's "Sent by the
 * emulator" view reads what it sent through `emulatorSentSource`, the adapter the command uses.
 */
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorSentSource } from '../../src/cli/commands/dev-emulate.js';
import { createEmulator } from '../../src/emulator/index.js';
import { createRelay, MemoryStore } from '../../src/index.js';
import type { SentAnswer, SentDelivery } from '../../src/service/dashboard/wire.js';
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
    // The providers whose secret is unset are named on one line (every emulated one but those set).
    const unset = /\s(\S.*) not set: the service and the emulator use a fresh secret for this run/.exec(dev.stdout())?.[1]?.split(', ') ?? [];
    expect(unset.includes('STRIPE_WEBHOOK_SECRET')).toBe(!('STRIPE_WEBHOOK_SECRET' in env));
    expect(unset).toContain('GITHUB_WEBHOOK_SECRET');

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
    // The dashboard's "Sent by the emulator": the delivery, linked to that execution.
    const sent = await until(async () => {
      const answer = (await (await fetch(`${dev.url}/_dashboard/api/sent`)).json()) as SentAnswer;
      return answer.items[0]?.executionId ? answer : undefined;
    }, 'the sent delivery');
    expect(sent.total).toBe(1);
    expect(sent.items[0]).toMatchObject({ provider: 'stripe', type: 'customer.created', status: 'delivered', objectId: customer.id, executionId: listed.items[0]!.id });
    expect(sent.items[0]!.endpoint.url).toBe(`${dev.url}/api/webhook/stripe`);
    dev.child.kill('SIGTERM');
    expect(await dev.exit).toBe(0);
  });

  it('serves no "Sent by the emulator" without --emulate: the sent API is a 404', async () => {
    const dev = await startDev(project());
    const response = await fetch(`${dev.url}/_dashboard/api/sent`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toContain('--emulate');
    expect(((await (await fetch(`${dev.url}/_dashboard/api/catalog`)).json()) as { sent: boolean }).sent).toBe(false);
  });

  it('refuses a bad --emulate-port in one line, exit 2', async () => {
    const result = await relay(['dev', '--dir', project(), '--port', '0', '--emulate', '--emulate-port', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('relay: --emulate-port must be a whole number from 0 to 65535, got "x".\n');
  });
});

describe('emulatorSentSource: the emulator as the dashboard reads it', () => {
  it('keys each delivery once, duplicates and retries included, the same in list() as in its live updates', async () => {
    const SECRET = 'whsec_sent_source';
    const sent = emulatorSentSource();
    const service = createRelay({ dashboard: { sent: sent.source }, store: new MemoryStore(), secrets: { stripe: SECRET } });
    // Every other request is answered 500 first: some sends are retried.
    let requests = 0;
    const flaky = { fetch: (request: Request) => (++requests % 2 === 1 ? new Response('busy', { status: 500 }) : service.fetch(request)) };
    const emulator = createEmulator({ providers: ['stripe'], chaos: { duplicates: 2 }, webhooks: { stripe: { target: flaky, path: '/api/webhook/stripe', secret: SECRET } }, onAttempt: sent.onAttempt });
    sent.attach(emulator);
    const live = new Map<string, SentDelivery>();
    const stop = sent.source.subscribe((delivery) => live.set(delivery.key, delivery));
    try {
      const { url } = await emulator.listen(0);
      const stripe = new Stripe('sk_test_sentsource', { host: '127.0.0.1', port: Number(new URL(url).port), protocol: 'http', maxNetworkRetries: 0 });
      const customer = await stripe.customers.create({ email: 'source@example.com' });
      await stripe.customers.update(customer.id, { name: 'Ada' });
      await emulator.settled();
      const listed = sent.source.list();
      // Each event once, and twice again as duplicates.
      expect(listed.map((d) => `${d.type} ${d.copy}`).sort()).toEqual(
        ['customer.created', 'customer.updated'].flatMap((type) => [`${type} duplicate`, `${type} duplicate`, `${type} original`]),
      );
      expect(listed.some((d) => d.attempts.length > 1)).toBe(true);
      expect(new Set(listed.map((d) => d.key)).size).toBe(6);
      // Each delivery's last live state is what list() gives, under the same key.
      expect(Object.fromEntries(live)).toEqual(Object.fromEntries(listed.map((d) => [d.key, d])));
      expect(listed.every((d) => d.status === 'delivered' && typeof d.attempts[0]!.sentAt === 'string')).toBe(true);
      const answer = (await (await service.fetch(new Request('http://localhost/_dashboard/api/sent'))).json()) as SentAnswer;
      expect(answer.total).toBe(6);
      const executions = new Map(answer.items.map((item) => [item.deliveryId, item.executionId]));
      expect(executions.size).toBe(2);
      expect([...executions.values()].every((id) => id?.startsWith('exec_'))).toBe(true);
      expect(answer.items.every((item) => item.executionId === executions.get(item.deliveryId))).toBe(true);
    } finally {
      stop();
      await emulator.close();
      await service.close();
    }
  });
});
