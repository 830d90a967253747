import { PlayerMessageSchema } from './messages';
import { z } from 'zod';

/** Teams per page of the tenant's Players tab. */
export const TENANT_PLAYERS_PAGE_SIZE = 50;

/** The longest search the Players tab sends (longer text cannot match a stored field anyway). */
export const TENANT_PLAYERS_QUERY_MAX = 200;

/**
 * `tenantPlayers.list`: the tenant's registered teams, newest first,
 * `q` matched case-insensitively against team name, e-mail and route title; `cursor` is the
 * `next_cursor` of the previous page.
 */
export const TenantPlayersQuerySchema = z.object({
  q: z.string().max(TENANT_PLAYERS_QUERY_MAX).optional(),
  cursor: z.uuid().optional(),
});
export type TenantPlayersQuery = z.infer<typeof TenantPlayersQuerySchema>;

/** `tenantPlayers.csv`: the same teams (all of them) as CSV. */
export const TenantPlayersCsvQuerySchema = TenantPlayersQuerySchema.pick({ q: true });
/** The search of the Players tab's CSV. */
export type TenantPlayersCsvQuery = z.infer<typeof TenantPlayersCsvQuerySchema>;

/** One registered team as the Players tab lists it; `game_started` is the spec's Started. */
export const TenantPlayerSchema = z.object({
  id: z.string(),
  team_name: z.string(),
  email: z.string(),
  route_title: z.string().nullable(),
  registered_at: z.string(),
  game_started: z.boolean(),
});
export type TenantPlayer = z.infer<typeof TenantPlayerSchema>;

/** A page of registered teams; `next_cursor` asks for the next (older) page, null at the end. */
export const TenantPlayersPageSchema = z.object({
  players: z.array(TenantPlayerSchema),
  next_cursor: z.string().nullable(),
});
export type TenantPlayersPage = z.infer<typeof TenantPlayersPageSchema>;

/**
 * One step of a team's game as its detail shows it: the place, the tries (`attempts` counts
 * every try, the last one correct when `status` is 'ok'), the points, the time from the step's
 * start to its end (null while open), and the URL of the team's photo (private: staff and team).
 */
export const TeamGameStepSchema = z.object({
  id: z.string(),
  place: z.string(),
  status: z.enum(['pending', 'ok', 'skipped']),
  attempts: z.number().int(),
  points: z.number().int(),
  elapsed_ms: z.number().int().nullable(),
  photo_url: z.string().nullable(),
});
export type TeamGameStep = z.infer<typeof TeamGameStepSchema>;

/**
 * A hint a team took in a game (decision 0085): its step, its place among the step's hints after
 * `hint` (from 0), what it cost, when, and whether staff gave it free.
 */
export const TeamGameHintSchema = z.object({
  step_id: z.string(),
  place: z.string(),
  hint_index: z.number().int(),
  cost: z.number().int(),
  taken_at: z.string(),
  given_by_staff: z.boolean(),
});
export type TeamGameHint = z.infer<typeof TeamGameHintSchema>;

/**
 * One game of a team: its route, when it started and ended, its score, its steps and the hints
 * it took, oldest first.
 */
export const TeamGameSchema = z.object({
  id: z.string(),
  route_title: z.string(),
  status: z.enum(['active', 'paused', 'completed']),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  total_score: z.number().int(),
  steps: z.array(TeamGameStepSchema),
  hints: z.array(TeamGameHintSchema),
});
export type TeamGame = z.infer<typeof TeamGameSchema>;

/**
 * `teamRecords.detail`: a registered team and its games, newest first,
 * for the tenant's staff. An allow-list: no answers, no payment or verification data.
 */
export const TenantTeamDetailSchema = z.object({
  id: z.string(),
  team_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  route_title: z.string().nullable(),
  registered_at: z.string(),
  games: z.array(TeamGameSchema),
  /**
   * Its messages (decision 0084): the organiser's announcements it received and its private
   * thread with the staff, oldest first.
   */
  messages: z.array(PlayerMessageSchema),
});
export type TenantTeamDetail = z.infer<typeof TenantTeamDetailSchema>;

/**
 * `teamRecords.export`: everything the tenant keeps about a team, for the team's access request —
 * its detail, and the positions its phones shared while playing (decision 0086), oldest first.
 */
export const TeamExportSchema = TenantTeamDetailSchema.extend({
  exported_at: z.string(),
  fixes: z.array(
    z.object({
      game_id: z.string(),
      lat: z.number(),
      lng: z.number(),
      accuracy_m: z.number().nullable(),
      taken_at: z.string(),
      received_at: z.string(),
    }),
  ),
});
export type TeamExport = z.infer<typeof TeamExportSchema>;

/**
 * `teamRecords.erase`: what the erasure removed, counted — games,
 * photos, files in storage, mails in the outbox — and the payments it kept without the team's
 * name or e-mail for the organiser's accounts (decision 0057).
 */
export const TeamErasureSchema = z.object({
  games: z.number().int(),
  photos: z.number().int(),
  files: z.number().int(),
  mails: z.number().int(),
  /** The lines of its private thread with the staff (the announcements stay for the others). */
  messages: z.number().int(),
  /** The hints its games took (decision 0085), erased with them. */
  hints: z.number().int(),
  /** The positions its phones shared (decision 0086), erased with its games. */
  fixes: z.number().int(),
  payments_kept: z.number().int(),
});
export type TeamErasure = z.infer<typeof TeamErasureSchema>;
