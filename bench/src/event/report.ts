import { percentile } from '../lib/report';
import { errorsOf, type PhaseResult } from './load';
import { GOAL } from './options';
import type { PushSamples } from './push-tracker';
import { cpuPercent, cpuPerRequestMs } from './resources';

/** A latency in ms, or a dash without samples. */
export const ms = (sorted: number[], p: number, digits = 0) =>
  sorted.length === 0 ? '–' : `${percentile(sorted, p).toFixed(digits)} ms`;

export const latencies = (sorted: number[]) =>
  `p50 ${ms(sorted, 50, 1)} | p95 ${ms(sorted, 95, 1)} | p99 ${ms(sorted, 99, 1)} | max ${ms(sorted, 100, 1)}`;

export const verdict = (ok: boolean, goal: string) =>
  ok ? `goal met (${goal})` : `goal NOT met (${goal})`;

/** Errors by status, as `429: 3, no answer: 1`. */
export function errorsByStatus(errors: Map<number, number>): string {
  return [...errors.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'no answer' : status}: ${n}`)
    .join(', ');
}

function pushLine(what: string, samples: PushSamples) {
  const { latenciesMs: sorted } = samples;
  const judged =
    sorted.length === 0
      ? 'no sample: NOT measured'
      : verdict(percentile(sorted, 95) <= GOAL.pushP95Ms, `p95 ≤ ${GOAL.pushP95Ms} ms`);
  const pushedOut =
    samples.pushedOut > 0 ? `, ${samples.pushedOut} pushed out of the rows meanwhile` : '';
  return `  try answered → ${what}: ${sorted.length} shown (${samples.shownBefore} before the answer), ${samples.missed} never seen within 5 s${pushedOut} | ${latencies(sorted)} | ${judged}`;
}

/** The report of one phase of load, with the goals that apply to it. */
export function phaseLines(run: PhaseResult, opts: { isEmbedded: boolean }): string[] {
  const { stats, use } = run;
  const errors = errorsOf(stats);
  const p95 = percentile(stats.latenciesMs, 95);
  const rss = use.peakRssMb.map((mb) => `${mb.toFixed(0)} MB`).join(' + ');
  const rssOk = Math.max(...use.peakRssMb) <= GOAL.rssMb;
  const pg = use.postgresCpuMs > 0 ? ` + PostgreSQL ${use.postgresCpuMs.toFixed(0)} ms` : '';
  const reads = run.reads.readsMs;
  const split =
    use.instanceCpuMs.length > 1
      ? ` (${use.instanceCpuMs.map((cpu, n) => `app${n + 1} ${cpu.toFixed(0)}`).join(', ')})`
      : '';
  return [
    `${run.name}: offered ${run.ratePerS}/s for ${use.seconds.toFixed(0)} s: ${stats.submissions} tries (${(stats.submissions / stats.seconds).toFixed(1)}/s), ${run.photoTries} at photo steps`,
    `  try ${latencies(stats.latenciesMs)} | ${verdict(p95 <= GOAL.tryP95Ms, `p95 ≤ ${GOAL.tryP95Ms} ms`)}`,
    ...(run.photoTries > 0
      ? [
          `  uploads ${stats.uploadsMs.length} (${(stats.uploadsMs.length / stats.seconds).toFixed(1)}/s): p50 ${ms(stats.uploadsMs, 50, 1)} | p95 ${ms(stats.uploadsMs, 95, 1)} | max ${ms(stats.uploadsMs, 100, 1)}`,
        ]
      : []),
    `  correct ${stats.correct} | wrong ${stats.wrong} | errors ${errors}${errors ? ` (${errorsByStatus(stats.errors)})` : ''} | ${verdict(errors === 0, '0 errors')}`,
    pushLine('the rankings streams', run.push.rankings),
    pushLine('the live console', run.push.console),
    ...(reads.length + run.reads.failed > 0
      ? [`  pollers: ${reads.length} reads, ${run.reads.failed} failed | ${latencies(reads)}`]
      : []),
    `  server CPU ${use.serverCpuMs.toFixed(0)} ms${split} = ${cpuPercent(use).toFixed(0)} % of one core (all instances)${pg}; ${cpuPerRequestMs(use, stats.submissions).toFixed(2)} ms per try`,
    // The server runs as `npm start` runs it (the built server, its memory settings).
    `  peak RSS ${rss} (at the start ${use.startRssMb.map((mb) => mb.toFixed(0)).join(' + ')} MB)${opts.isEmbedded ? ` | ${verdict(rssOk, `≤ ${GOAL.rssMb} MB`)}` : ''}`,
  ];
}

/** Whether a phase met the event's goals (try and push p95, no error, RSS on the embedded server). */
export function isEventGoalMet(run: PhaseResult, opts: { isEmbedded: boolean }): boolean {
  const p95 = (sorted: number[]) => (sorted.length ? percentile(sorted, 95) : Infinity);
  return (
    p95(run.stats.latenciesMs) <= GOAL.tryP95Ms &&
    p95(run.push.rankings.latenciesMs) <= GOAL.pushP95Ms &&
    p95(run.push.console.latenciesMs) <= GOAL.pushP95Ms &&
    errorsOf(run.stats) === 0 &&
    (!opts.isEmbedded || Math.max(...run.use.peakRssMb) <= GOAL.rssMb)
  );
}

/** One row of the summary table. */
export interface SummaryRow {
  configuration: string;
  run: PhaseResult;
}

/** The summary as a markdown table, to paste into bench/README.md. */
export function summaryTable(rows: SummaryRow[]): string[] {
  const header = [
    'configuration',
    'phase',
    'tries/s',
    'try p50',
    'try p95',
    'try p99',
    'upload p95',
    'push p95 rankings',
    'push p95 console',
    'errors',
    'CPU % (one core)',
    'peak RSS',
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(header.map(() => '---')),
    ...rows.map(({ configuration, run }) =>
      line([
        configuration,
        run.name,
        (run.stats.submissions / run.stats.seconds).toFixed(1),
        ms(run.stats.latenciesMs, 50, 1),
        ms(run.stats.latenciesMs, 95, 1),
        ms(run.stats.latenciesMs, 99, 1),
        ms(run.stats.uploadsMs, 95, 1),
        ms(run.push.rankings.latenciesMs, 95),
        ms(run.push.console.latenciesMs, 95),
        String(errorsOf(run.stats)),
        cpuPercent(run.use).toFixed(0),
        run.use.peakRssMb.map((mb) => `${mb.toFixed(0)} MB`).join(' + '),
      ]),
    ),
  ];
}
