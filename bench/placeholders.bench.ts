/**
 * `npm run bench:placeholders`: the body-realism measurement of issue 31. Builds every catalogued
 * type of every built-in provider (seed 3 unless `RELAY_BENCH_SEEDS=1,2,3` names others) and counts
 * placeholder strings (string values made only of faker's Latin lorem words) per provider, with the
 * paths where they sit most often. Prints a markdown table; exits 1 when any placeholder is left.
 *
 * `RELAY_BENCH_SPEED=1` also times building: every type of each provider once per round, seeds
 * moving on, the median of 9 rounds as deliveries per second. `RELAY_BENCH_BASELINE=<another
 * checkout>` builds with that checkout's sources too, in alternating rounds of the same run, and
 * reports the median of the rounds' ratios (this checkout's rate over the baseline's).
 */
import path from 'node:path';
import { buildDelivery } from '../src/harness/build-delivery.js';
import { builtInProviders } from '../src/providers/index.js';
import { countStrings, placeholders } from '../test/support/placeholders.js';

const seeds = (process.env.RELAY_BENCH_SEEDS ?? '3').split(',').map(Number);
const T = Date.UTC(2026, 0, 15, 12, 0, 0);
const verbose = process.env.RELAY_BENCH_VERBOSE === '1';

console.log(`placeholder strings per provider, every catalogued type, seed${seeds.length > 1 ? 's' : ''} ${seeds.join(', ')}\n`);
console.log('| provider | types with any | strings | placeholder | share |');
console.log('|---|---|---|---|---|');
let total = 0;
const where = new Map<string, number>();
for (const provider of builtInProviders) {
  let strings = 0;
  let found = 0;
  let types = 0;
  for (const type of provider.catalog.eventTypes) {
    let any = false;
    for (const seed of seeds) {
      const delivery = await buildDelivery(provider.id, type, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', seed, timestamp: T });
      const body: unknown = JSON.parse(delivery.body);
      strings += countStrings(body);
      const hits = placeholders(body);
      found += hits.length;
      any ||= hits.length > 0;
      for (const [path, value] of hits) {
        const key = `${provider.id} ${path.replace(/\[\d+\]/g, '[]').replace(/^\$\.(data\.object\.|data\.)?/, '')}`;
        where.set(key, (where.get(key) ?? 0) + 1);
        if (verbose) console.error(`${provider.id} ${type} seed ${seed} ${path} = ${JSON.stringify(value)}`);
      }
    }
    if (any) types++;
  }
  total += found;
  const share = strings === 0 ? 0 : (found / strings) * 100;
  console.log(`| ${provider.id} | ${types} of ${provider.catalog.eventTypes.length} | ${strings.toLocaleString('en-US')} | ${found.toLocaleString('en-US')} | ${found === 0 ? '0' : `${share.toFixed(1)}%`} |`);
}
if (total > 0) {
  const top = [...where.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.RELAY_BENCH_TOP ?? 25));
  console.log(`\nmost frequent places:\n${top.map(([path, n]) => `  ${String(n).padStart(5)}  ${path}`).join('\n')}`);
}
if (process.env.RELAY_BENCH_SPEED === '1') await timeBuilds();
process.exitCode = total === 0 ? 0 : 1;

type Build = typeof buildDelivery;

async function timeBuilds(): Promise<void> {
  const baselineRoot = process.env.RELAY_BENCH_BASELINE;
  const baseline = baselineRoot ? ((await import(path.join(path.resolve(baselineRoot), 'src/harness/build-delivery.ts'))) as { buildDelivery: Build }).buildDelivery : undefined;
  console.log(`\nbuild speed: buildDelivery over every type, median of 9 rounds${baseline ? `, against ${baselineRoot} in alternating rounds` : ''}`);
  let seed = 1000;
  const round = async (build: Build, id: string, types: readonly string[]) => {
    const started = performance.now();
    for (const type of types) await build(id, type, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', seed: seed++, timestamp: T });
    return (types.length / (performance.now() - started)) * 1000;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const provider of builtInProviders) {
    const types = provider.catalog.eventTypes;
    await round(buildDelivery, provider.id, types);
    if (baseline) await round(baseline, provider.id, types);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < 9; i++) {
      ours.push(await round(buildDelivery, provider.id, types));
      if (baseline) theirs.push(await round(baseline, provider.id, types));
    }
    const rate = (value: number) => Math.round(value).toLocaleString('en-US').padStart(7);
    const compared = baseline ? `  baseline ${rate(median(theirs))}/s  ratio ${median(ours.map((value, i) => value / theirs[i]!)).toFixed(2)}x` : '';
    console.log(`  ${provider.id.padEnd(8)} ${rate(median(ours))}/s${compared}`);
  }
}
