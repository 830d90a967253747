import { describe, expect, it } from 'vitest';
import {
  allowsStaff,
  loginPathFor,
  isReviewer,
  isTenantAdmin,
  isTenantStaff,
  roleInTenant,
  type AccessProfile,
  type Role,
  type StaffPolicy,
  type TenantRoleEntry,
} from './access';

const T1 = 'tenant-1';
const T2 = 'tenant-2';

describe('roleInTenant', () => {
  const cases: [string, AccessProfile, TenantRoleEntry[], string, Role | null][] = [
    ['superadmin anywhere', { role: 'superadmin', tenant_id: null }, [], T1, 'superadmin'],
    ['superadmin with a tenant', { role: 'superadmin', tenant_id: T2 }, [], T1, 'superadmin'],
    ['own tenant', { role: 'tenant_admin', tenant_id: T1 }, [], T1, 'tenant_admin'],
    ['own tenant as manager', { role: 'game_manager', tenant_id: T1 }, [], T1, 'game_manager'],
    [
      'own tenant wins over a role entry',
      { role: 'player', tenant_id: T1 },
      [{ tenant_id: T1, role: 'tenant_admin', is_active: true }],
      T1,
      'player',
    ],
    ['other tenant without entry', { role: 'tenant_admin', tenant_id: T1 }, [], T2, null],
    [
      'active entry',
      { role: 'player', tenant_id: null },
      [{ tenant_id: T2, role: 'game_manager', is_active: true }],
      T2,
      'game_manager',
    ],
    [
      'inactive entry',
      { role: 'tenant_admin', tenant_id: T1 },
      [{ tenant_id: T2, role: 'tenant_admin', is_active: false }],
      T2,
      null,
    ],
    [
      'entry of another tenant',
      { role: 'player', tenant_id: null },
      [{ tenant_id: T1, role: 'tenant_admin', is_active: true }],
      T2,
      null,
    ],
  ];
  it.each(cases)('%s', (_name, profile, roles, tenantId, expected) => {
    expect(roleInTenant(profile, roles, tenantId)).toBe(expected);
  });
});

describe('allowsStaff', () => {
  const roles = ['superadmin', 'tenant_admin', 'game_manager', 'judge', 'player', null] as const;
  const cases: [StaffPolicy, readonly boolean[]][] = [
    ['staff', [true, true, true, false, false, false]],
    ['admin', [true, true, false, false, false, false]],
    ['review', [true, true, true, true, false, false]],
  ];
  it.each(cases)(
    '%s admits %j of superadmin, tenant admin, game manager, judge, player, nobody',
    (policy, expected) => {
      expect(roles.map((role) => allowsStaff(policy, role))).toEqual(expected);
      const rule = { staff: isTenantStaff, admin: isTenantAdmin, review: isReviewer }[policy];
      expect(roles.map(rule)).toEqual(expected);
    },
  );
});

describe('loginPathFor', () => {
  it.each([
    ['/acme/routes', '/acme/login'],
    ['/acme/dashboard', '/acme/login'],
    ['/acme', '/acme/login'],
    ['/superadmin', '/login'],
    ['/superadmin/media', '/login'],
    ['/home', '/login'],
    ['/login', '/login'],
    ['/', '/login'],
    ['', '/login'],
  ])('%s → %s', (path, expected) => {
    expect(loginPathFor(path)).toBe(expected);
  });
});
