import { ADMIN_URL, type Engine, readOptions } from '../lib/options';

const { option, databases } = readOptions({
  teams: { type: 'string' },
  databases: { type: 'string' },
  phases: { type: 'string' },
  'peak-rate': { type: 'string' },
  'peak-s': { type: 'string' },
  'burst-s': { type: 'string' },
  streams: { type: 'string' },
  'streams-databases': { type: 'string' },
  viewers: { type: 'string' },
  pollers: { type: 'string' },
});

/** The event bench's phases: the machine's references, then per configuration. */
export type EventPhase = 'reference' | 'event' | 'streams' | 'instances' | 'knee';

/** `--name value` on the command line, else `BENCH_*`, else the numbers. */
export const OPTIONS = {
  teams: Number(option('teams', 'BENCH_TEAMS', '1000')),
  databases: databases(),
  phases: option('phases', 'BENCH_PHASES', 'reference,event,streams,instances,knee').split(
    ',',
  ) as EventPhase[],
  /** Tries a second at the event's peak: 1,000 teams, one try every 20–60 s each. */
  peakRatePerS: Number(option('peak-rate', 'BENCH_PEAK_RATE', '33')),
  peakMs: Number(option('peak-s', 'BENCH_PEAK_S', '60')) * 1000,
  /** The burst, at BURST_FACTOR × the peak rate. */
  burstMs: Number(option('burst-s', 'BENCH_BURST_S', '20')) * 1000,
  /** Rankings streams of the streams phase (and of its reference, the bare fan-out). */
  streams: Number(option('streams', 'BENCH_STREAMS', '10000')),
  /** Where the streams phase runs: `pglite`, and `postgres` on request. */
  streamsDatabases: option('streams-databases', 'BENCH_STREAMS_DATABASES', 'pglite').split(
    ',',
  ) as Engine[],
  /** Rankings streams open during the event (MEASURING_STREAMS of them parse their frames). */
  viewers: Number(option('viewers', 'BENCH_VIEWERS', '200')),
  /** Viewers reading the rankings every POLL_MS instead. */
  pollers: Number(option('pollers', 'BENCH_POLLERS', '50')),
  adminUrl: ADMIN_URL,
};

export const BURST_FACTOR = 3;
/** The route: 10 steps, the 4th and the 8th photo steps. */
export const ROUTE_STEPS = 10;
/** Teams whose phones hold their game's stream during the event. */
export const PHONES = 100;
/** Viewers' streams whose frames are read to time the pushes (the others only hold theirs). */
export const MEASURING_STREAMS = 5;
/** A poller's period (doc 2 §9). */
export const POLL_MS = 5000;
/** A try not shown within this time counts as never seen. */
export const SEEN_WITHIN_MS = 5000;
/** The knee's rates, each for KNEE_STEP_MS: the first whose try p95 passes GOAL.tryP95Ms ends it. */
export const KNEE_RATES = [50, 100, 150, 200, 300, 400];
export const KNEE_STEP_MS = 8000;
/** The streams phase: teams, their rate and each run's length (the numbers). */
export const STREAMS_PHASE = { teams: 100, ratePerS: 20, durationMs: 20_000, probes: 10 };

/** The goals. */
export const GOAL = {
  tryP95Ms: 50,
  pushP95Ms: 300,
  rssMb: 350,
  /** Push p95 with 10,000 streams as a multiple of the bare fan-out's. */
  pushToBare: 1.5,
};

/** Whether the run has phase `phase`. */
export const hasPhase = (phase: EventPhase) => OPTIONS.phases.includes(phase);
