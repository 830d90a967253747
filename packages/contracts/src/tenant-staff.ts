import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@tappa/domain';
import { z } from 'zod';
import { GrantableRoleSchema } from './tenant-roles';

/**
 * Where a staff member's place in the tenant comes from: `own` is an account whose profile
 * belongs to the tenant; `role` is an account of elsewhere holding a role here
 * (`user_tenant_roles`), whose name and password the tenant cannot change.
 */
export const StaffOriginSchema = z.enum(['own', 'role']);
export type StaffOrigin = z.infer<typeof StaffOriginSchema>;

/**
 * A row of the tenant's Admin Users tab. `is_active` is the account's for an `own` member and
 * the role's here for a `role` member.
 */
export const StaffMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: GrantableRoleSchema,
  is_active: z.boolean(),
  origin: StaffOriginSchema,
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** `tenantStaff.list`: the tenant's staff, by e-mail. */
export const StaffListResponseSchema = z.object({ staff: z.array(StaffMemberSchema) });
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;

/** A display name as typed: blank means none. */
const DisplayNameSchema = z.string().trim().max(DISPLAY_NAME_MAX_LENGTH).nullish();

/**
 * `tenantStaff.add`: a new staff member. E-mail, name and password are required
 * (doc 1 §5; the password's minimum length is the server's check, `password_too_short`). An
 * e-mail without an account gets one; an e-mail that has one gets the role in this tenant, and
 * its name and password do not change (decision 0058).
 */
export const StaffCreateSchema = z.object({
  email: z.email().max(EMAIL_MAX_LENGTH),
  display_name: z.string().trim().min(1).max(DISPLAY_NAME_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  role: GrantableRoleSchema,
});
export type StaffCreate = z.infer<typeof StaffCreateSchema>;

/** What adding did: a new account, or a role here for an existing one. */
export const StaffCreateResponseSchema = z.object({
  outcome: z.enum(['created', 'granted']),
  member: StaffMemberSchema,
});
export type StaffCreateResponse = z.infer<typeof StaffCreateResponseSchema>;

/**
 * `tenantStaff.update`: name, a new password when given (it ends the
 * account's sessions), active, role. Name and password only for an `own` member.
 */
export const StaffUpdateSchema = z.object({
  display_name: DisplayNameSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH).nullish(),
  is_active: z.boolean(),
  role: GrantableRoleSchema,
});
export type StaffUpdate = z.infer<typeof StaffUpdateSchema>;
