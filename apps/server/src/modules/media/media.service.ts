import type {
  MediaFile,
  MediaFileUpdate,
  MediaFolder,
  MediaFolderCreate,
  MediaListing,
} from '@tappa/contracts';
import { isValidFolderName, type MediaItem } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { PlatformScope, TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { deleteObjects, type StorageDriver } from '../../infra/storage/storage';
import {
  deleteFiles,
  deleteFolders,
  type FileRow,
  findFile,
  findFolder,
  findLibraryFiles,
  findStepsUsing,
  findTenantLibraryObjects,
  type FolderRow,
  folderTree,
  insertFolder,
  type Library,
  listChildFolders,
  listFolderFiles,
  listFilesInFolders,
  updateFileDescription,
  usedBytes,
  type WritableLibrary,
} from './media.repository';

export type { Library, WritableLibrary } from './media.repository';

/** The media libraries' limits (decision 0035). */
export interface MediaLimits {
  maxFileBytes: number;
  quotaBytes: number;
}

/** What the media library's calls need. */
export interface MediaDeps {
  db: Db;
  storage: StorageDriver;
  clock: Clock;
  limits: MediaLimits;
}

/** The bucket of the media libraries' objects. */
export const BUCKET = 'media-library';

/** The error of a folder that is not in the library. */
export const folderNotFound = () => new AppError('media_folder_not_found');
const fileNotFound = () => new AppError('media_file_not_found');

/** A folder as the API answers it. */
function presentFolder(row: FolderRow): MediaFolder {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    parent_folder_id: row.parent_folder_id,
    created_at: row.created_at.toISOString(),
  };
}

/** A file as the API answers it, with the URLs of its objects. */
export function presentFile(storage: StorageDriver, row: FileRow): MediaFile {
  return {
    id: row.id,
    folder_id: row.folder_id,
    filename: row.filename,
    mime_type: row.mime_type,
    size_bytes: row.size_bytes ?? 0,
    description: row.description,
    unique_code: row.unique_code,
    url: storage.publicUrl(BUCKET, row.storage_path),
    thumb_url: row.variant_path ? storage.publicUrl(BUCKET, row.variant_path) : null,
    created_at: row.created_at.toISOString(),
  };
}

/** The stored objects of files: each original and its variant. */
const objectsOf = (rows: readonly Pick<FileRow, 'storage_path' | 'variant_path'>[]) =>
  rows.flatMap((row) =>
    row.variant_path ? [row.storage_path, row.variant_path] : [row.storage_path],
  );

/** Removes stored media objects, after the rows naming them are gone (an orphan is harmless). */
export async function removeMediaObjects(storage: StorageDriver, keys: readonly string[]) {
  await deleteObjects(storage, BUCKET, keys);
}

/** A folder's content, its crumbs from the root, and the library's room. */
export async function listMedia(
  deps: MediaDeps,
  lib: Library,
  folderId: string | null,
): Promise<MediaListing> {
  const folder = folderId === null ? null : await findFolder(deps.db, lib, folderId);
  if (folderId !== null && !folder) throw folderNotFound();
  const crumbs: FolderRow[] = [];
  for (let at = folder; at;) {
    crumbs.unshift(at);
    at = at.parent_folder_id ? await findFolder(deps.db, lib, at.parent_folder_id) : null;
  }
  const [folders, files, used] = await Promise.all([
    listChildFolders(deps.db, lib, folderId),
    listFolderFiles(deps.db, lib, folderId),
    usedBytes(deps.db, lib),
  ]);
  return {
    folder: folder ? presentFolder(folder) : null,
    breadcrumbs: crumbs.map((row) => ({ id: row.id, name: row.name })),
    folders: folders.map(presentFolder),
    files: files.map((row) => presentFile(deps.storage, row)),
    usage: {
      used_bytes: used,
      quota_bytes: deps.limits.quotaBytes,
      max_file_bytes: deps.limits.maxFileBytes,
    },
  };
}

/**
 * A new folder at the root or in a folder of the same library; a name with a path separator, a
 * control character or a dot at either end is refused (decision 0059; folders named so before
 * stay as they are).
 */
export async function createFolder(
  deps: MediaDeps,
  lib: WritableLibrary,
  input: MediaFolderCreate,
  userId: string | null,
): Promise<MediaFolder> {
  const name = input.name.trim();
  if (!isValidFolderName(name)) throw new AppError('media_folder_name_invalid');
  return deps.db.transaction(async (tx) => {
    const parent =
      input.parent_folder_id === null ? null : await findFolder(tx, lib, input.parent_folder_id);
    if (input.parent_folder_id !== null && !parent) throw folderNotFound();
    const row = await insertFolder(tx, lib, {
      name,
      parent_folder_id: parent?.id ?? null,
      path: `${parent?.path ?? ''}/${name}`,
      created_by: userId,
    });
    return presentFolder(row);
  });
}

/** Sets a file's description (blank clears it). */
export async function updateFile(
  deps: MediaDeps,
  lib: WritableLibrary,
  fileId: string,
  input: MediaFileUpdate,
): Promise<MediaFile> {
  const description = input.description?.trim() || null;
  const row = await updateFileDescription(deps.db, lib, fileId, description);
  if (!row) throw fileNotFound();
  return presentFile(deps.storage, row);
}

/**
 * Deletes a file and, once that is committed, its stored objects. While steps use it (by its
 * code) it is refused with `media_file_in_use` naming them, unless `force`.
 */
export async function deleteFile(
  deps: MediaDeps,
  lib: WritableLibrary,
  fileId: string,
  force: boolean,
): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await findFile(tx, lib, fileId);
    if (!row) throw fileNotFound();
    if (!force) {
      const uses = await findStepsUsing(tx, lib, row.unique_code);
      if (uses.length > 0) {
        const steps = uses.map((use) => `${use.title}: ${use.ord}. ${use.place}`).join(', ');
        throw new AppError('media_file_in_use', { steps });
      }
    }
    return deleteFiles(tx, lib, [row.id]);
  });
  await removeMediaObjects(deps.storage, objectsOf(deleted));
}

/** Deletes a folder with its sub-folders and every file in them; then their stored objects. */
export async function deleteFolder(
  deps: MediaDeps,
  lib: WritableLibrary,
  folderId: string,
): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await findFolder(tx, lib, folderId))) throw folderNotFound();
    const tree = await folderTree(tx, lib, folderId);
    const files = await listFilesInFolders(tx, lib, tree);
    const rows = await deleteFiles(
      tx,
      lib,
      files.map((row) => row.id),
    );
    await deleteFolders(tx, lib, [folderId]);
    return rows;
  });
  await removeMediaObjects(deps.storage, objectsOf(deleted));
}

/** The stored objects of a tenant's library, to remove after the tenant is deleted. */
export async function tenantLibraryObjects(
  db: Db,
  scope: PlatformScope,
  tenantId: string,
): Promise<string[]> {
  const rows = await findTenantLibraryObjects(db, scope, tenantId);
  return objectsOf(rows.map((row) => ({ storage_path: row.path, variant_path: row.variant })));
}

/**
 * Step media as players see them: an item naming a media-library file by its `unique_code` gets
 * that file's URL, looked up in the tenant's library or the global one; an image gets its
 * phone-sized variant. An item whose code is unknown (or another tenant's) and that has no URL
 * of its own is left out. One query per call.
 */
export async function resolveMediaCodes(
  deps: { db: Db; storage: StorageDriver },
  scope: TenantScope,
  lists: MediaItem[][],
): Promise<MediaItem[][]> {
  const codes = [...new Set(lists.flat().flatMap((m) => (m.code ? [m.code] : [])))];
  const paths = new Map<string, { path: string; variant: string | null }>();
  if (codes.length > 0) {
    for (const row of await findLibraryFiles(deps.db, scope, codes)) paths.set(row.code, row);
  }
  return lists.map((media) =>
    media.flatMap(({ code, ...item }) => {
      const file = code ? paths.get(code) : undefined;
      const key = file && (item.type === 'image' && file.variant ? file.variant : file.path);
      const url = key ? deps.storage.publicUrl(BUCKET, key) : item.url;
      return url === '' ? [] : [{ ...item, url }];
    }),
  );
}
