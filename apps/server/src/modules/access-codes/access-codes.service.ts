import { randomInt } from 'node:crypto';
import type { AccessCode } from '@tappa/contracts';
import { generateAccessCodes, takesAccessCodes } from '@tappa/domain';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { requireRoute } from '../routes/routes.service';
import {
  claimCode,
  clearCodeRedeemer,
  type CodeRow,
  deleteUnusedCode,
  findCode,
  hasCode,
  hasRedeemed,
  insertCodes,
  listCodes,
  listCodeTexts,
} from './access-codes.repository';

const present = (row: CodeRow, teamName: string | null = null): AccessCode => ({
  id: row.id,
  code: row.code,
  is_used: row.is_used,
  used_at: row.used_at?.toISOString() ?? null,
  used_by_email: row.used_by_email,
  used_by_team: teamName,
  created_at: row.created_at.toISOString(),
});

/** The access codes of a route, newest first, the used ones with their team. */
export async function listAccessCodes(db: Db, scope: TenantScope, routeId: string) {
  const route = await requireRoute(db, scope, routeId);
  const rows = await listCodes(db, scope, route.id);
  return rows.map((row) => present(row.code, row.team_name));
}

/**
 * Deletes an unused code of the route. A used code stays: it is the record of the team that
 * unlocked the route with it, and the team keeps its access (decision 0030).
 */
export async function deleteAccessCode(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; codeId: string },
): Promise<void> {
  const route = await requireRoute(db, scope, opts.routeId);
  if (await deleteUnusedCode(db, scope, { routeId: route.id, codeId: opts.codeId })) return;
  const code = await findCode(db, scope, { routeId: route.id, codeId: opts.codeId });
  throw new AppError(code ? 'access_code_redeemed' : 'access_code_not_found');
}

/**
 * Generates `count` new codes for a code or paid route (8 characters from the 32
 * symbols, distinct from the route's existing codes), in one insert.
 */
export async function generateRouteCodes(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; count: number; createdBy: string | null },
) {
  const route = await requireRoute(db, scope, opts.routeId);
  if (!takesAccessCodes(route.access_type)) throw new AppError('route_without_codes');
  const existing = new Set(await listCodeTexts(db, scope, route.id));
  const codes = generateAccessCodes(opts.count, randomInt, existing);
  try {
    const rows = await insertCodes(db, scope, {
      routeId: route.id,
      codes,
      createdBy: opts.createdBy,
    });
    return rows.map((row) => present(row));
  } catch (error) {
    // A code generated at the same moment by another request: asking again is safe.
    if (isUniqueViolation(error)) throw new AppError('access_codes_collided');
    throw error;
  }
}

/**
 * Redeems `code` for the team on the route (in the caller's transaction): it turns used exactly
 * once; an unknown code is a 404, a used one a conflict.
 */
export async function redeemCode(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; code: string; email: string; now: Date },
): Promise<void> {
  if (await claimCode(db, scope, opts)) return;
  throw (await hasCode(db, scope, opts))
    ? new AppError('access_code_used')
    : new AppError('access_code_invalid');
}

/** Whether the team unlocked the route with a code already. */
export function hasRedeemedCode(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; email: string },
): Promise<boolean> {
  return hasRedeemed(db, scope, opts);
}

/**
 * The team's used codes of the tenant stop naming its e-mail (an erasure, in the caller's
 * transaction): a used code stays used (decision 0030). Answers how many codes it touched.
 */
export function forgetCodeRedeemer(db: Db, scope: TenantScope, email: string): Promise<number> {
  return clearCodeRedeemer(db, scope, email);
}
