import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { tenantPaymentSettings } from '../../db/schema';
import type { PlatformScope, TenantScope } from '../../db/scope';

/** A tenant's stored payment settings (secrets sealed). */
export type PaymentSettingsRow = typeof tenantPaymentSettings.$inferSelect;

/** The columns a connection writes (the scope supplies the tenant). */
export type PaymentSettingsValues = Omit<PaymentSettingsRow, 'tenant_id'>;

/** The tenant's payment settings, or null before its admins connect an account. */
export async function findPaymentSettingsRow(
  db: Db,
  scope: TenantScope,
): Promise<PaymentSettingsRow | null> {
  const [row] = await db.scoped(scope).selectFrom(tenantPaymentSettings).limit(1);
  return row ?? null;
}

/** Stores the tenant's payment settings, replacing the ones it had. */
export async function savePaymentSettingsRow(
  db: Db,
  scope: TenantScope,
  values: PaymentSettingsValues,
): Promise<void> {
  await db
    .scoped(scope)
    .insert(tenantPaymentSettings, values)
    .onConflictDoUpdate({ target: tenantPaymentSettings.tenant_id, set: values });
}

/** Removes the tenant's payment settings; false when it had none. */
export async function deletePaymentSettingsRow(db: Db, scope: TenantScope): Promise<boolean> {
  const deleted = await db
    .scoped(scope)
    .delete(tenantPaymentSettings)
    .returning({ tenant_id: tenantPaymentSettings.tenant_id });
  return deleted.length > 0;
}

/** Every tenant's payment settings: for re-sealing the secrets after a key rotation. */
export function listAllPaymentSettingsRows(db: Db, scope: PlatformScope) {
  return db.unscoped(scope).select().from(tenantPaymentSettings);
}

/**
 * Replaces a tenant's sealed secrets with the same secrets sealed under the new key, only if the
 * row still holds `row`'s: a connection saved meanwhile is never overwritten. `updated_at` stays,
 * as nobody changed the settings.
 */
export async function replaceSealedSecrets(
  db: Db,
  scope: PlatformScope,
  opts: { row: PaymentSettingsRow; secretKey: string; webhookSecret: string },
): Promise<void> {
  const { row } = opts;
  await db
    .unscoped(scope)
    .update(tenantPaymentSettings)
    .set({
      stripe_secret_key: opts.secretKey,
      stripe_webhook_secret: opts.webhookSecret,
      updated_at: row.updated_at,
    })
    .where(
      and(
        eq(tenantPaymentSettings.tenant_id, row.tenant_id),
        eq(tenantPaymentSettings.stripe_secret_key, row.stripe_secret_key),
        eq(tenantPaymentSettings.stripe_webhook_secret, row.stripe_webhook_secret),
      ),
    );
}
