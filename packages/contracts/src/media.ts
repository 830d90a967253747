import { z } from 'zod';

/**
 * The media libraries (doc 2 §2, §3; issue 15): a tenant's library (`media.tenant`) for its
 * staff, and the platform's global one (`tenant_id` null, `media.platform`) for the superadmin.
 * Both answer the same shapes.
 *
 * - `list` with `?folder={id}`: a folder's listing (no `folder`: the library's root).
 *   Tenant staff also read the global library, for picking step media, with `?library=global`.
 * - `createFolder` (`MediaFolderCreate`) → 201 `MediaFolder`.
 * - `deleteFolder`: the folder with everything in it, files included.
 * - `upload`: multipart, one file per request (part `file`) and an optional `data`
 *   part `{ "folder_id": id | null }` → 201 `MediaFile`; several files are several requests,
 *   each with its own progress.
 * - `updateFile` (`MediaFileUpdate`) → 200 `MediaFile`.
 * - `deleteFile`: 409 `media_file_in_use` (naming the steps) while steps use
 *   the file; `?force=true` deletes it anyway.
 */

/** A folder of a media library. */
export const MediaFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The folder's place from the library's root, as shown: `/Roma/Audio`. */
  path: z.string(),
  parent_folder_id: z.string().nullable(),
  created_at: z.string(),
});
export type MediaFolder = z.infer<typeof MediaFolderSchema>;

/** A file of a media library. */
export const MediaFileSchema = z.object({
  id: z.string(),
  folder_id: z.string().nullable(),
  /** The name it was uploaded with (kept as metadata only; the stored name is generated). */
  filename: z.string(),
  mime_type: z.string().nullable(),
  size_bytes: z.number().int(),
  description: z.string().nullable(),
  /** What step media name it by (`media[].code`). */
  unique_code: z.string(),
  url: z.string(),
  /** A phone-sized WebP of an image (null for other files): thumbnails and player screens. */
  thumb_url: z.string().nullable(),
  created_at: z.string(),
});
export type MediaFile = z.infer<typeof MediaFileSchema>;

/** One step of the folder path, from the root (excluded) to the folder shown. */
export const MediaCrumbSchema = MediaFolderSchema.pick({ id: true, name: true });
export type MediaCrumb = z.infer<typeof MediaCrumbSchema>;

/** `GET …/media?folder=`: a folder's content, how to get back up, and the library's room. */
export const MediaListingSchema = z.object({
  /** The folder shown; null at the root. */
  folder: MediaFolderSchema.nullable(),
  breadcrumbs: z.array(MediaCrumbSchema),
  folders: z.array(MediaFolderSchema),
  files: z.array(MediaFileSchema),
  usage: z.object({
    used_bytes: z.number().int(),
    quota_bytes: z.number().int(),
    max_file_bytes: z.number().int(),
  }),
});
export type MediaListing = z.infer<typeof MediaListingSchema>;

/** `POST …/media/folders`: a new folder at the root (`parent_folder_id` null) or in a folder. */
export const MediaFolderCreateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  parent_folder_id: z.uuid().nullable(),
});
export type MediaFolderCreate = z.infer<typeof MediaFolderCreateSchema>;

/** The `data` part of `POST …/media/files`. */
export const MediaUploadDataSchema = z.object({ folder_id: z.uuid().nullable() });
export type MediaUploadData = z.infer<typeof MediaUploadDataSchema>;

/** `PATCH …/media/files/{fileId}`: the file's description (null or blank clears it). */
export const MediaFileUpdateSchema = z.object({
  description: z.string().max(500).nullable(),
});
export type MediaFileUpdate = z.infer<typeof MediaFileUpdateSchema>;

/** `media.platform.list`: a folder's listing, or the root's without a folder. */
export const MediaListingQuerySchema = z.object({ folder: z.uuid().optional() });
export type MediaListingQuery = z.infer<typeof MediaListingQuerySchema>;

/** `media.tenant.list`: `global` reads the platform's library. */
export const TenantMediaListingQuerySchema = MediaListingQuerySchema.extend({
  library: z.enum(['tenant', 'global']).optional(),
});
export type TenantMediaListingQuery = z.infer<typeof TenantMediaListingQuerySchema>;

/** `DELETE …/media/files/{fileId}?force=true`: deletes the file though steps use it. */
export const MediaFileDeleteQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() });
export type MediaFileDeleteQuery = z.infer<typeof MediaFileDeleteQuerySchema>;
