import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { auditLog } from '../../db/schema';

/** An audit entry as stored. */
export type AuditRow = typeof auditLog.$inferSelect;

/** Appends one entry to the audit log. */
export async function insertAuditEntry(
  db: Db,
  entry: Omit<typeof auditLog.$inferInsert, 'id'>,
): Promise<void> {
  await db.global.insert(auditLog).values(entry);
}

/** Up to `limit` entries older than entry `before` (all when absent), newest first. */
export async function listAuditEntries(
  db: Db,
  opts: { before: number | undefined; limit: number },
): Promise<AuditRow[]> {
  const query = db.global.selectFrom(auditLog);
  const older = opts.before === undefined ? query : query.where(lt(auditLog.id, opts.before));
  return older.orderBy(desc(auditLog.id)).limit(opts.limit);
}

/** Clears the label of the entries of `action` whose target is one of `targetIds`; how many. */
export async function clearTargetLabels(
  db: Db,
  opts: { action: string; targetIds: readonly string[] },
): Promise<number> {
  if (opts.targetIds.length === 0) return 0;
  const rows = await db.global
    .update(auditLog)
    .set({ target_label: null })
    .where(and(eq(auditLog.action, opts.action), inArray(auditLog.target_id, [...opts.targetIds])))
    .returning({ id: auditLog.id });
  return rows.length;
}
