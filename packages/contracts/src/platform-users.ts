import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@tappa/domain';
import { z } from 'zod';

/** A row of the superadmin's Manage Users panel: a superadmin account. */
export const SuperadminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  created_at: z.string(),
  is_active: z.boolean(),
});
export type SuperadminUser = z.infer<typeof SuperadminUserSchema>;

/** `platformUsers.list`: every superadmin account, newest first. */
export const SuperadminUserListResponseSchema = z.object({
  users: z.array(SuperadminUserSchema),
});
export type SuperadminUserListResponse = z.infer<typeof SuperadminUserListResponseSchema>;

/** A display name as typed: blank means none. */
const DisplayNameSchema = z.string().trim().max(DISPLAY_NAME_MAX_LENGTH).nullish();

/**
 * `platformUsers.create`: a new superadmin. The password's minimum length is the server's
 * check (`password_too_short`), so the form shows the spec's text.
 */
export const SuperadminUserCreateSchema = z.object({
  email: z.email().max(EMAIL_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  display_name: DisplayNameSchema,
});
export type SuperadminUserCreate = z.infer<typeof SuperadminUserCreateSchema>;

/**
 * `platformUsers.update`: the display name, and a new password when one is given (it
 * ends the account's sessions). The e-mail cannot change: one sent must be the account's own.
 */
export const SuperadminUserUpdateSchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  display_name: DisplayNameSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH).nullish(),
});
export type SuperadminUserUpdate = z.infer<typeof SuperadminUserUpdateSchema>;

/** `platformUsers.setActive`: deactivating ends the account's sessions at once. */
export const SuperadminUserActiveSchema = z.object({ is_active: z.boolean() });
export type SuperadminUserActive = z.infer<typeof SuperadminUserActiveSchema>;
