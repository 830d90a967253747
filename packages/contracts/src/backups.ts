import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@tappa/domain';

/**
 * The superadmin's Backup panel (issue 32, decision 0078): the archives the server has written
 * (by the daily schedule, `npm run backup` or the panel), each downloaded after the password is
 * given again, or deleted. Restoring stays a command (`npm run restore`).
 */

/** An archive's name as the server writes it: `tappa-backup-<time>.tar.gz[.enc]`. */
export const BACKUP_NAME = /^tappa-backup-[0-9TZ-]+\.tar\.gz(\.enc)?$/;

/** One archive. */
export const BackupSchema = z.object({
  name: z.string(),
  bytes: z.number().int().min(0),
  created_at: z.string(),
  encrypted: z.boolean(),
});
export type Backup = z.infer<typeof BackupSchema>;

/** `backups.list`: the archives, newest first, and how the daily backup is set. */
export const BackupListResponseSchema = z.object({
  backups: z.array(BackupSchema),
  schedule: z.object({
    /** The daily time, `HH:MM` UTC, or null when the schedule is off (`BACKUP_TIME=off`). */
    time: z.string().nullable(),
    keep: z.number().int(),
    /** Where the archives are: a folder of the server, or an S3 bucket. */
    target: z.enum(['folder', 's3']),
    /** Whether new archives are encrypted (`BACKUP_ENCRYPTION_KEY`). */
    encrypted: z.boolean(),
  }),
});
export type BackupListResponse = z.infer<typeof BackupListResponseSchema>;

/** `backups.create`: the archive written. */
export const BackupCreatedResponseSchema = z.object({ backup: BackupSchema });
export type BackupCreatedResponse = z.infer<typeof BackupCreatedResponseSchema>;

/** `backups.downloadLink`: the superadmin's password, given again. */
export const BackupDownloadRequestSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type BackupDownloadRequest = z.infer<typeof BackupDownloadRequestSchema>;

/** `backups.downloadLink`: a link that downloads the archive for a short while. */
export const BackupDownloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type BackupDownloadLink = z.infer<typeof BackupDownloadLinkSchema>;
