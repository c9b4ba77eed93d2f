/**
 * A small, honest timer for benchmarks: each case runs in alternating rounds (so machine noise hits
 * every case alike) and reports the median round's operations per second.
 */
export interface Case {
  name: string;
  /** One operation; a returned promise is awaited. */
  run: () => unknown;
}

export interface Result {
  name: string;
  opsPerSecond: number;
}

async function round(fn: () => unknown, ms: number): Promise<number> {
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 100; i++) {
      const value = fn();
      if (value instanceof Promise) await value;
    }
    ops += 100;
    elapsed = performance.now() - start;
  }
  return (ops / elapsed) * 1000;
}

/** Runs every case for `rounds` alternating rounds of `ms` each, after a warm-up, and returns medians. */
export async function measure(cases: readonly Case[], { rounds = 7, ms = 300 } = {}): Promise<Result[]> {
  for (const c of cases) await round(c.run, 100);
  const samples = cases.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of cases.entries()) samples[i]!.push(await round(c.run, ms));
  }
  return cases.map((c, i) => {
    const sorted = [...samples[i]!].sort((a, b) => a - b);
    return { name: c.name, opsPerSecond: sorted[Math.floor(sorted.length / 2)]! };
  });
}

export function formatOps(ops: number): string {
  return `${Math.round(ops).toLocaleString('en-US')} ops/s`;
}
