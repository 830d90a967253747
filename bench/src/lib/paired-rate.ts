/**
 * Paired runs for a same-run ratio (decision 0075's method): the rate of this machine wanders by
 * 10–20 % from one run to the next, so a cost is measured as many short runs in pairs, in the
 * order without-with, with-without, … (a drift weighs the same on both sides), and given as the
 * mean of the pairs' ratios with its 95 % interval; a goal is met when the whole interval is.
 */
export async function pairedRuns<R>(opts: {
  pairs: number;
  without: () => Promise<R>;
  with: () => Promise<R>;
}): Promise<{ without: R; with: R }[]> {
  // A first run warms the server up; it is not counted.
  await opts.without();
  const pairs: { without: R; with: R }[] = [];
  for (let pair = 0; pair < opts.pairs; pair += 1) {
    if (pair % 2 === 0) {
      const without = await opts.without();
      pairs.push({ without, with: await opts.with() });
    } else {
      const withIt = await opts.with();
      pairs.push({ without: await opts.without(), with: withIt });
    }
  }
  return pairs;
}

/** The mean of `ratios` with its two-sided 95 % interval (Student's t). */
export function meanInterval(ratios: number[]): { mean: number; low: number; high: number } {
  const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  const sd = Math.sqrt(ratios.reduce((a, r) => a + (r - mean) ** 2, 0) / (ratios.length - 1));
  const half = (tQuantile95(ratios.length - 1) * sd) / Math.sqrt(ratios.length);
  return { mean, low: mean - half, high: mean + half };
}

/**
 * The verdict on an interval of ratios for the goal "at least `goal`" (or, with `atMost`, "at
 * most"); `more` names the option that narrows the interval.
 */
export function intervalVerdict(
  interval: { low: number; high: number },
  goal: number,
  { atMost = false, more = '--rate-pairs' } = {},
): string {
  const sign = atMost ? '≤' : '≥';
  const [near, far] = atMost ? [interval.high, interval.low] : [interval.low, interval.high];
  const holds = (value: number) => (atMost ? value <= goal : value >= goal);
  if (holds(near)) return `goal met (${sign} ${goal}, the whole interval)`;
  if (!holds(far)) return `goal NOT met (${sign} ${goal})`;
  return `not resolved: the interval holds ${goal} (more ${more})`;
}

/** Student's t at 97.5 % for `df` degrees of freedom (a two-sided 95 % interval). */
function tQuantile95(df: number): number {
  const table = [
    12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13,
  ];
  return table[df - 1] ?? (df < 30 ? 2.09 : 2.0);
}
