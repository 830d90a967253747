import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, ROLES, TOKEN_MAX_LENGTH } from '@tappa/domain';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';

/** The application roles of the spec. */
export const UserRoleSchema = z.enum(ROLES);
export type UserRole = z.infer<typeof UserRoleSchema>;

/** The signed-in user's application profile. */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: UserRoleSchema,
  tenant_id: z.string().nullable(),
  is_active: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** A tenant the user may enter, with the user's role there ('superadmin' for the superadmin). */
export const SessionTenantSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  role: UserRoleSchema,
});
export type SessionTenant = z.infer<typeof SessionTenantSchema>;

/**
 * `session.read` (401 when signed out) and the answer of a sign-in. `profile` is null when
 * the identity exists but has no application profile. `tenants` are ordered by name: every
 * tenant for the superadmin, else the own tenant and the active tenant roles.
 */
export const SessionResponseSchema = z.object({
  profile: SessionUserSchema.nullable(),
  tenants: z.array(SessionTenantSchema),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** `session.signIn`. */
export const SignInRequestSchema = z.object({
  email: z.email().max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** `session.forgotPassword`: always answers 202 whether or not the e-mail has an account. */
export const ForgotPasswordRequestSchema = z.object({ email: z.email().max(EMAIL_MAX_LENGTH) });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** `session.resetPassword`: 204 on success; a bad, used or expired token is a 400. */
export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(TOKEN_MAX_LENGTH),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(PASSWORD_MAX_LENGTH),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
