// The event (issue 33): N teams at a human pace (a try every 20–60 s each, ~10 % wrong, photo
// steps with small JPEGs), viewers on the event streams and an open live console, at a real
// event's peak and then a 3× burst; try, upload and push latency, errors, server CPU and RSS, and
// the knee (the rate where try p95 passes 50 ms); on PGlite, and on PostgreSQL with one instance
// and with two behind HAProxy (deploy/haproxy.cfg), in one run; the machine's references first
// (the bare fan-out of 10,000 streams), then the streams phase (10,000 rankings streams while
// 100 teams try at 20/s) and the two instances' functional checks. See bench/README.md.
import os from 'node:os';
import { openAudience } from './event/audience';
import {
  type Configuration,
  configurations,
  entryClient,
  setUpEvent,
  startDeployment,
} from './event/deployment';
import { checkInstances } from './event/instances';
import {
  type Field,
  type PhaseResult,
  preferPhotos,
  runKnee,
  runPhase,
  spreadTeams,
} from './event/load';
import {
  BURST_FACTOR,
  GOAL,
  hasPhase,
  MEASURING_STREAMS,
  OPTIONS,
  STREAMS_PHASE,
} from './event/options';
import { PushTracker } from './event/push-tracker';
import { isEventGoalMet, phaseLines, type SummaryRow, summaryTable, verdict } from './event/report';
import { cpuPerRequestMs } from './event/resources';
import { makeJpegs } from './event/route';
import { streamsPhase } from './event/streams';
import { timeBareFanOut } from './scoreboards/push-timing';

const runStarted = performance.now();
const summary: SummaryRow[] = [];
const verdicts: string[] = [];
/** The peak's CPU per try (servers and PostgreSQL), by configuration. */
const cpuPerTry = new Map<string, number>();
let isCheckFailed = false;

/** Runs `phase`, then prints how long it took. */
async function timed<T>(what: string, phase: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await phase();
  console.log(`  (${what} took ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  return result;
}

function printRun(config: Configuration, run: PhaseResult) {
  console.log(phaseLines(run, { isEmbedded: config.engine === 'pglite' }).join('\n'));
  summary.push({ configuration: config.name, run });
}

async function runConfiguration(config: Configuration, photos: Buffer[]) {
  console.log(`=== ${config.name}: ${OPTIONS.teams} teams ===`);
  const deployment = await startDeployment(config);
  const client = entryClient(deployment, 256);
  const rss = async () => {
    const mb = await Promise.all(deployment.instances.map((i) => i.rssMb()));
    return `${mb.map((m) => m.toFixed(0)).join(' + ')} MB`;
  };
  try {
    const field: Field = await timed('starting and setting up (not measured)', async () => {
      const started = await rss();
      const world = await setUpEvent(client, { teams: OPTIONS.teams });
      const partial = { world, client, photos, tracker: new PushTracker() };
      const players = await spreadTeams(partial);
      console.log(`server RSS ${started} when listening, ${await rss()} after the set-up`);
      return { ...partial, players };
    });
    const audience = await openAudience(deployment.url, {
      world: field.world,
      viewers: OPTIONS.viewers,
      pollers: OPTIONS.pollers,
      tracker: field.tracker,
    });
    console.log(
      `audience: ${OPTIONS.viewers} rankings streams (${Math.min(MEASURING_STREAMS, OPTIONS.viewers)} read), ${OPTIONS.pollers} pollers every 5 s, 1 live console, ${audience.streams - OPTIONS.viewers - 1} phones on their game's stream${deployment.lb ? ', through HAProxy' : ''}`,
    );
    try {
      if (hasPhase('event')) {
        const peak = await timed('peak', () =>
          runPhase(field, {
            name: 'peak',
            deployment,
            audience,
            ratePerS: OPTIONS.peakRatePerS,
            durationMs: OPTIONS.peakMs,
          }),
        );
        printRun(config, peak);
        cpuPerTry.set(config.name, cpuPerRequestMs(peak.use, peak.stats.submissions));
        const burst = await timed('burst', () =>
          runPhase(field, {
            name: 'burst',
            deployment,
            audience,
            ratePerS: OPTIONS.peakRatePerS * BURST_FACTOR,
            durationMs: OPTIONS.burstMs,
            pick: preferPhotos(),
          }),
        );
        printRun(config, burst);
        const isEmbedded = config.engine === 'pglite';
        const ok = [peak, burst].every((run) => isEventGoalMet(run, { isEmbedded }));
        const goal = `peak and burst: try p95 ≤ ${GOAL.tryP95Ms} ms, push p95 ≤ ${GOAL.pushP95Ms} ms, 0 errors${isEmbedded ? `, RSS ≤ ${GOAL.rssMb} MB` : ''}`;
        const line = `${config.name}, ${OPTIONS.teams} teams: ${verdict(ok, goal)}`;
        verdicts.push(line);
        console.log(`${line}\n  streams ended by the server: ${audience.endedByServer()}\n`);
      }
      if (hasPhase('instances') && config.instances === 2) {
        const checks = await timed('functional checks', async () => {
          console.log('two instances behind HAProxy:');
          const found = await checkInstances(deployment, field.world);
          for (const c of found) console.log(c.line);
          return found;
        });
        if (checks.some((c) => !c.ok)) isCheckFailed = true;
      }
      if (hasPhase('knee')) {
        await timed('knee', async () => {
          const knee = await runKnee(field, { deployment, audience });
          for (const run of knee.runs) printRun(config, run);
          const teams = knee.added > 0 ? ` (${knee.added} more teams started for it)` : '';
          const at =
            knee.knee === null ? `below ${knee.runs[0]?.ratePerS}/s` : `${knee.knee} tries/s`;
          console.log(
            `knee of ${config.name}: ${at} (the last rate with try p95 ≤ ${GOAL.tryP95Ms} ms and no error)${teams}`,
          );
        });
      }
    } finally {
      await audience.close();
    }
  } finally {
    client.close();
    await deployment.stop();
  }
}

/** Per-request CPU of one instance and of two (all instances + PostgreSQL's backends, per try). */
function cpuComparison(): string[] {
  const [one, two] = [cpuPerTry.get('postgres ×1'), cpuPerTry.get('postgres ×2 (HAProxy)')];
  if (one === undefined || two === undefined) return [];
  return [
    `CPU per try at the peak (${OPTIONS.peakRatePerS}/s offered to both; all instances + PostgreSQL's backends, the try's photo upload included):`,
    `  postgres ×1: ${one.toFixed(2)} ms | postgres ×2 behind HAProxy: ${two.toFixed(2)} ms (×${(two / one).toFixed(2)})`,
  ];
}

const cpus = os.cpus();
console.log(
  `${new Date().toISOString()} | Node ${process.version} | ${cpus.length} cores (${cpus[0]?.model ?? '?'}) | load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} | ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB memory`,
);
console.log(
  `teams ${OPTIONS.teams} | peak ${OPTIONS.peakRatePerS}/s for ${OPTIONS.peakMs / 1000} s | burst ${OPTIONS.peakRatePerS * BURST_FACTOR}/s for ${OPTIONS.burstMs / 1000} s | viewers ${OPTIONS.viewers} | pollers ${OPTIONS.pollers} | streams ${OPTIONS.streams} | phases ${OPTIONS.phases.join(',')}\n`,
);
let reference: number[] | null = null;
if (hasPhase('reference')) {
  reference = await timed('reference', async () => {
    const bare = await timeBareFanOut({
      streams: OPTIONS.streams,
      probes: STREAMS_PHASE.probes,
      held: true,
    });
    console.log(bare.lines.join('\n'));
    return bare.pushMs;
  });
}
const photos = await makeJpegs(8);
console.log(
  `photos: ${photos.length} JPEGs of 640×480, ${photos.map((p) => (p.length / 1024).toFixed(0)).join(', ')} KB\n`,
);
for (const config of configurations()) {
  const isNeeded =
    hasPhase('event') || hasPhase('knee') || (hasPhase('instances') && config.instances === 2);
  if (isNeeded) await runConfiguration(config, photos);
}
if (hasPhase('streams')) {
  for (const engine of OPTIONS.streamsDatabases) {
    const result = await timed('streams phase', async () => {
      const found = await streamsPhase(engine, { reference });
      console.log(found.lines.join('\n'));
      return found;
    });
    for (const run of result.runs) summary.push({ configuration: `${engine} (streams)`, run });
    verdicts.push(
      `streams phase, ${engine}: ${verdict(result.isGoalMet, `try p95 ≤ ${GOAL.tryP95Ms} ms with and without ${OPTIONS.streams} streams, push p95 ≤ ${GOAL.pushToBare}× the bare fan-out`)}`,
    );
  }
}
const comparison = cpuComparison();
if (comparison.length > 0) console.log(`${comparison.join('\n')}\n`);
console.log('summary (paste into bench/README.md):\n');
console.log(summaryTable(summary).join('\n'));
console.log(`\n${verdicts.join('\n')}`);
if (isCheckFailed) console.log('the two instances FAILED a functional check (above)');
console.log(`\nthe whole run took ${((performance.now() - runStarted) / 60_000).toFixed(1)} min`);
if (isCheckFailed) process.exitCode = 1;
