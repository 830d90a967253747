import { z } from 'zod';
import { SuperadminUserSchema } from './platform-users';

/**
 * A row of the superadmin's Orphan Users panel (doc 1 §3): an account that is not a superadmin,
 * has no tenant of its own and no active tenant role. Its fields are those of a superadmin row.
 */
export const OrphanUserSchema = SuperadminUserSchema;
export type OrphanUser = z.infer<typeof OrphanUserSchema>;

/** `orphanUsers.list`: every orphan account, newest first. */
export const OrphanUserListResponseSchema = z.object({ users: z.array(OrphanUserSchema) });
export type OrphanUserListResponse = z.infer<typeof OrphanUserListResponseSchema>;
