/**
 * bench:flows — `triggerFlow` into an in-process fetch handler, beside `triggerWebhook` of the same event
 * types one by one, a bare loop handing the same flow's prebuilt deliveries to the same handler, and
 * `buildFlow` alone, all measured in one run;
 * then a whole Stripe retry schedule (7 attempts over a nominal 63 hours) compressed with `timeScale`,
 * beside the same attempts with no waits at all.
 * Goals: triggerFlow >= 5,000 deliveries/s; the compressed Stripe schedule < 1 s of wall time.
 */
import { buildFlow, listFlows } from '../src/harness/flows/build.js';
import { triggerWebhook } from '../src/harness/trigger.js';
import { triggerFlow } from '../src/harness/flows/trigger-flow.js';
import { formatOps, measure } from './measure.js';

const secret = 'whsec_0123456789abcdef0123456789abcdef';
const t = 1_767_225_600_000;
const flow = 'checkout-subscription';
let seed = 1;

/** A route handler that reads the body and answers, as a handler under test does before its own work. */
async function handler(request: Request): Promise<Response> {
  const body = await request.text();
  return new Response(`{"received":${body.length}}`, { headers: { 'content-type': 'application/json' } });
}

// Four prebuilt flows taken in turn, so V8 cannot fold a constant.
const prebuilt = await Promise.all([1, 2, 3, 4].map((s) => buildFlow('stripe', flow, { secret, seed: s, timestamp: t })));
const size = prebuilt[0]!.length;
const types = listFlows('stripe').find((f) => f.name === flow)!.eventTypes;
let turn = 0;

const cases = [
  { name: `triggerFlow (${size} deliveries) → fetch handler`, run: () => triggerFlow('stripe', flow, { target: handler, secret, seed: seed++, timestamp: t }) },
  {
    name: 'triggerFlow shuffled, 4 duplicates',
    run: () => triggerFlow('stripe', flow, { target: handler, secret, seed: seed++, timestamp: t, order: 'shuffled', duplicates: 4 }),
  },
  { name: 'buildFlow alone', run: () => buildFlow('stripe', flow, { secret, seed: seed++, timestamp: t }) },
  {
    name: 'baseline: triggerWebhook of the same 12 types',
    run: async () => {
      for (const type of types) await triggerWebhook('stripe', type, { target: handler, secret, seed: seed++, timestamp: t });
    },
  },
  {
    name: 'bare: prebuilt flow → same handler, a loop',
    run: async () => {
      for (const d of prebuilt[turn++ & 3]!) {
        const response = await handler(new Request('http://relay.local/api/webhook/stripe', { method: 'POST', headers: d.headers, body: d.body }));
        await response.text();
      }
    },
  },
];

// Three-second rounds: measure() starts each round with a forced full GC, after which the next ~1,500
// deliveries run 2-3x slower (see bench:harness); a flow round of one second would measure mostly that.
console.log(`relaykit bench:flows — stripe ${flow} (${size} deliveries per flow), node ${process.version}; medians of 5 alternating 3 s rounds\n`);
const m = await measure(cases, { rounds: 5, ms: 3000 });
const perSecond = (name: string) => m.opsPerSecond(name) * (name.includes('duplicates') ? size + 4 : size);
for (const c of cases) console.log(`  ${c.name.padEnd(46)} ${formatOps(perSecond(c.name)).replace('ops/s', 'deliveries/s')}`);
const trigger = perSecond(cases[0]!.name);
console.log(
  `\n  triggerFlow / triggerWebhook of the same types: ${m.ratio(cases[0]!.name, cases[3]!.name).toFixed(2)}x; ` +
    `/ bare loop of prebuilt bytes: ${m.ratio(cases[0]!.name, cases[4]!.name).toFixed(2)}x; / buildFlow alone: ${m.ratio(cases[0]!.name, cases[2]!.name).toFixed(2)}x`,
);
const okRate = trigger >= 5_000;
console.log(`  triggerFlow ${formatOps(trigger).replace('ops/s', 'deliveries/s')}  goal >= 5,000/s  ${okRate ? 'ok' : 'BELOW GOAL'}\n`);

// A full Stripe schedule: payment_intent.succeeded is answered 503 every time, so it is tried 7 times.
const failing = async (request: Request): Promise<Response> => {
  const body = await request.text();
  return new Response('{}', { status: body.includes('"payment_intent.succeeded"') ? 503 : 200 });
};
async function schedule(timeScale: number): Promise<{ wallMs: number; attempts: number; nominalMs: number }> {
  const started = performance.now();
  const run = await triggerFlow('stripe', 'card-payment', { target: failing, secret, seed: 9, retries: true, timeScale });
  const failed = run.results.find((r) => !r.ok)!;
  return { wallMs: performance.now() - started, attempts: failed.attempts.length, nominalMs: failed.attempts.at(-1)!.offsetMs };
}
await schedule(0);
const scales = [1e-6, 0];
const runs = new Map<number, number[]>(scales.map((s) => [s, []]));
let last = { attempts: 0, nominalMs: 0 };
for (let r = 0; r < 5; r++) for (const s of r % 2 ? [...scales].reverse() : scales) {
  const result = await schedule(s);
  runs.get(s)!.push(result.wallMs);
  last = result;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const compressed = median(runs.get(1e-6)!);
const noWait = median(runs.get(0)!);
console.log(`  Stripe retry schedule: ${last.attempts} attempts, last at a nominal ${(last.nominalMs / 3_600_000).toFixed(0)} h (card-payment, 4 deliveries)`);
console.log(`    timeScale 1e-6: ${compressed.toFixed(0)} ms wall; the same attempts with timeScale 0 (no waits): ${noWait.toFixed(1)} ms`);
const okSchedule = compressed < 1000;
console.log(`    goal < 1 s  ${okSchedule ? 'ok' : 'ABOVE GOAL'}`);
process.exitCode = okRate && okSchedule ? 0 : 1;
