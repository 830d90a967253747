import type { LoadStats } from './driver';

/** The value below which `p` percent of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** The printed report of one phase: throughput, latency percentiles, outcomes and memory. */
export function formatReport(opts: {
  title: string;
  stats: LoadStats;
  /** Memory, CPU and machine lines. */
  notes: string[];
  /**
   * The goal. A run paced at `ratePerS` (at least the goal's rate) meets it when it kept that pace
   * (99 %) with the p95 within bounds; a closed loop (no `ratePerS`) shows the capacity only, its
   * latency being that of a saturated server (in flight ÷ throughput).
   */
  goal?: { perSecond: number; p95Ms: number; ratePerS: number };
}): string {
  const { stats } = opts;
  const perSecond = stats.submissions / stats.seconds;
  const p95 = percentile(stats.latenciesMs, 95);
  const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...stats.errors.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'no answer' : status}: ${n}`)
    .join(', ');
  return [
    opts.title,
    `${stats.submissions} submissions in ${stats.seconds.toFixed(1)} s: ${perSecond.toFixed(0)}/s${goalVerdict(opts.goal, perSecond, p95)}`,
    `p50 ${ms(stats, 50)} | p95 ${ms(stats, 95)} | p99 ${ms(stats, 99)} | max ${ms(stats, 100)}`,
    `correct ${stats.correct} | wrong ${stats.wrong} | errors ${errors}${byStatus ? ` (${byStatus})` : ''}`,
    ...opts.notes,
  ].join('\n');
}

const ms = (stats: LoadStats, p: number) => `${percentile(stats.latenciesMs, p).toFixed(2)} ms`;

function goalVerdict(
  goal: { perSecond: number; p95Ms: number; ratePerS: number } | undefined,
  perSecond: number,
  p95: number,
): string {
  if (!goal) return '';
  const target = `≥ ${goal.perSecond}/s with p95 ≤ ${goal.p95Ms} ms`;
  if (!goal.ratePerS) {
    return perSecond >= goal.perSecond
      ? ` | capacity above the goal's ${goal.perSecond}/s (its p95 is read at --rate ${goal.perSecond})`
      : ` | capacity below the goal's ${goal.perSecond}/s`;
  }
  const keptPace = goal.ratePerS >= goal.perSecond && perSecond >= goal.ratePerS * 0.99;
  return keptPace && p95 <= goal.p95Ms ? ` | goal met (${target})` : ` | goal NOT met (${target})`;
}
/** CPU time per submission and the time the measured process waited for a core. */
export function formatCpu(opts: {
  who: string;
  cpuMs: number;
  runQueueWaitMs: number;
  submissions: number;
}): string {
  const perTry = opts.cpuMs / Math.max(1, opts.submissions);
  return `${opts.who} CPU ${perTry.toFixed(2)} ms per submission (all threads) | main thread waited ${(opts.runQueueWaitMs / 1000).toFixed(1)} s for a core`;
}
