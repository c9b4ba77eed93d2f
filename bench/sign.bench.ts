/**
 * `npm run bench:sign`: relaykit's signers against the official libraries' signers and a bare
 * createHmac over the same bytes, plus whole-delivery building, all measured in this one run.
 * Goals: each signer >= 0.95x the official signer and >= 0.8x bare createHmac; a whole Stripe
 * `payment_intent.succeeded` delivery >= 10,000/s on one core.
 */
import { createHmac } from 'node:crypto';
import { sign as octokitSign } from '@octokit/webhooks-methods';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { buildDelivery } from '../src/harness/build-delivery.js';
import { fabricate } from '../src/providers/delivery.js';
import { getProvider } from '../src/providers/registry.js';
import { github, shopify, standardWebhooks, stripe } from '../src/signers/index.js';
import { formatOps, measure, type Case } from './measure.js';

// Four distinct 2 KB bodies, taken in turn: a body that never changes is a compile-time constant to
// V8, which would fold the baseline's string concatenation away and flatter it.
const bodies = [0, 1, 2, 3].map((n) => JSON.stringify({ id: `evt_bench${n}`, object: 'event', filler: 'x'.repeat(2000) }).slice(0, 2048));
let turn = 0;
const next = () => bodies[turn++ & 3]!;
const body = bodies[0]!;
const t = 1_767_225_600_000;
const tSeconds = t / 1000;
const stripeSecret = 'whsec_0123456789abcdef0123456789abcdef';
const ghSecret = 'a-github-webhook-secret';
const svixSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const svixKey = Buffer.from(svixSecret.slice(6), 'base64');
const msgId = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const svix = new Webhook(svixSecret);
const svixDate = new Date(t);

const groups = [
  {
    scheme: 'stripe',
    relaykit: () => stripe.sign({ secret: stripeSecret, body: next(), timestamp: t }),
    official: () => Stripe.webhooks.generateTestHeaderString({ payload: next(), secret: stripeSecret, timestamp: tSeconds }),
    officialName: 'stripe generateTestHeaderString',
    bare: () => createHmac('sha256', stripeSecret).update(`${tSeconds}.${next()}`).digest('hex'),
  },
  {
    scheme: 'github',
    relaykit: () => github.sign({ secret: ghSecret, body: next(), legacy: false }),
    official: () => octokitSign(ghSecret, next()),
    officialName: '@octokit/webhooks-methods sign',
    bare: () => createHmac('sha256', ghSecret).update(next()).digest('hex'),
  },
  {
    scheme: 'standard-webhooks',
    relaykit: () => standardWebhooks.sign({ secret: svixSecret, id: msgId, body: next(), timestamp: t }),
    official: () => svix.sign(msgId, svixDate, next()),
    officialName: 'svix Webhook.sign',
    bare: () => createHmac('sha256', svixKey).update(`${msgId}.${tSeconds}.${next()}`).digest('base64'),
  },
  {
    scheme: 'shopify',
    relaykit: () => shopify.sign({ secret: ghSecret, body: next() }),
    official: undefined,
    officialName: '(no official signer)',
    bare: () => createHmac('sha256', ghSecret).update(next()).digest('base64'),
  },
] as const;

const stripeProvider = getProvider('stripe');
const stripeBuilder = await stripeProvider.loadBuilder();
let seed = 0;

const cases: Case[] = groups.flatMap((g) => [
  { name: `${g.scheme}: relaykit`, run: g.relaykit },
  ...(g.official ? [{ name: `${g.scheme}: official`, run: g.official }] : []),
  { name: `${g.scheme}: bare createHmac`, run: g.bare },
]);
cases.push(
  {
    name: 'delivery: fabricate (sync core)',
    run: () => fabricate(stripeProvider, stripeBuilder, { eventType: 'payment_intent.succeeded', secret: stripeSecret, seed: seed++, timestamp: t }),
  },
  {
    name: 'delivery: buildDelivery (public, async)',
    run: () => buildDelivery('stripe', 'payment_intent.succeeded', { secret: stripeSecret, seed: seed++, timestamp: t }),
  },
);

console.log(`relaykit bench:sign — ${body.length}-byte body, node ${process.version}; medians of 15 alternating rounds\n`);
const m = await measure(cases);
let failed = false;
const verdict = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'ok' : 'BELOW GOAL';
};

for (const g of groups) {
  const ours = `${g.scheme}: relaykit`;
  const bare = `${g.scheme}: bare createHmac`;
  const official = `${g.scheme}: official`;
  console.log(g.scheme);
  console.log(`  relaykit         ${formatOps(m.opsPerSecond(ours))}`);
  if (g.official) console.log(`  official         ${formatOps(m.opsPerSecond(official))}  (${g.officialName})`);
  console.log(`  bare createHmac  ${formatOps(m.opsPerSecond(bare))}`);
  if (g.official) {
    const r = m.ratio(ours, official);
    console.log(`  relaykit / official         ${r.toFixed(2)}x  goal >= 0.95x  ${verdict(r >= 0.95)}`);
  }
  const r = m.ratio(ours, bare);
  console.log(`  relaykit / bare createHmac  ${r.toFixed(2)}x  goal >= 0.80x  ${verdict(r >= 0.8)}\n`);
}
console.log('whole delivery, stripe payment_intent.succeeded (payload + signature)');
console.log(`  fabricate (sync core)    ${formatOps(m.opsPerSecond('delivery: fabricate (sync core)'))}`);
const pub = m.opsPerSecond('delivery: buildDelivery (public, async)');
console.log(`  buildDelivery (public)   ${formatOps(pub)}  goal >= 10,000/s  ${verdict(pub >= 10_000)}`);
process.exitCode = failed ? 1 : 0;
