import { randomBytes } from 'node:crypto';
import type { MediaFile } from '@tappa/contracts';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { detectMediaType, phoneVariant } from '../../infra/media-type';
import {
  type FileRow,
  findFolder,
  insertFile,
  lockLibrary,
  usedBytes,
  type WritableLibrary,
} from './media.repository';
import {
  BUCKET,
  folderNotFound,
  type MediaDeps,
  type MediaLimits,
  presentFile,
  removeMediaObjects,
} from './media.service';

/** A file as the browser sent it, waiting in a local file, and the name it had (metadata only). */
export interface MediaUpload {
  path: string;
  sizeBytes: number;
  filename: string;
  folderId: string | null;
}

const MEGABYTE = 1024 * 1024;
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/** A new `unique_code`: ten characters of an unambiguous, URL-safe alphabet. */
function newCode(): string {
  return [...randomBytes(CODE_LENGTH)]
    .map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length])
    .join('');
}

const MAX_FILENAME_LENGTH = 255;

/**
 * The original name as kept (metadata only): control characters (NUL included, which the
 * database cannot hold) dropped, trimmed, at most 255 characters; `file` when nothing is left.
 */
function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const kept = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...kept].slice(0, MAX_FILENAME_LENGTH).join('') || 'file';
}

/** Where a library's objects live in the bucket: under the tenant's id, or `global`. */
function ownerOf(lib: WritableLibrary): string {
  return lib.kind === 'platform' ? 'global' : lib.scope.tenantId;
}

/** Refuses a file the library has no room for (before and again, in turn, when it is added). */
function checkRoom(limits: MediaLimits, used: number, size: number) {
  if (used + size > limits.quotaBytes) {
    throw new AppError('media_quota_exceeded', {
      quota_mb: Math.floor(limits.quotaBytes / MEGABYTE),
      used_mb: Math.round((used / MEGABYTE) * 10) / 10,
    });
  }
}

/** The largest file refused: the same error however it is found out. */
export function fileTooLarge(limits: MediaLimits): AppError {
  return new AppError('media_file_too_large', {
    max_mb: Math.floor(limits.maxFileBytes / MEGABYTE),
  });
}

/**
 * Adds an uploaded file: its type found from its bytes, stored under a generated name
 * (`{owner}/{timestamp}-{random}.{ext}`) with, for an image, a phone-sized WebP beside it. The
 * quota is checked in the library's turn; a refused or failed upload leaves no object behind.
 */
export async function uploadFile(
  deps: MediaDeps,
  lib: WritableLibrary,
  upload: MediaUpload,
  userId: string | null,
): Promise<MediaFile> {
  const { db, storage, limits } = deps;
  if (upload.sizeBytes > limits.maxFileBytes) throw fileTooLarge(limits);
  if (upload.folderId !== null && !(await findFolder(db, lib, upload.folderId))) {
    throw folderNotFound();
  }
  checkRoom(limits, await usedBytes(db, lib), upload.sizeBytes);
  const type = await detectMediaType(upload.path, upload.filename);
  const variant = type.image ? await phoneVariant(upload.path) : null;
  const stem = `${ownerOf(lib)}/${deps.clock.nowMs()}-${randomBytes(6).toString('hex')}`;
  const storagePath = `${stem}.${type.ext}`;
  const variantPath = variant ? `${stem}.phone.webp` : null;
  const written: string[] = [];
  try {
    await storage.putFile({
      bucket: BUCKET,
      key: storagePath,
      path: upload.path,
      contentType: type.contentType,
    });
    written.push(storagePath);
    if (variant && variantPath) {
      await storage.put({
        bucket: BUCKET,
        key: variantPath,
        body: variant,
        contentType: 'image/webp',
      });
      written.push(variantPath);
    }
    const row = await db.transaction(async (tx) => {
      await lockLibrary(tx, lib);
      if (upload.folderId !== null && !(await findFolder(tx, lib, upload.folderId))) {
        throw folderNotFound();
      }
      checkRoom(limits, await usedBytes(tx, lib), upload.sizeBytes);
      return insertWithCode(tx, lib, {
        folder_id: upload.folderId,
        storage_path: storagePath,
        variant_path: variantPath,
        filename: cleanFilename(upload.filename),
        mime_type: type.contentType,
        size_bytes: upload.sizeBytes,
        created_by: userId,
      });
    });
    return presentFile(storage, row);
  } catch (error) {
    await removeMediaObjects(storage, written);
    throw error;
  }
}

/** Inserts the file with a fresh `unique_code`, drawing again on the rare collision. */
async function insertWithCode(
  tx: Db,
  lib: WritableLibrary,
  values: Omit<Parameters<typeof insertFile>[2], 'unique_code'>,
): Promise<FileRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tx.transaction((inner) =>
        insertFile(inner, lib, { ...values, unique_code: newCode() }),
      );
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
