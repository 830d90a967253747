import { LEDGER_KINDS } from '@tappa/domain';
import { z } from 'zod';
import { InstantSchema } from './dates';

/** The longest range an analytics read covers (issue 38): a year, a leap one included. */
export const ANALYTICS_RANGE_MAX_DAYS = 366;

/**
 * `analytics.route`'s query (decision 0088): a route of the tenant, and the games started in
 * `[from, to)`; either end may be open. `to` must come after `from`, at most a year later.
 */
export const AnalyticsQuerySchema = z
  .object({
    route: z.uuid(),
    from: InstantSchema.optional(),
    to: InstantSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    message: 'The end must come after the start',
    path: ['to'],
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      Date.parse(q.to) - Date.parse(q.from) <= ANALYTICS_RANGE_MAX_DAYS * 86_400_000,
    { message: `At most ${ANALYTICS_RANGE_MAX_DAYS} days`, path: ['to'] },
  );
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** One step of the route in its order, over the range's games (decision 0088). */
export const StepAnalyticsSchema = z.object({
  step_id: z.string(),
  /** Its number in the route, from 1. */
  number: z.number().int(),
  place: z.string(),
  /** Games that reached it (its clock started, or it was answered). */
  reached: z.number().int(),
  solved: z.number().int(),
  skipped: z.number().int(),
  /** Games still playing that are on it now. */
  on_it: z.number().int(),
  /** Solved of reached, 0–1; null when none reached it. */
  solve_rate: z.number().nullable(),
  /** Median and 90th percentile of the time to solve it (linear between ranks), in ms. */
  median_solve_ms: z.number().nullable(),
  p90_solve_ms: z.number().nullable(),
  /** Mean tries of the games that tried it. */
  mean_tries: z.number().nullable(),
  /** Solved at the first try, of the solved, 0–1. */
  first_try_share: z.number().nullable(),
  hints_taken: z.number().int(),
  /** The points the hints taken cost. */
  hint_points: z.number().int(),
  /**
   * Games over that reached it and never the next step (the last step: never ended it; on an
   * exploration route: never ended it).
   */
  drop_off: z.number().int(),
});
export type StepAnalytics = z.infer<typeof StepAnalyticsSchema>;

/** A band of the route's scores: the games whose score is within `[from, to]`. */
export const ScoreBandSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  games: z.number().int(),
});
export type ScoreBand = z.infer<typeof ScoreBandSchema>;

/** `analytics.route`: a route's analytics over the games started in the range. */
export const RouteAnalyticsSchema = z.object({
  route: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Games started in the range. */
  started: z.number().int(),
  /** Of them, games over (finished, timed out or stopped). */
  finished: z.number().int(),
  /** Median time from start to end of the games over, in ms. */
  median_total_ms: z.number().nullable(),
  /** The games' scores in up to ten equal bands from the lowest to the highest. */
  score_bands: z.array(ScoreBandSchema),
  steps: z.array(StepAnalyticsSchema),
  computed_at: z.string(),
});
export type RouteAnalytics = z.infer<typeof RouteAnalyticsSchema>;

/**
 * A game of the range on the final standings (decision 0088): its place with the scoreboards'
 * rule (score descending, then the earlier last scoring moment; equal on both, the same place).
 */
export const StandingSchema = z.object({
  game_id: z.string(),
  /** From 1; tied games share it and the next place skips (1, 1, 3). */
  rank: z.number().int(),
  team_name: z.string(),
  score: z.number().int(),
  /** From its start to its end, in ms; null while it is not over. */
  total_ms: z.number().nullable(),
  status: z.enum(['active', 'paused', 'completed']),
  started_at: z.string(),
});
export type Standing = z.infer<typeof StandingSchema>;

/** `analytics.standings`: the range's final standings only (the certificates). */
export const RouteStandingsSchema = z.object({
  route: RouteAnalyticsSchema.shape.route,
  from: z.string().nullable(),
  to: z.string().nullable(),
  standings: z.array(StandingSchema),
  computed_at: z.string(),
});
export type RouteStandings = z.infer<typeof RouteStandingsSchema>;

/** A step of a team's game in the report: its number in the route (the place is the route's). */
export const ReportTeamStepSchema = z.object({
  number: z.number().int(),
  status: z.enum(['pending', 'ok', 'skipped']),
  tries: z.number().int(),
  /** From the step's clock start to its end, in ms; null until it ended. */
  time_ms: z.number().nullable(),
  points: z.number().int(),
});
export type ReportTeamStep = z.infer<typeof ReportTeamStepSchema>;

/** A ledger entry of a team in the report: the team ledger's, its step by number. */
export const ReportLedgerEntrySchema = z.object({
  id: z.number().int(),
  /** The step's number in the route; null without a step. */
  step: z.number().int().nullable(),
  kind: z.enum(LEDGER_KINDS),
  points: z.number().int(),
  /** Staff's reason; null for the team's own entries. */
  reason: z.string().nullable(),
  /** Whether a later `undo` compensated it. */
  undone: z.boolean(),
});
export type ReportLedgerEntry = z.infer<typeof ReportLedgerEntrySchema>;

/** A team of the report: its game's steps in route order and its ledger, oldest first. */
export const ReportTeamSchema = z.object({
  game_id: z.string(),
  steps: z.array(ReportTeamStepSchema),
  ledger: z.array(ReportLedgerEntrySchema),
});
export type ReportTeam = z.infer<typeof ReportTeamSchema>;

/**
 * `analytics.report`: the event report of a route and range (decision 0088): its analytics (the
 * route and its steps once), the final standings, and each game's steps and ledger in the
 * standings' order, naming steps by number only.
 */
export const EventReportSchema = z.object({
  analytics: RouteAnalyticsSchema,
  standings: z.array(StandingSchema),
  teams: z.array(ReportTeamSchema),
});
export type EventReport = z.infer<typeof EventReportSchema>;
