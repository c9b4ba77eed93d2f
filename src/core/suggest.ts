/** "Did you mean" hints: the candidates closest to a mistyped name. */

/**
 * Levenshtein distance, for "did you mean" hints.
 * @example
 * editDistance('strpe', 'stripe'); // 1
 */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidates closest to `input`, best first: those within a third of the input's length in edit
 * distance, or sharing a dotted/slashed segment with it. At most `limit`.
 * @example
 * closestMatches('githb', ['stripe', 'github', 'clerk']); // ['github']
 */
export function closestMatches(input: string, candidates: readonly string[], limit = 3): string[] {
  const needle = input.toLowerCase();
  const segments = new Set(needle.split(/[./_]/).filter((s) => s.length > 2));
  const scored = candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      let score = editDistance(needle, lower);
      if (lower.includes(needle) || needle.includes(lower)) score = Math.min(score, 1);
      const shared = lower.split(/[./_]/).some((s) => segments.has(s));
      return { candidate, score, shared };
    })
    .filter(({ score, shared }) => score <= Math.max(2, Math.ceil(needle.length / 3)) || shared)
    .sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate));
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}
