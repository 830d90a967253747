import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { routeAccessCodes, teamRegistrations } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** An access code row. */
export type CodeRow = typeof routeAccessCodes.$inferSelect;

/**
 * The access codes of the tenant's route, newest first, each with the name of the team that used
 * it (a team registers once per tenant, so its e-mail finds one name; none once erased).
 */
export function listCodes(db: Db, scope: TenantScope, routeId: string) {
  const scoped = db.scoped(scope);
  return scoped
    .select({ code: routeAccessCodes, team_name: teamRegistrations.team_name })
    .from(routeAccessCodes, eq(routeAccessCodes.route_id, routeId))
    .leftJoin(
      teamRegistrations,
      scoped.on(teamRegistrations, eq(teamRegistrations.email, routeAccessCodes.used_by_email)),
    )
    .orderBy(desc(routeAccessCodes.created_at), routeAccessCodes.code);
}

/** An access code of the tenant's route by id, or undefined. */
export async function findCode(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; codeId: string },
): Promise<CodeRow | undefined> {
  const [row] = await db
    .scoped(scope)
    .selectFrom(
      routeAccessCodes,
      and(eq(routeAccessCodes.route_id, opts.routeId), eq(routeAccessCodes.id, opts.codeId)),
    );
  return row;
}

/** Deletes an unused code of the tenant's route; false when no unused code matched. */
export async function deleteUnusedCode(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; codeId: string },
): Promise<boolean> {
  const deleted = await db
    .scoped(scope)
    .delete(
      routeAccessCodes,
      and(
        eq(routeAccessCodes.route_id, opts.routeId),
        eq(routeAccessCodes.id, opts.codeId),
        eq(routeAccessCodes.is_used, false),
      ),
    )
    .returning({ id: routeAccessCodes.id });
  return deleted.length > 0;
}

/** The codes the tenant's route already has. */
export async function listCodeTexts(db: Db, scope: TenantScope, routeId: string) {
  const rows = await db
    .scoped(scope)
    .select({ code: routeAccessCodes.code })
    .from(routeAccessCodes, eq(routeAccessCodes.route_id, routeId));
  return rows.map((row) => row.code);
}

/** Inserts new codes of the tenant's route, in one statement. */
export function insertCodes(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; codes: readonly string[]; createdBy: string | null },
) {
  return db
    .scoped(scope)
    .insert(
      routeAccessCodes,
      opts.codes.map((code) => ({ route_id: opts.routeId, code, created_by: opts.createdBy })),
    )
    .returning();
}

/**
 * Marks an unused code of the route used by `email`; false when no unused code matched (the
 * update only matches an unused code, so of two teams submitting it together one wins).
 */
export async function claimCode(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; code: string; email: string; now: Date },
): Promise<boolean> {
  const claimed = await db
    .scoped(scope)
    .update(
      routeAccessCodes,
      { is_used: true, used_at: opts.now, used_by_email: opts.email },
      and(
        eq(routeAccessCodes.route_id, opts.routeId),
        eq(routeAccessCodes.code, opts.code),
        eq(routeAccessCodes.is_used, false),
      ),
    )
    .returning({ id: routeAccessCodes.id });
  return claimed.length > 0;
}

/**
 * Forgets which team used the tenant's codes (an erasure, decision 0034): they stay used, with
 * their time, but name no e-mail. Answers how many codes it touched.
 */
export async function clearCodeRedeemer(db: Db, scope: TenantScope, email: string) {
  const cleared = await db
    .scoped(scope)
    .update(routeAccessCodes, { used_by_email: null }, eq(routeAccessCodes.used_by_email, email))
    .returning({ id: routeAccessCodes.id });
  return cleared.length;
}

/** Whether a code of the tenant matches `where`. */
async function hasCodeWhere(db: Db, scope: TenantScope, where: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .scoped(scope)
    .select({ id: routeAccessCodes.id })
    .from(routeAccessCodes, where)
    .limit(1);
  return row !== undefined;
}

/** Whether the route has this code, used or not. */
export function hasCode(db: Db, scope: TenantScope, opts: { routeId: string; code: string }) {
  return hasCodeWhere(
    db,
    scope,
    and(eq(routeAccessCodes.route_id, opts.routeId), eq(routeAccessCodes.code, opts.code)),
  );
}

/** Whether the team has redeemed a code of the route. */
export function hasRedeemed(db: Db, scope: TenantScope, opts: { routeId: string; email: string }) {
  return hasCodeWhere(
    db,
    scope,
    and(
      eq(routeAccessCodes.route_id, opts.routeId),
      eq(routeAccessCodes.used_by_email, opts.email),
    ),
  );
}
