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
import { formatOps, measure, type Case, type Result } from './measure.js';

const body = JSON.stringify({ id: 'evt_bench', object: 'event', filler: 'x'.repeat(1990) }).slice(0, 2048);
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
    relaykit: () => stripe.sign({ secret: stripeSecret, body, timestamp: t }),
    official: () => Stripe.webhooks.generateTestHeaderString({ payload: body, secret: stripeSecret, timestamp: tSeconds }),
    officialName: 'stripe generateTestHeaderString',
    bare: () => createHmac('sha256', stripeSecret).update(`${tSeconds}.${body}`).digest('hex'),
  },
  {
    scheme: 'github',
    relaykit: () => github.sign({ secret: ghSecret, body, legacy: false }),
    official: () => octokitSign(ghSecret, body),
    officialName: '@octokit/webhooks-methods sign',
    bare: () => createHmac('sha256', ghSecret).update(body).digest('hex'),
  },
  {
    scheme: 'standard-webhooks',
    relaykit: () => standardWebhooks.sign({ secret: svixSecret, id: msgId, body, timestamp: t }),
    official: () => svix.sign(msgId, svixDate, body),
    officialName: 'svix Webhook.sign',
    bare: () => createHmac('sha256', svixKey).update(`${msgId}.${tSeconds}.${body}`).digest('base64'),
  },
  {
    scheme: 'shopify',
    relaykit: () => shopify.sign({ secret: ghSecret, body }),
    official: undefined,
    officialName: '(no official signer)',
    bare: () => createHmac('sha256', ghSecret).update(body).digest('base64'),
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

console.log(`relaykit bench:sign — ${body.length}-byte body, node ${process.version}, median of 7 alternating rounds\n`);
const results = await measure(cases);
const byName = new Map(results.map((r: Result) => [r.name, r.opsPerSecond]));
let failed = false;
const check = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'ok' : 'BELOW GOAL';
};

for (const g of groups) {
  const ours = byName.get(`${g.scheme}: relaykit`)!;
  const bare = byName.get(`${g.scheme}: bare createHmac`)!;
  const official = byName.get(`${g.scheme}: official`);
  console.log(`${g.scheme}`);
  console.log(`  relaykit        ${formatOps(ours)}`);
  if (official !== undefined) {
    console.log(`  official        ${formatOps(official)}  (${g.officialName})`);
    console.log(`  relaykit / official       ${(ours / official).toFixed(2)}x  goal >= 0.95x  ${check(ours / official >= 0.95)}`);
  }
  console.log(`  bare createHmac ${formatOps(bare)}`);
  console.log(`  relaykit / bare createHmac ${(ours / bare).toFixed(2)}x  goal >= 0.80x  ${check(ours / bare >= 0.8)}\n`);
}
const sync = byName.get('delivery: fabricate (sync core)')!;
const pub = byName.get('delivery: buildDelivery (public, async)')!;
console.log('whole delivery, stripe payment_intent.succeeded (payload + signature)');
console.log(`  fabricate (sync core)     ${formatOps(sync)}`);
console.log(`  buildDelivery (public)    ${formatOps(pub)}  goal >= 10,000/s  ${check(pub >= 10_000)}`);
process.exitCode = failed ? 1 : 0;
