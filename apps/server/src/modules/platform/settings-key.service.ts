import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { getOrCreateSecret } from './platform.repository';
import {
  decryptSetting,
  deriveSettingsKey,
  encryptSetting,
  type SettingsKey,
} from './settings-cipher';

/** What finding the settings key takes: the database (a generated secret) and the config. */
export interface SettingsKeyDeps {
  db: Db;
  config: AppConfig;
}

/**
 * The key every stored secret of the platform and its tenants is sealed under (the mail key,
 * the tenants' Stripe secrets): from `SETTINGS_ENCRYPTION_KEY`, else a secret generated once.
 */
export async function currentSettingsKey({ db, config }: SettingsKeyDeps): Promise<SettingsKey> {
  return deriveSettingsKey(
    config.settingsEncryptionKey ?? (await getOrCreateSecret(db, 'settings-encryption')),
  );
}

/** What a rotation does to one stored secret. */
export type Reseal =
  { kind: 'current' } | { kind: 'resealed'; stored: string } | { kind: 'unreadable' };

/**
 * A stored secret sealed again under `current` after a rotation: `current` when it already
 * opens with that key (nothing to do), `unreadable` when it opens with neither key.
 */
export function resealSetting(
  keys: { current: SettingsKey; previousSecret: string },
  stored: string,
): Reseal {
  if (decryptSetting(keys.current, stored) !== null) return { kind: 'current' };
  const plain = decryptSetting(deriveSettingsKey(keys.previousSecret), stored);
  return plain === null
    ? { kind: 'unreadable' }
    : { kind: 'resealed', stored: encryptSetting(keys.current, plain) };
}
