import { describe, expect, it } from 'vitest';
import { decryptSetting, deriveSettingsKey, encryptSetting } from './settings-cipher';

const key = deriveSettingsKey('a-settings-secret-of-at-least-32-characters');

describe('settings cipher', () => {
  it('opens what it sealed, with a fresh IV every time', () => {
    const first = encryptSetting(key, 'api-key-1234');
    const second = encryptSetting(key, 'api-key-1234');
    expect(first).not.toBe(second);
    expect(decryptSetting(key, first)).toBe('api-key-1234');
    expect(decryptSetting(key, second)).toBe('api-key-1234');
  });

  it('reads a value sealed under another secret, altered, or never sealed as absent', () => {
    const sealed = encryptSetting(key, 'api-key-1234');
    const other = deriveSettingsKey('another-settings-secret-of-32-characters');
    const body = Buffer.from(sealed.slice(3), 'base64url');
    body[body.length - 1] = (body.at(-1) ?? 0) ^ 1;
    expect(decryptSetting(other, sealed)).toBeNull();
    expect(decryptSetting(key, `v1:${body.toString('base64url')}`)).toBeNull();
    expect(decryptSetting(key, 'api-key-1234')).toBeNull();
    expect(decryptSetting(key, 'v1:c2hvcnQ')).toBeNull();
  });
});
