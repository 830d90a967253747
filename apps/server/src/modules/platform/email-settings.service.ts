import type { EmailSettingsView, EmailSettingsWrite } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import type { EmailSettings } from '../../infra/mailer';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { findEmailSettings, saveEmailSettings } from './platform.repository';
import { decryptSetting, encryptSetting } from './settings-cipher';
import { currentSettingsKey as currentKey, resealSetting } from './settings-key.service';

interface SettingsDeps {
  db: Db;
  config: AppConfig;
}

/**
 * The e-mail settings with the API key decrypted; a key sealed under another secret reads as
 * absent (decision 0026: the superadmin enters it again).
 */
export async function readEmailSettings(deps: SettingsDeps): Promise<EmailSettings | null> {
  const row = await findEmailSettings(deps.db);
  if (row === null) return null;
  const stored = row.smtp2go_api_key;
  return {
    smtp2go_api_key: stored === null ? null : decryptSetting(await currentKey(deps), stored),
    sender_email: row.sender_email,
  };
}

/** What the Settings panel shows: the sender, and the key only as its last four characters. */
export async function getEmailSettingsView(deps: SettingsDeps): Promise<EmailSettingsView> {
  const settings = await readEmailSettings(deps);
  const apiKey = settings?.smtp2go_api_key ?? null;
  return {
    sender_email: settings?.sender_email ?? null,
    api_key_set: apiKey !== null,
    api_key_masked: apiKey === null ? null : `••••${apiKey.slice(-4)}`,
  };
}

/** Saves the provider's key (encrypted) and the sender. */
export async function updateEmailSettings(
  deps: SettingsDeps & { actor: AuditActor; now: Date },
  input: EmailSettingsWrite,
): Promise<void> {
  const key = await currentKey(deps);
  await deps.db.transaction(async (tx) => {
    await saveEmailSettings(tx, {
      smtp2go_api_key: encryptSetting(key, input.api_key),
      sender_email: input.sender_email,
      updated_at: deps.now,
    });
    // The key itself never enters the log.
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'email_settings.update',
      target: { id: 'platform', label: input.sender_email },
      now: deps.now,
    });
  });
}

/**
 * After a rotation (`SETTINGS_ENCRYPTION_KEY_PREVIOUS` set): a key sealed under the previous
 * secret is sealed again under the current one. Runs at start; a no-op once done.
 */
export async function reencryptEmailSettings(
  deps: SettingsDeps & { now: Date; logger: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): Promise<void> {
  const previous = deps.config.settingsEncryptionKeyPrevious;
  if (previous === null) return;
  const row = await findEmailSettings(deps.db);
  if (row?.smtp2go_api_key == null || row.sender_email === null) return;
  const resealed = resealSetting(
    { current: await currentKey(deps), previousSecret: previous },
    row.smtp2go_api_key,
  );
  if (resealed.kind === 'current') return;
  if (resealed.kind === 'unreadable') {
    deps.logger.warn('the stored mail API key opens with neither settings key: enter it again');
    return;
  }
  await saveEmailSettings(deps.db, {
    smtp2go_api_key: resealed.stored,
    sender_email: row.sender_email,
    updated_at: deps.now,
  });
  deps.logger.info('the mail API key was re-encrypted under the new settings key');
}
