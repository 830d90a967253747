import {
  type PaymentSettingsView,
  type PaymentSettingsWrite,
  stripeWebhook,
  urlOf,
} from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { PLATFORM_SCOPE, type TenantScope } from '../../db/scope';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { decryptSetting, encryptSetting } from '../platform/settings-cipher';
import { currentSettingsKey, resealSetting } from '../platform/settings-key.service';
import {
  deletePaymentSettingsRow,
  findPaymentSettingsRow,
  listAllPaymentSettingsRows,
  type PaymentSettingsRow,
  replaceSealedSecrets,
  savePaymentSettingsRow,
} from './payment-settings.repository';
import { stripeKeyHint, stripeKeyMode } from './stripe-keys';

interface SettingsDeps {
  db: Db;
  config: AppConfig;
}

/** A change to the settings: who makes it, when, and in which tenant (named in the audit log). */
interface ChangeDeps extends SettingsDeps {
  actor: AuditActor;
  now: Date;
}

/** The tenant whose settings change. */
interface TenantTarget {
  scope: TenantScope;
  tenantName: string;
}

/** A tenant's Stripe secrets, opened; what checkout and the webhook will use. */
export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/**
 * Where Stripe sends the tenant's events: by tenant id, not slug, because a slug can change and
 * the URL is entered once in Stripe's dashboard.
 */
export function stripeWebhookUrl(config: AppConfig, tenantId: string): string {
  return `${config.publicUrl}${urlOf(stripeWebhook.event, { tenantId })}`;
}

/** The secrets of a stored row opened, or null when they were sealed under another key. */
async function openSecrets(
  deps: SettingsDeps,
  row: PaymentSettingsRow,
): Promise<StripeSecrets | null> {
  const key = await currentSettingsKey(deps);
  const secretKey = decryptSetting(key, row.stripe_secret_key);
  const webhookSecret = decryptSetting(key, row.stripe_webhook_secret);
  return secretKey === null || webhookSecret === null ? null : { secretKey, webhookSecret };
}

/**
 * The tenant's Stripe secrets, or null when none are stored or they were sealed under another
 * settings key (decision 0026: its admins enter them again).
 */
export async function readStripeSecrets(
  deps: SettingsDeps,
  scope: TenantScope,
): Promise<StripeSecrets | null> {
  const row = await findPaymentSettingsRow(deps.db, scope);
  return row === null ? null : openSecrets(deps, row);
}

/**
 * What the Payments tab shows: connected or not, the mode and the key's hint, never a secret.
 * Secrets that no longer open (sealed under another key) show as not connected.
 */
export async function getPaymentSettingsView(
  deps: SettingsDeps,
  scope: TenantScope,
): Promise<PaymentSettingsView> {
  const webhook_url = stripeWebhookUrl(deps.config, scope.tenantId);
  const row = await findPaymentSettingsRow(deps.db, scope);
  if (row === null || (await openSecrets(deps, row)) === null) {
    return {
      connected: false,
      mode: null,
      secret_key_hint: null,
      webhook_secret_set: false,
      webhook_url,
      updated_at: null,
    };
  }
  return {
    connected: true,
    mode: row.mode,
    secret_key_hint: row.secret_key_hint,
    webhook_secret_set: true,
    webhook_url,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Connects the tenant's Stripe account (or replaces its keys): both secrets sealed, audited. */
export async function connectStripeAccount(
  deps: ChangeDeps,
  target: TenantTarget & { input: PaymentSettingsWrite },
): Promise<void> {
  const { secret_key, webhook_secret } = target.input;
  const key = await currentSettingsKey(deps);
  const mode = stripeKeyMode(secret_key);
  await deps.db.transaction(async (tx) => {
    await savePaymentSettingsRow(tx, target.scope, {
      stripe_secret_key: encryptSetting(key, secret_key),
      stripe_webhook_secret: encryptSetting(key, webhook_secret),
      secret_key_hint: stripeKeyHint(secret_key),
      mode,
      updated_at: deps.now,
      updated_by: deps.actor.userId,
    });
    // The secrets never enter the log: only the mode.
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'payment_settings.connect',
      target: { id: target.scope.tenantId, label: target.tenantName },
      details: { mode },
      now: deps.now,
    });
  });
}

/** Disconnects the tenant's Stripe account; disconnecting none changes (and logs) nothing. */
export async function disconnectStripeAccount(deps: ChangeDeps, target: TenantTarget) {
  await deps.db.transaction(async (tx) => {
    if (!(await deletePaymentSettingsRow(tx, target.scope))) return;
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'payment_settings.disconnect',
      target: { id: target.scope.tenantId, label: target.tenantName },
      now: deps.now,
    });
  });
}

/**
 * After a rotation (`SETTINGS_ENCRYPTION_KEY_PREVIOUS` set), as for the mail key: every tenant's
 * Stripe secrets sealed under the previous secret are sealed again under the current one. Runs
 * at start; a no-op once done.
 */
export async function reencryptPaymentSettings(
  deps: SettingsDeps & { logger: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): Promise<void> {
  const previousSecret = deps.config.settingsEncryptionKeyPrevious;
  if (previousSecret === null) return;
  const keys = { current: await currentSettingsKey(deps), previousSecret };
  let resealed = 0;
  for (const row of await listAllPaymentSettingsRows(deps.db, PLATFORM_SCOPE)) {
    const secretKey = resealSetting(keys, row.stripe_secret_key);
    const webhookSecret = resealSetting(keys, row.stripe_webhook_secret);
    if (secretKey.kind === 'unreadable' || webhookSecret.kind === 'unreadable') {
      deps.logger.warn(
        { tenantId: row.tenant_id },
        "a tenant's Stripe secrets open with neither settings key: its admins enter them again",
      );
      continue;
    }
    if (secretKey.kind === 'current' && webhookSecret.kind === 'current') continue;
    await replaceSealedSecrets(deps.db, PLATFORM_SCOPE, {
      row,
      secretKey: secretKey.kind === 'resealed' ? secretKey.stored : row.stripe_secret_key,
      webhookSecret:
        webhookSecret.kind === 'resealed' ? webhookSecret.stored : row.stripe_webhook_secret,
    });
    resealed += 1;
  }
  if (resealed > 0) {
    deps.logger.info(
      { tenants: resealed },
      'Stripe secrets re-encrypted under the new settings key',
    );
  }
}
