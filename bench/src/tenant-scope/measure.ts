import { type Player, runLoad } from '../lib/driver';
import { percentile } from '../lib/report';

/** What the runs of one unit of work under one variant measured. */
export interface UnitStats {
  runs: number;
  seconds: number;
  /** Sorted ascending. */
  latenciesMs: number[];
  roundTrips: number;
  errors: number;
  firstError: string | null;
}

export const emptyStats = (): UnitStats => ({
  runs: 0,
  seconds: 0,
  latenciesMs: [],
  roundTrips: 0,
  errors: 0,
  firstError: null,
});

/**
 * Runs `work` `runs` times, `concurrency` at a time (the driver's closed loop), and adds what it
 * measured to `into`; `roundTrips` reads the database's round-trip counter.
 */
export async function measure(
  work: () => Promise<unknown>,
  opts: { runs: number; concurrency: number; roundTrips: () => number; into: UnitStats },
): Promise<void> {
  const { into } = opts;
  const player = (): Player => ({
    isDone: false,
    tryNext: async () => {
      try {
        await work();
        return { kind: 'correct' };
      } catch (err) {
        into.firstError ??= err instanceof Error ? err.message : String(err);
        throw err;
      }
    },
  });
  const before = opts.roundTrips();
  const stats = await runLoad(Array.from({ length: opts.concurrency }, player), {
    concurrency: opts.concurrency,
    maxSubmissions: opts.runs,
    durationMs: Infinity,
  });
  into.roundTrips += opts.roundTrips() - before;
  into.runs += stats.submissions;
  into.seconds += stats.seconds;
  into.errors += [...stats.errors.values()].reduce((a, b) => a + b, 0);
  into.latenciesMs = [...into.latenciesMs, ...stats.latenciesMs].sort((a, b) => a - b);
}

const perSecond = (s: UnitStats) => s.runs / s.seconds;
const p = (s: UnitStats, at: number) => percentile(s.latenciesMs, at);
const cell = (text: string, width: number) => text.padStart(width);

/** Columns of the printed table. */
const HEADER = [
  'unit of work',
  'variant',
  'trips',
  'ops/s',
  'p50 ms',
  'p95 ms',
  'B/A ops/s',
  'B/A p50',
  'B/A p95',
];
const WIDTHS = [20, 13, 5, 7, 7, 7, 9, 7, 7];
const row = (cells: string[]) =>
  cells
    .map((text, i) => (i < 2 ? text.padEnd(WIDTHS[i] ?? 0) : cell(text, WIDTHS[i] ?? 0)))
    .join('  ');

/** The table of one engine and concurrency: per unit, A then the B variants with B/A ratios. */
export function formatTable(results: { unit: string; variants: [string, UnitStats][] }[]) {
  const lines = [row(HEADER)];
  for (const { unit, variants } of results) {
    const a = variants[0]?.[1];
    for (const [variant, s] of variants) {
      const ratio = (value: number) => (a && variant !== 'A' ? value.toFixed(2) : '');
      const errors = s.errors ? `  ${s.errors} errors, first: ${s.firstError}` : '';
      lines.push(
        row([
          variant === 'A' ? unit : '',
          variant,
          (s.roundTrips / Math.max(1, s.runs)).toFixed(1),
          perSecond(s).toFixed(0),
          p(s, 50).toFixed(2),
          p(s, 95).toFixed(2),
          ratio(a ? perSecond(s) / perSecond(a) : 0),
          ratio(a ? p(s, 50) / p(a, 50) : 0),
          ratio(a ? p(s, 95) / p(a, 95) : 0),
        ]) + errors,
      );
    }
  }
  return lines.join('\n');
}
