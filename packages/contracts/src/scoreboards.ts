import { z } from 'zod';
import { ROUTE_TYPES } from './constants';

// Scoreboards are public per tenant (doc 2 §6): they carry team names, scores and progress, never
// an e-mail. Rankings are ordered by score descending, then the earlier last_seen first. Their
// limits (SCOREBOARD_ROWS_MAX …) are in `constants.ts`.

/** A route as the scoreboards name it. */
export const ScoreboardRouteSchema = z.object({
  slug: z.string(),
  title: z.string(),
  route_type: z.enum(ROUTE_TYPES),
});
export type ScoreboardRoute = z.infer<typeof ScoreboardRouteSchema>;

/** One team on one route (a `live_heartbeat` row). */
export const RankingRowSchema = z.object({
  /** Opaque and stable: the end-of-game page highlights the row whose id it was given. */
  id: z.string(),
  /** 1-based place in this list. */
  position: z.number().int(),
  team_name: z.string(),
  score: z.number().int(),
  progress: z.number().int(),
  total: z.number().int(),
  last_seen: z.string(),
  /** Exploration routes are not scored: their scores show as '-'. */
  route_type: z.enum(ROUTE_TYPES),
});
export type RankingRow = z.infer<typeof RankingRowSchema>;

/**
 * `scoreboards.rankings` (`?route={route slug}`), and every `rankings` event of
 * `scoreboards.stream`: the rankings of the tenant (all routes) or of one route.
 */
export const RankingsSchema = z.object({
  /** The route filtered on, null for all the tenant's routes. */
  route: ScoreboardRouteSchema.nullable(),
  /** 'Live Rankings' / 'Classifica Generale': at most SCOREBOARD_ROWS_MAX (20) rows. */
  overall: z.array(RankingRowSchema),
  /** 'Classifica di Oggi': last seen since the start of today in the tenant's time zone. */
  today: z.array(RankingRowSchema),
  /** When these rankings were computed (ISO). */
  computed_at: z.string(),
  /**
   * When staff froze the standings of the route ('Congela classifica', issue 31): the rows are
   * those of that moment and the views say 'Classifica congelata'; null while live.
   */
  frozen_at: z.string().nullable(),
});
export type Rankings = z.infer<typeof RankingsSchema>;

/** The route filter of the rankings and their stream. */
export const RankingsQuerySchema = z.object({
  /** A route slug; absent or empty: all the tenant's routes. */
  route: z.string().max(200).optional(),
});
export type RankingsQuery = z.infer<typeof RankingsQuerySchema>;

/** `scoreboards.routes`: the active routes, ordered by title. */
export const ScoreboardRoutesSchema = z.object({ routes: z.array(ScoreboardRouteSchema) });
export type ScoreboardRoutes = z.infer<typeof ScoreboardRoutesSchema>;

/** `gameResults.read`: the end-of-game card of one game. */
export const GameResultSchema = z.object({
  game_id: z.string(),
  status: z.enum(['active', 'paused', 'completed']),
  team_name: z.string(),
  team_avatar_url: z.string().nullable(),
  total_score: z.number().int(),
  route: ScoreboardRouteSchema,
  /** The team's place on the route's overall ranking (beyond the 20 rows too); null before it has a row. */
  position: z.number().int().nullable(),
  /** The id of the team's ranking row, to highlight it; null before it has one. */
  row_id: z.string().nullable(),
});
export type GameResult = z.infer<typeof GameResultSchema>;
