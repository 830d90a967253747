import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Stored form of an encrypted setting: `v1:` + base64url(iv ‖ tag ‖ ciphertext). */
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** An AES-256-GCM key for the platform's settings, derived from a server secret. */
export interface SettingsKey {
  readonly key: Buffer;
}

/** Derives the settings key from a secret (HKDF-SHA256; the info names the purpose). */
export function deriveSettingsKey(secret: string): SettingsKey {
  const key = hkdfSync('sha256', secret, 'tappa-settings', 'email-settings-v1', 32);
  return { key: Buffer.from(key) };
}

/** Encrypts `plain` under `key`; every call uses a fresh IV. */
export function encryptSetting({ key }: SettingsKey, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text of a stored value, or null when it is not ours or was sealed under another key. */
export function decryptSetting({ key }: SettingsKey, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
