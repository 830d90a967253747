import type { Role } from '@tappa/domain';
import { describe, expect, it } from 'vitest';
import type { TenantScope } from '../../db/scope';
import { canManageTenantBrand, canManageTenantStaff } from './tenants.policy';

const scopeOf = (role: Role): TenantScope => ({
  kind: 'tenant',
  tenantId: 't',
  slug: 'acme',
  role,
});

describe('tenant policies', () => {
  it.each([
    ['superadmin', true],
    ['tenant_admin', true],
    ['game_manager', false],
    ['player', false],
  ] as const)('%s may manage the brand and the admin users: %s', (role, allowed) => {
    expect(canManageTenantBrand(scopeOf(role))).toBe(allowed);
    expect(canManageTenantStaff(scopeOf(role))).toBe(allowed);
  });
});
