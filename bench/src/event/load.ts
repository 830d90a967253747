import { type LoadStats, type Player, runLoad } from '../lib/driver';
import type { HttpClient } from '../lib/http-client';
import { type HttpPlayer, httpPlayer } from '../lib/http-player';
import { percentile } from '../lib/report';
import { startTeams, type Team } from '../lib/setup';
import type { Audience, PollReads } from './audience';
import type { Deployment, EventWorld } from './deployment';
import { GOAL, KNEE_RATES, KNEE_STEP_MS } from './options';
import type { PushSamples, PushTracker } from './push-tracker';
import { type ResourceUse, watchResources } from './resources';

/** The teams of the event and what their phones need. */
export interface Field {
  world: EventWorld;
  players: HttpPlayer[];
  client: HttpClient;
  photos: readonly Buffer[];
  tracker: PushTracker;
}

/** At most this many tries in flight (a try per team at most, so at most one per team). */
const CONCURRENCY = 256;
/** About this share of the wrong answers (isWrongTry, at most one per step). */
const WRONG_RATIO = 0.1;

/** A team's phone: its correct tries go to `tracker` as they are answered. */
export function eventPlayer(field: Omit<Field, 'players'>, team: Team, fromStep = 0): HttpPlayer {
  return httpPlayer(field.client, {
    slug: field.world.slug,
    team,
    wrongRatio: WRONG_RATIO,
    photos: field.photos,
    fromStep,
    onResult: (result, answeredAt) => {
      if (result.outcome !== 'correct') return;
      const { name, gameId } = team;
      field.tracker.answered({ name, gameId, score: result.total_score, answeredAt });
    },
  });
}

/**
 * The teams as an event finds them (not measured): team n has solved n mod 4 steps already, so
 * they do not all meet the first photo step (the 4th) at the same moment.
 */
export async function spreadTeams(field: Omit<Field, 'players'>): Promise<HttpPlayer[]> {
  const ahead = field.world.teams.map((team, n) => {
    const inner = httpPlayer(field.client, { slug: field.world.slug, team, wrongRatio: 0 });
    const player: Player = {
      isDone: n % 4 === 0,
      tryNext: async () => {
        const outcome = await inner.tryNext();
        if (inner.stepIndex >= n % 4) player.isDone = true;
        return outcome;
      },
    };
    return { inner, player };
  });
  await runLoad(
    ahead.map((a) => a.player).filter((p) => !p.isDone),
    { concurrency: 32, maxSubmissions: Infinity, durationMs: Infinity },
  );
  return field.world.teams.map((team, n) => eventPlayer(field, team, ahead[n]?.inner.stepIndex));
}

/** What one phase of load measured. */
export interface PhaseResult {
  name: string;
  ratePerS: number;
  stats: LoadStats;
  /** Tries whose step was a photo step (their uploads are in `stats.uploadsMs`). */
  photoTries: number;
  use: ResourceUse;
  push: { rankings: PushSamples; console: PushSamples };
  reads: PollReads;
}

/**
 * The teams try at `ratePerS` (open loop) for `durationMs`, each team one try at a time, round
 * the field; `pick` may prefer some teams. Then the last tries' pushes are awaited.
 */
export async function runPhase(
  field: Field,
  opts: {
    name: string;
    deployment: Deployment;
    audience: Audience | null;
    ratePerS: number;
    durationMs: number;
    pick?: (waiting: readonly HttpPlayer[]) => number;
  },
): Promise<PhaseResult> {
  await field.tracker.settle();
  opts.audience?.takeReads();
  const isPhoto = (p: HttpPlayer) => p.team.steps[p.stepIndex]?.checkType === 'photo';
  let photoTries = 0;
  const watch = await watchResources(opts.deployment.instances, opts.deployment.database);
  const stats = await runLoad(
    field.players.filter((p) => !p.isDone),
    {
      concurrency: CONCURRENCY,
      maxSubmissions: Infinity,
      durationMs: opts.durationMs,
      ratePerS: opts.ratePerS,
      pick: (waiting) => {
        const n = opts.pick ? opts.pick(waiting) : 0;
        const player = waiting[n] ?? waiting[0];
        if (player && isPhoto(player)) photoTries += 1;
        return n;
      },
    },
  );
  const use = await watch.stop();
  const push = await field.tracker.settle();
  const reads = opts.audience?.takeReads() ?? { readsMs: [], failed: 0 };
  return { name: opts.name, ratePerS: opts.ratePerS, stats, photoTries, use, push, reads };
}

/**
 * The burst's choice: a team whose next step is a photo step while photos are under a third of
 * the tries so far, else the longest waiting team (teams reaching a photo step together).
 */
export function preferPhotos(): (waiting: readonly HttpPlayer[]) => number {
  let picks = 0;
  let photos = 0;
  return (waiting) => {
    picks += 1;
    const isPhoto = (p: HttpPlayer) => p.team.steps[p.stepIndex]?.checkType === 'photo';
    const wanted = photos < picks / 3 ? waiting.findIndex(isPhoto) : -1;
    const n = wanted === -1 ? 0 : wanted;
    if (waiting[n] && isPhoto(waiting[n])) photos += 1;
    return n;
  };
}

/** Errors of a run. */
export const errorsOf = (stats: LoadStats) => [...stats.errors.values()].reduce((a, b) => a + b, 0);

/**
 * More teams when the field has fewer steps left than `steps` (the knee's fast rates would
 * finish the route): started through the API between two rates, not measured.
 */
async function ensureSteps(field: Field, steps: number): Promise<number> {
  const left = field.players.reduce(
    (n, p) => n + (p.isDone ? 0 : p.team.steps.length - p.stepIndex),
    0,
  );
  if (left >= steps) return 0;
  const count = Math.ceil((steps - left) / (field.world.teams[0]?.steps.length ?? 10));
  const teams = await startTeams(field.client, {
    slug: field.world.slug,
    from: field.world.teams.length,
    count,
    concurrency: 16,
  });
  field.world.teams.push(...teams);
  field.players.push(...teams.map((team) => eventPlayer(field, team)));
  return count;
}

/** The knee: rising rates until one's try p95 passes the goal or has errors. */
export async function runKnee(
  field: Field,
  opts: { deployment: Deployment; audience: Audience | null },
) {
  const runs: PhaseResult[] = [];
  let added = 0;
  let knee: number | null = null;
  for (const ratePerS of KNEE_RATES) {
    added += await ensureSteps(field, Math.ceil((ratePerS * KNEE_STEP_MS * 1.3) / 1000));
    const run = await runPhase(field, {
      ...opts,
      name: `knee ${ratePerS}/s`,
      ratePerS,
      durationMs: KNEE_STEP_MS,
    });
    runs.push(run);
    const p95 = percentile(run.stats.latenciesMs, 95);
    if (p95 > GOAL.tryP95Ms || errorsOf(run.stats) > 0) break;
    knee = ratePerS;
  }
  return { runs, knee, added };
}
