/**
 * bench:emulator — the Stripe emulator in process, measured in one run:
 * 1. a whole checkout-subscription-renewal scenario (test clock, product, price, customer, Checkout
 *    Session, the buyer paying, a month advanced, every event delivered to a fetch handler), through
 *    `emulator.fetch` (no client), and the same through stripe-node and msw, as a test runs it;
 * 2. `stripe.customers.retrieve` answered by the emulator through msw, beside msw answering the same
 *    object as a static JSON (same client, same interception: the difference is the emulator's work).
 * 3. the baseline for the deliveries: `triggerFlow` sending a Stripe flow's prebuilt-kind deliveries to
 *    the same handler, as deliveries per second, beside the scenario's.
 * Goals: the scenario >= 200 scenarios/s in process; the emulator's answers >= 0.5x msw's static JSON.
 * It measures the built package (`npm run bench:emulator` builds first), as users import it.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { formatOps, measure } from './measure.js';

// The built package, as users import it (resolved through the exports map); typed from the sources.
const load = <T>(specifier: string) => import(specifier) as Promise<T>;
const { createEmulator } = await load<typeof import('../src/emulator/index.js')>('relaykit/emulator');
const { triggerFlow } = await load<typeof import('../src/index.js')>('relaykit');

const secret = 'whsec_0123456789abcdef0123456789abcdef';
const KEY = 'sk_test_bench';
const DAY = 86_400;
let delivered = 0;

/** A receiving route that reads the body and answers, as a handler under test does before its own work. */
async function handler(request: Request): Promise<Response> {
  delivered += (await request.text()).length > 0 ? 1 : 0;
  return new Response(null, { status: 204 });
}

const emulator = createEmulator({ providers: ['stripe'], webhooks: { stripe: { target: handler, secret } }, seed: 1 });

/** One API call through `emulator.fetch`, its answer parsed. */
async function call(method: string, path: string, form: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const body = method === 'GET' ? undefined : new URLSearchParams(form).toString();
  const answer = await emulator.fetch(
    new Request(`https://api.stripe.com${path}`, { method, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body }),
  );
  const json = (await answer.json()) as Record<string, unknown>;
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

/** The scenario through `emulator.fetch`: what a subscription business's test does, end to end. */
async function scenario(): Promise<void> {
  const clock = await call('POST', '/v1/test_helpers/test_clocks', { frozen_time: '1767225600' });
  const product = await call('POST', '/v1/products', { name: 'Pro' });
  const price = await call('POST', '/v1/prices', { product: String(product.id), unit_amount: '2000', currency: 'usd', 'recurring[interval]': 'month' });
  const customer = await call('POST', '/v1/customers', { email: 'buyer@example.com', test_clock: String(clock.id) });
  const session = await call('POST', '/v1/checkout/sessions', {
    mode: 'subscription',
    customer: String(customer.id),
    'line_items[0][price]': String(price.id),
    'line_items[0][quantity]': '1',
    success_url: 'https://example.com/ok',
  });
  await emulator.stripe.completeCheckout(String(session.id), { paymentMethod: 'pm_card_visa' });
  await call('POST', `/v1/test_helpers/test_clocks/${String(clock.id)}/advance`, { frozen_time: String(1767225600 + 32 * DAY) });
  await emulator.settled();
  emulator.reset();
}

/** The same scenario through stripe-node, intercepted by msw. */
const stripe = new Stripe(KEY, { maxNetworkRetries: 0 });
async function sdkScenario(): Promise<void> {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: 1767225600 });
  const product = await stripe.products.create({ name: 'Pro' });
  const price = await stripe.prices.create({ product: product.id, unit_amount: 2000, currency: 'usd', recurring: { interval: 'month' } });
  const customer = await stripe.customers.create({ email: 'buyer@example.com', test_clock: clock.id });
  const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: price.id, quantity: 1 }], success_url: 'https://example.com/ok' });
  await emulator.stripe.completeCheckout(session.id, { paymentMethod: 'pm_card_visa' });
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: 1767225600 + 32 * DAY });
  await emulator.settled();
  emulator.reset();
}

// How many deliveries one scenario makes, for the deliveries/s figure.
delivered = 0;
await scenario();
const perScenario = delivered;

// The retrieve comparison: one customer, served by the emulator or as a static JSON.
const emulated = setupServer(...emulator.handlers());
emulated.listen({ onUnhandledRequest: 'error' });
await sdkScenario();
const customer = await stripe.customers.create({ email: 'read@example.com', name: 'Ada' });
const stored = await stripe.customers.retrieve(customer.id);
emulated.close();
const staticServer = setupServer(http.get('https://api.stripe.com/v1/customers/:id', () => HttpResponse.json(stored)));

let flowSeed = 1;
const cases = [
  { name: 'scenario via emulator.fetch', run: scenario },
  { name: 'baseline: triggerFlow (12 deliveries)', run: () => triggerFlow('stripe', 'checkout-subscription', { target: handler, secret, seed: flowSeed++ }) },
  {
    name: 'scenario via stripe-node + msw',
    run: async () => {
      emulated.listen({ onUnhandledRequest: 'error' });
      try {
        await sdkScenario();
      } finally {
        emulated.close();
      }
    },
  },
];
console.log(`relaykit bench:emulator — Stripe in process, node ${process.version}; medians of 5 alternating 2 s rounds\n`);
const m = await measure(cases, { rounds: 5, ms: 2000 });
for (const c of cases) {
  const deliveries = c.name.startsWith('baseline') ? 12 : perScenario;
  console.log(`  ${c.name.padEnd(38)} ${formatOps(m.opsPerSecond(c.name)).replace('ops/s', 'runs/s').padEnd(16)} ${formatOps(m.opsPerSecond(c.name) * deliveries).replace('ops/s', 'deliveries/s')}  (${deliveries} deliveries each)`);
}

// The retrieve cases need the customer in the world: put it back after the scenarios' resets.
emulator.world.put('stripe', 'customer', stored as unknown as Record<string, unknown>);
const reads = [
  {
    name: 'retrieve: emulator via msw',
    run: async () => {
      emulated.listen({ onUnhandledRequest: 'error' });
      try {
        for (let i = 0; i < 20; i++) await stripe.customers.retrieve(customer.id);
      } finally {
        emulated.close();
      }
    },
  },
  {
    name: 'retrieve: msw static JSON',
    run: async () => {
      staticServer.listen({ onUnhandledRequest: 'error' });
      try {
        for (let i = 0; i < 20; i++) await stripe.customers.retrieve(customer.id);
      } finally {
        staticServer.close();
      }
    },
  },
];
const r = await measure(reads, { rounds: 5, ms: 2000 });
for (const c of reads) console.log(`  ${c.name.padEnd(38)} ${formatOps(r.opsPerSecond(c.name) * 20).replace('ops/s', 'answers/s')}`);

const rate = m.opsPerSecond(cases[0]!.name);
const ratio = r.ratio(reads[0]!.name, reads[1]!.name);
console.log(`\n  scenario in process ${formatOps(rate).replace('ops/s', 'scenarios/s')}  goal >= 200/s  ${rate >= 200 ? 'ok' : 'BELOW GOAL'}`);
console.log(`  emulator answers / msw static JSON: ${ratio.toFixed(2)}x  goal >= 0.5x  ${ratio >= 0.5 ? 'ok' : 'BELOW GOAL'}`);
