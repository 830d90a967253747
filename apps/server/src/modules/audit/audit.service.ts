import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditDetails,
  type AuditLogPage,
} from '@tappa/contracts';
import type { Db } from '../../db/db';
import { clearTargetLabels, insertAuditEntry, listAuditEntries } from './audit.repository';

/** Who makes a change, as the audit log names them: the account and the request's address. */
export interface AuditActor {
  userId: string;
  email: string;
  ip: string;
}

/** The actor of a signed-in caller's request (its address as the trusted proxies give it). */
export function auditActor(caller: { profile: { id: string; email: string } }, ip: string) {
  return { userId: caller.profile.id, email: caller.profile.email, ip } satisfies AuditActor;
}

/** A change to record: what was done, to which record (its id and a readable label), details. */
export interface AuditChange {
  actor: AuditActor;
  action: AuditAction;
  target: { id: string; label: string | null };
  details?: AuditDetails;
  now: Date;
}

/**
 * Records a change in the audit log. Call it with the transaction that makes the change, so
 * that the entry exists exactly when the change does. Never put secrets in `details`.
 */
export async function recordAudit(db: Db, change: AuditChange): Promise<void> {
  await insertAuditEntry(db, {
    at: change.now,
    actor_user_id: change.actor.userId,
    actor_email: change.actor.email,
    ip: change.actor.ip,
    action: change.action,
    target_id: change.target.id,
    target_label: change.target.label,
    details: change.details ?? null,
  });
}

/**
 * Forgets the readable label of the entries of `action` about `targetIds` (a refund labelled
 * with the team's name, once the team is erased: decision 0057); the entries stay, with their
 * actor, time, target id and details. Returns how many changed.
 */
export function forgetTargetLabels(
  db: Db,
  opts: { action: AuditAction; targetIds: readonly string[] },
): Promise<number> {
  return clearTargetLabels(db, opts);
}

/** A page of the audit log, newest first, older than entry `before` when given. */
export async function getAuditLogPage(db: Db, before: number | undefined): Promise<AuditLogPage> {
  // One more than a page tells whether an older page exists.
  const rows = await listAuditEntries(db, { before, limit: AUDIT_PAGE_SIZE + 1 });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_user_id: row.actor_user_id,
      actor_email: row.actor_email,
      ip: row.ip,
      action: row.action as AuditAction,
      target_id: row.target_id,
      target_label: row.target_label,
      details: row.details,
    })),
    next_before: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
