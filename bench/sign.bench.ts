/**
 * `npm run bench:sign`: relaykit's signers against the official libraries' signers and a bare
 * createHmac over the same bytes, plus whole-delivery building, all measured in this one run.
 * Goals: each signer >= 0.95x the official signer and >= 0.8x bare createHmac; a whole Stripe
 * `payment_intent.succeeded` delivery >= 10,000/s on one core; over the whole catalog of every
 * provider, the median type >= 10,000 deliveries/s and the slowest >= 2,000/s.
 * `RELAY_BENCH_CATALOG=off` skips the catalog sweep (about a minute).
 */
import { createHmac } from 'node:crypto';
import { sign as octokitSign } from '@octokit/webhooks-methods';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { formatOps, measure, type Case } from './measure.js';

// The package as its users import it (`npm run bench:sign` builds it first): the built modules, not
// the sources through tsx, whose name-keeping wrapper costs every closure a defineProperty call.
// Imported by name at run time and typed from the sources, so the type check needs no build.
const load = <T>(specifier: string) => import(specifier) as Promise<T>;
const { buildDelivery } = await load<typeof import('../src/index.js')>('relaykit');
const { builtInProviders, getProvider, loadFabricator } = await load<typeof import('../src/providers/index.js')>('relaykit/providers');
const { github, shopify, standardWebhooks, stripe } = await load<typeof import('../src/signers/index.js')>('relaykit/signers');

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

const fabricate = await loadFabricator(getProvider('stripe'));
let seed = 0;

const cases: Case[] = groups.flatMap((g) => [
  { name: `${g.scheme}: relaykit`, run: g.relaykit },
  ...(g.official ? [{ name: `${g.scheme}: official`, run: g.official }] : []),
  { name: `${g.scheme}: bare createHmac`, run: g.bare },
]);
cases.push(
  {
    name: 'delivery: fabricate (sync core)',
    run: () => fabricate({ eventType: 'payment_intent.succeeded', secret: stripeSecret, seed: seed++, timestamp: t }),
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
console.log(`  payment_intent.succeeded: ${formatOps(pub)} is the baseline the catalog sweep below is read against\n`);

if (process.env.RELAY_BENCH_CATALOG !== 'off') {
  const sweep = await sweepCatalog();
  const rates = sweep.map((row) => row.rate).sort((a, b) => a - b);
  const medianRate = rates[Math.floor(rates.length / 2)]!;
  console.log(`whole catalog: buildDelivery (public) per type, ${sweep.length} types over ${builtInProviders.length} providers`);
  for (const provider of builtInProviders) {
    const own = sweep.filter((row) => row.provider === provider.id).map((row) => row.rate).sort((a, b) => a - b);
    console.log(`  ${provider.id.padEnd(8)} ${String(own.length).padStart(4)} types  median ${formatOps(own[Math.floor(own.length / 2)]!)}  slowest ${formatOps(own[0]!)}`);
  }
  console.log(`  median type   ${formatOps(medianRate)}  (${(medianRate / pub).toFixed(2)}x the baseline)  goal >= 10,000/s  ${verdict(medianRate >= 10_000)}`);
  const slowest = [...sweep].sort((a, b) => a.rate - b.rate).slice(0, 5);
  console.log(`  slowest type  ${formatOps(slowest[0]!.rate)}  (${(slowest[0]!.rate / pub).toFixed(2)}x the baseline)  goal >= 2,000/s  ${verdict(slowest[0]!.rate >= 2_000)}`);
  const below = sweep.filter((row) => row.rate < 2_000);
  console.log(`  types below 2,000/s: ${below.length} (${[...new Set(below.map((row) => row.provider))].join(', ') || 'none'})`);
  console.log(`  slowest five: ${slowest.map((row) => `${row.provider} ${row.eventType} ${formatOps(row.rate)}`).join('; ')}`);
}
process.exitCode = failed ? 1 : 0;

/**
 * Each catalogued type's whole-delivery rate: a warm-up of 50 builds, a collection, then the median of five windows
 * of consecutive seeds, each at least 15 ms and 25 builds (a slow type's window would otherwise hold
 * a handful of builds and one collection). Short windows keep a sweep of a thousand types near two minutes.
 */
async function sweepCatalog(): Promise<{ provider: string; eventType: string; rate: number }[]> {
  const secrets: Record<string, string> = { stripe: stripeSecret, github: ghSecret, shopify: 'shpss_bench', clerk: svixSecret, resend: svixSecret };
  const rows: { provider: string; eventType: string; rate: number }[] = [];
  for (const provider of builtInProviders) {
    const secret = secrets[provider.id] ?? svixSecret;
    for (const eventType of provider.catalog.eventTypes) {
      const one = () => buildDelivery(provider.id, eventType, { secret, seed: seed++, timestamp: t });
      for (let i = 0; i < 50; i++) await one();
      // A clean heap for each type, as measure.ts starts every round: the previous type's garbage is
      // not collected on this one's clock.
      (globalThis as { gc?: () => void }).gc?.();
      const windows: number[] = [];
      for (let w = 0; w < 5; w++) {
        let ops = 0;
        const start = performance.now();
        while (ops < 25 || performance.now() - start < 15) {
          await one();
          ops++;
        }
        windows.push((ops / (performance.now() - start)) * 1000);
      }
      rows.push({ provider: provider.id, eventType, rate: windows.sort((a, b) => a - b)[2]! });
    }
  }
  return rows;
}
