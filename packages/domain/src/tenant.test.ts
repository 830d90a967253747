import { describe, expect, it } from 'vitest';
import { isTenantAvailable, tenantStatus } from './tenant';

describe('isTenantAvailable', () => {
  it.each([
    ['active without expiry', true, null, '2026-11-22T10:00:00Z', true],
    ['inactive', false, null, '2026-11-22T10:00:00Z', false],
    ['inactive before expiry', false, '2027-01-01', '2026-11-22T10:00:00Z', false],
    ['before the expiry day', true, '2026-11-23', '2026-11-22T10:00:00Z', true],
    ['on the expiry day', true, '2026-11-22', '2026-11-22T22:59:00Z', true],
    [
      'after the expiry day in Rome (UTC still on it)',
      true,
      '2026-11-22',
      '2026-11-22T23:30:00Z',
      false,
    ],
    ['the day after', true, '2026-11-22', '2026-11-23T10:00:00Z', false],
  ])('%s', (_name, isActive, expiryDate, now, expected) => {
    expect(isTenantAvailable({ isActive, expiryDate }, new Date(now))).toBe(expected);
  });
});

describe('tenantStatus', () => {
  it.each([
    ['active without expiry', true, null, '2026-11-22T10:00:00Z', 'active'],
    ['switched off, whatever the expiry', false, '2020-01-01', '2026-11-22T10:00:00Z', 'inactive'],
    ['on its last day in Rome', true, '2026-11-22', '2026-11-22T22:59:00Z', 'active'],
    ['past its last day in Rome', true, '2026-11-22', '2026-11-22T23:30:00Z', 'expired'],
  ] as const)('%s', (_name, isActive, expiryDate, now, expected) => {
    expect(tenantStatus({ isActive, expiryDate }, new Date(now))).toBe(expected);
  });
});
