import type { AuditDetails } from '@tappa/contracts';
import { bigint, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The platform's audit log: who changed which account, role, brand, setting or tenant, when and
 * from which address. Append-only; it names its actor and target by value (no foreign keys), so
 * it outlives the accounts and tenants it mentions. `id` gives the order and the paging cursor.
 */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamptz('at').notNull(),
  actor_user_id: uuid('actor_user_id'),
  actor_email: text('actor_email').notNull(),
  ip: text('ip'),
  action: text('action').notNull(),
  target_id: text('target_id'),
  target_label: text('target_label'),
  details: jsonb('details').$type<AuditDetails>(),
});
