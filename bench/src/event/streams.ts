import type { Engine } from '../lib/options';
import { percentile } from '../lib/report';
import { epochNow, holdEventStreams } from '../scoreboards/held-streams';
import { leaderOf, timePushes } from '../scoreboards/push-timing';
import { type Deployment, entryClient, setUpEvent, startDeployment } from './deployment';
import { eventPlayer, type Field, type PhaseResult, runPhase } from './load';
import { GOAL, OPTIONS, STREAMS_PHASE } from './options';
import { PushTracker } from './push-tracker';
import { latencies, phaseLines, verdict } from './report';

/** What the streams phase found: its lines, its runs (for the summary) and its verdict. */
export interface StreamsResult {
  lines: string[];
  runs: PhaseResult[];
  isGoalMet: boolean;
}

/** The try p95 of a run, in ms. */
const p95Of = (run: PhaseResult) => percentile(run.stats.latenciesMs, 95);

/**
 * The streams phase on a fresh server: STREAMS_PHASE.teams teams at their rate without extra
 * streams; then `--streams` rankings streams open, single tries timed to every stream (as the
 * scoreboards bench does, a ratio to the bare fan-out's `reference`), and the teams again.
 */
export async function streamsPhase(
  engine: Engine,
  opts: { reference: number[] | null },
): Promise<StreamsResult> {
  const config = { name: `${engine} streams`, engine, instances: 1 as const };
  const deployment: Deployment = await startDeployment(config);
  const client = entryClient(deployment, 64);
  try {
    // Text steps only, as the scoreboards bench: a probe times the try, not an upload.
    const world = await setUpEvent(client, {
      teams: STREAMS_PHASE.teams,
      steps: 20,
      hasPhotos: false,
    });
    const partial: Omit<Field, 'players'> = {
      world,
      client,
      photos: [],
      tracker: new PushTracker(),
    };
    const field: Field = { ...partial, players: world.teams.map((t) => eventPlayer(partial, t)) };
    const run = (name: string) =>
      runPhase(field, {
        name,
        deployment,
        audience: null,
        ratePerS: STREAMS_PHASE.ratePerS,
        durationMs: STREAMS_PHASE.durationMs,
      });
    const without = await run('without streams');
    const openedAt = performance.now();
    // Held by a child process: read here, they would hold up the teams' answers (issue 33).
    const streams = await holdEventStreams(deployment.url, {
      path: `/api/public/tenants/${world.slug}/scoreboard/stream?route=${world.routeSlug}`,
      count: OPTIONS.streams,
    });
    try {
      const openS = (performance.now() - openedAt) / 1000;
      const rssOpen = await deployment.instances[0]?.rssMb();
      const { pushMs, line } = await timePushes(streams, {
        probes: STREAMS_PHASE.probes,
        what: 'tries',
        change: async () => {
          // The leader scores: a change outside the rows shown would (rightly) push nothing.
          const player = await leaderOf(client, world, field.players);
          let t0 = epochNow();
          // A deliberate wrong answer changes no score: time the correct try that follows it.
          while ((await player.tryNext()).kind === 'wrong') t0 = epochNow();
          return t0;
        },
      });
      const withStreams = await run(`with ${OPTIONS.streams} streams`);
      const ended = await streams.ended();
      const ratio = opts.reference
        ? percentile(pushMs, 95) / Math.max(0.001, percentile(opts.reference, 95))
        : null;
      const tryOk = p95Of(without) <= GOAL.tryP95Ms && p95Of(withStreams) <= GOAL.tryP95Ms;
      const pushOk = ratio !== null && ratio <= GOAL.pushToBare;
      const lines = [
        `=== streams phase, ${engine}: ${STREAMS_PHASE.teams} teams at ${STREAMS_PHASE.ratePerS}/s, without and with ${OPTIONS.streams} rankings streams ===`,
        ...phaseLines(without, { isEmbedded: false }).filter((l) => !l.includes('→')),
        `${OPTIONS.streams} streams opened in ${openS.toFixed(1)} s; server RSS with them open ${rssOpen?.toFixed(0)} MB; ${ended} ended by the server`,
        `try answered → event on every stream ${line}`,
        ...phaseLines(withStreams, { isEmbedded: false }).filter((l) => !l.includes('→')),
        `try p95 without the streams ${p95Of(without).toFixed(1)} ms | with them ${p95Of(withStreams).toFixed(1)} ms | ${verdict(tryOk, `both ≤ ${GOAL.tryP95Ms} ms`)}`,
        ratio === null
          ? 'push p95 to every stream: no bare fan-out in this run (--phases reference): NOT judged'
          : `push p95 to every stream ${percentile(pushMs, 95).toFixed(1)} ms = ${ratio.toFixed(2)}× the bare fan-out's ${percentile(opts.reference ?? [], 95).toFixed(1)} ms | ${verdict(pushOk, `≤ ${GOAL.pushToBare}×`)}`,
        `  (push ${latencies(pushMs)})`,
      ];
      return { lines, runs: [without, withStreams], isGoalMet: tryOk && pushOk };
    } finally {
      await streams.close();
    }
  } finally {
    client.close();
    await deployment.stop();
  }
}
