/**
 * The table of Stripe event chains, run: each row's operation through the real stripe-node (in
 * process, msw over the emulator's handlers) on a reset emulator, whose deliveries a receiving
 * handler verifies with `stripe.webhooks.constructEvent`. The events it verified after the row's
 * mark are exactly the row's, in order, and every object passes the Stripe oracle. README.md's
 * table between the `stripe-chains` markers is `chainsTable(CHAINS)`.
 */
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { CHAINS, NOW, chainTypes, chainsTable, listedTypes, readmeChains, type ChainRow } from './stripe-chains.js';
import { stripeObjectProblems } from './stripe-oracle.js';

const SECRET = 'whsec_stripechains';
const verifier = new Stripe('sk_test_receiver');
const received: Stripe.Event[] = [];
const refused: string[] = [];

/** The receiving service: verifies each delivery as stripe-node does and keeps the event. */
async function receive(request: Request): Promise<Response> {
  try {
    received.push(verifier.webhooks.constructEvent(await request.text(), request.headers.get('stripe-signature') ?? '', SECRET));
    return new Response(null, { status: 200 });
  } catch (error) {
    refused.push((error as Error).message);
    return new Response(null, { status: 400 });
  }
}

const emulator = createEmulator({ providers: ['stripe'], webhooks: { stripe: { target: receive, secret: SECRET } }, seed: 21, now: () => NOW });
const server = setupServer(...emulator.handlers());
const stripe = new Stripe('sk_test_stripechains', { maxNetworkRetries: 0 });
/** Every type a row's receiving handler verified. */
const reached = new Set<string>();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** Runs `row` on an emptied emulator and answers the events the handler verified after its mark. */
async function runRow(row: ChainRow): Promise<Stripe.Event[]> {
  emulator.reset();
  received.length = 0;
  refused.length = 0;
  let from = 0;
  await row.run({
    stripe,
    emulator,
    mark: async () => {
      await emulator.settled();
      from = received.length;
    },
  });
  await emulator.settled();
  expect(refused).toEqual([]);
  return received.slice(from);
}

describe('the Stripe event chains, through stripe-node, as the receiving service verifies them', () => {
  it.each(CHAINS.map((row) => [row.operation, row] as const))('%s', async (_operation, row) => {
    const events = await runRow(row);
    expect(events.map((e) => e.type)).toEqual(row.events);
    for (const event of events) {
      expect(stripeObjectProblems(event.data.object as unknown as Record<string, unknown>, event.type), `${event.type} ${event.id}`).toEqual([]);
      reached.add(event.type);
    }
  });

  it("reaches at least 60 distinct event types, the ones README's table lists", () => {
    const types = listedTypes(readmeChains('stripe'));
    expect([...reached].sort()).toEqual(types);
    expect(chainTypes(CHAINS)).toEqual(types);
    expect(reached.size).toBeGreaterThanOrEqual(60);
  });
});

describe('README.md', () => {
  it('holds chainsTable(CHAINS) between <!-- stripe-chains:start --> and <!-- stripe-chains:end -->', () => {
    const expected = chainsTable(CHAINS);
    expect(readmeChains('stripe'), `README.md's Stripe chains differ; paste this between the markers:\n\n${expected}\n`).toBe(expected);
  });
});
