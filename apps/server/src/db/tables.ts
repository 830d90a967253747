import {
  appSecrets,
  auditLog,
  authAccounts,
  authSessions,
  authUsers,
  authVerifications,
  emailSettings,
  emailVerifications,
  gameEvents,
  gameFixes,
  gameHandoffCodes,
  gameLastFixes,
  gameHints,
  games,
  routeEventPauses,
  routeFixAggregates,
  gameSteps,
  idempotencyKeys,
  limitCounters,
  liveHeartbeat,
  mediaFiles,
  mediaFolders,
  messageCounters,
  messageDeliveries,
  messages,
  paymentEvents,
  payments,
  reviewItems,
  routeAccessCodes,
  routeLive,
  routePricing,
  routes,
  steps,
  superadminBrand,
  teamRegistrations,
  tenantPaymentSettings,
  tenants,
  tenantSlugRedirects,
  users,
  userTenantRoles,
} from './schema';

/**
 * Every table, by how it belongs to a tenant (docs/architecture.md, "Tenant scoping"). A test
 * fails when a table of the schema is missing here, so a new table is classified when it is made.
 */

/** Tables a tenant owns: a required `tenant_id`, deleted with the tenant. */
export const TENANT_TABLES = [
  routes,
  routePricing,
  routeAccessCodes,
  games,
  gameHandoffCodes,
  gameEvents,
  gameHints,
  gameFixes,
  gameLastFixes,
  routeFixAggregates,
  routeLive,
  routeEventPauses,
  liveHeartbeat,
  idempotencyKeys,
  teamRegistrations,
  emailVerifications,
  tenantPaymentSettings,
  payments,
  paymentEvents,
  reviewItems,
  messages,
  messageDeliveries,
  messageCounters,
] as const;

/** Tables without `tenant_id`, reached only through their parent, which a tenant owns. */
export const CHILD_TABLES = [
  { table: steps, parentKey: steps.route_id, parent: routes },
  { table: gameSteps, parentKey: gameSteps.game_id, parent: games },
] as const;

/** Media libraries: `tenant_id` of the tenant, or null for the platform's global library. */
export const LIBRARY_TABLES = [mediaFiles, mediaFolders] as const;

/**
 * Tables of the platform, owned by no tenant: tenants themselves, identity (a person may have
 * roles in several tenants), platform settings and secrets, the shared limits, the audit log.
 */
export const GLOBAL_TABLES = [
  tenants,
  tenantSlugRedirects,
  users,
  userTenantRoles,
  authUsers,
  authSessions,
  authAccounts,
  authVerifications,
  superadminBrand,
  emailSettings,
  appSecrets,
  limitCounters,
  auditLog,
] as const;

/** A table with `tenant_id`. */
export type TenantTable = (typeof TENANT_TABLES)[number];
/** A table reached through a parent a tenant owns. */
export type ChildTable = (typeof CHILD_TABLES)[number]['table'];
/** A media library table. */
export type LibraryTable = (typeof LIBRARY_TABLES)[number];
/** Any table a tenant scope reads and writes through `ScopedQueries`. */
export type ScopedTable = TenantTable | ChildTable | LibraryTable;
/** A table owned by no tenant. */
export type GlobalTable = (typeof GLOBAL_TABLES)[number];
