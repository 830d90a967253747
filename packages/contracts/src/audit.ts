import { z } from 'zod';

/**
 * What the audit log records (issue 13, item 6): every change the platform's administrators make
 * to accounts, roles, the platform brand and settings, and tenants (their payment settings too).
 * The web labels each one.
 */
export const AUDIT_ACTIONS = [
  'superadmin.create',
  'superadmin.update',
  'superadmin.activate',
  'superadmin.deactivate',
  'superadmin.delete',
  'email_settings.update',
  'brand_asset.upload',
  'brand_asset.remove',
  'brand_colors.update',
  'tenant.create',
  'tenant.update',
  'tenant.delete',
  'orphan_user.delete',
  'tenant_role.grant',
  'tenant_role.change',
  'tenant_role.remove',
  'tenant_staff.create',
  'tenant_staff.grant',
  'tenant_staff.update',
  'tenant_staff.remove',
  'team.erase',
  'payment_settings.connect',
  'payment_settings.disconnect',
  'payment.refund',
  // The live console's staff actions on a game (issue 31): each also a `game_events` entry.
  'live.points',
  'live.undo',
  'live.help',
  // The live console's route settings, freeze and reveal (issue 31).
  'live.settings',
  'live.freeze',
  'live.reveal',
  // One clock for the event (issue 36): 'Pausa per tutti', 'Riprendi per tutti', 'Termina ora'.
  'live.pause',
  'live.resume',
  'live.end',
  // The superadmin's backups (issue 32): written, downloaded (a link given), deleted.
  'backup.create',
  'backup.download',
  'backup.delete',
  // Photo review (issue 34): a judge's decision, its undo, a photo taken off the wall.
  'review.decide',
  'review.undo',
  'review.hide',
  // Messages (issue 35): an announcement sent or scheduled, a scheduled one cancelled, a reply.
  'message.send',
  'message.schedule',
  'message.cancel',
  'message.reply',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** What an entry may say about its change: field names, a role, a tenant's name; no secrets. */
export const AuditDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.boolean(), z.array(z.string()), z.null()]),
);
export type AuditDetails = z.infer<typeof AuditDetailsSchema>;

/** One change in the audit log: who did what to which record, when and from which address. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string(),
  ip: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  details: AuditDetailsSchema.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `audit.page`: a page of entries older than `before`, newest first. */
export const AuditLogQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

/** A page of the audit log; `next_before` asks for the next (older) page, null at the end. */
export const AuditLogPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next_before: z.number().int().nullable(),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
