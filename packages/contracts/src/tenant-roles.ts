import { EMAIL_MAX_LENGTH } from '@tappa/domain';
import { z } from 'zod';

/** The roles the superadmin gives an account in a tenant that is not its own. */
export const GRANTABLE_ROLES = ['tenant_admin', 'game_manager', 'judge'] as const;
export const GrantableRoleSchema = z.enum(GRANTABLE_ROLES);
export type GrantableRole = z.infer<typeof GrantableRoleSchema>;

/**
 * An account's active role in a tenant besides its own (`user_tenant_roles`), as the tenant's
 * Roles dialog lists it; `is_active` is the account's.
 */
export const TenantRoleSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: z.enum(['tenant_admin', 'game_manager', 'judge', 'player']),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type TenantRole = z.infer<typeof TenantRoleSchema>;

/** `tenantRoles.list`: the tenant's roles, by e-mail. */
export const TenantRoleListResponseSchema = z.object({ roles: z.array(TenantRoleSchema) });
export type TenantRoleListResponse = z.infer<typeof TenantRoleListResponseSchema>;

/**
 * `tenantRoles.grant`: gives the existing account of `email` the role in the
 * tenant, or replaces the role it has there; sending it again changes nothing.
 */
export const TenantRoleGrantSchema = z.object({
  email: z.email().max(EMAIL_MAX_LENGTH),
  role: GrantableRoleSchema,
});
export type TenantRoleGrant = z.infer<typeof TenantRoleGrantSchema>;
