/**
 * Who may call a route, declared on every API route (`config: { access }`); the app refuses to
 * start with an API route that declares none, and the access sweep test checks each route's
 * behaviour against its declaration.
 */
export type RouteAccess =
  /** Anyone; nothing tenant-owned beyond public data. */
  | 'public'
  /** Anyone, for a tenant's public data (scoreboards, route list): `:slug` scopes it. */
  | 'public-tenant'
  /** Any active signed-in account. */
  | 'signed-in'
  /** The superadmin only. */
  | 'superadmin'
  /** The staff of the tenant of `:slug` (tenant_admin, game_manager) and the superadmin. */
  | 'tenant-staff'
  /** The team proven by its player cookie for the tenant of `:slug`. */
  | 'player'
  /** The team that owns the record, or the staff of its tenant (game photos). */
  | 'team-or-staff'
  /**
   * A payment provider's webhook: anyone may call, with no cookie and no CSRF header, and only a
   * body signed with the tenant's secret is taken; everything else is refused (decision 0044).
   */
  | 'signed-webhook';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. */
    access?: RouteAccess;
  }
}
