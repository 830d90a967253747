import { z } from 'zod';

/** Teams per page of the tenant's Players tab. */
export const TENANT_PLAYERS_PAGE_SIZE = 50;

/** The longest search the Players tab sends (longer text cannot match a stored field anyway). */
export const TENANT_PLAYERS_QUERY_MAX = 200;

/**
 * `GET /api/tenants/{slug}/players?q=&cursor=`: the tenant's registered teams, newest first,
 * `q` matched case-insensitively against team name, e-mail and route title; `cursor` is the
 * `next_cursor` of the previous page.
 */
export const TenantPlayersQuerySchema = z.object({
  q: z.string().max(TENANT_PLAYERS_QUERY_MAX).optional(),
  cursor: z.uuid().optional(),
});
export type TenantPlayersQuery = z.infer<typeof TenantPlayersQuerySchema>;

/** `GET /api/tenants/{slug}/players.csv?q=`: the same teams (all of them) as CSV. */
export const TenantPlayersCsvQuerySchema = TenantPlayersQuerySchema.pick({ q: true });

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
