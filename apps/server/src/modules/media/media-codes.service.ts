import type { MediaItem } from '@tappa/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { mediaFiles } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import type { StorageDriver } from '../../infra/storage/storage';

/**
 * Step media as players see them: an item naming a media-library file by its `unique_code` gets
 * that file's URL, looked up in the tenant's library or the global one. An item whose code is
 * unknown (or another tenant's) and that has no URL of its own is left out. Codes are unique
 * across libraries; one query per call.
 */
export async function resolveMediaCodes(
  deps: { db: Database | Transaction; storage: StorageDriver },
  scope: TenantScope,
  lists: MediaItem[][],
): Promise<MediaItem[][]> {
  const codes = [...new Set(lists.flat().flatMap((m) => (m.code ? [m.code] : [])))];
  const paths = new Map<string, string>();
  if (codes.length > 0) {
    const rows = await deps.db
      .select({ code: mediaFiles.unique_code, path: mediaFiles.storage_path })
      .from(mediaFiles)
      .where(
        and(
          inArray(mediaFiles.unique_code, codes),
          // The tenant's own library or the global one, never another tenant's.
          or(eq(mediaFiles.tenant_id, scope.tenantId), isNull(mediaFiles.tenant_id)),
        ),
      );
    for (const row of rows) paths.set(row.code, row.path);
  }
  return lists.map((media) =>
    media.flatMap(({ code, ...item }) => {
      const path = code ? paths.get(code) : undefined;
      const url = path ? deps.storage.publicUrl('media-library', path) : item.url;
      return url === '' ? [] : [{ ...item, url }];
    }),
  );
}
