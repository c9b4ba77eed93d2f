/**
 * A small, honest timer for benchmarks. Cases run in alternating rounds (forward, then backward, so
 * drift and order hit every case alike); a case's figure is its median round, and a ratio between two
 * cases is the median of their per-round ratios, which cancels slow drift of the machine.
 */
export interface Case {
  name: string;
  /** One operation; a returned promise is awaited. */
  run: () => unknown;
}

export interface Measured {
  /** Median operations per second, by case name. */
  opsPerSecond(name: string): number;
  /** Median over rounds of `a`'s ops/s divided by `b`'s in the same round. */
  ratio(a: string, b: string): number;
}

const collectGarbage = (globalThis as { gc?: () => void }).gc;

async function round(fn: () => unknown, ms: number): Promise<number> {
  // Start every round on a clean heap, so one case's garbage is not collected on another's clock.
  collectGarbage?.();
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 50; i++) {
      const value = fn();
      if (value instanceof Promise) await value;
    }
    ops += 50;
    elapsed = performance.now() - start;
  }
  return (ops / elapsed) * 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs every case for `rounds` alternating rounds of `ms` each, after a warm-up. */
export async function measure(cases: readonly Case[], { rounds = 15, ms = 150 } = {}): Promise<Measured> {
  for (const c of cases) await round(c.run, 200);
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? cases : [...cases].reverse();
    for (const c of order) samples.get(c.name)!.push(await round(c.run, ms));
  }
  const of = (name: string) => {
    const values = samples.get(name);
    if (!values) throw new Error(`No case named ${name}`);
    return values;
  };
  return {
    opsPerSecond: (name) => median(of(name)),
    ratio: (a, b) => median(of(a).map((value, i) => value / of(b)[i]!)),
  };
}

export function formatOps(ops: number): string {
  return `${Math.round(ops).toLocaleString('en-US')} ops/s`;
}
