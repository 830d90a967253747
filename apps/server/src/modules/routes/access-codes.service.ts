import { randomInt } from 'node:crypto';
import type { AccessCode } from '@tappa/contracts';
import { generateAccessCodes } from '@tappa/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { routeAccessCodes } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { requireRoute } from './routes.service';

type CodeRow = typeof routeAccessCodes.$inferSelect;

const present = (row: CodeRow): AccessCode => ({
  id: row.id,
  code: row.code,
  is_used: row.is_used,
  used_at: row.used_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

/** The access codes of a route, newest first. */
export async function listAccessCodes(db: Database, scope: TenantScope, routeId: string) {
  const route = await requireRoute(db, scope, routeId);
  const rows = await db
    .select()
    .from(routeAccessCodes)
    .where(
      and(inTenant(routeAccessCodes.tenant_id, scope), eq(routeAccessCodes.route_id, route.id)),
    )
    .orderBy(desc(routeAccessCodes.created_at));
  return rows.map(present);
}

/**
 * Generates `count` new codes for a route with access type `code` (8 characters from the 32
 * symbols, distinct from the route's existing codes), in one insert.
 */
export async function generateRouteCodes(
  db: Database,
  scope: TenantScope,
  opts: { routeId: string; count: number; createdBy: string | null },
) {
  const route = await requireRoute(db, scope, opts.routeId);
  if (route.access_type !== 'code') {
    throw new AppError('conflict', 'Questa route non usa codici di accesso');
  }
  const existing = await db
    .select({ code: routeAccessCodes.code })
    .from(routeAccessCodes)
    .where(eq(routeAccessCodes.route_id, route.id));
  const codes = generateAccessCodes(opts.count, randomInt, new Set(existing.map((c) => c.code)));
  try {
    const rows = await db
      .insert(routeAccessCodes)
      .values(
        codes.map((code) => ({
          tenant_id: scope.tenantId,
          route_id: route.id,
          code,
          created_by: opts.createdBy,
        })),
      )
      .returning();
    return rows.map(present);
  } catch (error) {
    // A code generated at the same moment by another request: asking again is safe.
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'Riprova: un codice era già stato generato');
    throw error;
  }
}
